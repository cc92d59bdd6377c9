// Generated from the Swift contract "App" by `swift run webview-contract`: do not edit.
// A page types `window.bridge` with it (JSDoc in a script; a global of its own
// named `bridge` also works: it shadows window.bridge, and window.webkit.bridge stays):
//   /** @type {import("./contract").AppBridge} */ const app = window.bridge;

export type Address = string | {
  street?: string;
  city?: string;
  state?: string;
  country?: string;
};

export interface CloseRequest {
  id: string;
  code?: number;
  reason?: string;
}

export interface ConnectRequest {
  url: string;
  headers?: { [key: string]: string };
  protocols?: string[];
}

export interface ConnectionInfo {
  id: string;
  url: string;
  state: string;
  subscriptions: string[];
}

/** Any JSON value. */
export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

export interface MessageEvent {
  id: string;
  data: string;
  binary?: boolean;
}

export interface Place {
  latitude: number;
  longitude: number;
  name: string;
  state: string;
  country: string;
  countryCode: string;
  precision: string;
}

export interface SendReceipt {
  id: string;
  queued: boolean;
}

export interface SendRequest {
  id: string;
  text?: string;
  json?: JSONValue;
}

export interface StateEvent {
  id: string;
  state: string;
  attempt?: number;
  delayMs?: number;
  error?: string;
  code?: number;
  reason?: string;
}

export interface TopicRequest {
  id: string;
  topic: string;
}

/** `window.bridge` with the handlers and events of "App". */
export interface AppBridge {
  /** Places an address (fields, or one line of text) offline, city level; also calls the page's `setLatLon`. */
  invoke(name: "geocodeAddress", payload: Address): Promise<Place>;
  post(name: "geocodeAddress", payload: Address): void;
  /** Opens (or joins) the app's connection to `url`; resolves once it is open. */
  invoke(name: "ws.connect", payload: ConnectRequest): Promise<ConnectionInfo>;
  post(name: "ws.connect", payload: ConnectRequest): void;
  /** Subscribes the connection to a topic, re-sent after every reconnect. */
  invoke(name: "ws.subscribe", payload: TopicRequest): Promise<ConnectionInfo>;
  post(name: "ws.subscribe", payload: TopicRequest): void;
  invoke(name: "ws.unsubscribe", payload: TopicRequest): Promise<ConnectionInfo>;
  post(name: "ws.unsubscribe", payload: TopicRequest): void;
  /** Sends exactly one of `text` and `json`; queued while reconnecting. */
  invoke(name: "ws.send", payload: SendRequest): Promise<SendReceipt>;
  post(name: "ws.send", payload: SendRequest): void;
  /** Closes the connection for every page that uses it. */
  invoke(name: "ws.close", payload: CloseRequest): Promise<ConnectionInfo>;
  post(name: "ws.close", payload: CloseRequest): void;
  /** A connection the page uses changed state. */
  on(event: "ws.state", listener: (payload: StateEvent) => void): void;
  off(event: "ws.state", listener: (payload: StateEvent) => void): void;
  /** A frame arrived: text as it is, binary as base64 with `binary: true`. */
  on(event: "ws.message", listener: (payload: MessageEvent) => void): void;
  off(event: "ws.message", listener: (payload: MessageEvent) => void): void;
}

/** `window.webkit.messageHandlers` with the handlers of "App", for WKWebView-style pages. */
export type AppMessageHandlers = {
  /** Places an address (fields, or one line of text) offline, city level; also calls the page's `setLatLon`. */
  readonly geocodeAddress: { postMessage(message: Address): Promise<Place> };
  /** Opens (or joins) the app's connection to `url`; resolves once it is open. */
  readonly "ws.connect": { postMessage(message: ConnectRequest): Promise<ConnectionInfo> };
  /** Subscribes the connection to a topic, re-sent after every reconnect. */
  readonly "ws.subscribe": { postMessage(message: TopicRequest): Promise<ConnectionInfo> };
  readonly "ws.unsubscribe": { postMessage(message: TopicRequest): Promise<ConnectionInfo> };
  /** Sends exactly one of `text` and `json`; queued while reconnecting. */
  readonly "ws.send": { postMessage(message: SendRequest): Promise<SendReceipt> };
  /** Closes the connection for every page that uses it. */
  readonly "ws.close": { postMessage(message: CloseRequest): Promise<ConnectionInfo> };
};
