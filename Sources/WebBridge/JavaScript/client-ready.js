// Whether the page client runs in the document now showing (see ClientReadyScript.swift):
// true once it has defined the bridge (`window.webkit.bridge`), false once the document has its root element or
// its DOM without it.
/** @type {(wire: BridgeWireProtocol) => Promise<boolean>} */
(async function clientReady(wire) {
  'use strict';
  const ready = () => Object.prototype.hasOwnProperty.call(window, wire.global);
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
