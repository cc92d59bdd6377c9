// The frame witness (see FrameWitness.swift), in its own script world of every frame: reports
// trusted input in its frame, and the dialog and permission-call markers its document hears,
// to the host.
/** @type {(settings: {handlerName: string, markerEvent: string, permissionEvent: string}) => void} */
((settings) => {
  const handler = /** @type {NonNullable<Window['webkit']['messageHandlers'][string]>} */ (window.webkit.messageHandlers[settings.handlerName]);
  const frame = () => ({
    uri: location.protocol === 'about:' ? String(self.origin) : String(location.href),
    top: window === window.top,
  });
  /** @param {Record<string, unknown>} report */
  const post = (report) => { try { handler.postMessage(Object.assign(report, frame())).catch(() => {}); } catch (_) {} };
  for (const type of ['mousedown', 'pointerdown', 'touchstart', 'keydown']) {
    window.addEventListener(type, (event) => { if (event.isTrusted) post({ report: 'activation' }); }, true);
  }
  // The name a clicked `<a download=…>` in this document suggests: WebKit cannot download from
  // the app's own scheme, so the host copies the file and needs the name from here.
  window.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[download]') : null;
    if (link instanceof HTMLAnchorElement && link.download) post({ report: 'download', href: link.href, name: link.download });
  }, true);
  document.addEventListener(settings.markerEvent, (event) => {
    const detail = /** @type {CustomEvent<{kind?: unknown, message?: unknown} | null>} */ (event).detail;
    if (detail === null || typeof detail !== 'object') return;
    post({ report: 'dialog', kind: String(detail.kind), message: String(detail.message) });
  }, true);
  document.addEventListener(settings.permissionEvent, (event) => {
    const detail = /** @type {CustomEvent<{api?: unknown, phase?: unknown, call?: unknown} | null>} */ (event).detail;
    if (detail === null || typeof detail !== 'object') return;
    post({ report: 'permission', api: String(detail.api), phase: String(detail.phase), call: String(detail.call) });
  }, true);
})
