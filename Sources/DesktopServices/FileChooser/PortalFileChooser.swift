import CGtk
import Foundation
import GLibCore

/// `org.freedesktop.portal.FileChooser` on a bus: `OpenFile` or `SaveFile`, then the answer
/// as the `Response` signal of the request object the portal made for it.
///
/// The request's object path is known before the call (the caller's unique name and a token
/// of its own), so the subscription is in place before the portal can answer. The call that
/// starts the request is bounded (`timeout`): a portal that is absent or hung gives
/// `.unavailable`, and the caller uses GTK's chooser. The user's answer itself has no bound.
@MainActor
final class PortalFileChooser {
    /// How a request ended.
    enum Outcome: Equatable {
        /// The user chose these (none when cancelled).
        case chosen([URL])
        /// No portal serves this bus: use another chooser.
        case unavailable
        /// The portal failed the request.
        case failed(String)
    }

    private static let service = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.FileChooser"
    private let bus: ObjectReference<GObject>
    private var requests = 0

    /// Asks the portal on `bus` (a `GDBusConnection`, kept).
    init(bus: OpaquePointer) {
        self.bus = ObjectReference(retaining: UnsafeMutablePointer(bus))
    }

    private var connection: OpaquePointer { OpaquePointer(bus.pointer) }

    /// Asks `choice` over the window `parent` names (`x11:XID`, or none).
    func choose(_ choice: FileChoice, parent: String?, timeout: Duration) async -> Outcome {
        requests += 1
        let token = "webviewhost\(ProcessInfo.processInfo.processIdentifier)_\(requests)"
        let sender = (string(g_dbus_connection_get_unique_name(connection)) ?? "")
            .dropFirst().replacingOccurrences(of: ".", with: "_")
        let requestPath = "\(Self.path)/request/\(sender)/\(token)"
        var subscription: DBusSignalSubscription?
        let outcome: Outcome = await withCheckedContinuation { continuation in
            var answered = false
            func finish(_ outcome: Outcome) {
                guard !answered else { return }
                answered = true
                continuation.resume(returning: outcome)
            }
            subscription = DBusSignalSubscription(connection: connection, sender: Self.service,
                                                  interface: "org.freedesktop.portal.Request", member: "Response",
                                                  path: requestPath, argument0: nil) { parameters in
                finish(Self.outcome(ofResponse: parameters))
            }
            Task { @MainActor in
                if let failure = await self.start(choice, parent: parent, token: token, timeout: timeout) { finish(failure) }
            }
        }
        // Subscribed until the request ended (answered, refused or failed): unsubscribes now.
        withExtendedLifetime(subscription) {}
        return outcome
    }

    /// Calls `OpenFile` or `SaveFile`; nil once the portal took the request, else why not.
    private func start(_ choice: FileChoice, parent: String?, token: String, timeout: Duration) async -> Outcome? {
        let method = if case .save = choice.kind { "SaveFile" } else { "OpenFile" }
        let connection = self.connection
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        do throws(GLibError) {
            try await asyncCall(start: { callback, data in
                var arguments = [g_variant_new_string(parent ?? ""), g_variant_new_string(choice.title),
                                 Self.options(for: choice, token: token)]
                g_dbus_connection_call(connection, Self.service, Self.path, Self.interface, method,
                                       g_variant_new_tuple(&arguments, 3), nil, G_DBUS_CALL_FLAGS_NONE, milliseconds,
                                       nil, callback, data)
            }, finish: { (result: OpaquePointer) throws(GLibError) in
                let reply = try throwingGError { g_dbus_connection_call_finish(connection, result, $0) }
                if let reply { g_variant_unref(reply) }
            })
            return nil
        } catch {
            return error.meansNoPortal ? .unavailable : .failed(error.message)
        }
    }

