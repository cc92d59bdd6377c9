import CWebKitGTKHelpers
import WebKitGTK

/// A fake D-Bus service's object, served from the test process on a connection of its own to a
/// private session bus: one interface from introspection XML, its method calls answered by a
/// closure, its signals emitted on demand, and optionally a well-known name owned for it.
@MainActor
public final class BusObject {
    /// A method call: the member, its parameters (borrowed) and the invocation to answer (owned by the call).
    public typealias Call = @MainActor (_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) -> Void

    package let connection: ObjectReference<GObject>
    private var object: DBusExportedObject!

    /// Serves `interface` (described in `xml`, a `<node>`) at `path` on a new connection to `bus`.
    public init(on bus: SessionBus, path: String, interface: String, xml: String, _ handler: @escaping Call) throws {
        connection = ObjectReference(adopting: UnsafeMutablePointer(try bus.connect()))
        object = try DBusExportedObject(connection: raw, path: path, interface: interface, xml: xml, methods: handler)
    }

    isolated deinit {
        object = nil
        g_dbus_connection_close_sync(raw, nil, nil)
    }

    /// The connection's unique name (`:1.7`).
    public var uniqueName: String { string(g_dbus_connection_get_unique_name(raw)) ?? "" }

    /// Owns `name` on the bus for this connection; throws when someone else has it.
    public func own(_ name: String) throws {
        let reply = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                             [g_variant_new_string(name), g_variant_new_uint32(4)]) // DO_NOT_QUEUE
        defer { g_variant_unref(reply) }
        let result = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(result) }
        guard g_variant_get_uint32(result) == 1 else { throw HarnessError("the fake service did not get \(name)") }
    }

    /// Emits `signal` of the interface from the object, with `arguments` (floating variants).
    public func emit(_ signal: String, _ arguments: [OpaquePointer?]) throws {
        try object.emit(signal, arguments)
    }

    /// Calls a method on another peer and returns its reply (owned by the caller).
    public func call(_ destination: String, _ path: String, _ interface: String, _ method: String,
              _ arguments: [OpaquePointer?]) throws -> OpaquePointer {
        var arguments = arguments
        return try throwingGError {
            g_dbus_connection_call_sync(raw, destination, path, interface, method,
                                        g_variant_new_tuple(&arguments, gsize(arguments.count)), nil,
                                        G_DBUS_CALL_FLAGS_NONE, 5000, nil, $0)
        }!
    }

    public var raw: OpaquePointer { OpaquePointer(connection.pointer) }
}

/// Reading `GVariant`s in the fakes: the child at `index` as text, a number or a list of strings.
extension OpaquePointer {
    public func child(_ index: Int) -> OpaquePointer { g_variant_get_child_value(self, gsize(index))! }

    public func text(_ index: Int) -> String {
        let value = child(index)
        defer { g_variant_unref(value) }
        return string(g_variant_get_string(value, nil)) ?? ""
    }

    public func uint32(_ index: Int) -> UInt32 {
        let value = child(index)
        defer { g_variant_unref(value) }
        return g_variant_get_uint32(value)
    }

    public func strings(_ index: Int) -> [String] {
        let value = child(index)
        defer { g_variant_unref(value) }
        return (0..<Int(g_variant_n_children(value))).map { value.text($0) }
    }

    /// The variant printed in GVariant text form (`(1, 'x')`), for assertions on what was sent.
    public var printed: String { takeString(g_variant_print(self, 0)) ?? "" }
}
