/// The half of the page client that lives in the bridge's own script world, in every main
/// frame: the only script that can see the bridge's native handlers.
///
/// The page world cannot see that world's handlers or globals, and an iframe has no relay,
/// so the page reaches Swift only through DOM events on its own main-frame `window`:
/// a cancelable `CustomEvent` named `events.call` whose `detail` is `{id, name, payload}`
/// (WebKit clones it into this world intact). The relay claims it (`preventDefault`),
/// posts the payload as `HandlerPostScript` does, and answers
/// with a `CustomEvent` named `events.reply` whose `detail` is `{id, value}`, the string
/// `id + "\n" + json` or `{id, error: message}`.
///
/// The payload travels as WebKit's own reply API carries it (a structured value, turned
/// into JSON natively), plus one clone into this world: measured, that beat building JSON
/// text in the page and posting it as a string. A reply the native side gives as a string
/// is JSON text (see `BridgeWebView.addMessageHandler`): it goes on as a primitive
/// `detail`, which reaches the page's world uncloned, and the client parses it once; any
/// other reply is the value itself, cloned into the page's world.
///
/// A page the native side does not trust can dispatch the event too; the native side
/// refuses it with `forbidden` after checking the view's own URI. The script is
/// bridge-relay.js beside this file.
enum BridgeRelayScript {
    /// bridge-relay.js's parameters.
    private struct Settings: Encodable {
        var routerName: String
        var callEvent: String
        var replyEvent: String
    }

    static func source(routerName: String, events: RelayEvents) -> String {
        // Encoding strings cannot fail.
        let settings = Settings(routerName: routerName, callEvent: events.call, replyEvent: events.reply)
        return JavaScriptLiteral.call(EmbeddedJavaScript.bridgeRelay, try! JavaScriptLiteral.encode(settings), WireProtocol.json,
                                      HandlerPostScript.function)
    }
}

/// The names of the DOM events the page client and the relay talk through.
struct RelayEvents: Sendable {
    let call: String
    let reply: String

    init(worldName: String) {
        call = worldName + ":call"
        reply = worldName + ":reply"
    }
}
