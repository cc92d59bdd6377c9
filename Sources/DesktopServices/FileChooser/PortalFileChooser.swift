import CGLib
import FoundationEssentials
import GLibCore
import GtkWidgets

/// The portal's `FileChooser` on a bus: `OpenFile` or `SaveFile`, answered as a portal request
/// (`DesktopPortal.request`). The call that starts the request is bounded (`timeout`): a
/// portal that is absent or hung gives `.unavailable`, and the caller uses GTK's chooser. The
/// user's answer itself has no bound.
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

    private let portal: DesktopPortal

    /// Asks the portal on `bus` (a `GDBusConnection`, kept).
    init(bus: OpaquePointer) {
        portal = DesktopPortal(bus: bus)
    }

    /// Asks `choice` over the window `parent` names (`x11:XID`, or none).
    func choose(_ choice: FileChoice, parent: String?, timeout: Duration) async -> Outcome {
        let method = if case .save = choice.kind { "SaveFile" } else { "OpenFile" }
        let answer = await portal.request("FileChooser", method, timeout: timeout, parameters: { token in
            Variants.tuple([Variants.string(parent ?? ""), Variants.string(choice.title), Self.options(for: choice, token: token)])
        }, reading: Self.chosen(in:))
        switch answer {
        case .success((0, let urls)): return .chosen(urls)
        case .success((1, _)): return .chosen([])
        case .success((let code, _)): return .failed("the portal ended the request (response \(code))")
        case .failure(let error): return error.meansNobodyAnswers ? .unavailable : .failed(error.message)
        }
    }

    /// The `a{sv}` options of the request: its token, and the choice's kind, label, filters and folder.
    private static func options(for choice: FileChoice, token: String) -> OpaquePointer {
        var entries: [(String, OpaquePointer)] = [("handle_token", Variants.string(token)), ("modal", Variants.bool(true))]
        switch choice.kind {
        case .openFile: break
        case .openFiles: entries.append(("multiple", Variants.bool(true)))
        case .folder: entries.append(("directory", Variants.bool(true)))
        case .save(let name): entries.append(("current_name", Variants.string(name)))
        }
        if let label = choice.acceptLabel { entries.append(("accept_label", Variants.string(label))) }
        if !choice.filters.isEmpty { entries.append(("filters", filters(choice.filters))) }
        if let folder = choice.startFolder { entries.append(("current_folder", g_variant_new_bytestring(folder.path))) }
        return Variants.dictionary(entries)
    }

    /// `a(sa(us))`: each filter's name and its rules, 0 for a glob pattern and 1 for a MIME type.
    private static func filters(_ filters: [FileFilter]) -> OpaquePointer {
        Variants.array(of: "(sa(us))", filters.map { filter in
            let rules = filter.patterns.map { Variants.tuple([Variants.uint32(0), Variants.string($0)]) }
                + filter.mimeTypes.map { Variants.tuple([Variants.uint32(1), Variants.string($0)]) }
            return Variants.tuple([Variants.string(filter.name), Variants.array(of: "(us)", rules)])
        })
    }

    /// The file URLs among the `uris` of a response's results (borrowed).
    private static func chosen(in results: OpaquePointer) -> [URL] {
        let type = g_variant_type_new("as")
        defer { g_variant_type_free(type) }
        guard let uris = g_variant_lookup_value(results, "uris", type) else { return [] }
        defer { g_variant_unref(uris) }
        var urls: [URL] = []
        for index in 0..<g_variant_n_children(uris) {
            let item = g_variant_get_child_value(uris, index)!
            defer { g_variant_unref(item) }
            if let uri = string(g_variant_get_string(item, nil)), let url = URL(string: uri), url.isFileURL {
                urls.append(url)
            }
        }
        return urls
    }
}
