// The page side of the bridge, injected at document start into the main frame of pages the
// bridge's callers include (see BridgeClientScript.swift): `window.bridge` (bridge.d.ts beside it)
// and, for WKWebView-style pages, `window.webkit.messageHandlers.NAME`.
/** @type {(settings: BridgeClientSettings, wire: BridgeWireProtocol, makePost: MakeHandlerPost, taken?: BridgeClientTaken) => void} */
(function bridgeClient(settings, wire, makePost, taken) {
  'use strict';
  // The web process extension's transport (see WebProcessExtension), taken from the page's
  // global object before any page script can see it; only this client's closures keep it.
  /** @type {NativeBinary | null} */
  const nativeBinary = taken ? taken.nativeBinary : (() => {
    const name = '__webViewHostBinary', found = Object.getOwnPropertyDescriptor(window, name);
    if (!found) return null;
    delete (/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window)))[name];
    return typeof found.value === 'function' ? found.value : null;
  })();
  // The number of the view this page runs in (the web process extension's, see
  // WebProcessExtension): a popup runs its opener's scripts, this one among them, and must
  // not get its opener's bridge. A process without the extension has none to compare.
  const pageNumber = taken ? null : (() => {
    const name = '__webViewHostPage', found = Object.getOwnPropertyDescriptor(window, name);
    if (!found) return null;
    delete (/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window)))[name];
    return typeof found.value === 'number' ? found.value : null;
  })();
  if (pageNumber !== null && typeof settings.page === 'number' && pageNumber !== settings.page) {
    // Another view's page, running this view's scripts as WebKit runs a popup's, or this view's
    // own page in a web process of its own (WebKit moves a cross-origin isolated page to one,
    // under a new number). Only the bridge's view can tell: it runs client-activate.js with the
    // activation code in its own pages that read another number, never in another view's.
    const code = settings.activation;
    if (typeof code !== 'string') return;
    const go = () => bridgeClient(settings, wire, makePost, { nativeBinary });
    const found = Object.getOwnPropertyDescriptor(window, wire.activate);
    if (found && found.value === code) {
      delete (/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window)))[wire.activate];
      go();
    } else if (!found) {
      Object.defineProperty(window, wire.activate, {
        value: (/** @type {unknown} */ given) => { if (given === code) go(); },
      });
    }
    return;
  }
  if (Object.prototype.hasOwnProperty.call(window, wire.global)) return;
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
  // WebKit leaves the Promise of a message it cannot serialize (a function, a symbol, a DOM
  // node, a WeakMap, a Promise, a Proxy, an `arguments` object…) pending forever, and a deep
  // enough value overflows the stack somewhere. So what is posted is never the page's value
  // but a copy made here of what JSON would carry of it: plain objects of its own enumerable
  // properties (for objects, class instances, Errors, proxies, read through their traps),
  // arrays, and, as they are, dates, regular expressions, ArrayBuffers and typed arrays; a
  // Map or a Set becomes {} and a boxed primitive its value, as in JSON. Anything else is
  // refused, with what it is and where: functions, symbols, bigints, cycles, DOM nodes, and
  // objects of any other built-in kind (`Object.prototype.toString`'s tag: WeakMap, WeakSet,
  // WeakRef, Promise, Window, Event, Blob, generators, Intl objects…). Reading the payload
  // may run the page's code (getters, proxy traps): whatever that throws refuses it too.
  // The copy also adds up a lower bound of the payload's JSON size (UTF-8 takes at least a
  // byte per UTF-16 unit) and stops as soon as it is over the limit, so a payload over it is
  // refused before it is posted. An array counts its declared length (a comma between
  // elements, each at least a byte: holes become "null") before any element is looked at,
  // and a typed array its length: a sparse `length = 1e9` is refused at once, never walked.
  let bytes = 0;
  /** @type {WeakSet<object>} */
  const refusals = new WeakSet();
  /** @param {BridgeFailure} refusal */
  const refuse = (refusal) => { refusals.add(refusal); return refusal; };
  const tooLarge = () => refuse(failure('payload-too-large', 'the payload is over the limit of ' + settings.maxBytes + ' bytes'));
  /** @param {string} what @param {string} path */
  const holds = (what, path) => refuse(failure('invalid-payload', 'the payload cannot be sent: it holds ' + what + ' at ' + (path || 'the top level')));
  // The built-ins' own checks of what an object is, taken before any page script runs: a
  // proxy or a spoofed `Symbol.toStringTag` passes none of them.
  const callOf = Function.prototype.call;
  /** @param {Function} method @returns {(value: object) => boolean} */
  const brand = (method) => { const check = callOf.bind(method); return (value) => { try { check(value); return true; } catch (_) { return false; } }; };
  const getter = (/** @type {object} */ prototype, /** @type {string} */ name) => /** @type {Function} */ (/** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(prototype, name)).get);
  const asIs = [brand(getter(ArrayBuffer.prototype, 'byteLength')), brand(getter(RegExp.prototype, 'source'))];
  // A Date goes as JavaScript counts it, milliseconds since 1970, the number Swift's coders
  // read (WebKit would send its ISO text, which a `Date` field does not take as a number).
  const timeOf = callOf.bind(Date.prototype.getTime);
  const isDate = brand(Date.prototype.getTime);
  const collections = [brand(Map.prototype.has), brand(Set.prototype.has)];
  const unboxers = [Number.prototype.valueOf, String.prototype.valueOf, Boolean.prototype.valueOf].map((method) => callOf.bind(method));
  const tagOf = callOf.bind(Object.prototype.toString);
  const hasOwn = callOf.bind(Object.prototype.hasOwnProperty);
  const copied = new Set(['Object', 'Arguments', 'Error']);
  /** @type {Set<object>} */
  const open = new Set();
  /**
   * @param {unknown} value
   * @param {string} path
   * @param {number} depth
   * @returns {unknown}
   */
  const copy = (value, path, depth) => {
    const type = typeof value;
    if (type === 'string') { bytes += /** @type {string} */ (value).length + 2; return value; }
    if (type === 'function' || type === 'symbol' || type === 'bigint') throw holds('a ' + type, path);
    if (type !== 'object' || value === null) { bytes += 1; return value; }
    const object = /** @type {object} */ (value);
    if (depth >= settings.maxDepth) throw refuse(failure('payload-too-large', 'the payload nests deeper than ' + settings.maxDepth + ' levels'));
    if (open.has(object)) throw holds('a cycle (an object inside itself)', path);
    bytes += 2;
    if (bytes > settings.maxBytes) throw tooLarge();
    open.add(object);
    try { return copyObject(object, path, depth); } finally { open.delete(object); }
  };
  /**
   * @param {object} value
   * @param {string} path
   * @param {number} depth
   * @returns {unknown}
   */
  const copyObject = (value, path, depth) => {
    if (Array.isArray(value)) {
      const length = value.length;
      if (length > 0) bytes += length - 1;
      if (bytes + length > settings.maxBytes) throw tooLarge();
      const items = new Array(length);
      for (let i = 0; i < length; i++) items[i] = copy(value[i], path + '[' + i + ']', depth + 1);
      return items;
    }
    // A typed array goes as an object of its elements, `"0":0,` at least for each.
    // (A DataView has no length: it goes as {}.)
    if (ArrayBuffer.isView(value)) {
      if (value instanceof BigInt64Array || value instanceof BigUint64Array) throw holds('a bigint array', path);
      bytes += 6 * (/** @type {Uint8Array} */ (value).length || 0);
      if (bytes > settings.maxBytes) throw tooLarge();
      return value;
    }
    // The common case first, without the built-ins' checks below (each throws for an object it
    // is not, and exceptions cost microseconds): an object whose prototype is Object's or none
    // is copied key by key, which is what JSON carries of it whatever it is inside (a proxy is
    // read through its traps; a built-in given another prototype has no own keys to give).
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return copyKeys(value, path, depth);
    if (isDate(value)) {
      const time = timeOf(value);
      if (Number.isNaN(time)) throw holds('an invalid Date', path);
      bytes += 14;
      return time;
    }
    if (asIs.some((is) => is(value))) return value;
    if (collections.some((is) => is(value))) return {};
    for (const unbox of unboxers) { try { return copy(unbox(value), path, depth); } catch (/** @type {unknown} */ error) { if (refusals.has(/** @type {object} */ (error))) throw error; } }
    if (typeof Node === 'function' && value instanceof Node) throw holds('a DOM node', path);
    const tag = String(tagOf(value)).slice(8, -1);
    if (!copied.has(tag)) throw holds('a ' + tag, path);
    return copyKeys(value, path, depth);
  };
  /**
   * An object of `value`'s own enumerable properties, each copied.
   * @param {object} value
   * @param {string} path
   * @param {number} depth
   * @returns {Record<string, unknown>}
   */
  const copyKeys = (value, path, depth) => {
    /** @type {Record<string, unknown>} */
    const result = {};
    for (const key in value) {
      if (!hasOwn(value, key)) continue;
      bytes += key.length + 3;
      const item = copy(/** @type {Record<string, unknown>} */ (value)[key], path ? path + '.' + key : key, depth + 1);
      if (key === '__proto__') Object.defineProperty(result, key, { value: item, enumerable: true, writable: true, configurable: true });
      else result[key] = item;
    }
    return result;
  };
  /**
   * What an exception says, running no more of the page's code than reading its message.
   * @param {unknown} error
   */
  const describe = (error) => {
    try { return String(error && typeof error === 'object' && 'message' in error ? /** @type {Error} */ (error).message : error); }
    catch (_) { return 'an exception'; }
  };
  /**
   * The copy of `payload` to post, or why it cannot be sent.
   * @param {unknown} payload
   * @returns {{ problem: BridgeFailure, value?: undefined } | { problem: null, value: unknown }}
   */
  const sendable = (payload) => {
    bytes = 0;
    open.clear();
    try {
      const value = copy(payload, '', 0);
      return bytes > settings.maxBytes ? { problem: tooLarge() } : { problem: null, value };
    } catch (error) {
      if (error !== null && typeof error === 'object' && refusals.has(error)) return { problem: /** @type {BridgeFailure} */ (error) };
      return { problem: failure('invalid-payload', 'the payload cannot be sent: reading it threw ' + describe(error)) };
    } finally {
      open.clear();
    }
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
    const checked = sendable(payload);
    return checked.problem !== null ? Promise.reject(checked.problem) : transport(name, checked.value);
  };
  /** @type {(name: unknown, payload: unknown) => Promise<any>} */
  const invoke = (name, payload) => {
    let text;
    try { text = String(name); } catch (error) { return Promise.reject(failure('invalid-payload', 'the handler name is not a string: ' + describe(error))); }
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
  // replaced, but it can be extended: its `messageHandlers` shadowed, `bridge` added beside
  // it; without, the page gets a plain object of the two. WebKit's is a wrapper the collector
  // drops when no script holds it, and remakes later without them: `namespace` holds it for
  // the page's lifetime (`shadow` captures it, and `__names` calls `shadow`).
  const namespace = window.webkit;
  /** @type {PageBridge | null} */
  let frozen = null;
  const shadow = () => {
    if (namespace.messageHandlers !== messageHandlers) {
      try { Object.defineProperty(namespace, 'messageHandlers', { value: messageHandlers, configurable: true, enumerable: true }); } catch (_) {}
    }
    if (frozen !== null && namespace.bridge !== frozen) {
      try { Object.defineProperty(namespace, 'bridge', { value: frozen, writable: false, configurable: false, enumerable: true }); } catch (_) {}
    }
  };
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
    let query = '';
    if (meta !== undefined) {
      const checked = sendable(meta);
      if (checked.problem !== null) throw checked.problem;
      query = JSON.stringify(checked.value);
    }
    const answer = await binaryRequest(request ? 'request' : 'binary', String(name), body, query);
    // A typed answer (BinaryHandler(name, meta:, answer:)) comes as JSON.
    return answer.type.startsWith('application/json') ? JSON.parse(decoder.decode(answer.bytes)) : answer.bytes;
  };
  /** @type {(name: string, payload: unknown) => AsyncIterableIterator<any>} */
  const stream = (name, payload) => {
    /** @type {unknown} */
    let id = null;
    let done = false;
    const started = (async () => {
      const checked = sendable(payload);
      if (checked.problem !== null) throw checked.problem;
      const answer = await binaryRequest('stream', String(name), checked.value === undefined ? 'null' : JSON.stringify(checked.value), '');
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
  // Page calls for a function the page has not defined yet, and every event, wait for the
  // page's DOM: they run once DOMContentLoaded and every listener of it have run (this
  // listener is the page's first, so no page script can stop it), in the order sent. An
  // event sent while the page's scripts still load (a cold start's first events, sent at
  // the commit) would otherwise reach no listener: the page has not added them yet.
  let domReady = document.readyState !== 'loading';
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
    // Behind events still waiting, a call waits too, to keep the order sent.
    if (typeof fn !== 'function' || (!domReady && whenDOMReady.length > 0)) {
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
    if (!domReady) { whenDOMReady.push(() => emit(name, payload)); return null; }
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
  frozen = Object.freeze(bridge);
  // `window.webkit.bridge` stays the bridge whatever the page does: neither writable nor
  // configurable, on a `window.webkit` the page can neither replace nor delete. WebKit's own
  // `window.webkit` says it is read-only yet an assignment replaces it (a replaceable
  // attribute): assigned its own value first, it becomes an ordinary property, then a constant.
  if (namespace) {
    shadow();
    try { /** @type {any} */ (window).webkit = namespace; } catch (_) {}
    try { Object.defineProperty(window, 'webkit', { value: namespace, writable: false, configurable: false, enumerable: true }); } catch (_) {}
  } else {
    Object.defineProperty(window, 'webkit', { value: Object.freeze({ messageHandlers, bridge: frozen }), writable: false, configurable: false, enumerable: true });
  }
  // The native side's way in, which the page's own names cannot shadow (a hidden name of
  // the wire protocol); the page's is `window.webkit.bridge` and the app-named global, an
  // ordinary property the page may shadow with a `let`, `const`, `class`, `var` or
  // `function` of the same name, or replace.
  Object.defineProperty(window, wire.global, { value: frozen });
  if (settings.globalName) Object.defineProperty(window, settings.globalName, { value: frozen, writable: true, configurable: true, enumerable: true });
  // Events and page calls sent before this document had its client wait for this (see ClientReadyScript).
  window.dispatchEvent(new Event(wire.readyEvent));
})
