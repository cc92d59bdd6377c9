// The bridge's page client (bridge-client.js with handler-post.js), run against a fake
// `window.webkit.messageHandlers`: calls, replies, errors, the payload checks, handler
// objects, events and page calls, in both transports.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { Page, NativeHandlers, bridgePage, wire, wireJSON, handlerPost, clientFile, clientSettings } = require('./page.js');

/** A rejection as the native side sends it: `{"code","message"}` JSON as the error's text. */
const rejection = (code, message) => { throw new Error(JSON.stringify({ code, message })); };

/** Native handlers answering as WebViewBridge does: JSON text replies, JSON error texts. */
const echoing = (prefix = 'secret:') => {
  const native = new NativeHandlers();
  native.register(prefix + 'echo', (message) => JSON.stringify(message));
  native.register(prefix + 'fail', () => rejection('forbidden', 'not from this page'));
  native.register(prefix + 'router', (message) => rejection('unknown-handler', 'no handler: ' + message.slice(message.indexOf(wire.separator) + 1)));
  return native;
};

/** The rejection of `promise`, which must reject. */
const rejectionOf = async (promise) => {
  try { await promise; } catch (error) { return error; }
  assert.fail('the call did not reject');
};

for (const direct of [true, false]) {
  const mode = direct ? 'direct' : 'relayed';
  const make = (settings = {}) => {
    const native = echoing(direct ? 'secret:' : '');
    return bridgePage({ native, settings: { direct, ...settings } });
  };

  test(`${mode}: invoke answers with the handler's reply, parsed from its JSON text`, async () => {
    const { main, native } = make();
    const reply = await main.run(`window.bridge.invoke('echo', { n: 1, list: [1, 'two', null] })`);
    assert.deepEqual(JSON.parse(JSON.stringify(reply)), { n: 1, list: [1, 'two', null] });
    assert.equal(native.posts.length, 1);
    assert.equal(native.posts[0].name, (direct ? 'secret:' : '') + 'echo');
  });

  test(`${mode}: a reply that is a value, not JSON text, is the value itself`, async () => {
    const { main, native } = make();
    native.register((direct ? 'secret:' : '') + 'echo', () => 42);
    assert.equal(await main.run(`window.bridge.invoke('echo', null)`), 42);
  });

  test(`${mode}: an error reply rejects with its code and message`, async () => {
    const { main } = make();
    const error = await rejectionOf(main.run(`window.bridge.invoke('fail', {})`));
    assert.equal(error.code, 'forbidden');
    assert.equal(error.message, 'not from this page');
    assert.equal(error.constructor.name, 'Error');
  });

  test(`${mode}: an error text that is not the JSON shape is handler-failed, with the text as message`, async () => {
    const { main, native } = make();
    native.register((direct ? 'secret:' : '') + 'fail', () => { throw new Error('plain words'); });
    const error = await rejectionOf(main.run(`window.bridge.invoke('fail', {})`));
    assert.equal(error.code, 'handler-failed');
    assert.equal(error.message, 'plain words');
  });

  test(`${mode}: a late timeout from the native side rejects with code timeout`, async () => {
    const { main, native } = make();
    native.register((direct ? 'secret:' : '') + 'echo', () => new Promise((_, reject) =>
      setTimeout(() => reject(new Error(JSON.stringify({ code: 'timeout', message: 'echo did not answer within 0.05 s' }))), 50)));
    const started = Date.now();
    const error = await rejectionOf(main.run(`window.bridge.invoke('echo', 1)`));
    assert.ok(Date.now() - started >= 45);
    assert.equal(error.code, 'timeout');
    assert.equal(error.message, 'echo did not answer within 0.05 s');
  });

  test(`${mode}: a reply that is not valid JSON text rejects with handler-failed`, async () => {
    const { main, native } = make();
    native.register((direct ? 'secret:' : '') + 'echo', () => '{broken');
    const error = await rejectionOf(main.run(`window.bridge.invoke('echo', 1)`));
    assert.equal(error.code, 'handler-failed');
    assert.equal(error.message, 'the native reply was not valid JSON');
  });

  test(`${mode}: a name without a handler goes to the router as json, separator, name; a newline in the name stays whole`, async () => {
    const { main, native } = make();
    const error = await rejectionOf(main.run(`window.bridge.invoke('no\\nsuch', { a: [1] })`));
    assert.equal(error.code, 'unknown-handler');
    assert.equal(error.message, 'no handler: no\nsuch');
    const routed = native.posts.at(-1);
    assert.equal(routed.name, (direct ? 'secret:' : '') + 'router');
    assert.equal(routed.message, '{"a":[1]}' + wire.separator + 'no\nsuch');
    // Object.prototype members are no handlers: "toString" goes to the router too.
    await rejectionOf(main.run(`window.bridge.invoke('toString')`));
    assert.equal(native.posts.at(-1).message, 'null' + wire.separator + 'toString');
  });

  test(`${mode}: window.webkit.messageHandlers.NAME.postMessage answers as invoke does`, async () => {
    const { main } = make();
    assert.deepEqual(await main.run(`window.webkit.messageHandlers.echo.postMessage([1, 2])`), main.run('[1, 2]'));
    const error = await rejectionOf(main.run(`window.webkit.messageHandlers.fail.postMessage(null)`));
    assert.equal(error.code, 'forbidden');
  });
}

