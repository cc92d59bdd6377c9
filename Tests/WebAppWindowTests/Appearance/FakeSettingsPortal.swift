import CWebKitGTK
import TestHelpers
import WebAppWindow
import WebKitGTK

/// The XDG desktop portal's `org.freedesktop.portal.Settings` as far as the colour scheme goes,
/// served from the test process on a private session bus: it owns `org.freedesktop.portal.Desktop`
/// and answers for `org.freedesktop.appearance color-scheme` only (anything else is the portal's
/// `NotFound`), as version 2 of the interface (`ReadOne` and `Read`) or version 1 (`Read`
/// alone, the value wrapped in one more variant); `change(to:)` signals `SettingChanged`.
@MainActor
final class FakeSettingsPortal {
    /// A colour-scheme value as the portal sends it: the specification's `u`, or a wrong type.
    enum Value {
        case number(UInt32)
        case text(String)

        /// A new floating `GVariant`.
        var variant: OpaquePointer {
            switch self {
            case .number(let number): g_variant_new_uint32(number)
            case .text(let text): g_variant_new_string(text)
            }
        }
    }

    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Settings"
    private(set) var colorScheme: Value
    /// The methods called, in order.
    private(set) var calls: [String] = []
    private let connection: ObjectReference<GObject>
    private var registration: guint = 0

    init(on bus: SessionBus, version: Int, colorScheme: Value) throws {
        self.colorScheme = colorScheme
        connection = ObjectReference(adopting: UnsafeMutablePointer(try connect(to: bus)))
        let readOne = version >= 2 ? Self.method("ReadOne") : ""
        let node = try throwingGError {
            g_dbus_node_info_new_for_xml("""
                <node><interface name="\(Self.interface)">
                  \(Self.method("Read"))\(readOne)
                  <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
                </interface></node>
                """, $0)
        }!
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
            g_dbus_connection_register_object(busConnection, Self.path, g_dbus_node_info_lookup_interface(node, Self.interface),
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

    /// Sets the colour scheme and tells the bus, as the portal does when the desktop's changes.
    func change(to value: Value) throws {
        colorScheme = value
        var arguments = [g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string("color-scheme"),
                         g_variant_new_variant(value.variant)]
        _ = try throwingGError {
            g_dbus_connection_emit_signal(busConnection, nil, Self.path, Self.interface, "SettingChanged",
                                          g_variant_new_tuple(&arguments, 3), $0)
        }
    }

    private func answer(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        calls.append(method)
        guard argument(parameters, 0) == "org.freedesktop.appearance", argument(parameters, 1) == "color-scheme" else {
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.portal.Error.NotFound",
                                                              "Requested setting not found")
        }
        let value = method == "Read" ? g_variant_new_variant(colorScheme.variant) : colorScheme.variant
        var reply = [g_variant_new_variant(value)]
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
    }

    private var busConnection: OpaquePointer { OpaquePointer(connection.pointer) }

    private static func method(_ name: String) -> String {
        #"<method name="\#(name)"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>"#
    }

    /// The registration's user data: lets GDBus hold the portal without keeping it alive.
    private final class Weak {
        weak var portal: FakeSettingsPortal?
        init(_ portal: FakeSettingsPortal) { self.portal = portal }
    }
}

/// A new connection of the test's own to `bus` (a `GDBusConnection` the caller owns).
@MainActor
func connect(to bus: SessionBus) throws -> OpaquePointer {
    try bus.connect()
}

/// The string at `index` of a tuple of strings.
private func argument(_ tuple: OpaquePointer, _ index: gsize) -> String? {
    let child = g_variant_get_child_value(tuple, index)!
    defer { g_variant_unref(child) }
    return g_variant_classify(child) == G_VARIANT_CLASS_STRING ? String(cString: g_variant_get_string(child, nil)) : nil
}
