import CGtk
import GLibCore

extension Widget {
    /// Calls `handler` with the number of each mouse button pressed over the widget (1 is the
    /// primary button; 8 and 9 the side buttons browsers take for back and forward) before
    /// the widget's own handling runs; returning true keeps the press from the widget. Double
    /// clicks' second presses are not reported. Keep the connection: dropping it disconnects.
    public func onButtonPress(_ handler: @escaping @MainActor (UInt32) -> Bool) -> SignalConnection {
        Signals.connect(widget, "button-press-event") { (event: Signals.Pointer) -> Bool in
            guard let event = event?.assumingMemoryBound(to: GdkEventButton.self),
                  event.pointee.type == GDK_BUTTON_PRESS else { return false }
            return handler(event.pointee.button)
        }
    }
}
