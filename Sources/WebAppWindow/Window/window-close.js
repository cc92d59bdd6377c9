// Routes the page's `window.close()` to the window's bridge (see WindowCloseScript.swift).
// `window.webkit.bridge` is looked up when `close()` is called: the page client may be injected
// after this script, and exists only on pages the bridge trusts.
// A popup (a window a script opened: it has an opener at document start, before any of the
// page's script can change `opener`) keeps WebKit's own close, which WebKit honours for such
// windows and reports on the popup's own view. Its bridge calls cannot close it: WebKit runs
// a related view's pages with its opener's user content, so they reach the opener's bridge.
/** @type {(settings: {handlerName: string}) => void} */
((settings) => {
  const nativeClose = window.close;
  const isPopup = Boolean(window.opener);
  Object.defineProperty(window, "close", {
    configurable: true, writable: true,
    value: function close() {
      if (isPopup) return nativeClose.call(window);
      const bridge = window.webkit && window.webkit.bridge;
      if (bridge && typeof bridge.invoke === "function") bridge.invoke(settings.handlerName, null).catch(() => {});
    }
  });
})
