import CGtkHelpers
import GLibCore

extension Widget {
    /// Calls `handler` with the number of each mouse button pressed over the widget (1 is the
    /// primary button; 8 and 9 the side buttons browsers take for back and forward) before
    /// the widget's own handling runs; returning true keeps the press from the widget. Double
    /// clicks' second presses are not reported. Keep the connection: dropping it disconnects.
    public func onButtonPress(_ handler: @escaping @MainActor (UInt32) -> Bool) -> SignalConnection {
        #if GTK4
        // A click gesture for every button, in the capture phase: before the widget's own.
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gesture, 0)
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(widget, gesture)
        return Signals.connect(UnsafeMutableRawPointer(gesture), "pressed") { (presses: Int32, _: Double, _: Double) in
            guard presses == 1, handler(gtk_gesture_single_get_current_button(gesture)) else { return }
            _ = gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        }
        #else
        Signals.connect(widget, "button-press-event") { (event: Signals.Pointer) -> Bool in
            guard let event = event?.assumingMemoryBound(to: GdkEventButton.self),
                  event.pointee.type == GDK_BUTTON_PRESS else { return false }
            return handler(event.pointee.button)
        }
        #endif
    }
}