    /// The `a{sv}` options of the request: its token, and the choice's kind, label, filters and folder.
    private static func options(for choice: FileChoice, token: String) -> OpaquePointer {
        var entries: [(String, OpaquePointer)] = [("handle_token", g_variant_new_string(token)), ("modal", g_variant_new_boolean(1))]
        switch choice.kind {
        case .openFile: break
        case .openFiles: entries.append(("multiple", g_variant_new_boolean(1)))
        case .folder: entries.append(("directory", g_variant_new_boolean(1)))
        case .save(let name): entries.append(("current_name", g_variant_new_string(name)))
        }
        if let label = choice.acceptLabel { entries.append(("accept_label", g_variant_new_string(label))) }
        if !choice.filters.isEmpty { entries.append(("filters", filters(choice.filters))) }
        if let folder = choice.startFolder { entries.append(("current_folder", g_variant_new_bytestring(folder.path))) }
        let type = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(type) }
        let builder = g_variant_builder_new(type)!
        defer { g_variant_builder_unref(builder) }
        for (key, value) in entries {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        return g_variant_builder_end(builder)
    }

    /// `a(sa(us))`: each filter's name and its rules, 0 for a glob pattern and 1 for a MIME type.
    private static func filters(_ filters: [FileFilter]) -> OpaquePointer {
        var items = filters.map { filter -> OpaquePointer? in
            var rules = filter.patterns.map { rule(0, $0) } + filter.mimeTypes.map { rule(1, $0) }
            let ruleType = g_variant_type_new("(us)")
            defer { g_variant_type_free(ruleType) }
            var pair = [g_variant_new_string(filter.name), g_variant_new_array(ruleType, &rules, gsize(rules.count))]
            return g_variant_new_tuple(&pair, 2)
        }
        let itemType = g_variant_type_new("(sa(us))")
        defer { g_variant_type_free(itemType) }
        return g_variant_new_array(itemType, &items, gsize(items.count))
    }

    private static func rule(_ kind: UInt32, _ text: String) -> OpaquePointer? {
        var pair = [g_variant_new_uint32(kind), g_variant_new_string(text)]
        return g_variant_new_tuple(&pair, 2)
    }

    /// `Response(u response, a{sv} results)`: 0 with `uris`, 1 cancelled, anything else failed.
    private static func outcome(ofResponse parameters: OpaquePointer) -> Outcome {
        guard string(g_variant_get_type_string(parameters)) == "(ua{sv})" else {
            return .failed("the portal's response has the type \(string(g_variant_get_type_string(parameters)) ?? "?")")
        }
        let code = g_variant_get_child_value(parameters, 0)!, results = g_variant_get_child_value(parameters, 1)!
        defer { g_variant_unref(code); g_variant_unref(results) }
        switch g_variant_get_uint32(code) {
        case 0: break
        case 1: return .chosen([])
        case let other: return .failed("the portal ended the request (response \(other))")
        }
        let type = g_variant_type_new("as")
        defer { g_variant_type_free(type) }
        guard let uris = g_variant_lookup_value(results, "uris", type) else { return .chosen([]) }
        defer { g_variant_unref(uris) }
        var urls: [URL] = []
        for index in 0..<g_variant_n_children(uris) {
            let item = g_variant_get_child_value(uris, index)!
            defer { g_variant_unref(item) }
            if let uri = string(g_variant_get_string(item, nil)), let url = URL(string: uri), url.isFileURL {
                urls.append(url)
            }
        }
        return .chosen(urls)
    }
}

private extension GLibError {
    /// Whether the error says no portal answers: nobody owns its name, or it does not have
    /// the interface, or it did not answer in time.
    var meansNoPortal: Bool {
        guard domain == string(g_quark_to_string(g_dbus_error_quark())) else {
            return domain == string(g_quark_to_string(g_io_error_quark())) && code == Int(G_IO_ERROR_TIMED_OUT.rawValue)
        }
        return [G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_UNKNOWN_METHOD,
                G_DBUS_ERROR_UNKNOWN_OBJECT, G_DBUS_ERROR_UNKNOWN_INTERFACE, G_DBUS_ERROR_TIMED_OUT, G_DBUS_ERROR_NO_REPLY]
            .contains { code == Int($0.rawValue) }
    }
}
