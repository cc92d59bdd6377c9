import FoundationEssentials
import ScriptMessaging

/// A handler made from a closure, with constructors for the common shapes.
///
/// Handlers that return nothing resolve the page's Promise with `null` once they ran;
/// anything they throw rejects it (`BridgeError`s keep their code, others are `handler-failed`).
public struct Handler: BridgeHandler {
    /// The name the page calls it by.
    public let name: String
    public let timeout: Duration?
    public private(set) var callers: CallerPolicy?
    public private(set) var maxConcurrentCalls: Int?
    private let body: @MainActor (BridgeMessage, BridgeReply) -> Void

    /// A handler answering `reply` itself: the most general shape.
    public init(name: String, timeout: Duration? = nil,
                receive: @escaping @MainActor (BridgeMessage, BridgeReply) -> Void) {
        self.name = name
        self.timeout = timeout
        body = receive
    }

    /// Runs the closure the handler was made with.
    public func receive(_ message: BridgeMessage, reply: BridgeReply) {
        body(message, reply)
    }

    /// The same handler, callable only from the pages `policy` accepts (instead of the
    /// bridge's default callers).
    public func callable(by policy: CallerPolicy) -> Handler {
        var handler = self
        handler.callers = policy
        return handler
    }

    /// The same handler, running at most `count` of its calls at once: later calls wait
    /// their turn, in order, and time out if it does not come in time.
    public func limited(to count: Int) -> Handler {
        var handler = self
        handler.maxConcurrentCalls = count
        return handler
    }

    /// Runs `perform` and resolves with null, or rejects with what it threw.
    private static func performing(_ name: String, _ perform: @escaping @MainActor (BridgeMessage) throws -> Void) -> Handler {
        Handler(name: name) { message, reply in
            do {
                try perform(message)
                reply.resolveEmpty()
            } catch {
                reply.fail(error)
            }
        }
    }

    /// Ignores the body: a signal from the page.
    public static func action(_ name: String, _ perform: @escaping @MainActor () throws -> Void) -> Handler {
        performing(name) { _ in try perform() }
    }

    /// Takes the body as text: a posted string as it was, any other value as its JSON text.
    public static func string(_ name: String, _ perform: @escaping @MainActor (String) throws -> Void) -> Handler {
        performing(name) { try perform($0.text) }
    }

    /// Takes the body as JSON bytes.
    public static func bytes(_ name: String, _ perform: @escaping @MainActor (Data) throws -> Void) -> Handler {
        performing(name) { try perform($0.json) }
    }

    /// Takes any JSON value.
    public static func json(_ name: String, _ perform: @escaping @MainActor (JSONValue) throws -> Void) -> Handler {
        message(name, as: JSONValue.self, perform)
    }

    /// Takes a typed message; a body that does not decode rejects with `invalid-payload`.
    public static func message<Message: Decodable>(_ name: String, as type: Message.Type,
                                                   _ perform: @escaping @MainActor (Message) throws -> Void) -> Handler {
        performing(name) { try perform(try $0.decode(Message.self)) }
    }

    /// Answers a typed request with a typed response at once: the response resolves the
    /// page's Promise before the handler returns, with no task to start (a closure without
    /// `await` picks this one).
    public static func replying<Request: Decodable, Response: Encodable>(
        _ name: String, timeout: Duration? = nil, as type: Request.Type,
        _ respond: @escaping @MainActor (Request) throws -> Response
    ) -> Handler {
        Handler(name: name, timeout: timeout) { message, reply in
            do { reply.resolve(try respond(try message.decode(Request.self))) } catch { reply.fail(error) }
        }
    }

    /// Answers a typed request with a typed response, asynchronously: the response
    /// resolves the page's Promise.
    public static func replying<Request: Decodable, Response: Encodable>(
        _ name: String, timeout: Duration? = nil, as type: Request.Type,
        _ respond: @escaping @MainActor (Request) async throws -> Response
    ) -> Handler {
        Handler(name: name, timeout: timeout) { message, reply in
            reply.answer(message, as: Request.self, respond)
        }
    }

    /// JSON bytes in, JSON bytes out, answered at once: the fast path for echo-like
    /// handlers. The returned bytes must be JSON; they are passed to the page unparsed here.
    public static func rawJSON(_ name: String, _ respond: @escaping @MainActor (Data) throws -> Data) -> Handler {
        Handler(name: name) { message, reply in
            do { reply.resolve(json: try respond(message.json)) } catch { reply.fail(error) }
        }
    }
}
