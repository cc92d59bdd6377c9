import ScriptMessaging

/// The page's Promise for one message, as a channel the bridge answers on: it records every
/// answer it is sent, so a test also sees a second one (a bug the bridge must not have).
@MainActor
public final class FakeReply: ReplyChannel {
    /// Every answer, in the order sent; one, once the bridge has answered.
    public private(set) var answers: [PageAnswer] = []
    private var waiter: CheckedContinuation<PageAnswer, Never>?

    /// A Promise nobody has answered yet.
    public init() {}

    public func resolve(json: String) { settle(.resolved(json)) }

    /// The page client reads a string reply as JSON text, so this is the same answer as
    /// `resolve(json:)`.
    public func resolve(text: String) { settle(.resolved(text)) }

    public func reject(message: String) { settle(.rejected(message)) }

    private func settle(_ answer: PageAnswer) {
        answers.append(answer)
        waiter?.resume(returning: answer)
        waiter = nil
    }

    /// The first answer, once there is one.
    public func answer() async -> PageAnswer {
        if let first = answers.first { return first }
        return await withCheckedContinuation { waiter = $0 }
    }
}
