// Routes the page's `window.close()` to the window's bridge (see WindowCloseScript.swift).
// `window.webkit.bridge` is looked up when `close()` is called: the page client may be injected
// after this script, and exists only on pages the bridge trusts.
/** @type {(settings: {handlerName: string}) => void} */
((settings) => {
  Object.defineProperty(window, "close", {
    configurable: true, writable: true,
    value: function close() {
      const bridge = window.webkit && window.webkit.bridge;
      if (bridge && typeof bridge.invoke === "function") bridge.invoke(settings.handlerName, null).catch(() => {});
    }
  });
})
