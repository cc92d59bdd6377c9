import FoundationEssentials
import ScriptMessaging

/// A handler for bytes: the page sends an `ArrayBuffer`, a typed array or a `Blob` with
/// `bridge.invokeBinary(name, data, meta)` and gets an `ArrayBuffer` or, from a handler
/// with a typed answer, that answer decoded from JSON; Swift takes `Data`, with the page's
/// `meta` decoded beside it. A handler may instead take a JSON request and answer bytes
/// (`bridge.invokeBinary(name, request)`). The bytes travel as the body of a request and
/// of its response, never as JSON or base64; the caller, size and timeout checks and the
/// error codes are those of every other call.
public struct BinaryHandler: Sendable {
    /// The name the page calls it by (`bridge.invokeBinary(name, …)`).
    public let name: String
    /// How long the page may wait for the answer; nil uses the bridge's default.
    public let timeout: Duration?
    /// Which pages may call it; nil uses the bridge's `configuration.callers`. Set with `callable(by:)`.
    public private(set) var callers: CallerPolicy?
    /// Whether the page calls it with a JSON request alone (`invokeBinary(name, request)`),
    /// not with bytes; the channel refuses the other form with `invalid-payload`.
    let takesRequest: Bool
    let respond: @MainActor @Sendable (Data, BridgeMessage) async throws -> BinaryBody

    private init(_ name: String, timeout: Duration?, takesRequest: Bool = false,
                 _ respond: @escaping @MainActor @Sendable (Data, BridgeMessage) async throws -> BinaryBody) {
        self.name = name
        self.timeout = timeout
        self.takesRequest = takesRequest
        self.respond = respond
    }

    /// `meta` is the page's third argument decoded as `Meta` (`null` when it passed none);
    /// one that does not decode rejects with `invalid-payload`.
    public init<Meta: Decodable>(_ name: String, meta: Meta.Type, timeout: Duration? = nil,
                                 _ respond: @escaping @MainActor @Sendable (Data, Meta) async throws -> Data) {
        self.init(name, timeout: timeout) { data, message in .bytes(try await respond(data, try message.decode(Meta.self))) }
    }

    /// Bytes in, bytes out; the page's `meta`, if any, is ignored.
    public init(_ name: String, timeout: Duration? = nil,
                _ respond: @escaping @MainActor @Sendable (Data) async throws -> Data) {
        self.init(name, timeout: timeout) { data, _ in .bytes(try await respond(data)) }
    }

    /// Bytes and `meta` in, bytes or nothing out: nil resolves the page's Promise with null,
    /// for an answer that is no failure, such as a chooser the user cancelled.
    package init<Meta: Decodable>(_ name: String, meta: Meta.Type, timeout: Duration? = nil,
                                  bytesOrNull respond: @escaping @MainActor @Sendable (Data, Meta) async throws -> Data?) {
        self.init(name, timeout: timeout) { data, message in
            try await respond(data, try message.decode(Meta.self)).map { .bytes($0) } ?? .json(Data("null".utf8))
        }
    }

    /// Bytes and `meta` in, an `Answer` out: the page's Promise resolves with it decoded from
    /// JSON (`NoAnswer` resolves with null, for a handler that only takes bytes).
    public init<Meta: Decodable, Answer: Encodable>(_ name: String, meta: Meta.Type, answer: Answer.Type, timeout: Duration? = nil,
                                                    _ respond: @escaping @MainActor @Sendable (Data, Meta) async throws -> Answer) {
        self.init(name, timeout: timeout) { data, message in
            .json(try JSONCoders.encode(try await respond(data, try message.decode(Meta.self))))
        }
    }

    /// A JSON request in (`bridge.invokeBinary(name, request)`), bytes out. Bytes sent to
    /// it (`invokeBinary(name, data, meta)`) reject with `invalid-payload`: it takes none.
    public init<Request: Decodable>(_ name: String, request: Request.Type, timeout: Duration? = nil,
                                    _ respond: @escaping @MainActor @Sendable (Request) async throws -> Data) {
        self.init(name, timeout: timeout, takesRequest: true) { _, message in
            .bytes(try await respond(try message.decode(Request.self)))
        }
    }

    /// The same handler, callable only from the pages `policy` accepts.
    public func callable(by policy: CallerPolicy) -> BinaryHandler {
        var handler = self
        handler.callers = policy
        return handler
    }
}
