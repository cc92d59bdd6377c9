import CWebKitGTK
import Foundation
import WebKitGTK

/// A WebSocket connection that stays up: it reconnects with backoff, detects a silent
/// peer, restores its subscriptions and delivers messages sent while it was down.
///
/// Built on libsoup on the GLib loop (Foundation's WebSocket task does not work on
/// Linux). Any number of clients can live side by side, and any number of consumers
/// can read one client's messages and states (callbacks or async streams), which is
/// what a relay to several pages needs.
///
/// Delivery rules, all on the main actor so no two of them interleave:
/// - A message counts as *sent* once it is handed to libsoup while libsoup's connection
///   is open. libsoup then writes frames in order; a frame it could not write before the
///   connection dropped is lost with the connection (at most once, never twice).
/// - `send` while no connection is open puts the message in a bounded queue. When a
///   connection opens, the subscriptions go out first, then the queue in order, all
///   before anyone sees `.open`, so later sends can never overtake queued ones. Each
///   queued message is handed to libsoup exactly once.
/// - A running client keeps itself alive until `close()`.
@MainActor
public final class WebSocketClient {
    public let url: String
    public let configuration: WebSocketConfiguration

    /// The current state; every change also reaches `observeState` and `states`.
    public private(set) var state: WebSocketState = .idle {
        didSet { stateObservers.send(state) }
    }

    /// The subprotocol the server chose on the current or last connection.
    public private(set) var subprotocol: String?

    /// Topics subscribed to, in subscription order; re-sent on every new connection.
    public var subscriptions: [String] { subscriptionMessages.map(\.topic) }

    /// Messages waiting for a connection, oldest first.
    public var pendingMessages: [WebSocketMessage] { queue.messages }

    private let address: WebSocketURL
    private let session = ObjectReference<SoupSession>(adopting: soup_session_new())
    private var queue: SendQueue
    private var subscriptionMessages: [(topic: String, message: WebSocketMessage)] = []
    private var supervisor: Task<Void, Never>?
    private var handshake: Handshake?
    private var connection: SoupConnection?
    private var connectionEnd: OneShot<WebSocketError?>?
    private var closeRequest: (code: UInt16, reason: String)?
    private var openWaiters: [Int: CheckedContinuation<Result<Void, WebSocketError>, Never>] = [:]
    private var nextWaiter = 0
    private var lastActivity = ContinuousClock.now
    private var lastError: GLibError?
    private var watchdog: TimeoutSource?
    private var closeDeadline: TimeoutSource?
    private let messageObservers = ObserverList<WebSocketMessage>()
    private let stateObservers = ObserverList<WebSocketState>()

    /// Checks the address at once: a malformed one throws `invalidURL` here, before any network use.
    public init(url: String, configuration: WebSocketConfiguration = WebSocketConfiguration()) throws(WebSocketError) {
        self.address = try WebSocketURL(url)
        self.url = url
        self.configuration = configuration
        self.queue = SendQueue(capacity: configuration.sendQueueCapacity)
        if let file = configuration.trustedCertificatesFile {
            try trust(certificatesIn: file)
        }
    }

    private func trust(certificatesIn file: String) throws(WebSocketError) {
        do {
            let database = try throwingGError { g_tls_file_database_new(file, $0) }
            soup_session_set_tls_database(session.pointer, database)
            g_object_unref(database)
        } catch let error as GLibError {
            throw .invalidTrustedCertificates(error)
        } catch {
            throw .invalidTrustedCertificates(GLibError(domain: "swift", code: 0, message: "\(error)"))
        }
    }

    // MARK: Connecting and closing

