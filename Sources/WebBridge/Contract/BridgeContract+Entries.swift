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

    /// A binary handler taking bytes and `meta` of type `Meta` and answering bytes
    /// (`BinaryHandler(name, meta:)`): `invokeBinary(name, data, meta)` → `ArrayBuffer`.
    public static func binary<Meta: Decodable>(_ name: String, meta: Meta.Type, summary: String? = nil) -> Self {
        Self(kind: .binary, name: name, summary: summary, sendsBytes: true) { try ($0.type(of: meta), .bytes) }
    }

    /// A binary handler taking bytes and `meta` and answering bytes, or null when there are
    /// none to give (a file chooser the user cancelled): `ArrayBuffer | null`.
    public static func binaryOrNull<Meta: Decodable>(_ name: String, meta: Meta.Type, summary: String? = nil) -> Self {
        Self(kind: .binary, name: name, summary: summary, sendsBytes: true) { try ($0.type(of: meta), .union([.bytes, .null])) }
    }

    /// A binary handler taking bytes alone and answering bytes (`BinaryHandler(name)`).
    public static func binary(_ name: String, summary: String? = nil) -> Self {
        Self(kind: .binary, name: name, summary: summary, sendsBytes: true) { _ in (.null, .bytes) }
    }

    /// A binary handler taking bytes and `meta` and answering an `Answer` as JSON
    /// (`BinaryHandler(name, meta:, answer:)`); `NoAnswer` for one that answers null.
    public static func binary<Meta: Decodable, Answer: Decodable & Encodable>(
        _ name: String, meta: Meta.Type, answer: Answer.Type, summary: String? = nil
    ) -> Self {
        Self(kind: .binary, name: name, summary: summary, sendsBytes: true) { try ($0.type(of: meta), $0.type(of: answer)) }
    }

    /// A binary handler taking a JSON `Request` and answering bytes
    /// (`BinaryHandler(name, request:)`): `invokeBinary(name, request)` → `ArrayBuffer`.
    public static func binary<Request: Decodable>(_ name: String, request: Request.Type, summary: String? = nil) -> Self {
        Self(kind: .binary, name: name, summary: summary) { try ($0.type(of: request), .bytes) }
    }

    /// A stream handler taking `Request` and sending `Chunk`s as JSON (`StreamWriter.send(json:)`).
    public static func stream<Request: Decodable, Chunk: Decodable & Encodable>(
        _ name: String, _ request: Request.Type, chunks: Chunk.Type, summary: String? = nil
    ) -> Self {
        Self(kind: .stream, name: name, summary: summary) { try ($0.type(of: request), $0.type(of: chunks)) }
    }

    /// A stream handler taking `Request` and sending bytes (`StreamWriter.send(_:)`): `ArrayBuffer` chunks.
    public static func stream<Request: Decodable>(_ name: String, _ request: Request.Type, summary: String? = nil) -> Self {
        Self(kind: .stream, name: name, summary: summary) { try ($0.type(of: request), .bytes) }
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
