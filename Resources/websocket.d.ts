// The app's WebSocket relay as pages reach it through `window.bridge` (see bridge.d.ts).
// The connections live natively (libsoup) and belong to the app: they reconnect by
// themselves, restore their subscriptions, outlive the page that opened them, and are
// shared by every page that connects to the same address with the same options.

import type { Bridge } from "./bridge";

export type WebSocketStateName = "idle" | "connecting" | "open" | "reconnecting" | "closing" | "closed";

/** What ws.connect, ws.subscribe, ws.unsubscribe and ws.close resolve with. */
export interface WebSocketConnectionInfo {
  readonly id: string;
  readonly url: string;
  readonly state: WebSocketStateName;
  /** Topics subscribed to, re-sent after every reconnect. */
  readonly subscriptions: string[];
}

/** The `ws.state` event: a connection the page uses changed state. */
export interface WebSocketStateEvent {
  readonly id: string;
  readonly state: WebSocketStateName;
  /** connecting: 0 for the first connection, n for the n-th reconnect; reconnecting: the attempt to come. */
  readonly attempt?: number;
  /** reconnecting: milliseconds before the next attempt. */
  readonly delayMs?: number;
  /** reconnecting, or closed after a failure: why the connection is not open. */
  readonly error?: string;
  /** closed on request: the close code and reason. */
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
 * mistyped field, an invalid URL or an unknown connection id; `handler-failed` when the
 * connection fails (the message says how). ws.connect resolves once the connection is open;
 * its first failure rejects (nothing is retried behind the page's back), later ones are
 * retried and reported through `ws.state`.
 */
export interface WebSocketRelay {
  invoke(name: "ws.connect", payload: { url: string; headers?: Record<string, string>; protocols?: string[] }): Promise<WebSocketConnectionInfo>;
  invoke(name: "ws.subscribe" | "ws.unsubscribe", payload: { id: string; topic: string }): Promise<WebSocketConnectionInfo>;
  /** Exactly one of `text` and `json`; while reconnecting the message is queued (`queued: true`). */
  invoke(name: "ws.send", payload: { id: string; text: string } | { id: string; json: unknown }): Promise<{ id: string; queued: boolean }>;
  /** Closes the connection for every page that uses it; resolves once it is closed. */
  invoke(name: "ws.close", payload: { id: string; code?: number; reason?: string }): Promise<WebSocketConnectionInfo>;
  on(event: "ws.state", listener: (event: WebSocketStateEvent) => void): void;
  on(event: "ws.message", listener: (event: WebSocketMessageEvent) => void): void;
}

/** `window.bridge` in a window whose app installed the relay. */
export type BridgeWithWebSockets = Bridge & WebSocketRelay;
