import CGtk
import Foundation
import GLibCore
import GtkWidgets

/// GTK's own file chooser for one `FileChoice` (`GtkFileChooserNative`, which is GTK's dialog
/// where no portal is used), transient for the parent window and modal to it.
@MainActor
struct GtkFileChooser {
    let choice: FileChoice
    weak var parent: Window?

    /// Shows the dialog and returns the chosen files' URLs once the user answers; none when cancelled.
    func run() async -> [URL] {
        let created = gtk_file_chooser_native_new(choice.title, parent?.window, action, choice.acceptLabel, nil)!
        let native = ObjectReference<GObject>(adopting: UnsafeMutableRawPointer(created).assumingMemoryBound(to: GObject.self))
        let chooser = OpaquePointer(native.pointer)
        configure(chooser)
        gtk_native_dialog_set_modal(native.cast(), 1)
        return await withCheckedContinuation { continuation in
            var connection: SignalConnection?
            connection = Signals.connect(native.raw, "response") { (response: Int32) in
                let urls = response == GTK_RESPONSE_ACCEPT.rawValue ? Self.uris(of: chooser) : []
                gtk_native_dialog_destroy(native.cast())
                _ = connection
                connection = nil
                continuation.resume(returning: urls)
            }
            gtk_native_dialog_show(native.cast())
        }
    }

    private var action: GtkFileChooserAction {
        switch choice.kind {
        case .openFile, .openFiles: GTK_FILE_CHOOSER_ACTION_OPEN
        case .folder: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .save: GTK_FILE_CHOOSER_ACTION_SAVE
        }
    }

    private func configure(_ chooser: OpaquePointer) {
        gtk_file_chooser_set_local_only(chooser, 1)
        if choice.kind == .openFiles { gtk_file_chooser_set_select_multiple(chooser, 1) }
        if case .save(let name) = choice.kind {
            gtk_file_chooser_set_do_overwrite_confirmation(chooser, 1)
            gtk_file_chooser_set_current_name(chooser, name)
        }
        if let folder = choice.startFolder { gtk_file_chooser_set_current_folder(chooser, folder.path) }
        for filter in choice.filters {
            let gtkFilter = gtk_file_filter_new()!
            gtk_file_filter_set_name(gtkFilter, filter.name)
            filter.patterns.forEach { gtk_file_filter_add_pattern(gtkFilter, $0) }
            filter.mimeTypes.forEach { gtk_file_filter_add_mime_type(gtkFilter, $0) }
            gtk_file_chooser_add_filter(chooser, gtkFilter) // takes the floating reference
        }
    }

    private static func uris(of chooser: OpaquePointer) -> [URL] {
        guard let list = gtk_file_chooser_get_uris(chooser) else { return [] }
        defer { g_slist_free_full(list, g_free) }
        var urls: [URL] = []
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let uri = string(current.pointee.data.assumingMemoryBound(to: CChar.self)), let url = URL(string: uri) {
                urls.append(url)
            }
            node = current.pointee.next
        }
        return urls
    }
}
