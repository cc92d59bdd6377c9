import FoundationEssentials
import SoupWebSocket
import WebBridge
import WebOrigin

/// The app's WebSocket connections, shared by every window and page of one origin.
///
/// A connection belongs to the origin whose page opened it, not to that page: it stays up
/// across page loads, and a page of the same origin asking for the same address (with the
/// same headers and subprotocols) gets the existing connection instead of a second one.
/// Pages of other origins never reach it, and its id is random, so it cannot be guessed.
/// It closes when the last window using it closes it. Create one registry per app and
/// hand it to each bridge's `WebSocketRelay`.
@MainActor
public final class WebSocketRegistry {
    /// Settings for new connections; a page's headers and subprotocols are added to them.
    public let configuration: WebSocketConfiguration
    private var connections: [String: RelayedConnection] = [:]
    private var idsByKey: [ConnectionKey: String] = [:]

    /// A registry whose connections use `configuration`; make one per app.
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

    /// The connection for `key`, made (not yet started) if there is none. Checks the
    /// handshake options first, so nothing malformed reaches libsoup.
    func connection(for key: ConnectionKey) throws(WebSocketError) -> RelayedConnection {
        if let id = idsByKey[key], let existing = connections[id] { return existing }
        var settings = configuration
        settings.headers.merge(key.headers) { _, page in page }
        settings.subprotocols = key.protocols.isEmpty ? settings.subprotocols : key.protocols
        let client = try WebSocketClient(url: key.url, configuration: settings)
        let id = "ws-" + UUID().uuidString.lowercased().replacing("-", with: "")
        let connection = RelayedConnection(id: id, key: key, client: client) { [weak self] in
            self?.forget(id: id)
        }
        connections[id] = connection
        idsByKey[key] = id
        return connection
    }

    /// The connection `id` names, if `user`'s window uses it and its page is of `scope`.
    /// Every refusal reads the same, so a page learns nothing of other origins' connections.
    func connection(id: String, scope: PageScope, user: WebViewBridge) throws(BridgeError) -> RelayedConnection {
        guard let connection = connections[id], connection.key.scope == scope, connection.isUsed(by: user) else {
            throw BridgeError(.invalidPayload,
                              "no WebSocket connection with id '\(id)' for this page (closed, never opened, or not connected to with ws.connect)")
        }
        return connection
    }

    /// Ends `user`'s use of `connection`; the last user's close closes it with `frame`.
    /// `user`'s page hears `closing`, then `closed` once the close handshake ended (or at once,
    /// when other windows keep the connection up).
    func release(_ connection: RelayedConnection, by user: WebViewBridge, closing frame: WebSocketCloseFrame) async throws(WebSocketError) {
        defer { connection.reportClosed(to: user, frame: frame) }
        guard try connection.leave(user, frame: frame) else { return }
        forget(id: connection.id)
        await connection.client.close(frame)
    }

    /// Stops relaying to `bridge`: its page is gone. The connections stay up.
    func detach(_ bridge: WebViewBridge) {
        for connection in connections.values {
            connection.stopListening(bridge)
        }
    }

    private func forget(id: String) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        idsByKey[connection.key] = nil
    }
}
