import CGLib

/// One GLib signal connection whose Swift closure lives exactly as long as the connection.
///
/// The closure sits in a retained box handed to GLib as user data; GLib releases
/// it through the destroy-notify when the handler is disconnected or the object
/// is disposed, so a closure can neither outlive its connection nor be freed
/// while GLib may still call it. Dropping the `SignalConnection` disconnects.
/// Closures must capture their owner weakly: the connection is owned by it.
@MainActor
public final class SignalConnection {
    private let instance: UnsafeMutableRawPointer
    private var handlerID: gulong

    /// Closures currently held by a live connection, across the process; tests use it to
    /// prove that tearing an object down leaves no connection behind.
    public private(set) static var liveClosureCount = 0

    package init<Handler>(instance: UnsafeMutableRawPointer, signal: String, handler: Handler, trampoline: GCallback) {
        g_object_ref(instance)
        self.instance = instance
        let box = Unmanaged.passRetained(ClosureBox(handler)).toOpaque()
        handlerID = g_signal_connect_data(instance, signal, trampoline, box, { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }, GConnectFlags(rawValue: 0))
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

    static func closureCreated() { liveClosureCount += 1 }
    static func closureReleased() { liveClosureCount -= 1 }
}

/// The retained box a connection hands to GLib as user data.
package final class ClosureBox<Handler> {
    package let handler: Handler

    package init(_ handler: Handler) {
        self.handler = handler
        MainActor.assumeIsolated { SignalConnection.closureCreated() }
    }

    deinit {
        MainActor.assumeIsolated { SignalConnection.closureReleased() }
    }

    package static func from(_ data: gpointer?) -> Handler {
        Unmanaged<ClosureBox<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
    }
}
