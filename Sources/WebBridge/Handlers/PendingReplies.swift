/// The replies pages still wait for after their handler returned (or while it waits its
/// turn), so the bridge can end them all when their page goes away: each is rejected, which
/// cancels the handler work tied to it (see `BridgeReply.attach`). Held weakly, so a reply a
/// handler drops still rejects itself.
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
        // Most replies were answered at once and never inserted: nothing to hash.
        guard !entries.isEmpty else { return }
        entries[ObjectIdentifier(reply)] = nil
    }

    /// Takes every reply still pending out, for the caller to end.
    mutating func removeAll() -> [BridgeReply] {
        let all = entries.values.compactMap(\.reply)
        entries = [:]
        return all
    }
}