test('relayed: the page reaches nothing when no relay claims its call', async () => {
  const page = new Page();
  const main = page.world(null);
  main.call(clientFile, JSON.stringify(clientSettings({ direct: false })), wireJSON, handlerPost);
  const error = await rejectionOf(main.run(`window.bridge.invoke('echo', 1)`));
  assert.equal(error.code, 'handler-failed');
  assert.equal(error.message, 'the bridge is not connected in this page');
});

test('relayed: the relay answers primitive JSON text as `id` separator `json`, values and errors as objects', async () => {
  const { page, main, native } = bridgePage({ native: echoing(''), settings: { direct: false } });
  const details = [];
  page.events.addEventListener('bridge:reply', (event) => details.push(event.detail));
  await main.run(`window.bridge.invoke('echo', 'x')`);
  assert.equal(details[0], '1' + wire.separator + '"x"');
  native.register('echo', () => ({ structured: true }));
  assert.deepEqual({ ...(await main.run(`window.bridge.invoke('echo', 'x')`)) }, { structured: true });
  assert.deepEqual({ ...details[1] }, { id: 2, value: { structured: true } });
  await rejectionOf(main.run(`window.bridge.invoke('fail', 'x')`));
  assert.equal(details[2].id, 3);
  assert.equal(JSON.parse(details[2].error).code, 'forbidden');
});

test('relayed: a reply for no waiting call is dropped, and the next call still gets its own', async () => {
  const { page, main } = bridgePage({ native: echoing(''), settings: { direct: false } });
  page.events.dispatchEvent(new CustomEvent('bridge:reply', { detail: '99' + wire.separator + '"stray"' }));
  page.events.dispatchEvent(new CustomEvent('bridge:reply', { detail: { id: 98, value: 1 } }));
  assert.equal(await main.run(`window.bridge.invoke('echo', 'mine')`), 'mine');
});

test('payloads over the size limit are refused before anything is posted', async () => {
  const { main, native } = bridgePage({ native: echoing() });
  const error = await rejectionOf(main.run(`window.bridge.invoke('echo', 'x'.repeat(1000))`));
  assert.equal(error.code, 'payload-too-large');
  assert.equal(error.message, 'the payload is over the limit of 1000 bytes');
  assert.equal(native.posts.length, 0);
  // Just under the limit (a string counts its length and two quotes) goes.
  assert.equal((await main.run(`window.bridge.invoke('echo', 'x'.repeat(998))`)).length, 998);
  assert.equal(native.posts.length, 1);
});

