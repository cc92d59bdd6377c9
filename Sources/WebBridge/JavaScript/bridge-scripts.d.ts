// Types of the bridge's page scripts (bridge-client.js, bridge-relay.js, handler-post.js,
// client-ready.js): what the Swift side passes them, and the globals they touch. Checked with
// the scripts by `make check-js`; nothing here is injected.

import type { Bridge, BridgeError, BridgeErrorCode, BridgeTraceEntry, WebKitMessageHandler } from "./bridge";

declare global {
  /** wire-protocol.json: the names Swift and the scripts share. */
  interface BridgeWireProtocol {
    /** The window's hidden, unshadowable property holding the bridge, for the native side. */
    readonly global: string;
    /** `window.bridge`'s hidden function the native side calls page functions through. */
    readonly call: string;
    /** `window.bridge`'s hidden function the native side dispatches events through. */
    readonly emit: string;
    /** `window.bridge`'s hidden function that replaces the handler names (newline-separated). */
    readonly names: string;
    /** What ends the JSON in `json\nname` and the id in `id\njson`. */
    readonly separator: string;
    /** What the client dispatches on `window` once `window.bridge` is defined. */
    readonly readyEvent: string;
    /** The window's property through which the bridge's view confirms a page is its own
     *  (client-activate.js): the client's hook, or the code itself when it comes first. */
    readonly activate: string;
  }

  /** BridgeClientScript.Settings. */
  interface BridgeClientSettings {
    readonly prefixes: readonly string[];
    readonly names: readonly string[];
    readonly direct: boolean;
    readonly prefix: string;
    readonly binaryBase: string;
    readonly globalName: string | null;
    readonly routerName: string;
    readonly callEvent: string;
    readonly replyEvent: string;
    readonly maxBytes: number;
    readonly maxDepth: number;
    readonly page?: number | null;
    /** What the bridge's view runs in a page of its own whose number is not `page`. */
    readonly activation?: string | null;
  }

  /** ClientActivationScript's parameters. */
  interface BridgeClientActivation {
    readonly name: string;
    readonly code: string;
  }

  /** What the client keeps from its first run for the run its view's activation starts. */
  interface BridgeClientTaken {
    readonly nativeBinary: NativeBinary | null;
  }

  /** BridgeRelayScript's parameters. */
  interface BridgeRelaySettings {
    readonly routerName: string;
    readonly callEvent: string;
    readonly replyEvent: string;
  }

  /** How the client sends a call: to the handlers directly, or through the relay. */
  type Transport = (name: string, payload: unknown) => Promise<unknown>;

  /** What handler-post.js returns. */
  interface HandlerPost {
    post(name: string, payload: unknown, onReply: (reply: unknown) => unknown, onError: (error: unknown) => unknown,
         again?: boolean): Promise<unknown>;
    failed(error: unknown): string;
  }

  /** handler-post.js. */
  type MakeHandlerPost = (routerName: string, prefix: string, separator: string) => HandlerPost;

  /** A rejection of the bridge: an `Error` with a `code`. */
  type BridgeFailure = Error & { code: BridgeErrorCode };

  /** What the relay sends the page: `id\njson`, or a structured value or error. */
  type RelayReply = string | { readonly id: number; readonly value?: unknown; readonly error?: string };

  /** What the page sends the relay. */
  interface RelayCall { readonly id: number; readonly name: string; readonly payload: unknown }

  /** The web process extension's function for the binary channel (see WebProcessExtension). */
  type NativeBinary = (url: string, bytes: ArrayBuffer | ArrayBufferView | null, onAnswer: (status: number, type: string, buffer: ArrayBuffer) => void,
                       onError: (message: string) => void) => void;

  type PageBridge = Bridge;
  type PageTraceEntry = BridgeTraceEntry;
  type PageMessageHandler = WebKitMessageHandler;
  type PageBridgeError = BridgeError;
}
