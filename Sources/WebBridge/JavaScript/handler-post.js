// How page-side script posts to the bridge's native handlers, in the world they live in: the
// relay's (bridge-relay.js) or the page client's (bridge-client.js). One copy, so both modes
// route alike; see HandlerPostScript.swift for the rules.
/** @type {MakeHandlerPost} */
(function makeHandlerPost(routerName, prefix, separator) {
  'use strict';
  const namespace = window.webkit.messageHandlers;
  const router = /** @type {PageMessageHandler} */ (namespace[prefix + routerName]);
  const proto = Object.getPrototypeOf(router);
  /** @param {unknown} error */
  const failed = (error) => error && /** @type {{message?: unknown}} */ (error).message !== undefined
    ? String(/** @type {{message: unknown}} */ (error).message) : String(error);
  /** @type {Map<string, PageMessageHandler>} */
  const handlers = new Map();
  /** @param {string} name */
  const handlerFor = (name) => {
    let handler = handlers.get(name);
    if (handler !== undefined) return handler;
    // Only WebKit's handler objects: a name like "toString" finds Object.prototype members.
    handler = name !== routerName ? namespace[prefix + name] : undefined;
    if (!handler || Object.getPrototypeOf(handler) !== proto) return undefined;
    handlers.set(name, handler);
    return handler;
  };
  /** @type {HandlerPost['post']} */
  const post = (name, payload, onReply, onError, again) => {
    const handler = handlerFor(name);
    let sent;
    try {
      sent = handler !== undefined
        ? handler.postMessage(payload)
        : router.postMessage((payload === undefined ? 'null' : JSON.stringify(payload)) + separator + name);
    } catch (error) {
      return Promise.reject(JSON.stringify({ code: 'invalid-payload', message: 'the payload cannot be sent: ' + failed(error) }))
        .then(onReply, onError);
    }
    return sent.then(onReply, handler === undefined || again ? onError : (error) => {
      if (!error || /** @type {{name?: unknown}} */ (error).name !== 'InvalidAccessError') return onError(error);
      if (handlers.get(name) === handler) handlers.delete(name);
      return post(name, payload, onReply, onError, true);
    });
  };
  return { post, failed };
})
