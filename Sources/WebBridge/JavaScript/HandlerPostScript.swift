/// How page-side script posts to the bridge's native handlers, in the world they live in:
/// the relay's (`BridgeContentWorld.isolated`, see `BridgeRelayScript`) or the page client's
/// (`BridgeContentWorld.page`, see `BridgeClientScript`). One copy, so both modes route alike.
///
/// `function` is a JavaScript function expression; called with the router's name and the
/// prefix the handlers are registered under (the secret of `BridgeContentWorld.capability`,
/// else empty), it returns `{post, failed}`. `post(name, payload)` posts the payload to the
/// handler of that name as
/// WebKit's reply API carries it, or `json\nname` to the router for a name without one (which
/// answers `unknown-handler`): JSON text never holds a raw newline and a name may, so the
/// first newline ends the payload and the name is the rest, whole. It returns WebKit's
/// Promise: it resolves with the reply (JSON text as a string, or the value itself; see
/// `BridgeWebView.addMessageHandler`) and rejects with something `failed` turns into the
/// rejection text (`{"code","message"}` JSON).
enum HandlerPostScript {
    static let function = #"""
(function(routerName, prefix) {
  const namespace = window.webkit.messageHandlers;
  const router = namespace[prefix + routerName];
  const proto = Object.getPrototypeOf(router);
  const failed = (error) => error && error.message !== undefined ? String(error.message) : String(error);
  const post = (name, payload) => {
    // Only WebKit's handler objects: a name like "toString" finds Object.prototype members.
    const handler = name !== routerName ? namespace[prefix + name] : undefined;
    try {
      return handler && Object.getPrototypeOf(handler) === proto
        ? handler.postMessage(payload)
        : router.postMessage((payload === undefined ? 'null' : JSON.stringify(payload)) + '\n' + name);
    } catch (error) {
      return Promise.reject(JSON.stringify({ code: 'invalid-payload', message: 'the payload cannot be sent: ' + failed(error) }));
    }
  };
  return { post, failed };
})
"""#
}
