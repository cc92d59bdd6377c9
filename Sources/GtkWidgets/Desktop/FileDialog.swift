import CGLib
import CGtkHelpers
import FoundationEssentials
import GLibCore

/// GTK's file chooser dialog (`GtkFileChooserNative`), modal to its window, for one question:
/// files or a folder to open, or where to save.
///
/// The desktop services ask the XDG portal first and use this where there is none; the
/// download's save dialog uses it directly. Local files only, so every answer is a `file:` URL.
@MainActor
public struct FileDialog {
    /// What the dialog asks for.
    public enum Action: Sendable, Equatable {
        /// One existing file.
        case openFile
        /// One or more existing files.
        case openFiles
        /// One existing folder.
        case folder
        /// A file to write, the name proposed at first; GTK asks before overwriting one.
        case save(suggestedName: String)
    }

    /// A named set of name patterns (`*.json`) and MIME types offered in the dialog's filter list.
    public struct Filter: Sendable, Equatable {
        /// What the user sees in the filter list.
        public var name: String
        /// Shell-style name patterns.
        public var patterns: [String]
        /// MIME types; `image/*` matches every image.
        public var mimeTypes: [String]

        /// A filter of `patterns` and `mimeTypes` shown as `name`.
        public init(name: String, patterns: [String] = [], mimeTypes: [String] = []) {
            self.name = name
            self.patterns = patterns
            self.mimeTypes = mimeTypes
        }
    }

    /// The dialog's title.
    public var title: String
    /// What it asks for.
    public var action: Action
    /// The accepting button's label (mnemonic, `_Save`); nil for GTK's own.
    public var acceptLabel: String?
    /// The cancelling button's label (mnemonic); nil for GTK's own.
    public var cancelLabel: String?
    /// The folder shown first; nil leaves it to GTK (the last folder used).
    public var startFolder: URL?
    /// The filters offered, the first selected; none lists every file.
    public var filters: [Filter]

    /// A dialog titled `title` asking for `action`; the rest are optional.
    public init(title: String, action: Action, acceptLabel: String? = nil, cancelLabel: String? = nil,
                startFolder: URL? = nil, filters: [Filter] = []) {
        self.title = title
        self.action = action
        self.acceptLabel = acceptLabel
        self.cancelLabel = cancelLabel
        self.startFolder = startFolder
        self.filters = filters
    }

    /// Shows the dialog over `parent` and returns the chosen files' URLs once the user answers;
    /// none when cancelled.
    public func run(over parent: Window?) async -> [URL] {
        let created = gtk_file_chooser_native_new(title, parent?.window, gtkAction, acceptLabel, cancelLabel)!
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

    private var gtkAction: GtkFileChooserAction {
        switch action {
        case .openFile, .openFiles: GTK_FILE_CHOOSER_ACTION_OPEN
        case .folder: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .save: GTK_FILE_CHOOSER_ACTION_SAVE
        }
    }

    private func configure(_ chooser: OpaquePointer) {
        if action == .openFiles { gtk_file_chooser_set_select_multiple(chooser, 1) }
        #if GTK4
        // GTK 4's chooser shows local files only and always asks before overwriting.
        if case .save(let name) = action { gtk_file_chooser_set_current_name(chooser, name) }
        if let folder = startFolder {
            let file = g_file_new_for_path(folder.path)!
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            _ = gtk_file_chooser_set_current_folder(chooser, file, nil)
        }
        #else
        gtk_file_chooser_set_local_only(chooser, 1)
        if case .save(let name) = action {
            gtk_file_chooser_set_do_overwrite_confirmation(chooser, 1)
            gtk_file_chooser_set_current_name(chooser, name)
        }
        if let folder = startFolder { gtk_file_chooser_set_current_folder(chooser, folder.path) }
        #endif
        for filter in filters {
            let gtkFilter = gtk_file_filter_new()!
            gtk_file_filter_set_name(gtkFilter, filter.name)
            filter.patterns.forEach { gtk_file_filter_add_pattern(gtkFilter, $0) }
            filter.mimeTypes.forEach { gtk_file_filter_add_mime_type(gtkFilter, $0) }
            gtk_file_chooser_add_filter(chooser, gtkFilter) // takes the floating reference
        }
    }

    #if GTK4
    private static func uris(of chooser: OpaquePointer) -> [URL] {
        guard let files = gtk_file_chooser_get_files(chooser) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            guard let file = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(file) }
            return takeString(g_file_get_uri(OpaquePointer(file))).flatMap { URL(string: $0) }
        }
    }
    #else
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
    #endif
}
