// Development mode only: the page's console messages and uncaught errors, posted to the
// window's bridge to be printed on standard error with their source and line (see
// DevelopmentConsole.swift). `window.bridge` is looked up per message: the page client
// may be injected after this script, and exists only on pages the bridge trusts.
/** @type {(settings: {handlerName: string}) => void} */
((settings) => {
  /** @param {unknown} value */
  const text = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return String(value.stack ? value.name + ': ' + value.message : value);
    try { return JSON.stringify(value) ?? String(value); } catch (_) { return String(value); }
  };
  /**
   * The first frame of a JavaScriptCore stack (`name@url:line:column`) outside this script.
   * @param {string | undefined} stack
   * @param {number} skip frames to leave out (this script's own)
   */
  const place = (stack, skip) => {
    for (const frame of String(stack || '').split('\n').slice(skip)) {
      const match = /(?:^|@)([^@\s]+?):(\d+):(\d+)$/.exec(frame);
      if (match) return { source: match[1], line: Number(match[2]), column: Number(match[3]) };
    }
    return { source: '', line: 0, column: 0 };
  };
  /**
   * @param {string} level
   * @param {string} message
   * @param {{source: string, line: number, column: number}} where
   */
  const post = (level, message, where) => {
    const bridge = window.bridge;
    if (bridge && typeof bridge.post === 'function') {
      try { bridge.post(settings.handlerName, { level, text: message, source: where.source, line: where.line, column: where.column }); } catch (_) {}
    }
  };
  const console = window.console;
  for (const level of /** @type {const} */ (['log', 'info', 'warn', 'error', 'debug'])) {
    const original = console[level];
    console[level] = function (...values) {
      // Frames: this wrapper, then the caller.
      post(level, values.map(text).join(' '), place(new Error().stack, 1));
      return original.apply(console, values);
    };
  }
  window.addEventListener('error', (event) => {
    post('uncaught', String(event.message), { source: String(event.filename || ''), line: event.lineno || 0, column: event.colno || 0 });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = /** @type {unknown} */ (event.reason);
    post('uncaught', '(in promise) ' + text(reason), place(reason instanceof Error ? reason.stack : '', 0));
  });
})