test('nesting deeper than the depth limit is refused', async () => {
  const { main, native } = bridgePage({ native: echoing() });
  const error = await rejectionOf(main.run(`let v = 1; for (let i = 0; i < 9; i++) v = [v]; window.bridge.invoke('echo', v)`));
  assert.equal(error.code, 'payload-too-large');
  assert.equal(error.message, 'the payload nests deeper than 8 levels');
  await main.run(`let w = 1; for (let i = 0; i < 8; i++) w = [w]; window.bridge.invoke('echo', w)`);
  assert.equal(native.posts.length, 1);
});

test('an array counts its declared length: a sparse huge array is refused at once, never walked', async () => {
  const { main, native } = bridgePage({ native: echoing() });
  const started = process.hrtime.bigint();
  const error = await rejectionOf(main.run(`const a = []; a.length = 1e9; window.bridge.invoke('echo', { a })`));
  assert.ok(process.hrtime.bigint() - started < 1_000_000_000n, 'the sparse array was walked');
  assert.equal(error.code, 'payload-too-large');
  // 499 holes need 499 bytes of "null"s at least, and commas: over 1000.
  assert.equal((await rejectionOf(main.run(`window.bridge.invoke('echo', new Array(501))`))).code, 'payload-too-large');
  // A typed array counts six bytes an element.
  assert.equal((await rejectionOf(main.run(`window.bridge.invoke('echo', new Uint8Array(200))`))).code, 'payload-too-large');
  await main.run(`window.bridge.invoke('echo', new Uint8Array(100))`);
  assert.equal(native.posts.length, 1);
});

test('functions and symbols are refused with where they are', async () => {
  const { main, native } = bridgePage({ native: echoing() });
  const error = await rejectionOf(main.run(`window.bridge.invoke('echo', { a: { b: [0, () => 1] } })`));
  assert.equal(error.code, 'invalid-payload');
  assert.equal(error.message, 'the payload cannot be sent: it holds a function at a.b[1]');
  const top = await rejectionOf(main.run(`window.bridge.invoke('echo', Symbol('s'))`));
  assert.equal(top.message, 'the payload cannot be sent: it holds a symbol at the top level');
  assert.equal(native.posts.length, 0);
});

test('a post WebKit throws on synchronously rejects with invalid-payload', async () => {
  const { main, native } = bridgePage({ native: echoing() });
  native.register('secret:echo', () => 'null');
  main.run(`Object.defineProperty(Object.getPrototypeOf(window.webkit.messageHandlers['secret:echo']), 'postMessage', { value() { throw new Error('cannot clone'); } })`);
  const error = await rejectionOf(main.run(`window.bridge.invoke('echo', 1)`));
  assert.equal(error.code, 'invalid-payload');
  assert.equal(error.message, 'the payload cannot be sent: cannot clone');
});

test("WebKit's handler objects are looked up once per name, and afresh when one was replaced or removed", async () => {
  const { main, native } = bridgePage({ native: echoing() });
  const lookups = () => native.lookups.filter((name) => name === 'secret:echo').length;
  await main.run(`window.bridge.invoke('echo', 1)`);
  await main.run(`window.bridge.invoke('echo', 2)`);
  assert.equal(lookups(), 1, 'looked up again');
  // Replaced: WebKit's old object rejects with InvalidAccessError; the call goes once more,
  // to the object WebKit has for the handler now, which is kept from then on.
  native.replace('secret:echo');
  native.register('secret:echo', (message) => JSON.stringify({ again: message }));
  assert.deepEqual({ ...(await main.run(`window.bridge.invoke('echo', 3)`)) }, { again: 3 });
  assert.equal(lookups(), 2);
  await main.run(`window.bridge.invoke('echo', 4)`);
  assert.equal(lookups(), 2);
  // Removed for good: the retry finds no handler and the router answers.
  native.unregister('secret:echo');
  const error = await rejectionOf(main.run(`window.bridge.invoke('echo', 5)`));
  assert.equal(error.code, 'unknown-handler');
  assert.equal(native.posts.at(-1).message, '5' + wire.separator + 'echo');
});

