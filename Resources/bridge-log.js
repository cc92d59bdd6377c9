// @ts-check
'use strict';

// The bridge log panel shared by the demo pages: every message, answer, event and native
// call between the page and Swift, in both directions, with its time and round trip.
// It reads the bridge's own trace (window.bridge.setTrace), so nothing is logged twice.
const BridgeLog = (() => {
  const maxRows = 300;

  /** @param {unknown} value */
  const summarize = (value) => {
    let text;
    try { text = JSON.stringify(value); } catch (_) { text = String(value); }
    if (text === undefined) text = 'undefined';
    return text.length > 120 ? text.slice(0, 117) + '…' : text;
  };

  /** @param {import('./bridge').BridgeTraceEntry} entry */
  const row = (entry) => {
    const element = document.createElement('tr');
    element.className = entry.direction + ' ' + entry.kind;
    const cells = [
      entry.time.toFixed(1),
      entry.direction === 'out' ? 'page → native' : 'native → page',
      entry.kind,
      entry.name,
      summarize(entry.payload),
      entry.ms === undefined ? '' : entry.ms.toFixed(2) + ' ms',
    ];
    for (const text of cells) {
      const cell = document.createElement('td');
      cell.textContent = text;
      element.appendChild(cell);
    }
    return element;
  };

  // Logs into `table`'s body, newest first, keeping the last rows only. `clear` empties it;
  // `shows(entry)`, if given, decides which entries are listed (e.g. to hide a flood of events).
  /**
   * @param {{ table: HTMLTableElement, clear?: HTMLElement,
   *           shows?: (entry: import('./bridge').BridgeTraceEntry) => boolean }} panel
   */
  const attach = ({ table, clear, shows }) => {
    if (!window.bridge) return;
    const body = table.tBodies[0];
    window.bridge.setTrace((entry) => {
      if (shows && !shows(entry)) return;
      body.prepend(row(entry));
      while (body.rows.length > maxRows) body.deleteRow(-1);
    });
    if (clear) clear.addEventListener('click', () => body.replaceChildren());
  };

  return { attach };
})();
