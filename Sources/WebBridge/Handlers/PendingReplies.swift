/// The replies pages still wait for, so the bridge can end them all when their page goes
/// away: each is rejected, which cancels the handler work tied to it (see `BridgeReply.attach`).
/// Held weakly, so a reply a handler drops still rejects itself.
@MainActor
struct PendingReplies {
    private struct Entry {
        weak var reply: BridgeReply?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    mutating func insert(_ reply: BridgeReply) {
        entries[ObjectIdentifier(reply)] = Entry(reply: reply)
    }

    mutating func remove(_ reply: BridgeReply) {
        entries[ObjectIdentifier(reply)] = nil
    }

    /// Takes every reply still pending out, for the caller to end.
    mutating func removeAll() -> [BridgeReply] {
        let all = entries.values.compactMap(\.reply)
        entries = [:]
        return all
    }
}