test('handler objects survive: messageHandlers.NAME is one object for the page, across __names updates', () => {
  const { main } = bridgePage({ native: echoing() });
  const first = main.run(`window.webkit.messageHandlers.echo`);
  assert.equal(typeof first.postMessage, 'function');
  assert.equal(first.name, 'echo');
  main.run(`window.bridge.${wire.names}('echo' + ${JSON.stringify(wire.separator)} + 'added')`);
  assert.equal(main.run(`window.webkit.messageHandlers.echo`), first);
  assert.equal(main.run(`window.webkit.messageHandlers.added.name`), 'added');
  // Dropped names fall through to WebKit's own namespace, which has no such handler.
  main.run(`window.bridge.${wire.names}('added')`);
  assert.equal(main.run(`Object.getOwnPropertyNames(window.webkit.messageHandlers).join()`), 'added');
  main.run(`window.bridge.${wire.names}('echo')`);
  assert.equal(main.run(`window.webkit.messageHandlers.echo`), first);
  // Not enumerable: the page sees no list of names.
  assert.equal(main.run(`Object.keys(window.webkit.messageHandlers).length`), 0);
});

test('a namespace WebKit remade without the shadow gets it back on the next __names', () => {
  const { main } = bridgePage({ native: echoing() });
  const shadow = main.run(`window.webkit.messageHandlers`);
  main.run(`Object.defineProperty(window.webkit, 'messageHandlers', { value: {}, configurable: true })`);
  main.run(`window.bridge.${wire.names}('echo')`);
  assert.equal(main.run(`window.webkit.messageHandlers`), shadow);
});

test('events: __emit reaches bridge.on listeners in order and a DOM CustomEvent; off removes; a throwing listener does not stop the others', async () => {
  const { page, main } = bridgePage({ native: echoing() });
  page.domContentLoaded();
  await new Promise((resolve) => setTimeout(resolve, 5));
  main.run(`window.seen = []; window.first = (p) => seen.push('first:' + p.n); window.bridge.on('tick', first);
    window.bridge.on('tick', () => { throw new Error('listener broke'); });
    window.bridge.on('tick', (p) => seen.push('third:' + p.n));`);
  const dom = [];
  page.events.addEventListener('tick', (event) => dom.push(event.detail.n));
  assert.equal(main.run(`window.bridge.${wire.emit}('tick', { n: 1 })`), null);
  main.run(`window.bridge.off('tick', first)`);
  main.run(`window.bridge.${wire.emit}('tick', { n: 2 })`);
  assert.equal(main.run(`seen.join()`), 'first:1,third:1,third:2');
  assert.deepEqual(dom, [1, 2]);
  // The listener's error is rethrown later, out of the dispatch, as an uncaught error.
  assert.equal(page.errors.length, 0);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(page.errors.map((error) => error.message), ['listener broke', 'listener broke']);
});

test('events sent while the page loads wait for its DOM, then reach the listeners it added, in order with page calls', async () => {
  const { page, main } = bridgePage({ native: echoing() });
  const dom = [];
  page.events.addEventListener('newEntry', (event) => dom.push(event.detail.title));
  assert.equal(main.run(`window.bridge.${wire.emit}('url', 'journal://new')`), null);
  assert.equal(main.run(`window.bridge.${wire.emit}('newEntry', { title: 'cold' })`), null);
  main.run(`window.heard = []; window.record = (x) => { heard.push('call ' + x); return heard.length; };`);
  const recorded = main.run(`window.bridge.${wire.call}('record', ['between'])`);
  assert.equal(typeof recorded.then, 'function', 'a call behind waiting events waits too');
  main.run(`window.bridge.${wire.emit}('newEntry', { title: 'last' })`);
  // The page's scripts run after those events were sent, and add their listeners.
  main.run(`window.bridge.on('url', (u) => heard.push('url ' + u)); window.bridge.on('newEntry', (e) => heard.push('newEntry ' + e.title));`);
  assert.deepEqual(main.run(`heard.join('|')`), '');
  assert.deepEqual(dom, []);
  page.domContentLoaded();
  assert.equal(await recorded, 3);
  assert.equal(main.run(`heard.join('|')`), 'url journal://new|newEntry cold|call between|newEntry last');
  assert.deepEqual(dom, ['cold', 'last']);
  // Once the DOM is ready, events go at once.
  main.run(`window.bridge.${wire.emit}('newEntry', { title: 'warm' })`);
  assert.equal(main.run(`heard[heard.length - 1]`), 'newEntry warm');
});

