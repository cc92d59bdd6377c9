// In the page's world of every frame (see FrameWitness.swift): wraps alert, confirm and prompt
// so each announces itself in its own document just before the real dialog.
/** @type {(settings: {markerEvent: string}) => void} */
((settings) => {
  const dispatch = EventTarget.prototype.dispatchEvent;
  /**
   * @param {string} kind
   * @param {unknown} message
   */
  const announce = (kind, message) => {
    try {
      dispatch.call(document, new CustomEvent(settings.markerEvent, { detail: { kind, message: message === undefined ? '' : String(message) } }));
    } catch (_) {}
  };
  for (const kind of /** @type {const} */ (['alert', 'confirm', 'prompt'])) {
    const original = /** @type {(...args: unknown[]) => unknown} */ (window[kind]);
    if (typeof original !== 'function') continue;
    Object.defineProperty(window, kind, {
      configurable: true, writable: true,
      value: { [kind](/** @type {unknown[]} */ ...args) { announce(kind, args[0]); return original.apply(this, args); } }[kind],
    });
  }
})
