/// What an app's pages may ask of it and will hear from it, described once in Swift: its
/// handlers' request and response types and its events' payload types, from which
/// `typeScript()` writes the pages' declaration file.
///
/// ```swift
/// let contract = BridgeContract("App", [
///     .invoke("geocodeAddress", Address.self, Place.self),
///     .event(StateEvent.self),
/// ])
/// ```
///
/// The types are read from their `Codable` conformance (see `TypeDescriber`), so the
/// declarations change when the Swift types do.
public struct BridgeContract {
    /// The prefix of the generated interfaces: `<name>Bridge`, `<name>MessageHandlers`.
    public var name: String
    /// The handlers and events, in the order the generated file lists them.
    public var entries: [Entry]

    /// A contract named `name` (the generated interfaces' prefix) with these entries.
    public init(_ name: String, _ entries: [Entry]) {
        self.name = name
        self.entries = entries
    }

    /// Its handlers' names, sorted as `WebViewBridge.handlerNames` lists the handlers added.
    public var handlerNames: [String] {
        entries.filter { $0.kind == .handler }.map(\.name).sorted()
    }

    /// One handler or event of the contract.
    public struct Entry {
        /// Whether the page calls the entry (`invoke`/`post`) or listens to it (`on`/`off`).
        public enum Kind: Sendable {
            /// A handler: the page calls it with `invoke` or `post`.
            case handler
            /// An event: the page listens with `on` and `off`.
            case event
        }
        /// Whether this entry is a handler or an event, which decides the overloads generated.
        public let kind: Kind
        /// The handler's or event's name, as the page spells it.
        public let name: String
        /// A sentence for the generated doc comment.
        public let summary: String?
        /// The payload type, and for a handler its answer.
        let types: (TypeDescriber) throws -> (payload: TypeScriptType, answer: TypeScriptType)
    }
}

extension BridgeContract.Entry {
    /// A handler taking `Request` and answering `Response`.
    public static func invoke<Request: Decodable, Response: Decodable & Encodable>(
        _ name: String, _ request: Request.Type, _ response: Response.Type, summary: String? = nil
    ) -> Self {
        Self(kind: .handler, name: name, summary: summary) { try ($0.type(of: request), $0.type(of: response)) }
    }

    /// A handler that answers nothing: the page's Promise resolves with null.
    public static func invoke<Request: Decodable>(_ name: String, _ request: Request.Type, summary: String? = nil) -> Self {
        Self(kind: .handler, name: name, summary: summary) { try ($0.type(of: request), .null) }
    }

    /// A `RespondingHandler` type, by the name it is added under.
    public static func invoke<Handler: RespondingHandler>(
        _ name: String, _ handler: Handler.Type, summary: String? = nil
    ) -> Self where Handler.Response: Decodable {
        invoke(name, Handler.Request.self, Handler.Response.self, summary: summary)
    }

    /// An event `dispatch` sends with a `Payload`.
    public static func event<Payload: Decodable & Encodable>(_ name: String, _ payload: Payload.Type, summary: String? = nil) -> Self {
        Self(kind: .event, name: name, summary: summary) { try ($0.type(of: payload), .null) }
    }

    /// A `BridgeEvent`, under its event name.
    public static func event<Event: BridgeEvent & Decodable>(_ event: Event.Type, summary: String? = nil) -> Self {
        self.event(Event.eventName, event, summary: summary)
    }
}
