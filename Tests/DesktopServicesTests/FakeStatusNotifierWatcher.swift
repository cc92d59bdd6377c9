import CWebKitGTKHelpers
import TestHelpers
import WebKitGTK

/// A panel's `org.kde.StatusNotifierWatcher` on a private session bus: it records the items that
/// register, and calls them as a panel does (their properties, their dbusmenu, their methods).
/// Dropping it closes its connection, so its bus name goes, as when the panel quits.
@MainActor
final class FakeStatusNotifierWatcher {
    private static let interface = "org.kde.StatusNotifierWatcher"
    /// The service names registered, in order.
    private(set) var registered: [String] = []
    private var object: BusObject!

    init(on bus: SessionBus) throws {
        object = try BusObject(on: bus, path: "/StatusNotifierWatcher", interface: Self.interface, xml: """
            <node><interface name="\(Self.interface)">
              <method name="RegisterStatusNotifierItem"><arg type="s" direction="in"/></method>
              <method name="RegisterStatusNotifierHost"><arg type="s" direction="in"/></method>
              <signal name="StatusNotifierItemRegistered"><arg type="s"/></signal>
            </interface></node>
            """) { [unowned self] method, parameters, invocation in
            if method == "RegisterStatusNotifierItem" {
                let service = parameters.text(0)
                registered.append(service)
                try? object.emit("StatusNotifierItemRegistered", [g_variant_new_string(service)])
            }
            g_dbus_method_invocation_return_value(invocation, nil)
        }
        try object.own(Self.interface)
    }

    /// Every property of `interface` of the object at `path` of `service`, each value printed in GVariant text form.
    func properties(of service: String, _ path: String, _ interface: String) throws -> [String: String] {
        let reply = try object.call(service, path, "org.freedesktop.DBus.Properties", "GetAll", [g_variant_new_string(interface)])
        defer { g_variant_unref(reply) }
        let dictionary = reply.child(0)
        defer { g_variant_unref(dictionary) }
        var result: [String: String] = [:]
        for index in 0..<Int(g_variant_n_children(dictionary)) {
            let entry = dictionary.child(index)
            let boxed = entry.child(1), value = g_variant_get_variant(boxed)!
            result[entry.text(0)] = value.printed
            g_variant_unref(value)
            g_variant_unref(boxed)
            g_variant_unref(entry)
        }
        return result
    }

    /// Calls `method` of `interface` on `service` at `path`; returns the reply printed.
    @discardableResult
    func call(_ service: String, _ path: String, _ interface: String, _ method: String,
              _ arguments: [OpaquePointer?]) throws -> String {
        let reply = try object.call(service, path, interface, method, arguments)
        defer { g_variant_unref(reply) }
        return reply.printed
    }

    /// Whether anyone owns `name` on the bus.
    func hasOwner(_ name: String) throws -> Bool {
        try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                 [g_variant_new_string(name)]) == "(true,)"
    }
}
