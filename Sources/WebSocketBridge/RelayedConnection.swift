import SoupWebSocket
import WebBridge
import WebOrigin
import GLibCore

/// One registry connection, the windows that use it, and the topics each holds.
///
/// It reads its client's messages and states once and fans them out as `ws.message` and
/// `ws.state` events to the windows that listen. The client subscribes to every topic some
/// window holds and to no other, so one page's unsubscribe never cuts another's feed.
@MainActor
final class RelayedConnection {
    let id: String
    let key: ConnectionKey
    let client: WebSocketClient
    private var users = ConnectionUsers()
    private var observations: [Observation] = []

    /// `onClosed` runs after the listening windows have heard that the client closed for good.
    init(id: String, key: ConnectionKey, client: WebSocketClient, onClosed: @escaping @MainActor () -> Void) {
        self.id = id
        self.key = key
        self.client = client
        observations = [
            client.observeMessages { [weak self] message in
                guard let self else { return }
                broadcast(MessageEvent(id: self.id, message: message))
            },
            client.observeState { [weak self] state in
                guard let self else { return }
                broadcast(StateEvent(id: self.id, state: state))
                if case .closed = state { onClosed() }
            },
        ]
    }

    /// What the `ws.*` handlers resolve with for `bridge`'s page: its own subscriptions.
    func info(for bridge: WebViewBridge) -> ConnectionInfo {
        ConnectionInfo(id: id, url: client.url, state: client.state.relayName, subscriptions: users.topics(of: bridge))
    }

    func isUsed(by bridge: WebViewBridge) -> Bool {
        users.contains(bridge)
    }

    /// Makes `bridge`'s window a user that hears the connection's events.
    func join(_ bridge: WebViewBridge) {
        users.add(bridge)
    }

    /// Stops events to `bridge`'s window, whose page was replaced; it keeps its topics.
    func stopListening(_ bridge: WebViewBridge) {
        users.stopListening(bridge)
    }

    /// Returns once the connection is open, starting it if it has not started. Until it has
    /// opened once, the first failure is final (the client closes, and the registry drops it):
    /// a wrong address or a server that is down is reported, not retried behind the page's back.
    func opened() async throws(WebSocketError) {
        try await client.connect(firstFailureIsFinal: true)
    }

    func subscribe(_ topic: String, for bridge: WebViewBridge) throws(WebSocketError) {
        try client.subscribe(topic)
        users.subscribe(topic, for: bridge)
    }

    func unsubscribe(_ topic: String, for bridge: WebViewBridge) throws(WebSocketError) {
        users.unsubscribe(topic, for: bridge)
        try dropUnheldTopics()
    }

    /// Ends `bridge`'s use, telling its page the connection is `closing` for it (websocket.d.ts's
    /// states, each reported); returns whether no window uses the connection any more. The
    /// page hears `closed` from `reportClosed(to:frame:)`, once the close has happened.
    func leave(_ bridge: WebViewBridge, frame: WebSocketCloseFrame) throws(WebSocketError) -> Bool {
        // The events hold only strings and integers, which always encode.
        try? bridge.dispatch(StateEvent(id: id, state: .closing))
        users.remove(bridge)
        try dropUnheldTopics()
        return users.isEmpty
    }

    /// Tells `bridge`'s page, which left with `leave(_:frame:)`, that the connection is closed for it.
    func reportClosed(to bridge: WebViewBridge, frame: WebSocketCloseFrame) {
        try? bridge.dispatch(StateEvent(id: id, state: .closed(.requested(code: frame.code, reason: frame.reason))))
    }

    private func dropUnheldTopics() throws(WebSocketError) {
        let held = users.heldTopics
        for topic in client.subscriptions where !held.contains(topic) {
            try client.unsubscribe(topic)
        }
    }

    private func broadcast(_ event: some BridgeEvent) {
        for bridge in users.listeners {
            try? bridge.dispatch(event)
        }
    }
}

/// What makes two `ws.connect` calls the same connection: the same page scope (origin, or
/// directory of `file:` pages) and the same handshake options.
struct ConnectionKey: Hashable {
    let scope: PageScope
    let url: String
    let headers: [String: String]
    let protocols: [String]
}
