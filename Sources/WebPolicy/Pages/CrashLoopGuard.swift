/// Decides what a view does when its web process crashes: reload the page by itself, or
/// stop and leave it to the user, so a page that crashes on load is never retried forever.
///
/// Crashes further apart than `window` are unrelated and each is reloaded automatically
/// (history kept); a crash that follows `automaticReloads` others within `window` means
/// the page keeps crashing, and nothing is reloaded until the user asks.
public struct CrashLoopGuard: Sendable, Equatable {
    /// What the view should do about the crash just recorded.
    public enum Response: Sendable, Equatable {
        /// Load the page again now, as it was.
        case reload
        /// Show the error page with Reload; `crashes` within the window so far.
        case stop(crashes: Int)
    }

    /// How long a crash counts against the page: 60 s by default.
    public var window: Duration
    /// How many times within `window` the page is reloaded without the user: 1 by default
    /// (the first crash comes back by itself, the second stops); 0 reloads nothing by itself.
    public var automaticReloads: Int
    private var crashes: [ContinuousClock.Instant] = []

    /// A guard reloading a crashed page `automaticReloads` times within `window`.
    public init(window: Duration = .seconds(60), automaticReloads: Int = 1) {
        self.window = window
        self.automaticReloads = automaticReloads
    }

    /// Records a crash at `now` and says whether to reload.
    public mutating func crashed(at now: ContinuousClock.Instant = .now) -> Response {
        crashes.removeAll { now - $0 > window }
        crashes.append(now)
        return crashes.count > automaticReloads ? .stop(crashes: crashes.count) : .reload
    }
}
