/// The page side of the bridge, injected into the main frame at document start.
///
/// It defines `window.bridge` (see Resources/bridge.d.ts) and wraps the `postMessage`
/// of WebKit's message handler objects (one shared prototype), so a raw
/// `await window.webkit.messageHandlers.NAME.postMessage(x)` rejects with the same
/// `Error` carrying `code` and `message` as `bridge.invoke`: WebKit can only reject with
/// a message string, which the native side fills with `{"code","message"}` JSON.
enum BridgeClientScript {
    static func source(routerName: String) -> String {
        "(function(routerName){\n" + body + "\n})(\(JavaScriptLiteral.string(routerName)));"
    }

    private static let body = #"""
'use strict';
if (window.bridge && window.bridge.__emit) return;
const namespace = window.webkit && window.webkit.messageHandlers;
const router = namespace && namespace[routerName];
if (!router) return;
const proto = Object.getPrototypeOf(router);
const nativePost = proto.postMessage;
const now = () => performance.now();
let trace = null;
const note = (entry) => { if (trace !== null) { try { trace(entry); } catch (_) {} } };
const toError = (reason) => {
  if (reason instanceof Error && typeof reason.code === 'string') return reason;
  const text = typeof reason === 'string' ? reason : (reason && reason.message !== undefined ? String(reason.message) : String(reason));
  let code = 'handler-failed', message = text;
  if (text.charCodeAt(0) === 123) {
    try {
      const wire = JSON.parse(text);
      if (wire && typeof wire.code === 'string') { code = wire.code; message = String(wire.message); }
    } catch (_) {}
  }
  const error = new Error(message);
  error.code = code;
  return error;
};
const rethrow = (reason) => { throw toError(reason); };
let knownNames = [];
const handlerName = (handler) => {
  for (const name of knownNames) { if (namespace[name] === handler) return name; }
  return '(postMessage)';
};
const traced = (kind, name, payload, promise) => {
  const started = now();
  note({ direction: 'out', kind, name, payload, time: started });
  return promise.then((value) => {
    note({ direction: 'in', kind: 'reply', name, payload: value, time: now(), ms: now() - started });
    return value;
  }, (error) => {
    note({ direction: 'in', kind: 'error', name, payload: { code: error.code, message: error.message }, time: now(), ms: now() - started });
    throw error;
  });
};
// WebKit leaves the Promise of a message it cannot serialize (one holding a function, a
// symbol or a DOM node) pending forever and never delivers it, so such payloads are
// refused here. Returns where the first unsendable value is, or null.
const unsendable = (value, path, depth) => {
  const type = typeof value;
  if (type === 'function' || type === 'symbol') return 'a ' + type + ' at ' + (path || 'the top level');
  if (type !== 'object' || value === null || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) { const bad = unsendable(value[i], path + '[' + i + ']', depth + 1); if (bad) return bad; }
    return null;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    if (typeof Node === 'function' && value instanceof Node) return 'a DOM node at ' + (path || 'the top level');
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date || value instanceof RegExp) return null;
  }
  for (const key in value) {
    if (Object.prototype.hasOwnProperty.call(value, key)) {
      const bad = unsendable(value[key], path ? path + '.' + key : key, depth + 1);
      if (bad) return bad;
    }
  }
  return null;
};
const refuse = (problem) => {
  const error = new Error('the payload cannot be sent: it holds ' + problem);
  error.code = 'invalid-payload';
  return Promise.reject(error);
};
const post = function postMessage(message) {
  const problem = unsendable(message, '', 0);
  if (problem !== null) return refuse(problem);
  let result;
  try { result = nativePost.call(this, message); } catch (error) { return Promise.reject(toError(error)); }
  if (!result || typeof result.then !== 'function') return result;
  result = result.then(undefined, rethrow);
  return trace === null ? result : traced('postMessage', handlerName(this), message, result);
};
Object.defineProperty(proto, 'postMessage', { value: post, writable: true, configurable: true });
// name → WebKit handler object, or null for names only the router knows; emptied
// whenever the native side announces a change of handlers.
const handlers = new Map();
const handlerFor = (name) => {
  let handler = handlers.get(name);
  if (handler === undefined) {
    // Only WebKit's handler objects: a name like "toString" finds Object.prototype members.
    const found = name !== routerName ? namespace[name] : undefined;
    handler = found && Object.getPrototypeOf(found) === proto ? found : null;
    handlers.set(name, handler);
  }
  return handler;
};
const send = (name, payload) => {
  const problem = unsendable(payload, '', 0);
  if (problem !== null) return refuse(problem);
  const handler = handlerFor(name);
  if (handler !== null) {
    return nativePost.call(handler, payload).then(undefined, (reason) => {
      // WebKit rejects (undelivered) for a handler removed since it was cached: ask again.
      if (namespace[name] !== handler) { handlers.delete(name); return send(name, payload); }
      throw toError(reason);
    });
  }
  const json = payload === undefined ? 'null' : JSON.stringify(payload);
  return nativePost.call(router, name + '\n' + json).then(undefined, rethrow);
};
const invoke = (name, payload) => {
  name = String(name);
  let result;
  try { result = send(name, payload); } catch (error) {
    const failure = new Error('the payload cannot be sent: ' + (error && error.message !== undefined ? error.message : String(error)));
    failure.code = 'invalid-payload';
    result = Promise.reject(failure);
  }
  return trace === null ? result : traced('invoke', name, payload, result);
};
const listeners = new Map();
const bridge = {
  invoke,
  post(name, payload) { invoke(name, payload).catch(() => {}); },
  on(event, listener) {
    let set = listeners.get(event);
    if (!set) { set = new Set(); listeners.set(event, set); }
    set.add(listener);
  },
  off(event, listener) {
    const set = listeners.get(event);
    if (set) { set.delete(listener); if (set.size === 0) listeners.delete(event); }
  },
  setTrace(listener) { trace = typeof listener === 'function' ? listener : null; },
};
const resolve = (path) => {
  let target = window, value = window;
  for (const part of path.split('.')) { target = value; value = value == null ? undefined : value[part]; }
  return [target, value];
};
const call = (name, args) => {
  const [target, fn] = resolve(name);
  if (typeof fn !== 'function') {
    if (document.readyState === 'loading') {
      window.addEventListener('DOMContentLoaded', () => call(name, args), { once: true });
      return null;
    }
    throw new TypeError(name + ' is not a function');
  }
  note({ direction: 'in', kind: 'call', name, payload: args, time: now() });
  const result = fn.apply(target, args);
  return result === undefined ? null : result;
};
const emit = (name, payload) => {
  note({ direction: 'in', kind: 'event', name, payload, time: now() });
  const set = listeners.get(name);
  if (set) { for (const listener of Array.from(set)) { try { listener(payload); } catch (error) { setTimeout(() => { throw error; }); } } }
  window.dispatchEvent(new CustomEvent(name, { detail: payload }));
  return null;
};
Object.defineProperty(bridge, '__emit', { value: emit });
Object.defineProperty(bridge, '__call', { value: call });
Object.defineProperty(bridge, '__names', {
  value: (names) => { knownNames = names ? names.split('\n') : []; handlers.clear(); return null; },
});
Object.defineProperty(window, 'bridge', { value: Object.freeze(bridge), enumerable: true });
"""#
}
