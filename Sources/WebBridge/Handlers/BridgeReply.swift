import FoundationEssentials
import ScriptMessaging

/// The page's Promise for one message to a bridge handler: a `MessageReply` (answered
/// exactly once; a reply dropped unanswered rejects) that answers in the bridge's error
/// shape and ends with the call.
///
/// A reply dropped unanswered rejects with `handler-failed`, one not answered within its
/// timeout with `timeout`, and one whose page went away with `handler-failed`, so no page
/// waits forever and no work outlives its caller.
@MainActor
public final class BridgeReply: MessageReply {
    let handlerName: String
    /// When the message came, for the traffic log; nil while it is off.
    let started: ContinuousClock.Instant?
    private let onFinish: @MainActor (BridgeReply, Result<Int, BridgeError>) -> Void
    private var timeoutTask: Task<Void, Never>?
    private var work: Task<Void, Never>?

    /// Replies up to this many bytes of JSON go to the page as their text (see `resolve(json:)`).
    static let textLimit = 16 * 1024

    /// `onFinish` hears the answer; one closure can serve every reply of a bridge.
    init(_ channel: any ReplyChannel, handlerName: String, started: ContinuousClock.Instant?,
         onFinish: @escaping @MainActor (BridgeReply, Result<Int, BridgeError>) -> Void) {
        self.handlerName = handlerName
        self.started = started
        self.onFinish = onFinish
        super.init(channel)
    }

    /// Resolves with a value given as JSON text (the raw path: no re-encoding).
    ///
    /// A small reply goes as its JSON *text*, a string: the relay (see `BridgeRelayScript`)
    /// hands it to the page client as a primitive `CustomEvent` detail, which crosses into
    /// the page's world without a structured clone, and the client parses it once. Measured,
    /// that wins for small replies and loses for large ones, where JavaScriptCore's clone
    /// beats a parse in the page: a large object or array goes parsed. Anything else (a
    /// string above all) always goes as text, so the client reads every string reply as JSON
    /// text.
    public override func resolve(json: String) {
        guard let channel = answer() else { return }
        if json.utf8.count > Self.textLimit, Self.isObjectOrArray(json) {
            channel.resolve(json: json)
        } else {
            channel.resolve(text: json)
        }
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
        guard let channel = answer() else { return }
        channel.reject(message: error.rejectionMessage)
        onFinish(self, .failure(error))
    }

    /// Rejects with `handler-failed` and `message`, in the bridge's error shape.
    public override func reject(message: String) {
        reject(BridgeError(.handlerFailed, message))
    }

    /// Rejects with whatever a handler threw (see `BridgeError.from`).
    public func fail(_ error: any Error) {
        reject(BridgeError.from(error))
    }

    /// A reply dropped unanswered rejects with `handler-failed`, naming the handler.
    public override func rejectUnanswered() {
        reject(BridgeError(.handlerFailed, "'\(handlerName)' did not answer"))
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

    /// The channel for the one answer (nil once answered); the timeout and the work end with it.
    private func answer() -> (any ReplyChannel)? {
        guard let channel = take() else { return nil }
        timeoutTask?.cancel()
        timeoutTask = nil
        if let work {
            work.cancel()
            self.work = nil
        }
        return channel
    }

    private static func isObjectOrArray(_ json: String) -> Bool {
        let first = json.utf8.first { !" \t\r\n".utf8.contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    isolated deinit {
        // Here, not in `MessageReply`'s deinit, so `rejectUnanswered` still finds this reply whole.
        endIfUnanswered()
    }
}
