// The policy-violation witness (see PolicyViolations.swift), in a script world of its own in
// every frame: reports each Content-Security-Policy refusal its document hears to the host.
// Only trusted events count: a page can dispatch a SecurityPolicyViolationEvent of its own,
// never one WebKit marks trusted.
/** @type {(settings: {handlerName: string}) => void} */
((settings) => {
  const handler = /** @type {NonNullable<Window['webkit']['messageHandlers'][string]>} */ (window.webkit.messageHandlers[settings.handlerName]);
  const page = location.protocol === 'about:' ? String(self.origin) : String(location.href);
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!event.isTrusted || event.disposition !== 'enforce') return;
    const report = {
      page,
      directive: String(event.effectiveDirective),
      blocked: String(event.blockedURI),
      file: String(event.sourceFile || event.documentURI),
      line: Number(event.lineNumber) || 0,
      column: Number(event.columnNumber) || 0,
    };
    try { handler.postMessage(report).catch(() => {}); } catch (_) {}
  }, true);
})
