/// The page's Promise for one script message, answered exactly once.
///
/// The one place that rule lives, for a web view's own message handlers and for the
/// bridge's (`BridgeReply` builds on it): the first answer goes to the page, later ones are
/// ignored, and a reply dropped unanswered rejects, so a page is never left waiting forever
/// nor handed `undefined` by mistake.
@MainActor
open class MessageReply {
    private var channel: (any ReplyChannel)?

    /// A reply that answers on `channel`, which nothing else may answer.
    public init(_ channel: any ReplyChannel) {
        self.channel = channel
    }

    /// Whether the page is still waiting for an answer.
    public final var isPending: Bool { channel != nil }

    /// Resolves the Promise with the value of `json` (JSON text); invalid JSON rejects it.
    open func resolve(json: String) {
        take()?.resolve(json: json)
    }

    /// Rejects the Promise with an `Error` whose message is `message`.
    open func reject(message: String) {
        take()?.reject(message: message)
    }

    /// How a reply dropped unanswered rejects; a subclass gives its own error shape.
    open func rejectUnanswered() {
        reject(message: "the native handler did not answer")
    }

    /// The channel the first time only, for the one answer; nil once answered. Every answer,
    /// a subclass's included, goes through here.
    package final func take() -> (any ReplyChannel)? {
        guard let channel else { return nil }
        self.channel = nil
        return channel
    }

    /// Rejects through `rejectUnanswered()` if still pending. A subclass's deinit calls it
    /// first thing: Swift runs a subclass's deinit (and destroys its properties) before this
    /// class's, so only there can its override still run.
    package final func endIfUnanswered() {
        if isPending { rejectUnanswered() }
    }

    isolated deinit {
        endIfUnanswered()
    }
}
