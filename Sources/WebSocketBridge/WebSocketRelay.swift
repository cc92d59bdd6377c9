import Foundation
import SoupWebSocket
import WebBridge

/// The app's WebSocket connections as seen by one bridge's pages.
///
/// Adds the handlers `ws.connect`, `ws.subscribe`, `ws.unsubscribe`, `ws.send` and
/// `ws.close`, and relays `ws.state` and `ws.message` events for every connection the
/// bridge's current page has used. A new page starts with none: it calls `ws.connect`
/// again and gets the connection that is still up. Subscriptions and `ws.close` act on
/// the shared connection, so every page using it sees their effect (and is told through
/// the resolved value or `ws.state`). The bridge keeps the relay alive through its
/// handlers; the relay holds the bridge weakly.
@MainActor
public final class WebSocketRelay {
    /// The names of the handlers the relay adds.
    public static let handlerNames = ["ws.connect", "ws.subscribe", "ws.unsubscribe", "ws.send", "ws.close"]

    public let registry: WebSocketRegistry
    private weak var bridge: WebViewBridge?
    private var pageLoads: AnyObject?

    private init(registry: WebSocketRegistry, bridge: WebViewBridge) {
        self.registry = registry
        self.bridge = bridge
    }

    /// Adds the `ws.*` handlers to `bridge`, relaying `registry`'s connections.
    @discardableResult
    public static func install(on bridge: WebViewBridge, registry: WebSocketRegistry) -> WebSocketRelay {
        let relay = WebSocketRelay(registry: registry, bridge: bridge)
        relay.pageLoads = bridge.webView.observePageLoads { [weak relay] event in
            guard case .committed = event, let relay, let bridge = relay.bridge else { return }
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
        let key = ConnectionKey(url: request.url, headers: request.headers ?? [:], protocols: request.protocols ?? [])
        let connection: RelayedConnection
        do { connection = try registry.connection(for: key) } catch { throw BridgeError(error) }
        attach(connection)
        do {
            try await connection.opened()
        } catch {
            await connection.client.close()
            throw BridgeError(error)
        }
        return connection.info
    }

    private func subscribe(_ request: TopicRequest) throws -> ConnectionInfo {
        let connection = try used(request.id)
        try check(topic: request.topic)
        do { try connection.client.subscribe(request.topic) } catch { throw BridgeError(error) }
        return connection.info
    }

    private func unsubscribe(_ request: TopicRequest) throws -> ConnectionInfo {
        let connection = try used(request.id)
        try check(topic: request.topic)
        do { try connection.client.unsubscribe(request.topic) } catch { throw BridgeError(error) }
        return connection.info
    }

    private func send(_ request: SendRequest) throws -> SendReceipt {
        let connection = try used(request.id)
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

    private func close(_ request: CloseRequest) async throws -> ConnectionInfo {
        let connection = try used(request.id)
        await connection.client.close(code: request.code ?? 1000, reason: request.reason ?? "")
        return connection.info
    }

    // MARK: Helpers

    /// The connection `id` names, now relaying to this bridge.
    private func used(_ id: String) throws(BridgeError) -> RelayedConnection {
        let connection = try registry.connection(id: id)
        attach(connection)
        return connection
    }

    private func attach(_ connection: RelayedConnection) {
        if let bridge { connection.attach(bridge) }
    }

    private func check(topic: String) throws(BridgeError) {
        guard !topic.isEmpty else { throw BridgeError(.invalidPayload, "'topic' must not be empty") }
    }
}
