/// A value that is set once and awaited once, whichever happens first: lets the
/// connection's signals end the supervisor's wait without caring about ordering.
@MainActor
final class OneShot<Value: Sendable> {
    private var outcome: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    /// Sets the value; later calls are ignored, so the first reason an end was seen wins.
    func fulfill(_ value: Value) {
        guard outcome == nil else { return }
        outcome = value
        waiter?.resume(returning: value)
        waiter = nil
    }

    var value: Value {
        get async {
            if let outcome { return outcome }
            return await withCheckedContinuation { waiter = $0 }
        }
    }
}
