import CGLib

/// Which names a D-Bus message bus has, asked of the bus itself (`org.freedesktop.DBus`):
/// whether a service runs, or would be started on first use; and what a running service's
/// object offers (its introspection). Each call bounded, blocking, and starting nothing: what
/// a diagnosis before the main loop asks. Package access: the connection is a raw `GDBusConnection`.
@MainActor
package struct BusNames {
    /// The connection asked (borrowed).
    package let bus: OpaquePointer
    /// The longest each call may take, in milliseconds.
    package let timeout: Int32

    /// Names on `bus`, each call bounded by `timeout` seconds.
    package init(bus: OpaquePointer, timeout: Double) {
        self.bus = bus
        self.timeout = Int32(timeout * 1000)
    }

    /// Whether a connection owns `name` now.
    package func isOwned(_ name: String) throws(GLibError) -> Bool {
        let reply = try call("NameHasOwner", g_variant_new_tuple([g_variant_new_string(name)], 1))
        defer { g_variant_unref(reply) }
        let owned = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }

    /// Whether the bus would start `name` on first use (a service file names it).
    package func isActivatable(_ name: String) throws(GLibError) -> Bool {
        let reply = try call("ListActivatableNames", nil)
        defer { g_variant_unref(reply) }
        let names = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(names) }
        return (0..<g_variant_n_children(names)).contains { index in
            let child = g_variant_get_child_value(names, index)!
            defer { g_variant_unref(child) }
            return String(cString: g_variant_get_string(child, nil)) == name
        }
    }

    /// The introspection XML of the object at `path` of the running `service`.
    package func introspection(of service: String, at path: String) throws(GLibError) -> String {
        let reply = try call("Introspect", nil, on: service, path, "org.freedesktop.DBus.Introspectable")
        defer { g_variant_unref(reply) }
        let text = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(text) }
        return String(cString: g_variant_get_string(text, nil))
    }

    private func call(_ method: String, _ parameters: OpaquePointer?, on destination: String = "org.freedesktop.DBus",
                      _ path: String = "/org/freedesktop/DBus", _ interface: String = "org.freedesktop.DBus") throws(GLibError) -> OpaquePointer {
        try throwingGError {
            g_dbus_connection_call_sync(bus, destination, path, interface, method,
                                        parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout, nil, $0)
        }!
    }
}