    /// Connects (if not already) and returns once a connection is open. While reconnecting is
    /// allowed this keeps waiting through failed attempts; it throws the last error when the
    /// client gives up, `closedByClient` when `close()` comes first, and `cancelled` when the
    /// waiting task is cancelled (the client itself goes on connecting).
    public func connect() async throws(WebSocketError) {
        if case .open = state { return }
        if case .closing = state { await supervisor?.value }
        if supervisor == nil { start() }
        let waiter = nextWaiter
        nextWaiter += 1
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { openWaiters[waiter] = $0 }
        } onCancel: {
            Task { @MainActor in self.resumeWaiter(waiter, with: .failure(.cancelled)) }
        }
        try result.get()
    }

    /// Closes with `code` and `reason` and returns once closed. Stops a handshake or a
    /// reconnect wait as well. Queued messages stay queued for a later `connect()`.
    public func close(code: UInt16 = 1000, reason: String = "") async {
        guard let supervisor else {
            if case .idle = state { state = .closed(.requested(code: code, reason: reason)) }
            return
        }
        if closeRequest == nil {
            closeRequest = (code, reason)
            switch state {
            case .connecting: handshake?.cancel()
            case .reconnecting: supervisor.cancel()
            case .open: beginClosing(code: code, reason: reason)
            default: break
            }
        }
        await supervisor.value
    }

    /// Removes and returns the messages still waiting for a connection.
    public func discardPendingMessages() -> [WebSocketMessage] {
        queue.removeAll()
    }

    // MARK: Sending

    /// Sends now if a connection is open, else queues the message for the next connection.
    /// Throws `sendQueueFull` when the queue is full and `notConnected` while closing or closed.
    public func send(_ message: WebSocketMessage) throws(WebSocketError) {
        switch state {
        case .closing, .closed: throw .notConnected
        default: break
        }
        if queue.isEmpty, let connection, connection.isOpen {
            connection.send(message)
        } else {
            try queue.append(message)
        }
    }

    public func send(text: String) throws(WebSocketError) {
        try send(.text(text))
    }

    public func send(data: Data) throws(WebSocketError) {
        try send(.binary(data))
    }

    /// Sends `value` as a JSON text frame.
    public func send<Value: Encodable>(json value: Value, encoder: JSONEncoder = JSONEncoder()) throws(WebSocketError) {
        let data: Data
        do { data = try encoder.encode(value) } catch { throw .encodingFailed(reason: "\(error)") }
        try send(.text(String(decoding: data, as: UTF8.self)))
    }

    // MARK: Subscriptions

    /// Subscribes to `topic` now if open, and again on every new connection; a repeat is ignored.
    public func subscribe(_ topic: String) throws(WebSocketError) {
        guard !subscriptions.contains(topic) else { return }
        let message = try configuration.subscriptionEncoder.message(.subscribe, topic: topic)
        subscriptionMessages.append((topic, message))
        if let connection, connection.isOpen { connection.send(message) }
    }

    /// Forgets `topic` and tells the server if open; an unknown topic is ignored.
    public func unsubscribe(_ topic: String) throws(WebSocketError) {
        guard let index = subscriptions.firstIndex(of: topic) else { return }
        let message = try configuration.subscriptionEncoder.message(.unsubscribe, topic: topic)
        subscriptionMessages.remove(at: index)
        if let connection, connection.isOpen { connection.send(message) }
    }

    // MARK: Receiving

    /// Calls `observer` with every message received from now on, until the observation is dropped.
    public func observeMessages(_ observer: @escaping @MainActor (WebSocketMessage) -> Void) -> Observation {
        messageObservers.add(observer)
    }

    /// Calls `observer` with every state change from now on, until the observation is dropped.
    public func observeState(_ observer: @escaping @MainActor (WebSocketState) -> Void) -> Observation {
        stateObservers.add(observer)
    }

    /// Calls `observer` with every message decoded as `Model`; a message that does not decode
    /// arrives as a `decodingFailed` failure and the next one is decoded as usual.
    public func observeDecoded<Model: Decodable>(
        _ type: Model.Type, decoder: JSONDecoder = JSONDecoder(),
        _ observer: @escaping @MainActor (Result<Model, WebSocketError>) -> Void
    ) -> Observation {
        observeMessages { message in
            do {
                observer(.success(try decoder.decode(Model.self, from: message.data)))
            } catch {
                observer(.failure(.decodingFailed(message: message, reason: "\(error)")))
            }
        }
    }

    /// Every message received from now on; ends when iteration stops.
    public var messages: AsyncStream<WebSocketMessage> {
        stream { observeMessages($0) }
    }

    /// The current state, then every change; ends when iteration stops.
    public var states: AsyncStream<WebSocketState> {
        let current = state
        return stream { yield in
            yield(current)
            return observeState(yield)
        }
    }

    /// Every message from now on decoded as `Model`, failures included as elements.
    public func decoded<Model: Decodable & Sendable>(
        _ type: Model.Type, decoder: JSONDecoder = JSONDecoder()
    ) -> AsyncStream<Result<Model, WebSocketError>> {
        stream { observeDecoded(type, decoder: decoder, $0) }
    }

    private func stream<Element: Sendable>(
        _ observe: (@escaping @MainActor (Element) -> Void) -> Observation
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in Task { @MainActor in observation.cancel() } }
        return stream
    }

    // MARK: The connection's life

    private func start() {
        closeRequest = nil
        // Strong on purpose: a running client lives until it is closed.
        supervisor = Task { await self.supervise() }
    }

    /// Connects, serves the connection until it ends, waits and reconnects, until closed or given up.
    private func supervise() async {
        var attempt = 0
        while true {
            var failure: WebSocketError
            do throws(WebSocketError) {
                state = .connecting(attempt: attempt)
                let connection = try await openConnection()
                if let request = closeRequest {
                    connection.close(code: request.code, reason: request.reason)
                    break
                }
                attempt = 0
                guard let lost = await serve(connection) else { break }
                failure = lost
            } catch {
                failure = error
            }
            if closeRequest != nil { break }
            attempt += 1
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

    private func openConnection() async throws(WebSocketError) -> SoupConnection {
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
    private func serve(_ connection: SoupConnection) async -> WebSocketError? {
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

    private func handle(_ event: SoupConnection.Event) {
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
    private func lostError(code: UInt16, reason: String) -> WebSocketError {
        .connectionLost(code: code, reason: reason.isEmpty ? lastError?.message ?? "" : reason)
    }

    /// Checks for silence a few times per keep-alive timeout; a silent peer is dropped.
    private func armWatchdog() {
        guard let keepAlive = configuration.keepAlive else { return }
        let period = max(keepAlive.timeout / 4, .milliseconds(20))
        watchdog = MainLoop.after(milliseconds: period.milliseconds) { [weak self] in
            guard let self, let connection else { return }
            if ContinuousClock.now - lastActivity > keepAlive.timeout {
                connection.abort()
                connectionEnd?.fulfill(.peerSilent(after: keepAlive.timeout))
            } else {
                armWatchdog()
            }
        }
    }

    private func beginClosing(code: UInt16, reason: String) {
        state = .closing
        connection?.close(code: code, reason: reason)
        closeDeadline = MainLoop.after(milliseconds: configuration.closeTimeout.milliseconds) { [weak self] in
            self?.connection?.abort()
            self?.connectionEnd?.fulfill(nil)
        }
    }

    private func finish(_ reason: WebSocketCloseReason) {
        supervisor = nil
        state = .closed(reason)
        if case .failed(let error) = reason {
            resumeWaiters(with: .failure(error))
        } else {
            resumeWaiters(with: .failure(.closedByClient))
        }
    }

    private func resumeWaiters(with result: Result<Void, WebSocketError>) {
        for waiter in openWaiters.keys.sorted() {
            resumeWaiter(waiter, with: result)
        }
    }

    private func resumeWaiter(_ waiter: Int, with result: Result<Void, WebSocketError>) {
        openWaiters.removeValue(forKey: waiter)?.resume(returning: result)
    }
}
