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

/** What each handler takes (`invoke`, `post`) and answers. */
export interface AppHandlers {
  /** Places an address (fields, or one line of text) offline, city level; also calls the page's `setLatLon`. */
  geocodeAddress: { payload: [payload: Address]; answer: Place };
  /** Opens (or joins) the app's connection to `url`; resolves once it is open. */
  "ws.connect": { payload: [payload: ConnectRequest]; answer: ConnectionInfo };
  /** Subscribes the connection to a topic, re-sent after every reconnect. */
  "ws.subscribe": { payload: [payload: TopicRequest]; answer: ConnectionInfo };
  "ws.unsubscribe": { payload: [payload: TopicRequest]; answer: ConnectionInfo };
  /** Sends exactly one of `text` and `json`; queued while reconnecting. */
  "ws.send": { payload: [payload: SendRequest]; answer: SendReceipt };
  /** Closes the connection for every page that uses it. */
  "ws.close": { payload: [payload: CloseRequest]; answer: ConnectionInfo };
}

/** What each binary handler takes (`invokeBinary`: bytes and meta, or a JSON request) and answers. */
export interface AppBinaryHandlers {
}

/** What each stream takes (`stream`) and the chunks it yields. */
export interface AppStreams {
}

/** The payload of each event (`on`, `off`). */
export interface AppEvents {
  /** A connection the page uses changed state. */
  "ws.state": StateEvent;
  /** A frame arrived: text as it is, binary as base64 with `binary: true`. */
  "ws.message": MessageEvent;
}

/** A name `Map` lists, else a string no name is: tsc then says "Unknown handler: NAME". */
type AppKnown<Map, Name extends string, What extends string> = Name extends keyof Map ? Name : `Unknown ${What}: ${Name}`;

/** `window.bridge` with the handlers, binary handlers, streams and events of "App". */
export interface AppBridge {
  invoke<Name extends string>(name: AppKnown<AppHandlers, Name, "handler">, ...payload: Name extends keyof AppHandlers ? AppHandlers[Name]["payload"] : [payload?: never]): Promise<Name extends keyof AppHandlers ? AppHandlers[Name]["answer"] : unknown>;
  post<Name extends string>(name: AppKnown<AppHandlers, Name, "handler">, ...payload: Name extends keyof AppHandlers ? AppHandlers[Name]["payload"] : [payload?: never]): void;
  invokeBinary<Name extends string>(name: AppKnown<AppBinaryHandlers, Name, "binary handler">, data: Name extends keyof AppBinaryHandlers ? AppBinaryHandlers[Name]["data"] : never, ...meta: Name extends keyof AppBinaryHandlers ? AppBinaryHandlers[Name]["meta"] : [meta?: never]): Promise<Name extends keyof AppBinaryHandlers ? AppBinaryHandlers[Name]["answer"] : unknown>;
  stream<Name extends string>(name: AppKnown<AppStreams, Name, "stream">, ...payload: Name extends keyof AppStreams ? AppStreams[Name]["payload"] : [payload?: never]): AsyncIterableIterator<Name extends keyof AppStreams ? AppStreams[Name]["chunk"] : unknown>;
  on<Name extends string>(event: AppKnown<AppEvents, Name, "event">, listener: (payload: Name extends keyof AppEvents ? AppEvents[Name] : never) => void): void;
  off<Name extends string>(event: AppKnown<AppEvents, Name, "event">, listener: (payload: Name extends keyof AppEvents ? AppEvents[Name] : never) => void): void;
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
