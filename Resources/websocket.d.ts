// The app's WebSocket relay as pages reach it through `window.bridge` (see bridge.d.ts).
// The connections live natively (libsoup): they reconnect by themselves, restore their
// subscriptions and outlive the page that opened them.
//
// Scope: a connection belongs to the origin of the page that opened it (as WebKit reports
// the page's URI; `file:` pages: their directory). Pages of that origin that call
// ws.connect with the same address, headers and subprotocols share it, in any window;
// pages of other origins never reach it, whatever id they pass, and ids are random. A page
// uses a connection only after its own ws.connect (a reload keeps its window's use and
// subscriptions: call ws.connect again to hear events). Subscriptions belong to the window
// that made them; ws.message events carry every frame of the connection, whichever window
// subscribed. ws.close ends the calling window's use; the connection closes when its last
// user closes it.

import type { Bridge } from "./bridge";

export type WebSocketStateName = "idle" | "connecting" | "open" | "reconnecting" | "closing" | "closed";

/** What ws.connect, ws.subscribe, ws.unsubscribe and ws.close resolve with. */
export interface WebSocketConnectionInfo {
  readonly id: string;
  readonly url: string;
  readonly state: WebSocketStateName;
  /** Topics this page's window subscribed to (re-sent after every reconnect); [] once closed. */
  readonly subscriptions: string[];
}

/** The `ws.state` event: a connection the page uses changed state. */
export interface WebSocketStateEvent {
  readonly id: string;
  readonly state: WebSocketStateName;
  /**
   * connecting: 0 for the first connection, n for the n-th reconnect; reconnecting: the attempt
   * to come. Attempts count on until a connection stays open for 10 s (the policy's
   * resetAfter), so a server that accepts and drops every connection is retried ever more
   * slowly (the delay doubles up to the app's maximum).
   */
  readonly attempt?: number;
  /** reconnecting: milliseconds before the next attempt. */
  readonly delayMs?: number;
  /**
   * reconnecting, or closed after a failure: why the connection is not open. A first
   * ws.connect that fails is `closed` with `error` (never `reconnecting`), no `code`.
   */
  readonly error?: string;
  /** closed on request (ws.close): the close code and reason. */
  readonly code?: number;
  readonly reason?: string;
}

/** The `ws.message` event: a frame received on a connection the page uses. */
export interface WebSocketMessageEvent {
  readonly id: string;
  /** A text frame's text, or a binary frame's bytes in base64. */
  readonly data: string;
  readonly binary?: true;
}

/**
 * The relay's handlers. Each rejects with a BridgeError: `invalid-payload` for a missing or
 * mistyped field, an invalid URL, header, subprotocol, close code or reason, or an id this
 * page may not use (unknown, closed, another origin's, or not yet connected to with
 * ws.connect); `handler-failed` when the connection fails (the message says how).
 */
export interface WebSocketRelay {
  /**
   * Resolves once the connection is open, also when it is reconnecting (then it waits for
   * the reconnect; the handler's timeout, if any, still applies). The first failure of a new
   * connection rejects and closes it (nothing is retried behind the page's back); later ones
   * are retried and reported through `ws.state`.
   * `headers`: names are HTTP tokens, values have no control characters other than tab, and
   * the handshake's own headers (Host, Connection, Upgrade, Sec-WebSocket-*, Content-Length,
   * Transfer-Encoding, …) are refused. `protocols`: distinct HTTP tokens.
   */
  invoke(name: "ws.connect", payload: { url: string; headers?: Record<string, string>; protocols?: string[] }): Promise<WebSocketConnectionInfo>;
  invoke(name: "ws.subscribe" | "ws.unsubscribe", payload: { id: string; topic: string }): Promise<WebSocketConnectionInfo>;
  /**
   * Exactly one of `text` and `json`. While the connection is not open the message is queued
   * (`queued: true`) and sent, in order, once it opens. The queue holds at most the app's
   * `sendQueueCapacity` messages (1000 by default); one more rejects with `handler-failed`
   * ("the send queue is full"). Messages still queued when the connection closes (its last
   * ws.close, or reconnecting giving up) are dropped, never sent.
   */
  invoke(name: "ws.send", payload: { id: string; text: string } | { id: string; json: unknown }): Promise<{ id: string; queued: boolean }>;
  /**
   * Ends this page's window's use of the connection and resolves with `state: "closed"`; the
   * page gets a `closed` ws.state with the code and reason. The connection itself closes with
   * them (once the close handshake ends) when this was its last user; otherwise it stays up
   * for the others. `code`: 1000 (default), 1001–1003, 1007–1010 or 3000–4999; `reason`: at
   * most 123 bytes of UTF-8.
   */
  invoke(name: "ws.close", payload: { id: string; code?: number; reason?: string }): Promise<WebSocketConnectionInfo>;
  on(event: "ws.state", listener: (event: WebSocketStateEvent) => void): void;
  on(event: "ws.message", listener: (event: WebSocketMessageEvent) => void): void;
}

/** `window.bridge` in a window whose app installed the relay. */
export type BridgeWithWebSockets = Bridge & WebSocketRelay;
