import CWebKitGTKHelpers
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

    private static let interface = "org.freedesktop.portal.Settings"
    private(set) var colorScheme: Value
    /// The methods called, in order.
    private(set) var calls: [String] = []
    private var portal: FakePortal?

    init(on bus: SessionBus, version: Int, colorScheme: Value) throws {
        self.colorScheme = colorScheme
        let readOne = version >= 2 ? Self.method("ReadOne") : ""
        portal = try FakePortal(on: bus, interface: Self.interface, xml: """
            <interface name="\(Self.interface)">
              \(Self.method("Read"))\(readOne)
              <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
            </interface>
            """) { [weak self] method, parameters, invocation in self?.answer(method, parameters, invocation) }
    }

    /// Sets the colour scheme and tells the bus, as the portal does when the desktop's changes.
    func change(to value: Value) throws {
        colorScheme = value
        var arguments = [g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string("color-scheme"),
                         g_variant_new_variant(value.variant)]
        _ = try throwingGError {
            g_dbus_connection_emit_signal(portal!.busConnection, nil, FakePortal.path, Self.interface, "SettingChanged",
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

    private static func method(_ name: String) -> String {
        #"<method name="\#(name)"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>"#
    }
}

/// The string at `index` of a tuple of strings.
private func argument(_ tuple: OpaquePointer, _ index: gsize) -> String? {
    let child = g_variant_get_child_value(tuple, index)!
    defer { g_variant_unref(child) }
    return g_variant_classify(child) == G_VARIANT_CLASS_STRING ? String(cString: g_variant_get_string(child, nil)) : nil
}
