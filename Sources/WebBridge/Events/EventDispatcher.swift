/// Delivers native events to the page. Replace the bridge's dispatcher to route events
/// elsewhere (a log, a second view) or to test what is sent.
@MainActor
public protocol EventDispatcher: AnyObject {
    /// Sends the event `name` with its payload (JSON text) through `page`.
    func dispatch(event name: String, payloadJSON: String, to page: any PageScriptRunner)
}

/// Runs script in the page, in order, once the page can receive it.
@MainActor
public protocol PageScriptRunner: AnyObject {
    /// Runs `script` in the page's main frame, after every script given before it.
    func run(_ script: String)
}

/// The default: calls the injected client, which notifies `bridge.on` listeners and
/// dispatches a DOM `CustomEvent` of that name on `window` with the payload in `detail`.
@MainActor
public final class PageEventDispatcher: EventDispatcher {
    /// The dispatcher every bridge starts with.
    public init() {}

    public func dispatch(event name: String, payloadJSON: String, to page: any PageScriptRunner) {
        page.run("\(Self.emit)(\(JavaScriptLiteral.string(name)),\(payloadJSON))")
    }

    /// The client's function each event is a call of, with the name and the payload as its
    /// two arguments: what a fake page reads events back from (`WebBridgeTesting`).
    nonisolated package static let emit = "window.\(WireProtocol.global).\(WireProtocol.emit)"
}

/// A native event with a fixed name, so dispatching it needs no string at the call site.
public protocol BridgeEvent: Encodable {
    /// The name the page listens for (`bridge.on(name, …)`), fixed by the type so call sites
    /// cannot misspell it.
    static var eventName: String { get }
}
