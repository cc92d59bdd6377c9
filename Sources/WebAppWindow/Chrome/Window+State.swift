import WebKitGTK
import GLibCore
import GLibLog

extension Window {
    /// The current size (when not maximised) and maximised state.
    public var state: WindowState {
        let (width, height) = size
        return WindowState(width: width, height: height, isMaximized: isMaximized)
    }

    /// Sizes the window as `state` says; call before it is first shown.
    public func apply(_ state: WindowState) {
        setDefaultSize(width: state.width, height: state.height)
        isMaximized = state.isMaximized
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
        // The window's observers own the tracker, which owns the closing save.
        onConfigured { [weak self] in
            if let self, !isMaximized { tracker.state = state }
        }
        onMaximizedChanged { tracker.state.isMaximized = $0 }
        tracker.saving = onClosed { [weak tracker] in
            guard let tracker else { return }
            do { try store.save(tracker.state) } catch { onSaveError(error) }
        }
    }
}

/// The last known unmaximised size and maximised flag of one window.
@MainActor
private final class WindowStateTracker {
    var state: WindowState
    /// Saves `state` when the window closes.
    var saving: Observation?
    init(state: WindowState) { self.state = state }
}
