// 1 GB in 1 MB chunks pulled through `bridge.stream` (see main.swift): the milliseconds it took.
(async () => {
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of window.bridge.stream('gigabyte', 1024)) bytes += /** @type {ArrayBuffer} */ (chunk).byteLength;
  if (bytes !== 1 << 30) throw new Error('lost bytes');
  return performance.now() - started;
})
