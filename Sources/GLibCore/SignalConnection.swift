import CGLib

/// One GLib signal connection whose Swift closure lives exactly as long as the connection.
///
/// The closure sits in a retained `ClosureBox` handed to GLib as user data; GLib releases
/// it through the destroy-notify when the handler is disconnected or the object
/// is disposed, so a closure can neither outlive its connection nor be freed
/// while GLib may still call it. Dropping the `SignalConnection` disconnects.
/// Closures must capture their owner weakly: the connection is owned by it.
@MainActor
public final class SignalConnection {
    private let instance: UnsafeMutableRawPointer
    private var handlerID: gulong

    /// Closures currently handed to C (connections, sources, callbacks; see `ClosureBox`),
    /// across the process; tests use it to prove that tearing an object down leaves no
    /// connection behind.
    public static var liveClosureCount: Int { ClosureBox<Void>.liveCount }

    package init<Handler>(instance: UnsafeMutableRawPointer, signal: String, handler: Handler, trampoline: GCallback) {
        g_object_ref(instance)
        self.instance = instance
        handlerID = g_signal_connect_data(instance, signal, trampoline, ClosureBox.retainedPointer(for: handler),
                                          ClosureBox<Handler>.closureNotify, GConnectFlags(rawValue: 0))
        precondition(handlerID != 0, "no signal '\(signal)' on \(String(cString: g_type_name_from_instance(instance.assumingMemoryBound(to: GTypeInstance.self))))")
    }

    /// Whether GLib still holds the closure (false after `disconnect()` or the object's disposal).
    public var isConnected: Bool {
        handlerID != 0 && g_signal_handler_is_connected(instance, handlerID) != 0
    }

    /// Disconnects now; the closure is released by GLib's destroy-notify.
    public func disconnect() {
        if isConnected {
            g_signal_handler_disconnect(instance, handlerID)
        }
        handlerID = 0
    }

    isolated deinit {
        disconnect()
        g_object_unref(instance)
    }
}