test('page calls: __call runs a dotted-path function with its receiver; undefined is null; a missing one waits for the DOM', async () => {
  const { page, main } = bridgePage({ native: echoing() });
  main.run(`window.app = { base: 10, add(a, b) { return this.base + a + b; }, nothing() {} };`);
  assert.equal(main.run(`window.bridge.${wire.call}('app.add', [1, 2])`), 13);
  assert.equal(main.run(`window.bridge.${wire.call}('app.nothing', [])`), null);
  const waiting = main.run(`window.bridge.${wire.call}('later', ['x'])`);
  assert.equal(typeof waiting.then, 'function');
  main.run(`window.later = (x) => 'ran ' + x;`);
  page.domContentLoaded();
  assert.equal(await waiting, 'ran x');
  assert.throws(() => main.run(`window.bridge.${wire.call}('never', [])`), { name: 'TypeError', message: 'never is not a function' });
});

test('the client defines window.bridge once, frozen, with no visible internals, and announces itself', () => {
  const page = new Page();
  const main = page.world(echoing());
  let ready = 0;
  page.events.addEventListener(wire.readyEvent, () => { ready += 1; });
  main.call(clientFile, JSON.stringify(clientSettings()), wireJSON, handlerPost);
  assert.equal(ready, 1);
  assert.equal(main.run(`Object.isFrozen(window.bridge)`), true);
  assert.equal(main.run(`Object.keys(window.bridge).join()`), 'invoke,invokeBinary,stream,post,on,off,setTrace');
  assert.equal(main.run(`'settings' in window || 'secret' in window`), false);
  // Injected again (a second bridge on the view), it leaves the first alone.
  main.call(clientFile, JSON.stringify(clientSettings()), wireJSON, handlerPost);
  assert.equal(ready, 1);
});

test('pages outside the prefixes get no bridge; file pages are matched by their normalized path', () => {
  const settings = { prefixes: ['app://localhost/', 'file:///srv/caf%C3%A9/'] };
  assert.equal(bridgePage({ href: 'https://example.com/', settings, native: echoing() }).main.run(`typeof window.bridge`), 'undefined');
  assert.equal(bridgePage({ href: 'app://localhost/x.html', settings, native: echoing() }).main.run(`typeof window.bridge`), 'object');
  assert.equal(bridgePage({ href: 'file:///srv/caf%c3%a9/index.html', settings, native: echoing() }).main.run(`typeof window.bridge`), 'object');
  assert.equal(bridgePage({ href: 'file:///srv/caf%C3%A9/../etc/x', settings, native: echoing() }).main.run(`typeof window.bridge`), 'undefined');
  assert.equal(bridgePage({ href: 'file:///srv/caf%C3%A9/a%2e%2e/x', settings, native: echoing() }).main.run(`typeof window.bridge`), 'object');
  assert.equal(bridgePage({ href: 'file:///srv/caf%C3%A9/%2e%2e/x', settings, native: echoing() }).main.run(`typeof window.bridge`), 'undefined');
});

