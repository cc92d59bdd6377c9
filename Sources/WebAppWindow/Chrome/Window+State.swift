import WebKitGTK
import CWebKitGTK
import GLibCore
import GLibLog

extension Window {
    /// The current size (when not maximised) and maximised state.
    public var state: WindowState {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_size(window, &width, &height)
        return WindowState(width: Int(width), height: Int(height), isMaximized: gtk_window_is_maximized(window) != 0)
    }

    /// Sizes the window as `state` says; call before it is first shown.
    public func apply(_ state: WindowState) {
        gtk_window_set_default_size(window, Int32(clamping: max(state.width, 1)), Int32(clamping: max(state.height, 1)))
        if state.isMaximized { gtk_window_maximize(window) } else { gtk_window_unmaximize(window) }
    }

    /// Restores the state saved in `store`, then follows resizes and (un)maximising and
    /// saves the last state when the window is destroyed. A save failure is reported to
    /// `onSaveError` rather than stopping the window from closing.
    public func rememberState(in store: WindowStateStore,
                              onSaveError: @escaping @MainActor (Error) -> Void = { Log.webKitGTK.warning("window state not saved: \($0)") }) {
        let saved = store.load()
        if let saved { apply(saved) }
        // Until the window is mapped GTK reports neither its size nor maximising.
        let tracker = WindowStateTracker(state: saved ?? state)
        // The closures own the tracker; the window owns the closures.
        connections.append(Signals.connect(widget, "configure-event") { [weak self] (_: Signals.Pointer) -> Bool in
            if let self, gtk_window_is_maximized(self.window) == 0 { tracker.state = self.state }
            return false
        })
        connections.append(Signals.connect(widget, "window-state-event") { (event: Signals.Pointer) -> Bool in
            // Read the event: GTK updates its own flag only after this handler runs.
            if let event = event?.assumingMemoryBound(to: GdkEventWindowState.self) {
                tracker.state.isMaximized = event.pointee.new_window_state.rawValue & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0
            }
            return false
        })
        connections.append(Signals.connect(widget, "destroy") {
            do { try store.save(tracker.state) } catch { onSaveError(error) }
        })
    }
}

/// The last known unmaximised size and maximised flag of one window.
@MainActor
private final class WindowStateTracker {
    var state: WindowState
    init(state: WindowState) { self.state = state }
}
