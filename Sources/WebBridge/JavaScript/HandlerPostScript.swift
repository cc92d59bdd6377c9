/// How page-side script posts to the bridge's native handlers, in the world they live in:
/// the relay's (`BridgeContentWorld.isolated`, see `BridgeRelayScript`) or the page client's
/// (`BridgeContentWorld.page`, see `BridgeClientScript`). One copy, so both modes route alike.
///
/// `function` is a JavaScript function expression; called with the router's name, the
/// prefix the handlers are registered under (the secret of `BridgeContentWorld.capability`,
/// else empty) and `WireProtocol.separator`, it returns `{post, failed}`.
/// `post(name, payload, onReply, onError)` posts the payload to the handler of that name as
/// WebKit's reply API carries it, or `json\nname`
/// to the router for a name without one (which answers `unknown-handler`): JSON text never
/// holds a raw newline and a name may, so the first newline ends the payload and the name is
/// the rest, whole. It returns WebKit's Promise with `onReply` and `onError` attached:
/// `onReply` gets the reply (JSON text as a string, or the value itself; see
/// `BridgeWebView.addMessageHandler`), `onError` something `failed` turns into the rejection
/// text (`{"code","message"}` JSON).
///
/// WebKit's handler objects are looked up once per name, as the page's own script would
/// keep one: the lookup (a name made of the secret, then WebKit's named getter) is a
/// measurable share of a small call. A handler removed since rejects with WebKit's
/// `InvalidAccessError`; the call is then posted once more, looking the name up afresh (gone,
/// it reaches the router).
enum HandlerPostScript {
    /// handler-post.js beside this file: a function expression, passed to the scripts that post.
    static let function = EmbeddedJavaScript.handlerPost
}