test("a page of another view (a popup, running its opener's scripts) gets no bridge; the view's own page and a page without the number do", () => {
  const withPage = (number) => {
    const page = new Page();
    const main = page.world(echoing());
    if (number !== undefined) {
      main.run(`Object.defineProperty(window, '__webViewHostPage', { value: ${number}, configurable: true })`);
    }
    main.call(clientFile, JSON.stringify(clientSettings({ page: 7 })), wireJSON, handlerPost);
    return main;
  };
  const popup = withPage(8);
  assert.equal(popup.run(`typeof window.bridge`), 'undefined');
  assert.equal(popup.run(`typeof (window.webkit && window.webkit.bridge)`), 'undefined');
  assert.equal(popup.run(`'__webViewHostPage' in window`), false, 'the page number stayed for page scripts');
  assert.equal(withPage(7).run(`typeof window.bridge`), 'object');
  assert.equal(withPage(undefined).run(`typeof window.bridge`), 'object');
});

test("a page of this view in a process of its own (a new page number) starts when the view runs the activation with its code, never with another", async () => {
  const activate = 'Sources/WebBridge/JavaScript/client-activate.js';
  const code = 'c0de'.repeat(8);
  const moved = (activateFirst) => {
    const page = new Page();
    const main = page.world(echoing());
    main.run(`Object.defineProperty(window, '__webViewHostPage', { value: 29, configurable: true })`);
    if (activateFirst) main.call(activate, JSON.stringify({ name: wire.activate, code }));
    main.call(clientFile, JSON.stringify(clientSettings({ page: 7, activation: code })), wireJSON, handlerPost);
    return main;
  };
  const waiting = moved(false);
  assert.equal(waiting.run(`typeof window.bridge`), 'undefined', 'before the view says so');
  waiting.run(`window['${wire.activate}']('${'f'.repeat(32)}')`);
  assert.equal(waiting.run(`typeof window.bridge`), 'undefined', 'a guessed code');
  waiting.call(activate, JSON.stringify({ name: wire.activate, code }));
  assert.equal(waiting.run(`typeof window.bridge`), 'object', 'the view\'s code');
  assert.equal(await waiting.run(`window.bridge.invoke('echo', { n: 1 }).then(JSON.stringify)`), '{"n":1}');
  waiting.call(activate, JSON.stringify({ name: wire.activate, code }));
  assert.equal(moved(true).run(`typeof window.bridge`), 'object', 'the code left before the client ran');
  const popup = moved(false);
  assert.equal(popup.run(`Object.getOwnPropertyNames(window).filter((name) => /[0-9a-f]{32}/.test(String(window[name]))).length`), 0,
    'the code is nowhere a page script can read');
  assert.equal(popup.run(`window['${wire.activate}'] = () => {}; delete window['${wire.activate}']; String(window['${wire.activate}']).includes('given')`), true,
    'a page script can neither replace nor remove the client\'s hook');
});

test('setTrace sees each call going out and its reply or error coming in', async () => {
  const { main } = bridgePage({ native: echoing() });
  main.run(`window.entries = []; window.bridge.setTrace((entry) => entries.push(entry.direction + ' ' + entry.kind + ' ' + entry.name));`);
  await main.run(`window.bridge.invoke('echo', 1)`);
  await rejectionOf(main.run(`window.bridge.invoke('fail', 1)`));
  main.run(`window.bridge.setTrace(null)`);
  await main.run(`window.bridge.invoke('echo', 2)`);
  assert.equal(main.run(`entries.join('|')`), 'out invoke echo|in reply echo|out invoke fail|in error fail');
});

test('invokeBinary without a binary channel, or with neither bytes nor a JSON request alone, rejects', async () => {
  const { main } = bridgePage({ native: echoing() });
  const none = await rejectionOf(main.run(`window.bridge.invokeBinary('bytes', new Uint8Array(4))`));
  assert.equal(none.code, 'handler-failed');
  assert.equal(none.message, 'this view has no binary channel');
  // Not bytes, with meta beside it: neither form (a JSON request goes alone).
  const wrong = await rejectionOf(main.run(`window.bridge.invokeBinary('bytes', 'text', { meta: 1 })`));
  assert.equal(wrong.code, 'invalid-payload');
  // A JSON request alone is a call (of a BinaryHandler(name, request:)): here, one with no channel.
  const request = await rejectionOf(main.run(`window.bridge.invokeBinary('thumbnail', { size: 3 })`));
  assert.equal(request.message, 'this view has no binary channel');
  const big = await rejectionOf(main.run(`window.bridge.invokeBinary('bytes', new ArrayBuffer(1001))`));
  assert.equal(big.code, 'payload-too-large');
});

