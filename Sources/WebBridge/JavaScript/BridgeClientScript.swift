/// The page side of the bridge, injected at document start into the main frame of pages
/// the bridge's callers include (and nowhere else: it returns at once on other pages, so
/// they never get `window.bridge`). The script is bridge-client.js beside this file,
/// embedded at build time (the EmbedJavaScript plugin), called with the settings, the wire
/// protocol's names (wire-protocol.json) and handler-post.js.
///
/// It defines `window.webkit.bridge` and the app-named global, `window.bridge` by default
/// (see bridge.d.ts beside it), which the page may shadow, and, for WKWebView-style pages,
/// `window.webkit.messageHandlers.NAME` for each handler name, whose `postMessage` returns
/// the same Promise as `bridge.invoke`. Both reach Swift through one transport, the only
/// part that differs between the bridge's content worlds: the relay in the bridge's script
/// world (`BridgeContentWorld.isolated`, see `BridgeRelayScript`), or the handlers
/// themselves, posted to from here (`.capability` and `.page`, see `HandlerPostScript`).
/// With `.capability` the handlers' secret names live only in this script's closures:
/// `settings` is an argument, never a global, and pages the client returns early on
/// never see it. Failures reject with
/// an `Error` carrying `code` and `message`, which the native side sends as
/// `{"code","message"}` JSON. Payloads over the size or depth limit are refused here
/// already, before anything is posted.
enum BridgeClientScript {
    struct Settings: Encodable {
        /// The `PageScope.uriPrefix` of each scope whose pages get the client.
        var prefixes: [String]
        /// Handler names, for `window.webkit.messageHandlers`.
        var names: [String]
        /// Whether the handlers are in the page's world, posted to directly, not through the relay.
        var direct: Bool
        /// What the handlers' registered names start with: the secret of
        /// `BridgeContentWorld.capability`, else empty. Only closures here keep it.
        var prefix: String
        /// Where `invokeBinary` and `stream` send their requests (see `BinaryChannel`); empty
        /// when the view has no binary channel.
        var binaryBase: String
        /// The page's global for the bridge (`BridgeConfiguration.globalName`); nil: none,
        /// only `window.webkit.bridge`.
        var globalName: String?
        var routerName: String
        var callEvent: String
        var replyEvent: String
        var maxBytes: Int
        var maxDepth: Int
        /// The number of the bridge's view's page (`BridgeWebView.pageIdentifier`): a page
        /// that reads another number (a popup, running its opener's scripts) gets no client.
        /// Nil, or a page that reads none: every page of the scopes gets it.
        var page: UInt64?
        /// What the bridge's view runs (`ClientActivationScript`) in a page of its own that
        /// reads another number than `page`, to start the client there.
        var activation: String?
    }

    static func source(_ settings: Settings) -> String {
        // Encoding strings and numbers cannot fail.
        JavaScriptLiteral.call(EmbeddedJavaScript.bridgeClient, try! JavaScriptLiteral.encode(settings), WireProtocol.json,
                               HandlerPostScript.function)
    }
}
