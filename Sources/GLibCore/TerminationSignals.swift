import CGLib
import Glibc

/// SIGTERM and SIGINT delivered on the GLib main loop, so an app ends the way closing does
/// (its windows save their state) instead of dying mid-write.
///
/// GLib turns the signals into loop sources (`g_unix_signal_add`), so the action runs on the
/// main actor like any other event, never inside a signal handler. The first signal of
/// either kind runs the action once and removes both sources; GLib then restores the default
/// disposition, so a second Ctrl+C or `kill` ends a process that does not quit.
@MainActor
public final class TerminationSignals {
    private var sourceIDs: [guint] = []

    /// Calls `action` with the signal's number when the process first gets SIGTERM or SIGINT.
    public init(_ action: @escaping @MainActor (Int32) -> Void) {
        typealias H = @MainActor () -> Void
        for signal in [SIGTERM, SIGINT] {
            let deliver: H = { [weak self] in
                guard let self else { return }
                cancel()
                action(signal)
            }
            sourceIDs.append(g_unix_signal_add_full(G_PRIORITY_HIGH, signal, { data in
                MainActor.assumeIsolated { ClosureBox<H>.from(data)() }
                return 0 // G_SOURCE_REMOVE; `deliver` removes the other source
            }, ClosureBox.retainedPointer(for: deliver), ClosureBox<H>.destroyNotify))
        }
    }

    /// Stops listening: the signals take their default action again.
    public func cancel() {
        for id in sourceIDs where g_main_context_find_source_by_id(nil, id) != nil {
            g_source_remove(id)
        }
        sourceIDs = []
    }

    isolated deinit {
        cancel()
    }
}
