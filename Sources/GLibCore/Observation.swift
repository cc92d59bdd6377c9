/// Keeps an observer registered; dropping it (or calling `cancel()`) unregisters it.
@MainActor
public final class Observation {
    private var onCancel: (@MainActor () -> Void)?

    public init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

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

    public init() {}

    public var isEmpty: Bool { observers.isEmpty }

    public func add(_ observer: @escaping @MainActor (Event) -> Void) -> Observation {
        let token = nextToken
        nextToken += 1
        observers[token] = observer
        return Observation { [weak self] in self?.observers[token] = nil }
    }

    public func send(_ event: Event) {
        for token in observers.keys.sorted() {
            observers[token]?(event)
        }
    }
}
