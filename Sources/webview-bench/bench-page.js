// The bench page's own script (see PageTimer.swift): payloads made once, the timed loops, and
// the functions making each side's calls. Its globals are declared in bench-page.d.ts.
(() => {
  window.payloads = new Map();
  window.payload = (bytes) => {
    if (!window.payloads.has(bytes)) window.payloads.set(bytes, bytes === 0 ? { n: 1 } : { data: 'x'.repeat(Math.max(0, bytes - 11)) });
    return /** @type {object} */ (window.payloads.get(bytes));
  };
  // `count` calls of each of two zero-argument async functions, one by one, in ABBA order
  // so neither always goes first; returns the milliseconds each took in all.
  window.timePairs = async (a, b, count) => {
    let msA = 0, msB = 0;
    for (let i = 0; i < count; i++) {
      const [first, second] = i & 1 ? [b, a] : [a, b];
      const t0 = performance.now();
      await first();
      const t1 = performance.now();
      await second();
      const t2 = performance.now();
      if (i & 1) { msB += t1 - t0; msA += t2 - t1; } else { msA += t1 - t0; msB += t2 - t1; }
    }
    return [msA, msB];
  };
  window.buffers = new Map();
  window.buffer = (bytes) => {
    if (!window.buffers.has(bytes)) { const b = new Uint8Array(bytes); for (let i = 0; i < bytes; i += 4096) b[i] = i & 255; window.buffers.set(bytes, b); }
    return /** @type {Uint8Array} */ (window.buffers.get(bytes));
  };
  window.binaryEcho = (bytes) => {
    const data = window.buffer(bytes);
    return async () => {
      const echoed = await window.bridge.invokeBinary('echo', data);
      if (echoed.byteLength !== bytes) throw new Error('binary echo lost bytes');
    };
  };
  window.jsonCall = (send, bytes) => { const payload = window.payload(bytes); return () => send(payload); };
  window.checkEcho = async (send, bytes) => JSON.stringify(await send(window.payload(bytes))) === JSON.stringify(window.payload(bytes));
})
