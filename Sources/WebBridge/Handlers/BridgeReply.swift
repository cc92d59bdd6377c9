import Foundation

/// The page's Promise for one message, answered exactly once.
///
/// Later answers are ignored; a reply dropped unanswered rejects with `handler-failed`,
/// one not answered within its timeout rejects with `timeout`, and one whose page went away
/// with `handler-failed`, so no page waits forever and no work outlives its caller.
@MainActor
public final class BridgeReply {
    private var pending: (any MessageReply)?
    let handlerName: String
    /// When the message came, for the traffic log; nil while it is off.
    let started: ContinuousClock.Instant?
    private let onFinish: @MainActor (BridgeReply, Result<Int, BridgeError>) -> Void
    private var timeoutTask: Task<Void, Never>?
    private var work: Task<Void, Never>?

    /// `onFinish` hears the answer; one closure can serve every reply of a bridge.
    init(_ reply: any MessageReply, handlerName: String, started: ContinuousClock.Instant?,
         onFinish: @escaping @MainActor (BridgeReply, Result<Int, BridgeError>) -> Void) {
        pending = reply
        self.handlerName = handlerName
        self.started = started
        self.onFinish = onFinish
    }

    /// Whether the page is still waiting.
    public var isPending: Bool { pending != nil }

    /// Resolves with a value given as JSON text (the raw path: no re-encoding).
    public func resolve(json: String) {
        guard let reply = take() else { return }
        reply.resolve(json: json)
        onFinish(self, .success(json.utf8.count))
    }

    /// Resolves with a value given as JSON bytes.
    public func resolve(json: Data) {
        resolve(json: String(decoding: json, as: UTF8.self))
    }

    /// Resolves with `value` encoded as JSON; a value that does not encode rejects instead.
    public func resolve<Value: Encodable>(_ value: Value) {
        do {
            resolve(json: try JSONCoders.encodeText(value))
        } catch {
            reject(BridgeError(.handlerFailed, "the reply did not encode: \(error)"))
        }
    }

    /// Resolves with `null`, for handlers that answer nothing.
    public func resolveEmpty() {
        resolve(json: "null")
    }

    /// Rejects with `error`'s code and message.
    public func reject(_ error: BridgeError) {
        guard let reply = take() else { return }
        reply.reject(message: error.rejectionMessage)
        onFinish(self, .failure(error))
    }

    /// Rejects with whatever a handler threw (see `BridgeError.from`).
    public func fail(_ error: any Error) {
        reject(BridgeError.from(error))
    }

    /// Ties `task` (a handler's asynchronous work) to this reply: it is cancelled once the
    /// page stops waiting (on timeout, or when the page that called goes away).
    public func attach(_ task: Task<Void, Never>) {
        work = task
    }

    /// Rejects with `timeout` unless answered within `duration`.
    func startTimeout(_ duration: Duration) {
        guard isPending else { return }
        timeoutTask = Task { @MainActor [weak self, handlerName] in
            guard (try? await Task.sleep(for: duration)) != nil else { return }
            self?.reject(BridgeError(.timeout, "'\(handlerName)' did not answer within \(duration)"))
        }
    }

    private func take() -> (any MessageReply)? {
        guard let reply = pending else { return nil }
        pending = nil
        timeoutTask?.cancel()
        timeoutTask = nil
        if let work {
            work.cancel()
            self.work = nil
        }
        return reply
    }

    isolated deinit {
        // Checked first: the message is not worth making for the many answered replies.
        if isPending { reject(BridgeError(.handlerFailed, "'\(handlerName)' did not answer")) }
    }
}
