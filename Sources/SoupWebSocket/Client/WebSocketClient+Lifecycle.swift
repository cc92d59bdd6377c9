import FoundationEssentials
import GLibCore

/// The connection's life: one supervising task connects, serves the connection until it
/// ends, waits with backoff and reconnects, until closed or given up. Everything runs on
/// the main actor, so the steps below never interleave with `send` or `subscribe`.
extension WebSocketClient {
    func start(firstFailureIsFinal: Bool) {
        closeRequest = nil
        self.firstFailureIsFinal = firstFailureIsFinal
        // Strong on purpose: a running client lives until it is closed.
        supervisor = Task { await self.supervise() }
    }

    /// Connects, serves the connection until it ends, waits and reconnects, until closed or given up.
    /// The backoff starts over only after a connection has stayed open for the policy's
    /// `resetAfter`: a server that accepts and drops every connection is retried ever more slowly.
    func supervise() async {
        var attempt = 0
        var hasOpened = false
        while true {
            var failure: WebSocketError
            do throws(WebSocketError) {
                state = .connecting(attempt: attempt)
                let connection = try await openConnection()
                if let request = closeRequest {
                    connection.close(code: request.code, reason: request.reason)
                    break
                }
                hasOpened = true
                let openedAt = ContinuousClock.now
                let lost = await serve(connection)
                if let policy = configuration.reconnect, ContinuousClock.now - openedAt >= policy.resetAfter {
                    attempt = 0
                }
                guard let lost else { break }
                failure = lost
            } catch {
                failure = error
            }
            if closeRequest != nil { break }
            attempt += 1
            if firstFailureIsFinal && !hasOpened {
                finish(.failed(failure))
                return
            }
            guard let policy = configuration.reconnect, policy.allows(attempt: attempt) else {
                finish(.failed(failure))
                return
            }
            let delay = policy.delay(beforeAttempt: attempt)
            state = .reconnecting(attempt: attempt, delay: delay, lastError: failure)
            try? await Task.sleep(for: delay)
            if closeRequest != nil { break }
        }
        let request = closeRequest ?? (1000, "")
        finish(.requested(code: request.code, reason: request.reason))
    }

    func openConnection() async throws(WebSocketError) -> SoupConnection {
        let handshake = Handshake()
        self.handshake = handshake
        lastError = nil
        defer { self.handshake = nil }
        return try await handshake.run(session: session, url: address, configuration: configuration) { [weak self] event in
            self?.handle(event)
        }
    }

    /// Runs one open connection: restores subscriptions, flushes the queue, reports `.open`,
    /// then waits for the end. Returns why it ended, or nil when `close()` ended it.
    func serve(_ connection: SoupConnection) async -> WebSocketError? {
        // It may have closed between the handshake and now, when no one was listening for the end.
        guard connection.isOpen else { return lostError(code: connection.closeCode, reason: connection.closeReason) }
        let end = OneShot<WebSocketError?>()
        connectionEnd = end
        self.connection = connection
        subprotocol = connection.subprotocol
        lastActivity = .now
        for subscription in subscriptionMessages {
            connection.send(subscription.message)
        }
        for message in queue.removeAll() {
            connection.send(message)
        }
        armWatchdog()
        state = .open
        resumeWaiters(with: .success(()))
        let reason = await end.value
        watchdog?.cancel()
        closeDeadline?.cancel()
        connectionEnd = nil
        self.connection = nil
        return reason
    }

    func handle(_ event: SoupConnection.Event) {
        switch event {
        case .message(let message):
            lastActivity = .now
            messageObservers.send(message)
        case .pong:
            lastActivity = .now
        case .error(let error):
            lastError = error
        case .closed(let code, let reason):
            connectionEnd?.fulfill(closeRequest == nil ? lostError(code: code, reason: reason) : nil)
        }
    }

    /// Why a connection ended that the client did not close: the peer's reason, else libsoup's error.
    func lostError(code: UInt16, reason: String) -> WebSocketError {
        .connectionLost(code: code, reason: reason.isEmpty ? lastError?.message ?? "" : reason)
    }

    /// Checks for silence a few times per keep-alive timeout; a silent peer is dropped.
    func armWatchdog() {
        guard let keepAlive = configuration.keepAlive else { return }
        let period = max(keepAlive.timeout / 4, .milliseconds(20))
        watchdog = MainLoop.after(period) { [weak self] in
            guard let self, let connection else { return }
            if ContinuousClock.now - lastActivity > keepAlive.timeout {
                connection.abort()
                connectionEnd?.fulfill(.peerSilent(after: keepAlive.timeout))
            } else {
                armWatchdog()
            }
        }
    }

    func beginClosing(code: UInt16, reason: String) {
        state = .closing
        connection?.close(code: code, reason: reason)
        closeDeadline = MainLoop.after(configuration.closeTimeout) { [weak self] in
            self?.connection?.abort()
            self?.connectionEnd?.fulfill(nil)
        }
    }

    func finish(_ reason: WebSocketCloseReason) {
        supervisor = nil
        state = .closed(reason)
        if case .failed(let error) = reason {
            resumeWaiters(with: .failure(error))
        } else {
            resumeWaiters(with: .failure(.closedByClient))
        }
    }

    func resumeWaiters(with result: Result<Void, WebSocketError>) {
        for waiter in openWaiters.keys.sorted() {
            resumeWaiter(waiter, with: result)
        }
    }

    func resumeWaiter(_ waiter: Int, with result: Result<Void, WebSocketError>) {
        openWaiters.removeValue(forKey: waiter)?.resume(returning: result)
    }
}
