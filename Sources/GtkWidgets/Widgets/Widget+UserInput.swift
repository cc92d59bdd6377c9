import CGtkHelpers
import GLibCore

extension Widget {
    /// Calls `handler` at each press the user makes in the widget (a mouse button, a key, a
    /// touch), before the widget handles it, which goes on as if unwatched: how a web view
    /// learns that a user, not a page, acted. Keep the connections: dropping them disconnects.
    public func onUserInput(_ handler: @escaping @MainActor () -> Void) -> [SignalConnection] {
        #if GTK4
        // GTK 4 delivers events to controllers only: a legacy one sees every event first.
        let controller = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(widget, controller) // the widget owns it
        let presses: Set<UInt32> = [GDK_BUTTON_PRESS.rawValue, GDK_KEY_PRESS.rawValue, GDK_TOUCH_BEGIN.rawValue]
        return [Signals.connect(UnsafeMutableRawPointer(controller), "event") { (event: Signals.Pointer) -> Bool in
            if let event, presses.contains(gdk_event_get_event_type(OpaquePointer(event)).rawValue) { handler() }
            return false
        }]
        #else
        ["button-press-event", "key-press-event", "touch-event"].map { signal in
            Signals.connect(widget, signal) { (_: Signals.Pointer) -> Bool in
                handler()
                return false
            }
        }
        #endif
    }
}
