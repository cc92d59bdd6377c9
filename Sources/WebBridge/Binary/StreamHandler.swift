import FoundationEssentials
import ScriptMessaging

/// A handler that answers with a stream: the page's `bridge.stream(name, payload)` is an
/// async iterator of the chunks the handler sends, in order — `ArrayBuffer`s for bytes,
/// values for JSON. The page pulls each chunk; `StreamWriter.send` waits while the page has
/// `window` chunks it has not taken yet, so the handler never runs further ahead than that.
/// When the page stops iterating (`break`, `return()`) or goes away, the handler's task is
/// cancelled and its pending `send` throws `CancellationError`.
public struct StreamHandler: Sendable {
    /// The name the page streams it by (`bridge.stream(name, …)`).
    public let name: String
    /// How many chunks may wait for the page at most.
    public let window: Int
    /// Which pages may call it; nil uses the bridge's `configuration.callers`. Set with `callable(by:)`.
    public private(set) var callers: CallerPolicy?
    let produce: @MainActor @Sendable (BridgeMessage, StreamWriter) async throws -> Void

    /// `produce` gets the page's payload decoded as `Request` (one that does not decode
    /// ends the stream with `invalid-payload`) and sends chunks until it returns; what it
    /// throws ends the page's iteration with that error.
    public init<Request: Decodable>(_ name: String, as type: Request.Type, window: Int = 4,
                                    _ produce: @escaping @MainActor @Sendable (Request, StreamWriter) async throws -> Void) {
        precondition(window > 0, "a stream's window holds at least one chunk")
        self.name = name
        self.window = window
        self.produce = { message, writer in try await produce(try message.decode(Request.self), writer) }
    }

    /// The same handler, callable only from the pages `policy` accepts.
    public func callable(by policy: CallerPolicy) -> StreamHandler {
        var handler = self
        handler.callers = policy
        return handler
    }
}

/// What a `StreamHandler` sends its chunks through.
@MainActor
public final class StreamWriter {
    private let window: Int
    private var chunks: [BinaryBody] = []
    private var senderWaiting: CheckedContinuation<Void, any Error>?
    private var readerWaiting: ((BinaryBody?) -> Void)?
    private var cancelled = false
    /// Set once the handler returned (nil: it did not fail) or threw.
    private var ending: BridgeError??

    init(window: Int) {
        self.window = window
    }

    /// Sends bytes; the page gets them as an `ArrayBuffer`. Waits while the window is full.
    public func send(_ data: Data) async throws {
        try await enqueue(.bytes(data))
    }

    /// Sends a value; the page gets it decoded from JSON. Waits while the window is full.
    public func send<Value: Encodable>(json value: Value) async throws {
        try await enqueue(.json(try JSONCoders.encoder.encode(value)))
    }

    private func enqueue(_ chunk: BinaryBody) async throws {
        while chunks.count >= window, !cancelled {
            try await withCheckedThrowingContinuation { senderWaiting = $0 }
        }
        if cancelled { throw CancellationError() }
        try Task.checkCancellation()
        if let reader = readerWaiting {
            readerWaiting = nil
            reader(chunk)
        } else {
            chunks.append(chunk)
        }
    }

    /// The next chunk for the page, nil once the stream ended (`ending` says how), given to
    /// `deliver` now or as soon as the handler sends it.
    func next(_ deliver: @escaping (BinaryBody?) -> Void) {
        if !chunks.isEmpty {
            deliver(chunks.removeFirst())
            senderWaiting?.resume()
            senderWaiting = nil
        } else if ending != nil {
            deliver(nil)
        } else {
            readerWaiting?(nil)
            readerWaiting = deliver
        }
    }

    /// Why the stream ended: nil while it runs or after it ended normally.
    var failure: BridgeError? { ending ?? nil }
    var hasEnded: Bool { ending != nil }

    func end(_ failure: BridgeError?) {
        guard ending == nil else { return }
        ending = .some(failure)
        if chunks.isEmpty, let reader = readerWaiting {
            readerWaiting = nil
            reader(nil)
        }
    }

    /// The page stopped listening: a waiting `send` throws `CancellationError`.
    func cancel() {
        cancelled = true
        chunks = []
        senderWaiting?.resume(throwing: CancellationError())
        senderWaiting = nil
        end(BridgeError(.handlerFailed, "cancelled"))
    }
}