test('every kind of value settles: a copy of what JSON carries is posted, anything else is refused with what and where', async () => {
  for (const direct of [true, false]) {
    const { main, native } = bridgePage({ native: echoing(direct ? 'secret:' : ''), settings: { direct, maxDepth: 64, maxBytes: 1e6 } });
    main.run(`
      window.kinds = {
        weakMap: new WeakMap(), weakSet: new WeakSet(), weakRef: new WeakRef({}), promise: Promise.resolve(1),
        bigint: 1n, bigintArray: new BigInt64Array(1), generator: (function* () {})(), nested: { list: [new WeakMap()] },
        cyclic: (() => { const a = { b: {} }; a.b.a = a; return a; })(),
        throwingGetter: { get x() { throw new Error('no reading'); } },
        throwingProxy: new Proxy({}, { ownKeys() { throw new Error('trap'); } }),
        revoked: (() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })(),
        spoofedDate: new Proxy({}, { get: (target, key) => key === Symbol.toStringTag ? 'Date' : undefined }),
        deep: (() => { let d = {}; for (let i = 0; i < 1e5; i++) d = { d }; return d; })(),
      };
      window.outcomes = {};
      for (const [name, value] of Object.entries(kinds)) {
        window.outcomes[name] = window.bridge.invoke('echo', value).then(() => 'resolved', (e) => e.code + ': ' + e.message);
      }`);
    const outcomes = {};
    for (const name of main.run('Object.keys(kinds)')) outcomes[name] = await main.run(`outcomes[${JSON.stringify(name)}]`);
    const cannot = 'invalid-payload: the payload cannot be sent: ';
    assert.deepEqual(outcomes, {
      weakMap: cannot + 'it holds a WeakMap at the top level', weakSet: cannot + 'it holds a WeakSet at the top level',
      weakRef: cannot + 'it holds a WeakRef at the top level', promise: cannot + 'it holds a Promise at the top level',
      bigint: cannot + 'it holds a bigint at the top level', bigintArray: cannot + 'it holds a bigint array at the top level',
      generator: cannot + 'it holds a Generator at the top level', nested: cannot + 'it holds a WeakMap at list[0]',
      cyclic: cannot + 'it holds a cycle (an object inside itself) at b.a', throwingGetter: cannot + 'reading it threw no reading',
      throwingProxy: cannot + 'reading it threw trap',
      revoked: outcomes.revoked.startsWith(cannot + 'reading it threw ') ? outcomes.revoked : 'not refused',
      // A proxy of {} that only claims to be a Date carries as JSON carries it: {}.
      spoofedDate: 'resolved', deep: 'payload-too-large: the payload nests deeper than 64 levels',
    }, direct ? 'direct' : 'relayed');
    // What went out is a plain copy: a proxy read through, a Map as {}, a boxed value unboxed, a class instance's own fields.
    const before = native.posts.length;
    const reply = await main.run(`window.bridge.invoke('echo', { proxy: new Proxy({ a: 1 }, {}), map: new Map([[1, 2]]), boxed: new String('s'),
      point: new (class Point { constructor() { this.x = 1; } get y() { return 2; } })(), args: (function () { return arguments; })(7), ['__proto__']: 3 })`);
    assert.equal(native.posts.length, before + 1);
    const posted = native.posts[before].message;
    assert.equal(Object.getPrototypeOf(posted), main.run('Object.prototype'));
    assert.equal(JSON.stringify(reply), '{"proxy":{"a":1},"map":{},"boxed":"s","point":{"x":1},"args":{"0":7},"__proto__":3}');
  }
});

