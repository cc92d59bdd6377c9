// The globals of webview-bench's page scripts (bench-page.js, floor-capture.js); checked with
// them by `make check-js`.

/** A zero-argument async function the bench times. */
type BenchCall = () => Promise<unknown>;
/** A side's send function: one payload in, its echo out. */
type BenchSend = (payload: unknown) => Promise<unknown>;

interface Window {
  payloads: Map<number, object>;
  /** A payload of about `bytes` bytes of JSON (0: a small object), made once. */
  payload(bytes: number): object;
  /** Milliseconds `a` and `b` took in all, called `count` times each in ABBA order. */
  timePairs(a: BenchCall, b: BenchCall, count: number): Promise<[number, number]>;
  buffers: Map<number, Uint8Array>;
  /** `bytes` bytes, made once. */
  buffer(bytes: number): Uint8Array;
  /** A call echoing `bytes` bytes through `bridge.invokeBinary`. */
  binaryEcho(bytes: number): BenchCall;
  /** A call sending a payload of about `bytes` bytes with `send`. */
  jsonCall(send: BenchSend, bytes: number): BenchCall;
  /** Whether `send` echoes a payload of about `bytes` bytes intact. */
  checkEcho(send: BenchSend, bytes: number): Promise<boolean>;
  /** The floor's handler, posted to with nothing of the bridge in between (floor-capture.js). */
  floorPost: BenchSend;
}
