import CGLib
import FoundationEssentials
import GLibCore
import GtkWidgets

/// Asks the user for files or a folder, over a window, and gives back what the user chose —
/// the only paths an app (or, through it, a page) learns.
///
/// The XDG desktop portal's `FileChooser` interface is asked first: the desktop's
/// own dialog, and the only one a sandboxed app can use. When the session has no portal (no
/// bus, nobody owns the portal's name, or it does not answer within `portalTimeout`), GTK's
/// own chooser opens instead, transient for the window. Cancelling gives no files, not an error.
@MainActor
public final class FileChooser {
    /// The window the dialog belongs to (kept above it, and named to the portal as `x11:XID`).
    public weak var parent: Window?
    /// How long the portal may take to accept the request before GTK's chooser is used.
    public var portalTimeout: Duration = .seconds(10)
    private let portal: PortalFileChooser?
    private var isOpen = false

    /// A chooser over `parent`, asking the session bus's portal first.
    public convenience init(parent: Window?) {
        let bus = try? throwingGError { g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }
        self.init(parent: parent, bus: bus ?? nil)
        if let bus = bus ?? nil { g_object_unref(UnsafeMutableRawPointer(bus)) }
    }

    /// A chooser asking the portal on `bus` (a `GDBusConnection`, borrowed; tests give a
    /// private one), or, with none, GTK's chooser alone.
    package init(parent: Window?, bus: OpaquePointer?) {
        self.parent = parent
        portal = bus.map(PortalFileChooser.init(bus:))
    }

    /// Where the user's choice came from last: the portal or GTK's own dialog; nil before any.
    public private(set) var lastBackend: Backend?

    /// Which dialog asked.
    public enum Backend: Sendable, Equatable {
        /// The XDG desktop portal's file chooser.
        case portal
        /// GTK's own file chooser dialog.
        case gtk
    }

    /// Asks `choice` and returns the files or folder chosen, as `file:` URLs; empty when the
    /// user cancelled.
    public func choose(_ choice: FileChoice) async throws(FileChooserError) -> [URL] {
        guard !isOpen else { throw .alreadyOpen }
        isOpen = true
        defer { isOpen = false }
        if let portal {
            switch await portal.choose(choice, parent: parent?.x11Handle, timeout: portalTimeout) {
            case .chosen(let urls):
                lastBackend = .portal
                return urls
            case .failed(let reason):
                throw .portalFailed(reason)
            case .unavailable:
                break
            }
        }
        lastBackend = .gtk
        return await GtkFileChooser(choice: choice, parent: parent).run()
    }

    /// One existing file, or nil when the user cancelled.
    public func openFile(_ title: String, filters: [FileFilter] = [], startFolder: URL? = nil) async throws(FileChooserError) -> URL? {
        try await choose(FileChoice(.openFile, title: title, filters: filters, startFolder: startFolder)).first
    }

    /// Existing files, none when the user cancelled.
    public func openFiles(_ title: String, filters: [FileFilter] = [], startFolder: URL? = nil) async throws(FileChooserError) -> [URL] {
        try await choose(FileChoice(.openFiles, title: title, filters: filters, startFolder: startFolder))
    }

    /// An existing folder, or nil when the user cancelled.
    public func chooseFolder(_ title: String, startFolder: URL? = nil) async throws(FileChooserError) -> URL? {
        try await choose(FileChoice(.folder, title: title, startFolder: startFolder)).first
    }

    /// Where to write a file named `suggestedName` at first, or nil when the user cancelled;
    /// the file is the app's to write.
    public func saveFile(_ title: String, suggestedName: String, filters: [FileFilter] = [],
                         startFolder: URL? = nil) async throws(FileChooserError) -> URL? {
        try await choose(FileChoice(.save(suggestedName: suggestedName), title: title, filters: filters,
                                    startFolder: startFolder)).first
    }
}