test('a Date goes as its milliseconds since 1970, wherever it is; an invalid Date is refused', async () => {
  for (const direct of [true, false]) {
    const { main, native } = bridgePage({ native: echoing(direct ? 'secret:' : ''), settings: { direct, maxDepth: 64, maxBytes: 1e6 } });
    const before = native.posts.length;
    await main.run(`window.bridge.invoke('echo', { at: new Date(Date.UTC(2026, 11, 1, 23, 30, 15, 250)), list: [new Date(0)] })`);
    await main.run(`window.webkit.messageHandlers.echo.postMessage(new Date(1796230241756))`);
    assert.deepEqual(JSON.parse(JSON.stringify(native.posts[before].message)), { at: 1796167815250, list: [0] });
    assert.equal(native.posts[before + 1].message, 1796230241756);
    const invalid = await main.run(`window.bridge.invoke('echo', { at: new Date('not a date') }).then(() => 'resolved', (e) => e.code + ': ' + e.message)`);
    assert.equal(invalid, 'invalid-payload: the payload cannot be sent: it holds an invalid Date at at');
  }
});

test('window.webkit.bridge stays the bridge: the page can neither replace, redefine nor delete it, nor window.webkit', async () => {
  for (const direct of [true, false]) {
    const { main } = bridgePage({ native: echoing(direct ? 'secret:' : ''), settings: { direct } });
    const bridge = main.run('window.webkit.bridge');
    const attacks = [
      'window.webkit.bridge = { invoke: () => "forged" }',
      'delete window.webkit.bridge',
      'Object.defineProperty(window.webkit, "bridge", { value: { invoke: () => "forged" } })',
      'Object.defineProperty(window.webkit, "bridge", { get: () => ({ invoke: () => "forged" }) })',
      'window.webkit = { bridge: { invoke: () => "forged" } }',
      'delete window.webkit',
      'Object.defineProperty(window, "webkit", { value: { bridge: { invoke: () => "forged" } } })',
      '"use strict"; window.webkit.bridge = 1',
    ];
    for (const attack of attacks) {
      try { main.run(attack); } catch (_) { /* refused loudly in strict code, silently otherwise */ }
      assert.equal(main.run('window.webkit.bridge'), bridge, `${direct ? 'direct' : 'relayed'}: ${attack}`);
      assert.equal(main.run('Object.getOwnPropertyDescriptor(window.webkit, "bridge").configurable'), false, attack);
    }
    assert.deepEqual(JSON.parse(JSON.stringify(await main.run(`window.webkit.bridge.invoke('echo', { n: 1 })`))), { n: 1 });
    assert.equal(main.run('Object.getOwnPropertyDescriptor(window, "webkit").configurable'), false);
  }
});

test('the global is an ordinary property: a page may declare its own, and window.webkit.bridge stays the bridge', async () => {
  for (const declaration of ['let bridge = 1;', 'const bridge = 1;', 'class bridge {}', 'var bridge = 1;', 'function bridge() {}']) {
    const { main } = bridgePage({ native: echoing() });
    main.run(declaration);
    assert.notEqual(main.run('typeof bridge'), 'object', declaration);
    assert.deepEqual(JSON.parse(JSON.stringify(await main.run(`window.webkit.bridge.invoke('echo', { n: 1 })`))), { n: 1 }, declaration);
    // The native side's way in is not the page's name.
    assert.equal(main.run(`typeof window.${wire.global}.${wire.emit}`), 'function', declaration);
  }
  const named = bridgePage({ native: echoing(), settings: { globalName: 'native' } }).main;
  assert.equal(named.run('typeof window.bridge + " " + (window.native === window.webkit.bridge)'), 'undefined true');
  const none = bridgePage({ native: echoing(), settings: { globalName: null } }).main;
  assert.equal(none.run('typeof window.bridge + " " + typeof window.webkit.bridge.invoke'), 'undefined function');
});
