import CGLib

/// One subscription to a D-Bus signal on a `GDBusConnection`, its Swift closure alive exactly
/// as long as the subscription.
///
/// What `SignalConnection` is for GObject signals, for signals other programs send over the
/// bus: the closure sits in a retained box GDBus releases when the subscription ends, and
/// dropping the subscription unsubscribes. GDBus calls back on the main context of the thread
/// that subscribed, so subscribe on the main thread. The handler receives the signal's
/// parameters (a `GVariant` tuple, borrowed for the call). Package access: raw connections
/// and variants stay inside the library.
@MainActor
package final class DBusSignalSubscription {
    private let connection: OpaquePointer
    private let id: guint

    /// Subscribes to the signals on `connection` that match every filter given (`nil`
    /// matches anything); `argument0` matches the signal's first string argument.
    package init(connection: OpaquePointer, sender: String?, interface: String?, member: String?,
                 path: String?, argument0: String?, _ handler: @escaping @MainActor (OpaquePointer) -> Void) {
        typealias H = @MainActor (OpaquePointer) -> Void
        g_object_ref(UnsafeMutableRawPointer(connection))
        self.connection = connection
        id = g_dbus_connection_signal_subscribe(connection, sender, interface, member, path, argument0,
                                                G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(parameters!) }
        }, ClosureBox.retainedPointer(for: handler), ClosureBox<H>.destroyNotify)
    }

    isolated deinit {
        g_dbus_connection_signal_unsubscribe(connection, id)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }
}
