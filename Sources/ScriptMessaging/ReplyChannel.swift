/// Where the answer to one script message goes: the page's pending `postMessage` Promise as
/// the web view holds it (WebKit's reply, or a test's double).
///
/// Deliberately thin and stateless: it only sends. Answering exactly once, and rejecting a
/// reply dropped unanswered, is `MessageReply`'s job, so whoever holds a channel either
/// answers it at once or hands it to a `MessageReply`. A channel answered twice, or never,
/// is a bug of its holder.
@MainActor
public protocol ReplyChannel {
    /// Settles the Promise with the value `json` (JSON text) describes; text that is not
    /// JSON rejects it instead.
    func resolve(json: String)
    /// Settles the Promise with `text` itself, as a string.
    func resolve(text: String)
    /// Rejects the Promise with an `Error` whose message is `message` (all WebKit delivers).
    func reject(message: String)
}
