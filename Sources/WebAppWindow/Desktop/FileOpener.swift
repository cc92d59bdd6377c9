import WebKitGTK
import CWebKitGTK
import Foundation
import GLibCore

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
        _ = try throwingGError { gtk_show_uri_on_window(parent?.window, file.absoluteString, 0, $0) }
    }

    public func showInFolder(_ file: URL) throws {
        let folder = file.deletingLastPathComponent()
        guard let bus = try throwingGError({ g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }) else { return try open(folder) }
        let items = file.absoluteString.withCString { uri in
            var strv: [UnsafePointer<CChar>?] = [uri]
            return g_variant_new_strv(&strv, 1)
        }
        var parts: [OpaquePointer?] = [items, g_variant_new_string("")]
        let arguments = g_variant_new_tuple(&parts, 2)
        // What happens when no file manager answers: the folder itself is opened.
        typealias H = @MainActor () -> Void
        let fallback: H = { [weak self] in try? self?.open(folder) }
        g_dbus_connection_call(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                               "org.freedesktop.FileManager1", "ShowItems", arguments, nil,
                               G_DBUS_CALL_FLAGS_NONE, 5000, nil, { source, result, data in
            // GIO calls this exactly once: the box goes with the call.
            let fallback = ClosureBox<H>.take(data)
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            if let reply { g_variant_unref(reply) }
            if let error {
                g_error_free(error)
                MainActor.assumeIsolated { fallback() }
            }
        }, ClosureBox.retainedPointer(for: fallback))
        g_object_unref(UnsafeMutableRawPointer(bus))
    }

}
