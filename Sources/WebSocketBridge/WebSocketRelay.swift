import FoundationEssentials
import SoupWebSocket
import WebBridge
import WebOrigin

/// The app's WebSocket connections as seen by one bridge's pages.
///
/// Adds the handlers `ws.connect`, `ws.subscribe`, `ws.unsubscribe`, `ws.send` and
/// `ws.close`, and relays `ws.state` and `ws.message` events for every connection the
/// bridge's current page has used. A page reaches only connections of its own `PageScope`
/// (its origin, or a `file:` page's directory, judged by the URI WebKit reports for it)
/// that its window connected to with
/// `ws.connect`. A new page starts hearing none: it calls `ws.connect` again and gets the
/// connection that is still up, with its window's subscriptions. Subscriptions belong to
/// the window that made them, and `ws.close` ends only that window's use: the connection
/// closes when its last user closes it. The bridge keeps the relay alive through its
/// handlers; the relay holds the bridge weakly.
@MainActor
public final class WebSocketRelay {
    /// The names of the handlers the relay adds.
    public static let handlerNames = ["ws.connect", "ws.subscribe", "ws.unsubscribe", "ws.send", "ws.close"]

    /// The app's connections this relay gives its pages access to.
    public let registry: WebSocketRegistry
    private weak var bridge: WebViewBridge?
    private var pageLoads: AnyObject?
    /// The page as of its last committed load: until a new load commits, the old page still
    /// runs, though the view's URI already names the next one.
    private var committedURI: String?

    private init(registry: WebSocketRegistry, bridge: WebViewBridge) {
        self.registry = registry
        self.bridge = bridge
    }

    /// Adds the `ws.*` handlers to `bridge`, relaying `registry`'s connections.
    @discardableResult
    public static func install(on bridge: WebViewBridge, registry: WebSocketRegistry) -> WebSocketRelay {
        let relay = WebSocketRelay(registry: registry, bridge: bridge)
        relay.pageLoads = bridge.webView.observePageLoads { [weak relay] event in
            guard case .committed(let uri) = event, let relay, let bridge = relay.bridge else { return }
            relay.committedURI = uri
            relay.registry.detach(bridge)
        }
        bridge.add(Handler.replying("ws.connect", as: ConnectRequest.self) { try await relay.connect($0) })
        bridge.add(Handler.replying("ws.subscribe", as: TopicRequest.self) { try relay.subscribe($0) })
        bridge.add(Handler.replying("ws.unsubscribe", as: TopicRequest.self) { try relay.unsubscribe($0) })
        bridge.add(Handler.replying("ws.send", as: SendRequest.self) { try relay.send($0) })
        bridge.add(Handler.replying("ws.close", as: CloseRequest.self) { try await relay.close($0) })
        return relay
    }

    /// Removes the handlers and stops relaying events to the bridge; connections stay up.
    public func uninstall() {
        guard let bridge else { return }
        Self.handlerNames.forEach(bridge.removeHandler(named:))
        registry.detach(bridge)
        pageLoads = nil
    }

    // MARK: Handlers

    private func connect(_ request: ConnectRequest) async throws -> ConnectionInfo {
        let (scope, bridge) = try caller()
        let key = ConnectionKey(scope: scope, url: request.url, headers: request.headers ?? [:], protocols: request.protocols ?? [])
        let connection: RelayedConnection
        do { connection = try registry.connection(for: key) } catch { throw BridgeError(error) }
        connection.join(bridge)
        do { try await connection.opened() } catch { throw BridgeError(error) }
        return connection.info(for: bridge)
    }

    private func subscribe(_ request: TopicRequest) throws -> ConnectionInfo {
        let (connection, bridge) = try used(request.id)
        try check(topic: request.topic)
        do { try connection.subscribe(request.topic, for: bridge) } catch { throw BridgeError(error) }
        return connection.info(for: bridge)
    }

    private func unsubscribe(_ request: TopicRequest) throws -> ConnectionInfo {
        let (connection, bridge) = try used(request.id)
        try check(topic: request.topic)
        do { try connection.unsubscribe(request.topic, for: bridge) } catch { throw BridgeError(error) }
        return connection.info(for: bridge)
    }

    private func send(_ request: SendRequest) throws -> SendReceipt {
        let (connection, _) = try used(request.id)
        let text: String
        switch (request.text, request.json) {
        case (let plain?, nil):
            text = plain
        case (nil, let value?):
            text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        default:
            throw BridgeError(.invalidPayload, "ws.send takes exactly one of 'text' (a string) and 'json' (any JSON value)")
        }
        let queued = connection.client.state != .open
        do { try connection.client.send(text: text) } catch { throw BridgeError(error) }
        return SendReceipt(id: connection.id, queued: queued)
    }

    /// Ends this window's use; resolves once the connection is closed for the page, which
    /// is at once while other windows still use it.
    private func close(_ request: CloseRequest) async throws -> ConnectionInfo {
        let frame: WebSocketCloseFrame
        do { frame = try WebSocketCloseFrame(code: request.code ?? 1000, reason: request.reason ?? "") } catch { throw BridgeError(error) }
        let (connection, bridge) = try used(request.id)
        do { try await registry.release(connection, by: bridge, closing: frame) } catch { throw BridgeError(error) }
        return ConnectionInfo(id: connection.id, url: connection.client.url, state: "closed", subscriptions: [])
    }

    // MARK: Helpers

    /// The calling page's scope and its window's bridge.
    private func caller() throws(BridgeError) -> (PageScope, WebViewBridge) {
        guard let bridge else { throw BridgeError(.handlerFailed, "the window is gone") }
        guard let uri = committedURI ?? bridge.webView.pageURI, let scope = PageScope(pageURI: uri) else {
            throw BridgeError(.forbidden, "the page \(committedURI ?? bridge.webView.pageURI ?? "(none)") has no origin to own WebSocket connections")
        }
        return (scope, bridge)
    }

    /// The connection `id` names, if this page may use it; it now relays to this bridge.
    private func used(_ id: String) throws(BridgeError) -> (RelayedConnection, WebViewBridge) {
        let (scope, bridge) = try caller()
        let connection = try registry.connection(id: id, scope: scope, user: bridge)
        connection.join(bridge)
        return (connection, bridge)
    }

    private func check(topic: String) throws(BridgeError) {
        guard !topic.isEmpty else { throw BridgeError(.invalidPayload, "'topic' must not be empty") }
    }
}
