import Foundation

/// A handler for bytes: the page sends an `ArrayBuffer`, a typed array or a `Blob` with
/// `bridge.invokeBinary(name, data, meta)` and gets an `ArrayBuffer`; Swift takes and
/// returns `Data`, with the page's `meta` decoded beside it. The bytes travel as the body
/// of a request and of its response, never as JSON or base64; the caller, size and timeout
/// checks and the error codes are those of every other call.
public struct BinaryHandler: Sendable {
    /// The name the page calls it by (`bridge.invokeBinary(name, …)`).
    public let name: String
    /// How long the page may wait for the answer; nil uses the bridge's default.
    public let timeout: Duration?
    /// Which pages may call it; nil uses the bridge's `configuration.callers`. Set with `callable(by:)`.
    public private(set) var callers: CallerPolicy?
    let respond: @MainActor @Sendable (Data, BridgeMessage) async throws -> Data

    /// `meta` is the page's third argument decoded as `Meta` (`null` when it passed none);
    /// one that does not decode rejects with `invalid-payload`.
    public init<Meta: Decodable>(_ name: String, meta: Meta.Type, timeout: Duration? = nil,
                                 _ respond: @escaping @MainActor @Sendable (Data, Meta) async throws -> Data) {
        self.name = name
        self.timeout = timeout
        self.respond = { data, message in try await respond(data, try message.decode(Meta.self)) }
    }

    /// Bytes in, bytes out; the page's `meta`, if any, is ignored.
    public init(_ name: String, timeout: Duration? = nil,
                _ respond: @escaping @MainActor @Sendable (Data) async throws -> Data) {
        self.name = name
        self.timeout = timeout
        self.respond = { data, _ in try await respond(data) }
    }

    /// The same handler, callable only from the pages `policy` accepts.
    public func callable(by policy: CallerPolicy) -> BinaryHandler {
        var handler = self
        handler.callers = policy
        return handler
    }
}
