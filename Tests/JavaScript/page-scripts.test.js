// The library's smaller page scripts, run in a fake page: the relay's claim of calls,
// client-ready.js, window-close.js and the frame witness.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { Page, NativeHandlers, bridgePage, wire, wireJSON, handlerPost, clientFile, clientSettings } = require('./page.js');

test('client-ready.js: true at once when the client already runs, false once the DOM came without it', async () => {
  const { main } = bridgePage({ native: (() => { const n = new NativeHandlers(); n.register('secret:router', () => 'null'); return n; })() });
  assert.equal(await main.call('Sources/WebBridge/JavaScript/client-ready.js', wireJSON), true);
  const page = new Page();
  const bare = page.world(null);
  const waiting = bare.call('Sources/WebBridge/JavaScript/client-ready.js', wireJSON);
  let settled = false;
  waiting.then(() => { settled = true; });
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(settled, false, 'answered before the document had its DOM');
  page.domContentLoaded();
  assert.equal(await waiting, false);
});

test('client-ready.js: true once the client, injected later, announces itself', async () => {
  const page = new Page();
  const native = new NativeHandlers();
  native.register('secret:router', () => 'null');
  const main = page.world(native);
  const waiting = main.call('Sources/WebBridge/JavaScript/client-ready.js', wireJSON);
  main.call(clientFile, JSON.stringify(clientSettings()), wireJSON, handlerPost);
  assert.equal(await waiting, true);
});

test('bridge-relay.js claims only well-formed calls, stopping them from reaching page listeners', () => {
  const page = new Page();
  const native = new NativeHandlers();
  native.register('router', () => 'null');
  page.world(native).call('Sources/WebBridge/JavaScript/bridge-relay.js',
    JSON.stringify({ routerName: 'router', callEvent: 'c', replyEvent: 'r' }), wireJSON, handlerPost);
  let heard = 0;
  page.events.addEventListener('c', () => { heard += 1; });
  const claimed = (detail) => !page.events.dispatchEvent(new CustomEvent('c', { detail, cancelable: true }));
  assert.equal(claimed({ id: 1, name: 7 }), false);
  assert.equal(claimed(null), false);
  assert.equal(heard, 2);
  assert.equal(claimed({ id: 2, name: 'x', payload: 1 }), true);
  assert.equal(heard, 2, 'a claimed call reached a page listener');
});

test("window-close.js routes window.close() to the bridge's handler (window.webkit.bridge), and leaves WebKit's own close without a bridge", async () => {
  const page = new Page();
  const world = page.world(null);
  world.run(`window.calls = []; window.close = function () { calls.push(this === window ? 'native' : 'wrong this'); }`);
  world.call('Sources/WebAppWindow/Window/window-close.js', JSON.stringify({ handlerName: 'webviewhost.closeWindow' }));
  world.run('window.close()');
  // The page's own `bridge` is not the bridge: window.webkit.bridge is.
  world.run(`window.bridge = { invoke: () => { calls.push('page-own'); return Promise.resolve(); } }`);
  world.run('window.close()');
  world.run(`Object.defineProperty(window, 'webkit', { value: { bridge: { invoke: (name, payload) => { calls.push([name, payload]); return Promise.reject(new Error('refused')); } } } })`);
  world.run('window.close()');
  await new Promise((resolve) => setTimeout(resolve, 1));
  assert.equal(JSON.stringify(world.run('calls')), '["native","native",["webviewhost.closeWindow",null]]');
});

test("window-close.js leaves a popup (a window with an opener at document start) WebKit's own close, never the bridge", async () => {
  const page = new Page();
  const world = page.world(null);
  world.run(`window.calls = []; window.opener = {}; window.close = function () { calls.push(this === window ? 'native' : 'wrong this'); }`);
  world.run(`Object.defineProperty(window, 'webkit', { value: { bridge: { invoke: (name) => { calls.push(name); return Promise.resolve(); } } } })`);
  world.call('Sources/WebAppWindow/Window/window-close.js', JSON.stringify({ handlerName: 'webviewhost.closeWindow' }));
  // The page cannot turn itself into a window without an opener, to reach the bridge.
  world.run('window.opener = null; window.close()');
  await new Promise((resolve) => setTimeout(resolve, 1));
  assert.equal(JSON.stringify(world.run('calls')), '["native"]');
});

test('frame-witness.js reports dialog markers of its document with its frame, and no untrusted input', async () => {
  const page = new Page('https://example.com/frame.html');
  const native = new NativeHandlers();
  native.register('webviewhostFrame', () => null);
  const witness = page.world(native);
  const settings = JSON.stringify({ handlerName: 'webviewhostFrame', markerEvent: 'marker' });
  witness.call('Sources/WebKitGTK/Navigation/frame-witness.js', settings);
  // The page's world: its dialogs announce themselves in this document.
  const pageWorld = page.world(null);
  pageWorld.run(`window.shown = []; window.alert = (m) => { shown.push(m); }; window.confirm = () => true;`);
  pageWorld.call('Sources/WebKitGTK/Navigation/frame-dialog-marker.js', JSON.stringify({ markerEvent: 'marker' }));
  pageWorld.run(`alert('hello'); confirm();`);
  assert.equal(pageWorld.run(`shown.join()`), 'hello');
  assert.equal(pageWorld.run(`confirm()`), true);
  page.events.dispatchEvent(new Event('mousedown'));
  page.documentEvents.dispatchEvent(new CustomEvent('marker', { detail: 'not an object' }));
  await new Promise((resolve) => setTimeout(resolve, 1));
  assert.deepEqual(native.posts.map((post) => ({ ...post.message })), [
    { report: 'dialog', kind: 'alert', message: 'hello', uri: 'https://example.com/frame.html', top: true },
    { report: 'dialog', kind: 'confirm', message: '', uri: 'https://example.com/frame.html', top: true },
    { report: 'dialog', kind: 'confirm', message: '', uri: 'https://example.com/frame.html', top: true },
  ]);
});
