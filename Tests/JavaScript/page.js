// A fake page for the page scripts' Node tests: each script runs, as WebKit runs it, in a
// `vm` context of its own (a script world) whose `window` is the context's global, sharing
// one DOM event target with the page's other worlds, with a fake
// `window.webkit.messageHandlers` whose handler objects share one prototype, as WebKit's do.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const root = path.join(__dirname, '..', '..');
/** The text of a file of the repository, read as the EmbedJavaScript plugin reads it. */
const source = (file) => fs.readFileSync(path.join(root, file), 'utf8');
/** The wire protocol's names, as Swift passes them (WireProtocol.json). */
const wireJSON = source('Sources/WebBridge/JavaScript/wire-protocol.json');
const wire = JSON.parse(wireJSON);

/** An error as WebKit rejects a post with (a DOMException-like value). */
class WebKitError extends Error {
  constructor(name, message) { super(message); this.name = name; }
}

/**
 * The native side: handlers by registered name, each `(message) => reply` (a value, a
 * Promise, or a thrown error whose message is the rejection text). Records every post.
 */
class NativeHandlers {
  constructor() {
    this.handlers = new Map();
    this.posts = [];
    this.lookups = [];
  }
  register(name, answer) { this.handlers.set(name, answer); }
  unregister(name) { this.handlers.delete(name); }
}

/** One document: its DOM event target, location and lifecycle, shared by its worlds. */
class Page {
  constructor(href = 'app://localhost/index.html') {
    const url = new URL(href);
    this.location = { href: url.href, pathname: url.pathname, host: url.host, protocol: url.protocol };
    this.events = new EventTarget();
    this.documentEvents = Object.assign(new EventTarget(), { documentElement: null, readyState: 'loading' });
    this.errors = [];
  }

  /**
   * A script world of this page: a context whose global is its `window`; with `native`, the
   * world sees those handlers as `window.webkit.messageHandlers` (by registered name).
   */
  world(native) {
    const events = this.events, documentEvents = this.documentEvents, page = this;
    const global = {
      location: this.location,
      performance,
      TextEncoder, TextDecoder, Event, CustomEvent, EventTarget,
      // An error thrown by a timer's callback is reported, as a browser reports it to the console.
      setTimeout: (callback, ms) => setTimeout(() => { try { callback(); } catch (error) { page.errors.push(error); } }, ms),
      fetch: () => Promise.reject(new Error('no network in tests')),
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      dispatchEvent: events.dispatchEvent.bind(events),
      // One document for all worlds, an event target as the real one is.
      document: documentEvents,
    };
    const context = vm.createContext(global);
    vm.runInContext('window = globalThis; self = globalThis; self.origin = location.protocol + "//" + location.host; window.top = window;', context);
    if (native) {
      context.__native = native;
      vm.runInContext(`(() => {
        const native = __native;
        delete globalThis.__native;
        function MessageHandler() {}
        Object.defineProperty(MessageHandler.prototype, 'postMessage', { value: function postMessage(message) {
          const name = this.__name;
          const answer = this.__alive ? native.handlers.get(name) : undefined;
          if (answer === undefined) { const gone = new Error('the handler was removed'); gone.name = 'InvalidAccessError'; return Promise.reject(gone); }
          native.posts.push({ name, message });
          return new Promise((resolve) => resolve(answer(message)));
        }, configurable: true, writable: true });
        const objects = new Map();
        const handlerObject = (name) => {
          if (!objects.has(name)) {
            const handler = new MessageHandler();
            Object.defineProperty(handler, '__name', { value: name });
            Object.defineProperty(handler, '__alive', { value: true, writable: true });
            objects.set(name, handler);
          }
          return objects.get(name);
        };
        // WebKit's named getter: an object per registered name, undefined for others.
        const messageHandlers = new Proxy({}, { get(target, name) {
          if (typeof name !== 'string') return undefined;
          native.lookups.push(name);
          return native.handlers.has(name) ? handlerObject(name) : Object.prototype[name];
        } });
        // WebKit's object for a handler removed and added again: the old one is dead.
        native.replace = (name) => { if (objects.has(name)) objects.get(name).__alive = false; objects.delete(name); };
        Object.defineProperty(window, 'webkit', { value: { messageHandlers }, configurable: true });
      })();`, context);
    }
    return {
      context,
      /** Runs `code` in this world and returns its completion value. */
      run: (code) => vm.runInContext(code, context),
      /** Runs a script file: a function expression, called with `args` (JavaScript sources). */
      call: (file, ...args) => vm.runInContext('(' + source(file) + ')(' + args.join(',') + ');', context, { filename: file }),
    };
  }

  /** The document's DOM is parsed: DOMContentLoaded on document and window. */
  domContentLoaded() {
    this.documentEvents.readyState = 'interactive';
    this.events.dispatchEvent(new Event('DOMContentLoaded'));
    this.documentEvents.dispatchEvent(new Event('DOMContentLoaded'));
  }
}

const handlerPost = source('Sources/WebBridge/JavaScript/handler-post.js');
const clientFile = 'Sources/WebBridge/JavaScript/bridge-client.js';
const relayFile = 'Sources/WebBridge/JavaScript/bridge-relay.js';

/** BridgeClientScript.Settings as the Swift side makes them, with `overrides`. */
const clientSettings = (overrides = {}) => ({
  prefixes: ['app://localhost/'], names: ['echo', 'fail'], direct: true, prefix: 'secret:', binaryBase: '', globalName: 'bridge',
  routerName: 'router', callEvent: 'bridge:call', replyEvent: 'bridge:reply', maxBytes: 1000, maxDepth: 8, ...overrides,
});

/**
 * A page with the bridge's client as BridgeClientScript injects it: `direct` posts to the
 * handlers in the page's world (registered as prefix + name); else the relay in a world of
 * its own holds them (registered by name, no prefix).
 */
const bridgePage = ({ href, settings: overrides = {}, native = new NativeHandlers() } = {}) => {
  const settings = clientSettings(overrides);
  const page = new Page(href);
  let relay = null;
  let main;
  if (settings.direct) {
    main = page.world(native);
  } else {
    relay = page.world(native);
    relay.call(relayFile, JSON.stringify({ routerName: settings.routerName, callEvent: settings.callEvent, replyEvent: settings.replyEvent }),
      wireJSON, handlerPost);
    main = page.world(null);
  }
  main.call(clientFile, JSON.stringify(settings), wireJSON, handlerPost);
  return { page, main, relay, native, settings };
};

module.exports = { Page, NativeHandlers, WebKitError, bridgePage, clientSettings, source, wire, wireJSON, handlerPost, clientFile };
