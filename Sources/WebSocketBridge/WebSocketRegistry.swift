import SoupWebSocket
import WebBridge

/// The app's WebSocket connections, shared by every window and page.
///
/// A connection belongs to the app, not to the page that opened it: it stays up across
/// page loads, and a page asking for the same address (with the same headers and
/// subprotocols) gets the existing connection, with its state and subscriptions, instead
/// of a second one. Create one per app and hand it to each bridge's `WebSocketRelay`.
@MainActor
public final class WebSocketRegistry {
    /// Settings for new connections; a page's headers and subprotocols are added to them.
    public let configuration: WebSocketConfiguration
    private var connections: [String: RelayedConnection] = [:]
    private var idsByKey: [ConnectionKey: String] = [:]
    private var nextNumber = 1

    public init(configuration: WebSocketConfiguration = WebSocketConfiguration()) {
        self.configuration = configuration
    }

    /// The ids of the open (or reconnecting) connections.
    public var connectionIDs: [String] { connections.keys.sorted() }

    /// The client behind a connection id, for native code that wants the same feed.
    public func client(id: String) -> WebSocketClient? {
        connections[id]?.client
    }

    /// Closes every connection, e.g. when the app quits.
    public func closeAll() async {
        for connection in Array(connections.values) {
            await connection.client.close()
        }
    }

    /// The connection for `key`, made (not yet started) if there is none.
    func connection(for key: ConnectionKey) throws(WebSocketError) -> RelayedConnection {
        if let id = idsByKey[key], let existing = connections[id] { return existing }
        var settings = configuration
        settings.headers.merge(key.headers) { _, page in page }
        settings.subprotocols = key.protocols.isEmpty ? settings.subprotocols : key.protocols
        let client = try WebSocketClient(url: key.url, configuration: settings)
        let id = "ws-\(nextNumber)"
        nextNumber += 1
        let connection = RelayedConnection(id: id, key: key, client: client) { [weak self] in
            self?.forget(id: id)
        }
        connections[id] = connection
        idsByKey[key] = id
        return connection
    }

    /// The connection with `id`; an unknown id is the page's mistake.
    func connection(id: String) throws(BridgeError) -> RelayedConnection {
        guard let connection = connections[id] else {
            throw BridgeError(.invalidPayload, "no WebSocket connection with id '\(id)' (closed, or never opened)")
        }
        return connection
    }

    /// Stops relaying to `bridge`: its page is gone. The connections stay up.
    func detach(_ bridge: WebViewBridge) {
        for connection in connections.values {
            connection.detach(bridge)
        }
    }

    private func forget(id: String) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        idsByKey[connection.key] = nil
    }
}
