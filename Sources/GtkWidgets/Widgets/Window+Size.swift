import CGtkHelpers
import GLibCore

extension Window {
    /// The window's size in pixels, as it would be unmaximised while it is not maximised.
    public var size: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        #if GTK4
        // GTK 4 keeps no position or size apart from the default size it tracks while shown.
        gtk_window_get_default_size(window, &width, &height)
        #else
        gtk_window_get_size(window, &width, &height)
        #endif
        return (Int(width), Int(height))
    }

    /// Whether the window is maximised; setting it asks the window system to (un)maximise it.
    public var isMaximized: Bool {
        get { gtk_window_is_maximized(window) != 0 }
        set { if newValue { gtk_window_maximize(window) } else { gtk_window_unmaximize(window) } }
    }

    /// The size the window first shows at; call before it is shown.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, Int32(clamping: max(width, 1)), Int32(clamping: max(height, 1)))
    }

    /// Calls `observer` each time the window system moves or resizes the window, for as long
    /// as the window lives.
    public func onConfigured(_ observer: @escaping @MainActor () -> Void) {
        #if GTK4
        // GTK 4 tells of a new size through the default size it tracks; a position it never has.
        for property in ["notify::default-width", "notify::default-height"] {
            connections.append(Signals.connect(widget, property) { (_: Signals.Pointer) -> Void in observer() })
        }
        #else
        connections.append(Signals.connect(widget, "configure-event") { (_: Signals.Pointer) -> Bool in
            observer()
            return false
        })
        #endif
    }

    /// Calls `observer` with the new state each time the window is maximised or unmaximised,
    /// for as long as the window lives. Read the state here, not from `isMaximized`: GTK
    /// updates its own flag only after the observers ran.
    public func onMaximizedChanged(_ observer: @escaping @MainActor (Bool) -> Void) {
        #if GTK4
        connections.append(Signals.connect(widget, "notify::maximized") { [weak self] (_: Signals.Pointer) -> Void in
            guard let self else { return }
            observer(gtk_window_is_maximized(window) != 0)
        })
        #else
        connections.append(Signals.connect(widget, "window-state-event") { (event: Signals.Pointer) -> Bool in
            guard let event = event?.assumingMemoryBound(to: GdkEventWindowState.self),
                  event.pointee.changed_mask.rawValue & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0 else { return false }
            observer(event.pointee.new_window_state.rawValue & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0)
            return false
        })
        #endif
    }
}
