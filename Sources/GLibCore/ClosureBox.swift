import CGLib
import Synchronization

/// The one way a Swift value (a closure, or data C reads in place) is handed to C as user data.
///
/// `retainedPointer(for:)` retains a box holding the value and returns it as the `gpointer`
/// for the C call; the C side gives it back to a `@convention(c)` callback, which reads the
/// value with `from(_:)` (borrowed, for callbacks C may call many times) or `take(_:)` (for
/// a callback C calls exactly once, such as a `GAsyncReadyCallback`: the box goes with the
/// call). A box C owns is released by `destroyNotify` or `closureNotify`, passed beside the
/// user data, when C drops it (a handler disconnected, a source removed, an object disposed).
/// Every box alive is counted in `liveCount`, so tests can prove nothing is left behind.
/// Package access: raw pointers stay inside the library.
package final class ClosureBox<Handler> {
    package let handler: Handler

    private init(_ handler: Handler) {
        self.handler = handler
        liveBoxes.add(1, ordering: .relaxed)
    }

    deinit {
        liveBoxes.subtract(1, ordering: .relaxed)
    }

    /// A retained box holding `handler`, as C user data; released by `destroyNotify`,
    /// `closureNotify` or `take(_:)`, exactly one of them.
    package static func retainedPointer(for handler: Handler) -> gpointer {
        Unmanaged.passRetained(ClosureBox(handler)).toOpaque()
    }

    /// The value in user data made by `retainedPointer(for:)`, borrowed: the box stays.
    package static func from(_ data: gpointer?) -> Handler {
        Unmanaged<ClosureBox>.fromOpaque(data!).takeUnretainedValue().handler
    }

    /// The value in user data made by `retainedPointer(for:)`, releasing the box: for a
    /// callback C calls exactly once and then forgets.
    package static func take(_ data: gpointer?) -> Handler {
        Unmanaged<ClosureBox>.fromOpaque(data!).takeRetainedValue().handler
    }

    /// How many boxes C holds now, across the process.
    package static var liveCount: Int { liveBoxes.load(ordering: .relaxed) }

    /// A `GDestroyNotify` releasing user data made by `retainedPointer(for:)`.
    package static var destroyNotify: GDestroyNotify {
        { data in Unmanaged<AnyObject>.fromOpaque(data!).release() }
    }

    /// A `GClosureNotify` (what `g_signal_connect_data` takes) releasing user data made by
    /// `retainedPointer(for:)`.
    package static var closureNotify: GClosureNotify {
        { data, _ in Unmanaged<AnyObject>.fromOpaque(data!).release() }
    }
}

/// Boxes made by `ClosureBox.retainedPointer(for:)` and not yet released, across the process.
/// Atomic: a box C frees (a `GBytes` free function) may go on any thread.
private let liveBoxes = Atomic<Int>(0)
