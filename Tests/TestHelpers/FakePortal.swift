import CWebKitGTK
import WebKitGTK

/// A stand-in for the XDG desktop portal on a private session bus: it owns
/// `org.freedesktop.portal.Desktop`, serves one interface (given as introspection XML) at
/// `/org/freedesktop/portal/desktop`, and hands each method call to `answer`, which must
/// reply through the invocation. Fakes of the portal's interfaces are built on it.
@MainActor
public final class FakePortal {
    /// The portal's object path.
    public static let path = "/org/freedesktop/portal/desktop"
    /// Answers one call: the method's name, its parameters (a tuple, borrowed) and the
    /// `GDBusMethodInvocation` to return through.
    public typealias Answer = @MainActor (_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) -> Void
    private let connection: ObjectReference<GObject>
    private var registration: guint = 0
    private let answer: Answer

    /// Registers `interface` (its `<interface>` element's name and XML) and takes the portal's name.
    public init(on bus: SessionBus, interface: String, xml: String, answer: @escaping Answer) throws {
        self.answer = answer
        connection = ObjectReference(adopting: UnsafeMutablePointer(try connect(to: bus)))
        let node = try throwingGError { g_dbus_node_info_new_for_xml("<node>\(xml)</node>", $0) }!
        defer { g_dbus_node_info_unref(node) }
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, _, method, parameters, invocation, data in
            MainActor.assumeIsolated {
                let portal = Unmanaged<Weak>.fromOpaque(data!).takeUnretainedValue().portal
                portal?.answer(String(cString: method!), parameters!, invocation!)
            }
        }
        let box = Unmanaged.passRetained(Weak(self)).toOpaque()
        registration = try throwingGError {
            g_dbus_connection_register_object(busConnection, Self.path, g_dbus_node_info_lookup_interface(node, interface),
                                              &vtable, box, { Unmanaged<Weak>.fromOpaque($0!).release() }, $0)
        }
        var request = [g_variant_new_string("org.freedesktop.portal.Desktop"), g_variant_new_uint32(4)] // DO_NOT_QUEUE
        let reply = try throwingGError {
            g_dbus_connection_call_sync(busConnection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                        "RequestName", g_variant_new_tuple(&request, 2), nil, G_DBUS_CALL_FLAGS_NONE,
                                        -1, nil, $0)
        }!
        defer { g_variant_unref(reply) }
        let result = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(result) }
        guard g_variant_get_uint32(result) == 1 else { throw HarnessError("the fake portal did not get its bus name") }
    }

    isolated deinit {
        g_dbus_connection_unregister_object(busConnection, registration)
    }

    /// The fake's own connection (a `GDBusConnection`, borrowed): to emit signals on.
    public var busConnection: OpaquePointer { OpaquePointer(connection.pointer) }

    /// The registration's user data: lets GDBus hold the portal without keeping it alive.
    private final class Weak {
        weak var portal: FakePortal?
        init(_ portal: FakePortal) { self.portal = portal }
    }
}

/// A new connection of the test's own to `bus` (a `GDBusConnection` the caller owns).
@MainActor
public func connect(to bus: SessionBus) throws -> OpaquePointer {
    try bus.connect()
}
