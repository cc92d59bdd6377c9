/// Lets at most `limit` gazetteer lookups run at once; the rest wait here, in order, where
/// cancelling the waiting task removes it.
///
/// A search runs to its end on its own thread once started, so lookups started in a burst all
/// run, and a fresh one waits behind them. Held back here instead, lookups whose caller
/// stopped waiting never start.
@MainActor
final class LookupSlots {
    private let limit: Int
    private var inUse = 0
    private var waiting: [(id: Int, admit: CheckedContinuation<Void, any Error>)] = []
    private var nextID = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `lookup` once a slot is free; throws `CancellationError` if the task is
    /// cancelled while it waits.
    func run<Value>(_ lookup: () async throws -> Value) async throws -> Value {
        try await acquire()
        defer { release() }
        return try await lookup()
    }

    private func acquire() async throws {
        try Task.checkCancellation()
        if inUse < limit {
            inUse += 1
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiting.append((id, $0)) }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancel(id) }
        }
    }

    /// Hands the slot to the next waiting lookup, if any.
    private func release() {
        if waiting.isEmpty {
            inUse -= 1
        } else {
            waiting.removeFirst().admit.resume()
        }
    }

    private func cancel(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).admit.resume(throwing: CancellationError())
    }
}
