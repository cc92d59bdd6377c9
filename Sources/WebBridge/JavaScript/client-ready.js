// Whether the page client runs in the document now showing (see ClientReadyScript.swift):
// true once it has defined `window.bridge`, false once the document has its root element or
// its DOM without it.
/** @type {(wire: BridgeWireProtocol) => Promise<boolean>} */
(async function clientReady(wire) {
  'use strict';
  const ready = () => Boolean(window.bridge && /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window.bridge))[wire.emit]);
  if (ready() || document.documentElement || document.readyState !== 'loading') return ready();
  return await new Promise((settle) => {
    const done = () => {
      window.removeEventListener(wire.readyEvent, done);
      document.removeEventListener('DOMContentLoaded', done);
      settle(ready());
    };
    window.addEventListener(wire.readyEvent, done);
    document.addEventListener('DOMContentLoaded', done);
  });
})
