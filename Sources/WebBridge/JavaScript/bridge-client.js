// The page side of the bridge, injected at document start into the main frame of pages the
// bridge's callers include (see BridgeClientScript.swift): `window.bridge` (bridge.d.ts beside it)
// and, for WKWebView-style pages, `window.webkit.messageHandlers.NAME`.
/** @type {(settings: BridgeClientSettings, wire: BridgeWireProtocol, makePost: MakeHandlerPost) => void} */
(function bridgeClient(settings, wire, makePost) {
  'use strict';
  // The web process extension's transport (see WebProcessExtension), taken from the page's
  // global object before any page script can see it; only this client's closures keep it.
  /** @type {NativeBinary | null} */
  const nativeBinary = (() => {
    const name = '__webViewHostBinary', found = Object.getOwnPropertyDescriptor(window, name);
    if (!found) return null;
    delete (/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window)))[name];
    return typeof found.value === 'function' ? found.value : null;
  })();
  if (window.bridge && (/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window.bridge)))[wire.emit]) return;
  // This page's URI as `PageScope.uriPrefix` spells the prefixes. A file page's path is bytes
  // (file names are not always UTF-8), each outside A-Z a-z 0-9 - . _ ~ / escaped as %XX, so
  // `%e9` and `%E9`, `(` and `%28` are one name. Null for a file page no scope holds: on
  // another host, with a malformed escape, a NUL or a `.` or `..` segment (`..%2F` too).
  const scopedHref = () => {
    const href = String(location.href);
    if (!href.startsWith('file:')) return href;
    const pathname = String(location.pathname);
    if (location.host !== '' || /%(?![0-9A-Fa-f]{2})/.test(pathname)) return null;
    const plain = /[A-Za-z0-9\-._~\/]/;
    const path = pathname.replace(/%([0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~\/]/gu, (match, hex) =>
      Array.from(hex ? [parseInt(hex, 16)] : new TextEncoder().encode(match), (byte) => {
        const character = String.fromCharCode(byte);
        return plain.test(character) ? character : '%' + (byte < 16 ? '0' : '') + byte.toString(16).toUpperCase();
      }).join(''));
    return /(^|\/)\.\.?(\/|$)|%00/.test(path) ? null : 'file://' + path;
  };
  const href = scopedHref();
  if (href === null || !settings.prefixes.some((prefix) => href.startsWith(prefix) || href + '/' === prefix)) return;
  const now = () => performance.now();
  /** @type {((entry: PageTraceEntry) => void) | null} */
  let trace = null;
  /** @param {PageTraceEntry} entry */
  const note = (entry) => { if (trace !== null) { try { trace(entry); } catch (_) {} } };
  /**
   * @param {PageBridgeError['code']} code
   * @param {string} message
   */
  const failure = (code, message) => {
    const error = /** @type {BridgeFailure} */ (new Error(message));
    error.code = code;
    return error;
  };
  /** @param {string} text */
  const toError = (text) => {
    if (text.charCodeAt(0) === 123) {
      try {
        const wire = JSON.parse(text);
        if (wire && typeof wire.code === 'string') return failure(wire.code, String(wire.message));
      } catch (_) {}
    }
    return failure('handler-failed', text);
  };
  /**
   * @param {'invoke' | 'postMessage'} kind
   * @param {string} name
   * @param {unknown} payload
   * @param {Promise<unknown>} promise
   */
  const traced = (kind, name, payload, promise) => {
    const started = now();
    note({ direction: 'out', kind, name, payload, time: started });
    return promise.then((value) => {
      note({ direction: 'in', kind: 'reply', name, payload: value, time: now(), ms: now() - started });
      return value;
    }, (/** @type {BridgeFailure} */ error) => {
      note({ direction: 'in', kind: 'error', name, payload: { code: error.code, message: error.message }, time: now(), ms: now() - started });
      throw error;
    });
  };
  // WebKit leaves the Promise of a message it cannot serialize (one holding a function, a
  // symbol or a DOM node) pending forever, and a deep enough value overflows the stack
  // somewhere: such payloads are refused here. The walk also adds up a lower bound of the
  // payload's JSON size (UTF-8 takes at least a byte per UTF-16 unit) and stops as soon as it
  // is over the limit, so a payload over it is refused before it is posted. An array counts
  // its declared length (a comma between elements, each at least a byte: holes become "null")
  // before any element is looked at, and a typed array its length: a sparse `length = 1e9`
  // is refused at once, never walked. Returns the refusal or null.
  let bytes = 0;
  const tooLarge = () => failure('payload-too-large', 'the payload is over the limit of ' + settings.maxBytes + ' bytes');
  /**
   * @param {unknown} value
   * @param {string} path
   * @param {number} depth
   * @returns {BridgeFailure | null}
   */
  const walk = (value, path, depth) => {
    const type = typeof value;
    if (type === 'string') { bytes += /** @type {string} */ (value).length + 2; return null; }
    if (type === 'function' || type === 'symbol') return failure('invalid-payload', 'the payload cannot be sent: it holds a ' + type + ' at ' + (path || 'the top level'));
    if (type !== 'object' || value === null) { bytes += 1; return null; }
    if (depth >= settings.maxDepth) return failure('payload-too-large', 'the payload nests deeper than ' + settings.maxDepth + ' levels');
    bytes += 2;
    if (Array.isArray(value)) {
      const length = value.length;
      if (length > 0) bytes += length - 1;
      if (bytes + length > settings.maxBytes) return tooLarge();
      for (let i = 0; i < length; i++) { const bad = walk(value[i], path + '[' + i + ']', depth + 1); if (bad) return bad; }
      return null;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      if (typeof Node === 'function' && value instanceof Node) return failure('invalid-payload', 'the payload cannot be sent: it holds a DOM node at ' + (path || 'the top level'));
      // A typed array goes as an object of its elements, `"0":0,` at least for each.
      // (A DataView has no length: it goes as {}.)
      if (ArrayBuffer.isView(value)) { bytes += 6 * (/** @type {Uint8Array} */ (value).length || 0); return bytes > settings.maxBytes ? tooLarge() : null; }
      if (value instanceof ArrayBuffer || value instanceof Date || value instanceof RegExp) return null;
    }
    if (bytes > settings.maxBytes) return tooLarge();
    for (const key in value) {
      if (Object.prototype.hasOwnProperty.call(value, key)) {
        bytes += key.length + 3;
        const bad = walk(/** @type {Record<string, unknown>} */ (value)[key], path ? path + '.' + key : key, depth + 1);
        if (bad) return bad;
      }
    }
    return null;
  };
  /** @param {unknown} payload */
  const unsendable = (payload) => {
    bytes = 0;
    const problem = walk(payload, '', 0);
    if (problem !== null) return problem;
    return bytes > settings.maxBytes ? tooLarge() : null;
  };
  // A reply is JSON text as a string (see BridgeReply.resolve(json:)) or the value itself.
  /** @param {unknown} reply */
  const replyValue = (reply) => {
    if (typeof reply !== 'string') return reply;
    try { return JSON.parse(reply); } catch (_) { throw failure('handler-failed', 'the native reply was not valid JSON'); }
  };
  // The transport: straight to the handlers in the page's world, or through the relay in the
  // bridge's world (see BridgeRelayScript). Captured now, before any of the page's script runs.
  /** @returns {Transport} */
  const relayed = () => {
    /** @type {Map<number, {resolve: (value: unknown) => void, reject: (error: unknown) => void}>} */
    const pending = new Map();
    let nextId = 1;
    /** @param {number} id */
    const take = (id) => {
      const waiting = pending.get(id);
      if (waiting !== undefined) pending.delete(id);
      return waiting;
    };
    window.addEventListener(settings.replyEvent, (event) => {
      const reply = /** @type {CustomEvent<RelayReply | null>} */ (event).detail;
      if (typeof reply === 'string') {
        const cut = reply.indexOf(wire.separator);
        const waiting = take(+reply.slice(0, cut));
        if (waiting === undefined) return;
        try { waiting.resolve(replyValue(reply.slice(cut + 1))); } catch (error) { waiting.reject(error); }
      } else if (reply !== null && typeof reply === 'object') {
        const waiting = take(reply.id);
        if (waiting === undefined) return;
        if (typeof reply.error === 'string') waiting.reject(toError(reply.error)); else waiting.resolve(reply.value);
      }
    });
    return (name, payload) => new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const claimed = !window.dispatchEvent(new CustomEvent(settings.callEvent, { detail: { id, name, payload }, cancelable: true }));
      if (!claimed) { pending.delete(id); reject(failure('handler-failed', 'the bridge is not connected in this page')); }
    });
  };
  /** @returns {Transport} */
  const direct = () => {
    const { post, failed } = makePost(settings.routerName, settings.prefix, wire.separator);
    /** @param {unknown} error */
    const rejected = (error) => { throw toError(failed(error)); };
    return (name, payload) => post(name, payload, replyValue, rejected);
  };
  const transport = settings.direct ? direct() : relayed();
  /** @type {Transport} */
  const send = (name, payload) => {
    const problem = unsendable(payload);
    return problem !== null ? Promise.reject(problem) : transport(name, payload);
  };
  /** @type {(name: unknown, payload: unknown) => Promise<any>} */
  const invoke = (name, payload) => {
    const text = String(name);
    const result = send(text, payload);
    return trace === null ? result : traced('invoke', text, payload, result);
  };
  // window.webkit.messageHandlers.NAME for WKWebView-style pages, answering as bridge.invoke
  // does: the real handlers live in the bridge's world, or answer with JSON text. A plain
  // object holding one (non-enumerable) property per handler name, so reaching a handler costs
  // what reaching window.bridge does; any other name falls through to WebKit's own namespace,
  // its prototype (the app's own page-world handlers live there).
  /** @type {new (name: string) => PageMessageHandler & {readonly name: string}} */
  const MessageHandler = /** @type {any} */ (/** @this {object} @param {string} name */ function MessageHandler(name) {
    Object.defineProperty(this, 'name', { value: name });
  });
  Object.defineProperty(MessageHandler.prototype, 'postMessage', {
    /** @this {{readonly name: string}} @param {unknown} message */
    value: function postMessage(message) {
      const result = send(this.name, message);
      return trace === null ? result : traced('postMessage', this.name, message, result);
    },
  });
  /** @type {Map<string, PageMessageHandler>} */
  const handlerObjects = new Map();
  const visible = window.webkit && window.webkit.messageHandlers;
  /** @type {Record<string, PageMessageHandler | undefined>} */
  const messageHandlers = Object.create(visible || null);
  /** @param {Iterable<string>} list */
  const setNames = (list) => {
    const wanted = new Set(list);
    for (const name of Object.getOwnPropertyNames(messageHandlers)) { if (!wanted.has(name)) delete messageHandlers[name]; }
    for (const name of wanted) {
      let handler = handlerObjects.get(name);
      if (handler === undefined) { handler = new MessageHandler(name); handlerObjects.set(name, handler); }
      Object.defineProperty(messageHandlers, name, { value: handler, configurable: true });
    }
  };
  setNames(settings.names);
  // With page-world handlers of the app's own, WebKit's `window.webkit` exists and cannot be
  // replaced, but its `messageHandlers` can be shadowed; without, the page gets a plain object.
  // WebKit's is a wrapper the collector drops when no script holds it, and remakes later
  // without the shadow: `namespace` holds it for the page's lifetime (`shadow` captures it,
  // and `window.bridge.__names` calls `shadow`).
  const namespace = window.webkit;
  const shadow = () => {
    if (namespace.messageHandlers === messageHandlers) return;
    try { Object.defineProperty(namespace, 'messageHandlers', { value: messageHandlers, configurable: true, enumerable: true }); } catch (_) {}
  };
  if (namespace) {
    shadow();
  } else {
    Object.defineProperty(window, 'webkit', { value: Object.freeze({ messageHandlers }), configurable: true, enumerable: true });
  }
  // The binary channel (see BinaryChannel): requests to the view's own scheme, whose host is
  // the bridge's secret, carrying bytes both ways. They travel through the web process
  // extension's function where the page has it (bytes as file descriptors), else as fetches.
  const binaryBase = settings.binaryBase || null;
  const encoder = new TextEncoder(), decoder = new TextDecoder();
  /**
   * @param {number} status
   * @param {string | null} type
   * @param {ArrayBuffer} bytes
   */
  const answerOf = (status, type, bytes) => ({ status, type: String(type || ''), bytes });
  /**
   * @param {string} kind
   * @param {string} target
   * @param {string | ArrayBuffer | Uint8Array | null} body
   * @param {string} query
   */
  const binaryRequest = async (kind, target, body, query) => {
    if (binaryBase === null) throw failure('handler-failed', 'this view has no binary channel');
    const url = binaryBase + kind + '/' + encodeURIComponent(target) + (query ? '?' + encodeURIComponent(query) : '');
    const bytes = typeof body === 'string' ? encoder.encode(body) : body;
    /** @type {ReturnType<typeof answerOf>} */
    let answer;
    try {
      answer = nativeBinary !== null
        ? await new Promise((resolve, reject) => /** @type {NativeBinary} */ (nativeBinary)(url, bytes, (status, type, buffer) => resolve(answerOf(status, type, buffer)), (message) => reject(new Error(message))))
        : await fetch(url, { method: 'POST', body: bytes, cache: 'no-store' })
          .then(async (response) => answerOf(response.status, response.headers.get('Content-Type'), await response.arrayBuffer()));
    } catch (error) { throw failure('handler-failed', 'the binary channel failed: ' + String(error && /** @type {Error} */ (error).message)); }
    if (answer.status < 200 || answer.status > 299) throw toError(decoder.decode(answer.bytes));
    return answer;
  };
  /** @type {(value: unknown) => boolean} */
  const isBytes = (value) => value instanceof ArrayBuffer || ArrayBuffer.isView(value) || (typeof Blob === 'function' && value instanceof Blob);
  /**
   * @param {string} name
   * @param {unknown} data
   * @param {unknown} [meta]
   * @returns {Promise<any>}
   */
  const invokeBinary = async (name, data, meta) => {
    // A JSON request alone (a handler of BinaryHandler(name, request:)): no bytes; the
    // request travels as meta does, to `request/NAME`, so a bytes handler refuses it.
    const request = meta === undefined && data !== undefined && data !== null && !isBytes(data);
    /** @type {ArrayBuffer | Uint8Array} */
    let body;
    if (request) {
      body = new ArrayBuffer(0);
      meta = data;
    } else if (typeof Blob === 'function' && data instanceof Blob) {
      // Bytes go as an ArrayBuffer: the extension takes bytes only, and WebKit's scheme
      // handlers cannot read a Blob request body (the UI process crashes on one).
      body = await data.arrayBuffer();
    } else if (data === undefined || data === null) {
      body = new ArrayBuffer(0);
    } else if (ArrayBuffer.isView(data)) {
      body = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    } else if (data instanceof ArrayBuffer) {
      body = data;
    } else {
      throw failure('invalid-payload', 'invokeBinary takes an ArrayBuffer, a typed array, a Blob or null, then meta; or a JSON request alone');
    }
    const size = body.byteLength;
    if (size > settings.maxBytes) throw tooLarge();
    if (meta !== undefined) { const problem = unsendable(meta); if (problem !== null) throw problem; }
    const answer = await binaryRequest(request ? 'request' : 'binary', String(name), body, meta === undefined ? '' : JSON.stringify(meta));
    // A typed answer (BinaryHandler(name, meta:, answer:)) comes as JSON.
    return answer.type.startsWith('application/json') ? JSON.parse(decoder.decode(answer.bytes)) : answer.bytes;
  };
  /** @type {(name: string, payload: unknown) => AsyncIterableIterator<any>} */
  const stream = (name, payload) => {
    /** @type {unknown} */
    let id = null;
    let done = false;
    const started = (async () => {
      const problem = unsendable(payload);
      if (problem !== null) throw problem;
      const answer = await binaryRequest('stream', String(name), payload === undefined ? 'null' : JSON.stringify(payload), '');
      id = JSON.parse(decoder.decode(answer.bytes)).id;
    })();
    started.catch(() => {});
    /** @type {AsyncIterableIterator<any>} */
    const iterator = {
      [Symbol.asyncIterator]() { return iterator; },
      async next() {
        if (done) return { done: true, value: undefined };
        try {
          await started;
          const answer = await binaryRequest('next', String(id), null, '');
          if (answer.status === 204) { done = true; return { done: true, value: undefined }; }
          const json = answer.type.startsWith('application/json');
          return { done: false, value: json ? JSON.parse(decoder.decode(answer.bytes)) : answer.bytes };
        } catch (error) { done = true; throw error; }
      },
      async return() {
        if (!done) {
          done = true;
          try { await started; await binaryRequest('cancel', String(id), null, ''); } catch (_) {}
        }
        return { done: true, value: undefined };
      },
    };
    return iterator;
  };
  /** @type {Map<string, Set<(payload: any) => void>>} */
  const listeners = new Map();
  /** @type {PageBridge} */
  const bridge = {
    invoke,
    invokeBinary,
    stream,
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
  /**
   * @param {string} path
   * @returns {[any, any]}
   */
  const resolve = (path) => {
    /** @type {any} */
    let target = window;
    /** @type {any} */
    let value = window;
    for (const part of path.split('.')) { target = value; value = value == null ? undefined : value[part]; }
    return [target, value];
  };
  // Page calls for a function the page has not defined yet wait for its DOM: they run once
  // DOMContentLoaded and every listener of it have run (this listener is the page's first,
  // so no page script can stop it), and settle the Promise the native side awaits.
  let domReady = false;
  /** @type {(() => void)[]} */
  const whenDOMReady = [];
  window.addEventListener('DOMContentLoaded', () => {
    setTimeout(() => { domReady = true; whenDOMReady.splice(0).forEach((run) => run()); });
  }, { capture: true, once: true });
  /**
   * @param {string} name
   * @param {unknown[]} args
   * @returns {unknown}
   */
  const call = (name, args) => {
    const [target, fn] = resolve(name);
    if (typeof fn !== 'function') {
      if (!domReady) {
        return new Promise((settle, fail) => whenDOMReady.push(() => { try { settle(call(name, args)); } catch (error) { fail(error); } }));
      }
      throw new TypeError(name + ' is not a function');
    }
    note({ direction: 'in', kind: 'call', name, payload: args, time: now() });
    const result = fn.apply(target, args);
    return result === undefined ? null : result;
  };
  /**
   * @param {string} name
   * @param {unknown} payload
   */
  const emit = (name, payload) => {
    note({ direction: 'in', kind: 'event', name, payload, time: now() });
    const set = listeners.get(name);
    if (set) { for (const listener of Array.from(set)) { try { listener(payload); } catch (error) { setTimeout(() => { throw error; }); } } }
    window.dispatchEvent(new CustomEvent(name, { detail: payload }));
    return null;
  };
  Object.defineProperty(bridge, wire.emit, { value: emit });
  Object.defineProperty(bridge, wire.call, { value: call });
  Object.defineProperty(bridge, wire.names, {
    value: (/** @type {string} */ list) => { setNames(list ? list.split(wire.separator) : []); if (namespace) shadow(); return null; },
  });
  Object.defineProperty(window, 'bridge', { value: Object.freeze(bridge), enumerable: true });
  // Events and page calls sent before this document had its client wait for this (see ClientReadyScript).
  window.dispatchEvent(new Event(wire.readyEvent));
})
