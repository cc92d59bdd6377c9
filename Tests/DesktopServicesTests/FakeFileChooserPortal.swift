import CGtkHelpers
import Foundation
import GLibCore
import TestHelpers

/// `org.freedesktop.portal.FileChooser` served from the test process on a private session
/// bus: each `OpenFile` or `SaveFile` call is recorded, answered with the request's object path
/// (`handle_token` under the caller's name, as the specification has it), and then ended with
/// `Response` carrying `uris` — or never answered at all, as a hung portal.
@MainActor
final class FakeFileChooserPortal {
    /// One call as the portal saw it.
    struct Call: Equatable {
        var method: String
        var parentWindow: String
        var title: String
        /// The option names given, sorted.
        var options: [String]
        var multiple: Bool
        var directory: Bool
        /// Each filter's name and its patterns.
        var filters: [String: [String]]
    }

    /// How the fake ends each request.
    enum Behaviour {
        /// `Response` 0 with these URIs.
        case choose([String])
        /// `Response` 1: the user cancelled.
        case cancel
        /// No reply to the call at all.
        case hang
    }

    private static let interface = "org.freedesktop.portal.FileChooser"
    private(set) var calls: [Call] = []
    var behaviour: Behaviour
    private var portal: FakePortal?
    /// Calls left unanswered (a hung portal), kept so GDBus does not answer them on drop.
    private var held: [OpaquePointer] = []

    init(on bus: SessionBus, behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let method = { (name: String) in
            #"<method name="\#(name)"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>"#
        }
        portal = try FakePortal(on: bus, interface: Self.interface, xml: """
            <interface name="\(Self.interface)">\(method("OpenFile"))\(method("SaveFile"))</interface>
            """) { [weak self] method, parameters, invocation in self?.answer(method, parameters, invocation) }
    }

    isolated deinit {
        held.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
    }

    private func answer(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        let options = g_variant_get_child_value(parameters, 2)!
        defer { g_variant_unref(options) }
        calls.append(Call(method: method, parentWindow: Self.stringAt(parameters, 0), title: Self.stringAt(parameters, 1),
                          options: Self.keys(of: options), multiple: Self.flag(options, "multiple"),
                          directory: Self.flag(options, "directory"), filters: Self.filters(in: options)))
        if case .hang = behaviour {
            held.append(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(invocation))))
            return
        }
        let token = Self.lookupString(options, "handle_token") ?? "t"
        let sender = String((string(g_dbus_method_invocation_get_sender(invocation)) ?? "").dropFirst())
            .replacingOccurrences(of: ".", with: "_")
        let handle = "\(FakePortal.path)/request/\(sender)/\(token)"
        var reply = [g_variant_new_object_path(handle)]
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        let behaviour = self.behaviour
        let connection = portal!.busConnection
        let destination = string(g_dbus_method_invocation_get_sender(invocation))
        // The user's answer comes later, as a real dialog's would.
        MainLoop.after(.milliseconds(100)) {
            let code: UInt32
            var uris: [String] = []
            switch behaviour {
            case .choose(let chosen): code = 0; uris = chosen
            case .cancel: code = 1
            case .hang: return
            }
            let builder = g_variant_builder_new(g_variant_type_new("a{sv}"))!
            var items = uris.map { g_variant_new_string($0) }
            let stringType = g_variant_type_new("s")
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(
                g_variant_new_string("uris"), g_variant_new_variant(g_variant_new_array(stringType, &items, gsize(items.count)))))
            var arguments = [g_variant_new_uint32(code), g_variant_builder_end(builder)]
            g_dbus_connection_emit_signal(connection, destination, handle, "org.freedesktop.portal.Request", "Response",
                                          g_variant_new_tuple(&arguments, 2), nil)
        }
    }

    private static func stringAt(_ tuple: OpaquePointer, _ index: gsize) -> String {
        let child = g_variant_get_child_value(tuple, index)!
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    private static func keys(of options: OpaquePointer) -> [String] {
        (0..<g_variant_n_children(options)).map { index in
            let entry = g_variant_get_child_value(options, index)!
            defer { g_variant_unref(entry) }
            return stringAt(entry, 0)
        }.sorted()
    }

    private static func flag(_ options: OpaquePointer, _ key: String) -> Bool {
        guard let value = g_variant_lookup_value(options, key, g_variant_type_new("b")) else { return false }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    private static func lookupString(_ options: OpaquePointer, _ key: String) -> String? {
        guard let value = g_variant_lookup_value(options, key, g_variant_type_new("s")) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    private static func filters(in options: OpaquePointer) -> [String: [String]] {
        guard let value = g_variant_lookup_value(options, "filters", g_variant_type_new("a(sa(us))")) else { return [:] }
        defer { g_variant_unref(value) }
        var filters: [String: [String]] = [:]
        for index in 0..<g_variant_n_children(value) {
            let filter = g_variant_get_child_value(value, index)!
            defer { g_variant_unref(filter) }
            let rules = g_variant_get_child_value(filter, 1)!
            defer { g_variant_unref(rules) }
            filters[stringAt(filter, 0)] = (0..<g_variant_n_children(rules)).map { ruleIndex in
                let rule = g_variant_get_child_value(rules, ruleIndex)!
                defer { g_variant_unref(rule) }
                return stringAt(rule, 1)
            }
        }
        return filters
    }
}
