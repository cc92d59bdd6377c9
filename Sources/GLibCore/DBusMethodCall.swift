import CGLib

/// Calls `method` of `interface` on the object at `path` of `destination` over `bus` (a
/// `GDBusConnection`, borrowed) without blocking the loop, and hands the reply (a tuple,
/// borrowed for the call) to `read` in the reply's own turn on the loop, so that what `read`
/// sets is ordered with the signals that arrived before and after it. `parameters` is a tuple
/// (a floating `GVariant` is taken); `timeout` nil is the bus's default (25 s). Throws the
/// bus's error: no such name or method, no reply in time, the remote's own error.
///
/// The one way the library calls a D-Bus method: the portal's file chooser and settings, the
/// file manager, the status notifier watcher. Package access: raw connections and variants
/// stay inside the library.
@MainActor
package func callDBusMethod<Value>(
    on bus: OpaquePointer, destination: String, path: String, interface: String, method: String,
    parameters: OpaquePointer?, timeout: Duration? = nil,
    reading read: @escaping @MainActor (OpaquePointer) -> Value
) async throws(GLibError) -> Value {
    let milliseconds = timeout.map { Int32(clamping: $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? -1
    return try await asyncCall(start: { callback, data in
        g_dbus_connection_call(bus, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE,
                               milliseconds, nil, callback, data)
    }, finish: { (result: OpaquePointer) throws(GLibError) -> Value in
        let reply = try throwingGError { g_dbus_connection_call_finish(bus, result, $0) }!
        defer { g_variant_unref(reply) }
        return read(reply)
    })
}

extension GLibError {
    /// Whether the error is D-Bus's `name` (`G_DBUS_ERROR_…`).
    package func isDBusError(_ name: GDBusError) -> Bool {
        domain == string(g_quark_to_string(g_dbus_error_quark())) && code == Int(name.rawValue)
    }

    /// Whether the error says nobody answers there: no owner of the name and none the bus can
    /// start, no such object, interface or method, or no answer in time.
    package var meansNobodyAnswers: Bool {
        if domain == string(g_quark_to_string(g_io_error_quark())) { return code == Int(G_IO_ERROR_TIMED_OUT.rawValue) }
        return [G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_UNKNOWN_METHOD,
                G_DBUS_ERROR_UNKNOWN_OBJECT, G_DBUS_ERROR_UNKNOWN_INTERFACE, G_DBUS_ERROR_TIMED_OUT, G_DBUS_ERROR_NO_REPLY]
            .contains(where: isDBusError)
    }
}
