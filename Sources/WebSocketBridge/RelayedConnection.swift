import SoupWebSocket
import WebBridge
import GLibCore

/// One registry connection and the bridges it relays to.
///
/// It reads its client's messages and states once and fans them out as `ws.message` and
/// `ws.state` events to every attached bridge. Bridges are held weakly: a closed window
/// simply stops receiving.
@MainActor
final class RelayedConnection {
    let id: String
    let key: ConnectionKey
    let client: WebSocketClient
    /// Whether a connection has been open once; reconnecting after that is the client's job.
    private(set) var hasOpened = false
    private var listeners: [ObjectIdentifier: WeakBridge] = [:]
    private var observations: [Observation] = []

    /// `onClosed` runs after attached bridges have heard that the client closed for good.
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
                if state == .open { hasOpened = true }
                broadcast(StateEvent(id: self.id, state: state))
                if case .closed = state { onClosed() }
            },
        ]
    }

    /// What the `ws.*` handlers resolve with.
    var info: ConnectionInfo {
        ConnectionInfo(id: id, url: client.url, state: client.state.relayName, subscriptions: client.subscriptions)
    }

    func attach(_ bridge: WebViewBridge) {
        listeners[ObjectIdentifier(bridge)] = WeakBridge(bridge)
    }

    func detach(_ bridge: WebViewBridge) {
        listeners[ObjectIdentifier(bridge)] = nil
    }

    /// Returns once the connection has been open, starting it if it has not started.
    /// Until it has opened once, the first failure is final: it throws and the caller drops
    /// the connection, so a wrong address or a server that is down is reported, not retried
    /// behind the page's back.
    func opened() async throws(WebSocketError) {
        if hasOpened { return }
        if client.state == .idle {
            Task { [client] in try? await client.connect() }
        }
        for await state in client.states {
            switch state {
            case .open: return
            case .reconnecting(_, _, let error), .closed(.failed(let error)): throw error
            case .closed(.requested): throw .closedByClient
            case .idle, .connecting, .closing: continue
            }
        }
        throw .cancelled
    }

    private func broadcast(_ event: some BridgeEvent) {
        for (key, listener) in listeners {
            guard let bridge = listener.bridge else {
                listeners[key] = nil
                continue
            }
            // The events hold only strings and integers, which always encode.
            try? bridge.dispatch(event)
        }
    }
}

/// The handshake options that make two `ws.connect` calls the same connection.
struct ConnectionKey: Hashable {
    let url: String
    let headers: [String: String]
    let protocols: [String]
}

private struct WeakBridge {
    weak var bridge: WebViewBridge?

    init(_ bridge: WebViewBridge) {
        self.bridge = bridge
    }
}
