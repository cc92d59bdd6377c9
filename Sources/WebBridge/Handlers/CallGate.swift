import ScriptMessaging

/// Runs at most `limit` calls of one handler at a time (`BridgeHandler.maxConcurrentCalls`):
/// the rest wait their turn in order, still under their timeout, and a call whose page
/// stopped waiting (it timed out, or its page went away) is skipped, never started.
@MainActor
final class CallGate {
    private let limit: Int
    private var running: Set<ObjectIdentifier> = []
    private var waiting: [(reply: BridgeReply, start: @MainActor () -> Void)] = []

    init(limit: Int) {
        precondition(limit > 0, "a handler must be allowed at least one call at a time")
        self.limit = limit
    }

    /// Starts the call now if there is room, otherwise once there is.
    func submit(_ reply: BridgeReply, start: @escaping @MainActor () -> Void) {
        waiting.append((reply, start))
        startWaiting()
    }

    /// A call was answered: its room goes to the next one waiting.
    func finished(_ reply: BridgeReply) {
        if running.remove(ObjectIdentifier(reply)) != nil { startWaiting() }
    }

    /// Forgets every call, running or waiting, without starting any: they are all being
    /// cancelled together, and no room freed by one may go to another.
    func reset() {
        running = []
        waiting = []
    }

    private func startWaiting() {
        while running.count < limit, !waiting.isEmpty {
            let (reply, start) = waiting.removeFirst()
            guard reply.isPending else { continue }
            running.insert(ObjectIdentifier(reply))
            start()
        }
    }
}
