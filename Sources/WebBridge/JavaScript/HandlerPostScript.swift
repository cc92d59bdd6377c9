/// How page-side script posts to the bridge's native handlers, in the world they live in:
/// the relay's (`BridgeContentWorld.isolated`, see `BridgeRelayScript`) or the page client's
/// (`BridgeContentWorld.page`, see `BridgeClientScript`). One copy, so both modes route alike.
///
/// `function` is a JavaScript function expression; called with the router's name and the
/// prefix the handlers are registered under (the secret of `BridgeContentWorld.capability`,
/// else empty), it returns `{post, failed}`. `post(name, payload, onReply, onError)` posts
/// the payload to the handler of that name as WebKit's reply API carries it, or `json\nname`
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
    static let function = #"""
(function(routerName, prefix) {
  const namespace = window.webkit.messageHandlers;
  const router = namespace[prefix + routerName];
  const proto = Object.getPrototypeOf(router);
  const failed = (error) => error && error.message !== undefined ? String(error.message) : String(error);
  const handlers = new Map();
  const handlerFor = (name) => {
    let handler = handlers.get(name);
    if (handler !== undefined) return handler;
    // Only WebKit's handler objects: a name like "toString" finds Object.prototype members.
    handler = name !== routerName ? namespace[prefix + name] : undefined;
    if (!handler || Object.getPrototypeOf(handler) !== proto) return undefined;
    handlers.set(name, handler);
    return handler;
  };
  const post = (name, payload, onReply, onError, again) => {
    const handler = handlerFor(name);
    let sent;
    try {
      sent = handler !== undefined
        ? handler.postMessage(payload)
        : router.postMessage((payload === undefined ? 'null' : JSON.stringify(payload)) + '\n' + name);
    } catch (error) {
      return Promise.reject(JSON.stringify({ code: 'invalid-payload', message: 'the payload cannot be sent: ' + failed(error) }))
        .then(onReply, onError);
    }
    return sent.then(onReply, handler === undefined || again ? onError : (error) => {
      if (!error || error.name !== 'InvalidAccessError') return onError(error);
      if (handlers.get(name) === handler) handlers.delete(name);
      return post(name, payload, onReply, onError, true);
    });
  };
  return { post, failed };
})
"""#
}
