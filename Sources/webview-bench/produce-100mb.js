// 100 MB native → page through `bridge.invokeBinary` (see main.swift): the milliseconds it took.
(async () => {
  const started = performance.now();
  const buffer = await window.bridge.invokeBinary('produce', null);
  if (buffer.byteLength !== 100 * 1048576 || new Uint8Array(buffer)[buffer.byteLength - 1] !== 7) throw new Error('bad bytes');
  return performance.now() - started;
})
