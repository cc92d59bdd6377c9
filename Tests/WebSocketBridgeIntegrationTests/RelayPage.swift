import Foundation
import ScriptMessaging
import SoupWebSocket
import TestHelpers
import WebBridge
import WebBridgeGTK
import WebKitGTK
import WebSocketBridge

/// A shown window with a real web view, a bridge and the WebSocket relay on it; its page
/// records every `ws.state` and `ws.message` event it hears.
@MainActor
final class RelayPage {
    let window = TestWindow()
    let bridge: WebViewBridge
    let relay: WebSocketRelay

    /// The two loopback origins test pages come from, both trusted by the bridge.
    static let origins = ["http://127.0.0.1", "http://localhost"]

    init(registry: WebSocketRegistry) {
        bridge = WebViewBridge(view: window.view, configuration: BridgeConfiguration(
            callers: CallerPolicy(Self.origins.compactMap { Origin(uri: $0).map(PageScope.origin) })))
        relay = WebSocketRelay.install(on: bridge, registry: registry)
    }

    /// `ws.connect` to `url`: the connection's id, or a failure naming what the page heard.
    func connect(_ url: String) async throws -> String {
        let outcome = try await invoke("ws.connect", #"{"url": \#(JavaScriptLiteral.string(url))}"#, as: ConnectionInfo.self)
        guard let id = outcome.value?.id else { throw RelayPageError(description: "ws.connect \(url): \(outcome)") }
        return id
    }

    /// Loads an empty page that records relay events in `window.events`.
    func load(baseURI: String = "http://127.0.0.1/") async throws {
        try await window.loadHTML("<!doctype html><title>relay</title>", baseURI: baseURI)
        _ = try await window.view.evaluateJavaScript("""
            window.events = [];
            window.bridge.on('ws.state', (e) => window.events.push(Object.assign({ event: 'state' }, e)));
            window.bridge.on('ws.message', (e) => window.events.push(Object.assign({ event: 'message' }, e)));
            null
            """)
    }

    /// `window.bridge.invoke(name, payload)` in the page: what it resolved with, or how it rejected.
    func invoke<Value: Decodable>(_ name: String, _ payloadJSON: String,
                                  as type: Value.Type = JSONValue.self) async throws -> Outcome<Value> {
        try await window.view.callAsyncJavaScript("""
            try { return { value: await window.bridge.invoke(\(JavaScriptLiteral.string(name)), \(payloadJSON)) }; }
            catch (e) { return { error: { code: String(e.code), message: String(e.message), isError: e instanceof Error } }; }
            """, as: Outcome<Value>.self)
    }

    /// The events the page heard so far.
    func events() async throws -> [RelayEvent] {
        try await window.view.evaluateJavaScript("window.events", as: [RelayEvent].self)
    }

    /// The parsed feed frames of the `ws.message` events so far.
    func feed() async throws -> [FeedFrame] {
        try await events().compactMap { event in
            guard event.event == "message", let data = event.data else { return nil }
            return try? JSONDecoder().decode(FeedFrame.self, from: Data(data.utf8))
        }
    }

    func close() async {
        relay.uninstall()
        bridge.tearDown()
        // Script runs in order: once this has answered, the bridge's last page calls have too,
        // and closing the window cancels none of them.
        _ = try? await window.view.evaluateJavaScript("null")
        window.close()
    }
}

struct RelayPageError: Error, CustomStringConvertible {
    let description: String
}

/// How a page's `bridge.invoke` settled.
struct Outcome<Value: Decodable>: Decodable {
    var value: Value?
    var error: PageError?
}

/// A rejection as the page saw it.
struct PageError: Decodable, Equatable {
    var code: String
    var message: String
    var isError: Bool
}

/// What `ws.connect`, `ws.subscribe`, `ws.unsubscribe` and `ws.close` resolve with.
struct ConnectionInfo: Decodable, Equatable {
    var id: String
    var url: String
    var state: String
    var subscriptions: [String]
}

/// A `ws.state` or `ws.message` event as the page received it.
struct RelayEvent: Decodable, Equatable {
    var event: String
    var id: String
    var state: String?
    var attempt: Int?
    var delayMs: Int?
    var error: String?
    var code: Int?
    var reason: String?
    var data: String?
}

/// The feed server's messages, as far as the tests read them.
struct FeedFrame: Decodable, Equatable {
    var type: String
    var topic: String?
    var seq: Int?
    var n: Int?
}

