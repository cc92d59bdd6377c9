// The page side of WebViewHost's bridge: `window.bridge`, injected into the main frame
// before any page script runs, and only on pages the bridge trusts (by default the app's
// own `app://localhost` pages and the page the app was started with); iframes never get it. Messages reach Swift handlers registered with
// `WebViewBridge.add(_:)`; events come from `WebViewBridge.dispatch(_:)`.

/** Why a call failed; every rejection from the bridge is an `Error` with one of these codes. */
export type BridgeErrorCode =
  | "invalid-payload"   // the payload did not decode; the message names the field and the expected type
  | "unknown-handler"   // no handler of that name (bridge.invoke)
  | "handler-failed"    // the handler threw or never answered (the message is its description), or its work was cancelled because the page went away
  | "payload-too-large" // over the size limit (64 MiB by default; an array counts its declared length) or nesting depth (64 levels by default)
  | "forbidden"         // the page showing is not one this handler accepts calls from
  | "timeout"           // the handler did not answer within its time limit
  | "page-unresponsive" // the page stopped responding (its web process stuck) while the call waited
  | "web-process-terminated"; // the page's web process ended (crashed, over its memory limit, stopped) while the call waited

/** The error a bridge Promise rejects with (also from raw `messageHandlers.NAME.postMessage`). */
export interface BridgeError extends Error {
  readonly code: BridgeErrorCode;
  readonly message: string;
}

/** One entry of the traffic trace, for logs: page → native is "out", native → page is "in". */
export interface BridgeTraceEntry {
  readonly direction: "out" | "in";
  /** invoke / postMessage: a message; reply / error: its answer; event: a native event; call: a native call of a page function. */
  readonly kind: "invoke" | "postMessage" | "reply" | "error" | "event" | "call";
  readonly name: string;
  readonly payload: unknown;
  /** performance.now() when it happened. */
  readonly time: number;
  /** For replies and errors: milliseconds since the message was sent. */
  readonly ms?: number;
}

/** A JSON request of a binary handler that takes no bytes: any JSON value but null. */
export type JSONRequest = string | number | boolean | readonly unknown[] | { readonly [key: string]: unknown };

/** One choice of the file chooser's filter list: `name` is what the user reads, `patterns`
 *  shell globs of file names (`"*.json"`), `mimeTypes` types (`"image/*"`); a file matching
 *  any of them is shown. */
export interface FileFilter {
  readonly name: string;
  readonly patterns?: readonly string[];
  readonly mimeTypes?: readonly string[];
}

/** What a page may say about the chooser `desktop.openFile` shows; both optional. */
export interface OpenFileOptions {
  /** The dialog's title ("Open" by default). */
  readonly title?: string;
  /** The filters the user picks from, the first applied. */
  readonly filters?: readonly FileFilter[];
}

/** `window.bridge`; an app's generated contract (`<Name>Bridge`) types each name it lists. */
export interface Bridge {
  /** Sends `payload` (any structured-clonable value, or a JSON string) to the handler `name`,
   *  matched exactly; resolves with its answer, rejects with a `BridgeError`. Strings cross
   *  whole in both directions, NUL included. A payload over the limits is refused before
   *  it is sent, in time bounded by what it holds (a sparse array is not walked). */
  invoke<Response = unknown>(name: string, payload?: unknown): Promise<Response>;
  /** The window's file chooser, when the app allows its pages it (`PageServices.fileChooser`):
   *  resolves with the chosen file's bytes (never its path), or with null when the user
   *  cancelled, which is an answer, not an error. */
  invokeBinary(name: "desktop.openFile", data: null | ArrayBuffer, options?: OpenFileOptions): Promise<ArrayBuffer | null>;
  /** Sends bytes to the binary handler `name` (Swift's `BinaryHandler`) and resolves with
   *  the bytes it returns, or with its JSON answer decoded when it answers a value
   *  (`BinaryHandler(name, meta:, answer:)`; `NoAnswer` gives null). They travel as the body of a request to the view's own scheme and
   *  of its response, never as JSON or base64; `meta` (optional, JSON) goes beside them.
   *  Same checks and error codes as `invoke`; over the size limit is `payload-too-large`. */
  invokeBinary<Answer = ArrayBuffer>(name: string, data: ArrayBuffer | ArrayBufferView | Blob | null, meta?: unknown): Promise<Answer>;
  /** Calls the binary handler `name` that takes a JSON request (Swift's
   *  `BinaryHandler(name, request:)`) and resolves with the bytes it returns: no bytes go,
   *  `request` travels as the meta does. */
  invokeBinary<Answer = ArrayBuffer>(name: string, request: JSONRequest): Promise<Answer>;
  /** Starts the stream handler `name` (Swift's `StreamHandler`) with `payload`: an async
   *  iterator of its chunks in order, `ArrayBuffer`s for bytes and values for JSON. Each
   *  chunk is pulled when the page asks for it, so Swift runs at most a few chunks ahead;
   *  `break` (or `return()`) cancels the Swift task. Failures reject `next()` with a `BridgeError`. */
  stream<Chunk = ArrayBuffer | unknown>(name: string, payload?: unknown): AsyncIterableIterator<Chunk>;
  /** Sends without waiting for an answer; failures are reported natively. */
  post(name: string, payload?: unknown): void;
  /** Listens to a native event; each event is also dispatched on `window` as a
   *  `CustomEvent` of that name with the payload in `detail`. */
  on<Payload = unknown>(event: string, listener: (payload: Payload) => void): void;
  off<Payload = unknown>(event: string, listener: (payload: Payload) => void): void;
  /** Sees every message, answer, event and native call, with timing; null stops it. */
  setTrace(listener: ((entry: BridgeTraceEntry) => void) | null): void;
}

/** WebKit's reply-capable message handler, as a WKWebView-style page calls it; each stays
 *  in `window.webkit.messageHandlers` for the page's lifetime. */
export interface WebKitMessageHandler {
  /** Resolves with the handler's answer; rejects with a `BridgeError`. */
  postMessage<Response = unknown>(message: unknown): Promise<Response>;
}

declare global {
  interface Window {
    /** The bridge under the global name the app chose (`BridgeConfiguration.globalName`,
     *  "bridge" by default; absent when it chose none). An ordinary property: a page's own
     *  top-level `let`, `const`, `class`, `var` or `function bridge` runs and shadows it. */
    readonly bridge: Bridge;
    /** WebKit's namespace, extended (or, where WebKit defines none, made) by the bridge. */
    readonly webkit: {
      readonly messageHandlers: Record<string, WebKitMessageHandler | undefined>;
      /** The bridge, whatever the page names its own globals. */
      readonly bridge: Bridge;
    };
  }
}
