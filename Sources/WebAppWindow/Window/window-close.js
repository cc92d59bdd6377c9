// Routes the page's `window.close()` to the window's bridge (see WindowCloseScript.swift).
// `window.webkit.bridge` is looked up when `close()` is called: the page client may be injected
// after this script, and exists only on pages the bridge trusts in the bridge's own view.
// Every other page keeps WebKit's own close, which WebKit honours only for a window a script
// opened (after its beforeunload) and reports on that window's own view: a popup, whose page
// runs its opener's scripts, this one among them, but gets no client of its opener's bridge.
// A popup with an opener at document start (before any of the page's script can change
// `opener`) takes WebKit's way even where a client would be there.
/** @type {(settings: {handlerName: string}) => void} */
((settings) => {
  const nativeClose = window.close;
  const isPopup = Boolean(window.opener);
  Object.defineProperty(window, "close", {
    configurable: true, writable: true,
    value: function close() {
      const bridge = window.webkit && window.webkit.bridge;
      if (isPopup || !bridge || typeof bridge.invoke !== "function") return nativeClose.call(window);
      bridge.invoke(settings.handlerName, null).catch(() => {});
    }
  });
})
