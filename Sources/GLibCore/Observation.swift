/// Keeps an observer registered; dropping it (or calling `cancel()`) unregisters it.
@MainActor
public final class Observation {
    private var onCancel: (@MainActor () -> Void)?

    /// Runs `onCancel` once, at `cancel()` or when the observation is dropped, whichever comes
    /// first; it is where the observer's registration is undone.
    public init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Unregisters the observer now rather than when the observation is released; calling it
    /// again does nothing.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    isolated deinit {
        cancel()
    }
}

/// A list of observers keyed by token, shared by the wrappers that report events.
@MainActor
public final class ObserverList<Event> {
    private var observers: [Int: @MainActor (Event) -> Void] = [:]
    private var nextToken = 0

    /// An empty list; observers join it with `add(_:)`.
    public init() {}

    /// Whether nobody listens, so a wrapper can skip connecting the C signal (or building
    /// the event) until someone does.
    public var isEmpty: Bool { observers.isEmpty }

    /// Registers `observer` for as long as the returned `Observation` lives: keep it, or the
    /// observer is removed at once.
    public func add(_ observer: @escaping @MainActor (Event) -> Void) -> Observation {
        let token = nextToken
        nextToken += 1
        observers[token] = observer
        return Observation { [weak self] in self?.observers[token] = nil }
    }

    /// Delivers `event` to every observer in the order they were added, so observers see events
    /// in a stable, predictable order.
    public func send(_ event: Event) {
        for token in observers.keys.sorted() {
            observers[token]?(event)
        }
    }
}
