import CGLib
import CSoup
import FoundationEssentials
import GLibCore

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
    /// The address the client connects, and reconnects, to.
    public let url: String
    /// The settings the client was made with; every reconnection uses them again.
    public let configuration: WebSocketConfiguration

    /// The current state; every change also reaches `observeState` and `states`.
    public internal(set) var state: WebSocketState = .idle {
        didSet { stateObservers.send(state) }
    }

    /// The subprotocol the server chose on the current or last connection.
    public internal(set) var subprotocol: String?

    /// Topics subscribed to, in subscription order; re-sent on every new connection.
    public var subscriptions: [String] { subscriptionMessages.map(\.topic) }

    /// Messages waiting for a connection, oldest first.
    public var pendingMessages: [WebSocketMessage] { queue.messages }

    let address: WebSocketURL
    let session: ObjectReference<SoupSession>
    var queue: SendQueue
    var subscriptionMessages: [(topic: String, message: WebSocketMessage)] = []
    var supervisor: Task<Void, Never>?
    var handshake: Handshake?
    var connection: SoupConnection?
    var connectionEnd: OneShot<WebSocketError?>?
    var closeRequest: (code: UInt16, reason: String)?
    /// Whether the running supervisor gives up on a failure before its first open connection.
    var firstFailureIsFinal = false
    var openWaiters: [Int: CheckedContinuation<Result<Void, WebSocketError>, Never>] = [:]
    private var nextWaiter = 0
    var lastActivity = ContinuousClock.now
    var lastError: GLibError?
    var watchdog: TimeoutSource?
    var closeDeadline: TimeoutSource?
    let messageObservers = ObserverList<WebSocketMessage>()
    let stateObservers = ObserverList<WebSocketState>()

    /// Checks the address, headers and subprotocols at once: a malformed one throws
    /// (`invalidURL`, `invalidHeader`, `invalidSubprotocol`) here, before any network use.
    public init(url: String, configuration: WebSocketConfiguration = WebSocketConfiguration()) throws(WebSocketError) {
        self.address = try WebSocketURL(url)
        try HandshakeFields.check(headers: configuration.headers, subprotocols: configuration.subprotocols)
        self.url = url
        self.configuration = configuration
        self.queue = SendQueue(capacity: configuration.sendQueueCapacity)
        self.session = try Session.make(trustingCertificatesIn: configuration.trustedCertificatesFile)
    }

    // MARK: Connecting and closing

    /// Connects (if not already) and returns once a connection is open. While reconnecting is
    /// allowed this keeps waiting through failed attempts; it throws the last error when the
    /// client gives up, `closedByClient` when `close()` comes first, and `cancelled` when the
    /// waiting task is cancelled (the client itself goes on connecting).
    ///
    /// With `firstFailureIsFinal`, a client this call starts closes with `.failed` on its
    /// first failure instead of retrying, until a connection has opened once: a wrong
    /// address or a server that is down is reported, not retried behind the caller's back.
    public func connect(firstFailureIsFinal: Bool = false) async throws(WebSocketError) {
        if case .open = state { return }
        if case .closing = state { await supervisor?.value }
        if supervisor == nil { start(firstFailureIsFinal: firstFailureIsFinal) }
        let waiter = nextWaiter
        nextWaiter += 1
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { openWaiters[waiter] = $0 }
        } onCancel: {
            Task { @MainActor in self.resumeWaiter(waiter, with: .failure(.cancelled)) }
        }
        try result.get()
    }

    /// Closes with `frame`'s code and reason and returns once closed. Stops a handshake or a
    /// reconnect wait as well. Queued messages stay queued for a later `connect()`.
    public func close(_ frame: WebSocketCloseFrame = .normal) async {
        let (code, reason) = (frame.code, frame.reason)
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

    /// Sends a text frame; see `send(_:)` for when it is queued and when it throws.
    public func send(text: String) throws(WebSocketError) {
        try send(.text(text))
    }

    /// Sends a binary frame; see `send(_:)` for when it is queued and when it throws.
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
}
