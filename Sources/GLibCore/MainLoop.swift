import CGLib
import CGLibHelpers

/// The GLib main loop, joined with Swift's main queue.
///
/// GLib's loop does not drain Dispatch's main queue by itself, so without this
/// `Task { @MainActor in … }`, `await` on the main actor and
/// `DispatchQueue.main.async` would never run while the loop does. `joinMainQueue()`
/// attaches a GLib source that wakes on the main queue's own file descriptor
/// and drains it: event-driven, no polling timer. It needs no display: GTK's own
/// loop (`initialize()`, `run()`, `quit()` in WebKitGTK) runs the same default context.
@MainActor
public enum MainLoop {
    /// Joins Swift's main queue to the default GLib main context (once; later calls do nothing).
    public static func joinMainQueue() {
        whv_main_queue_attach()
    }

    /// Runs one iteration of the default main context; used by tests to pump the loop
    /// until a condition holds. Returns whether any event was dispatched.
    @discardableResult
    public static func iterate(blocking: Bool) -> Bool {
        joinMainQueue()
        return g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }

    /// Calls `action` on the loop after `delay` (to the millisecond, rounded up, as GLib
    /// counts); the returned source can be cancelled.
    @discardableResult
    public static func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> TimeoutSource {
        TimeoutSource(interval: delay, repeats: false, action: action)
    }

    /// Calls `action` on the loop every `interval` (`.seconds(60)`, as `Task.sleep` takes it)
    /// until the returned source is cancelled.
    public static func every(_ interval: Duration, _ action: @escaping @MainActor () -> Void) -> TimeoutSource {
        TimeoutSource(interval: interval, repeats: true, action: action)
    }

    /// `after(.milliseconds(milliseconds))`.
    @available(*, deprecated, renamed: "after(_:_:)", message: "pass a Duration: after(.milliseconds(n))")
    @discardableResult
    public static func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> TimeoutSource {
        after(.milliseconds(milliseconds), action)
    }

    /// `every(.milliseconds(milliseconds))`.
    @available(*, deprecated, renamed: "every(_:_:)", message: "pass a Duration: every(.seconds(60))")
    public static func every(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> TimeoutSource {
        every(.milliseconds(milliseconds), action)
    }
}

/// A GLib timeout, one-shot (`MainLoop.after`) or repeating (`MainLoop.every`), that can be
/// cancelled; a repeating one runs until it is.
@MainActor
public final class TimeoutSource {
    private var sourceID: guint = 0

    fileprivate init(interval: Duration, repeats: Bool, action: @escaping @MainActor () -> Void) {
        typealias H = @MainActor () -> Void
        let callback: GSourceFunc = repeats
            ? { data in MainActor.assumeIsolated { ClosureBox<H>.from(data)() }; return 1 }
            : { data in MainActor.assumeIsolated { ClosureBox<H>.from(data)() }; return 0 }
        sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, interval.glibMilliseconds, callback,
                                      ClosureBox.retainedPointer(for: action), ClosureBox<H>.destroyNotify)
    }

    /// Stops the timeout from firing again.
    public func cancel() {
        if sourceID != 0, g_main_context_find_source_by_id(nil, sourceID) != nil {
            g_source_remove(sourceID)
        }
        sourceID = 0
    }
}

extension Duration {
    /// Whole milliseconds, rounded up (a timeout never fires early), as GLib's timeouts take them.
    var glibMilliseconds: UInt32 {
        guard self > .zero else { return 0 }
        let (seconds, attoseconds) = components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return .max }
        return UInt32(clamping: milliseconds.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
