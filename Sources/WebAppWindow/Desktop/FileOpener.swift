import FoundationEssentials
import GLibCore
import GtkWidgets

/// Hands a downloaded file to the desktop: opens it with its default program, or shows it
/// in the file manager.
///
/// A protocol so tests can record what would have opened instead of launching programs.
@MainActor
public protocol FileOpener: AnyObject {
    /// Opens `file` with the desktop's default program for its type; throws when none can.
    func open(_ file: URL) throws
    /// Shows `file` in its folder, selected where the file manager can; throws when nothing
    /// can be shown.
    func showInFolder(_ file: URL) throws
}

/// The desktop's way: the default program for the file's type, and the file manager's
/// `org.freedesktop.FileManager1.ShowItems` (Files, Dolphin, Nemo…), which selects the file
/// in its folder; without a file manager on the session bus, the folder itself is opened.
@MainActor
public final class DesktopFileOpener: FileOpener {
    /// The window launched programs belong to (focus, startup notification).
    public weak var parent: Window?

    /// An opener launching programs for `parent` (held weakly; nil for none).
    public init(parent: Window? = nil) {
        self.parent = parent
    }

    public func open(_ file: URL) throws {
        try URILauncher.open(file.absoluteString, for: parent)
    }

    public func showInFolder(_ file: URL) throws {
        let folder = file.deletingLastPathComponent()
        let connection = try UserSessionBus.connection()
        Task { [weak self] in
            let items = Variants.array(of: "s", [Variants.string(file.absoluteString)])
            do throws(GLibError) {
                try await callDBusMethod(on: OpaquePointer(connection.pointer), destination: "org.freedesktop.FileManager1",
                                         path: "/org/freedesktop/FileManager1", interface: "org.freedesktop.FileManager1",
                                         method: "ShowItems", parameters: Variants.tuple([items, Variants.string("")]),
                                         timeout: .seconds(5)) { _ in () }
            } catch {
                // No file manager answered: the folder itself is opened.
                try? self?.open(folder)
            }
        }
    }
}
