/// A handler type that answers a typed request with a typed response: write `respond`,
/// get decoding, `invalid-payload`, error mapping and the reply for free.
public protocol RespondingHandler: BridgeHandler {
    /// What the page sends, decoded from its JSON; a body that does not decode rejects with
    /// `invalid-payload` before `respond` runs.
    associatedtype Request: Decodable
    /// What the page's Promise resolves with, encoded as JSON.
    associatedtype Response: Encodable
    /// Answers one request; throw a `BridgeError` to choose the page's error code.
    func respond(to request: Request) async throws -> Response
}

extension RespondingHandler {
    /// Decodes the request, runs `respond(to:)` and answers with its result or error.
    public func receive(_ message: BridgeMessage, reply: BridgeReply) {
        reply.answer(message, as: Request.self) { try await respond(to: $0) }
    }
}

extension BridgeReply {
    /// Decodes `message` as `Request`, runs `respond` and answers with its result or error.
    /// The work starts at once (a handler that never suspends answers before this returns)
    /// and is cancelled if the reply times out.
    func answer<Request: Decodable, Response: Encodable>(
        _ message: BridgeMessage, as type: Request.Type,
        _ respond: @escaping @MainActor (Request) async throws -> Response
    ) {
        attach(Task.immediate { @MainActor in
            do { resolve(try await respond(try message.decode(Request.self))) } catch { fail(error) }
        })
    }
}
