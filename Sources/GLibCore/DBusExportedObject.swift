import CGLib

/// One D-Bus interface this process serves at an object path on a `GDBusConnection`, its
/// method calls and property reads answered by Swift closures, for exactly as long as this
/// object lives.
///
/// What `DBusSignalSubscription` is for signals other programs send, for objects other programs
/// call: the interface comes from introspection XML (`g_dbus_node_info_new_for_xml`), the
/// closures sit in a retained box GDBus releases when the object is unregistered, and dropping
/// this unregisters it. GDBus calls back on the main context of the thread that registered, so
/// register on the main thread. Package access: raw connections, variants and invocations stay
/// inside the library.
@MainActor
package final class DBusExportedObject {
    /// A method call: the member, its parameters (a borrowed tuple) and the invocation, which the
    /// closure must answer (`g_dbus_method_invocation_return_value` or `…_return_dbus_error`).
    package typealias MethodCall = @MainActor (_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) -> Void
    /// A property read: a new (floating) value, or nil for a property this object does not have.
    package typealias PropertyRead = @MainActor (_ property: String) -> OpaquePointer?

    private struct Handlers {
        let methods: MethodCall
        let properties: PropertyRead
    }

    private let connection: OpaquePointer
    /// The object path it is served at.
    package let path: String
    /// The interface's name.
    package let interface: String
    private let id: guint

    /// Serves `interface`, as `xml` (a `<node>`) declares it, at `path` on `connection` (borrowed).
    package init(connection: OpaquePointer, path: String, interface: String, xml: String,
                 methods: @escaping MethodCall, properties: @escaping PropertyRead = { _ in nil }) throws(GLibError) {
        let node = try throwingGError { g_dbus_node_info_new_for_xml(xml, $0) }!
        defer { g_dbus_node_info_unref(node) }
        guard let info = g_dbus_node_info_lookup_interface(node, interface) else {
            throw GLibError(domain: "DBusExportedObject", code: 0, message: "the XML declares no interface \(interface)")
        }
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, _, method, parameters, invocation, data in
            MainActor.assumeIsolated { ClosureBox<Handlers>.from(data).methods(String(cString: method!), parameters!, invocation!) }
        }
        vtable.get_property = { _, _, _, _, property, error, data in
            // Crosses the isolation boundary as an address: a pointer is not Sendable.
            let address = MainActor.assumeIsolated {
                UInt(bitPattern: ClosureBox<Handlers>.from(data).properties(String(cString: property!)))
            }
            guard let value = OpaquePointer(bitPattern: address) else {
                g_set_error_literal(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue), "No such property")
                return nil
            }
            return value
        }
        let box = ClosureBox.retainedPointer(for: Handlers(methods: methods, properties: properties))
        // GDBus copies the vtable; on failure it still frees the box.
        id = try throwingGError {
            g_dbus_connection_register_object(connection, path, info, &vtable, box, ClosureBox<Handlers>.destroyNotify, $0)
        }
        g_object_ref(UnsafeMutableRawPointer(connection))
        self.connection = connection
        self.path = path
        self.interface = interface
    }

    isolated deinit {
        g_dbus_connection_unregister_object(connection, id)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Emits `signal` of the interface from this object to every listener, with `arguments`
    /// (floating variants, taken).
    package func emit(_ signal: String, _ arguments: [OpaquePointer?]) throws(GLibError) {
        var arguments = arguments
        _ = try throwingGError {
            g_dbus_connection_emit_signal(connection, nil, path, interface, signal,
                                          g_variant_new_tuple(&arguments, gsize(arguments.count)), $0)
        }
    }
}
