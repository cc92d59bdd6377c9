import CGtk
import GLibCore

/// Opens a URI with the desktop's default program for it (a file with the program for its
/// type, a folder in the file manager), as GTK does: through the portal where there is one.
@MainActor
public enum URILauncher {
    /// Opens `uri` for `parent` (focus and startup notification go to it; nil for none);
    /// throws GLib's error when nothing can open it.
    public static func open(_ uri: String, for parent: Window?) throws(GLibError) {
        _ = try throwingGError { gtk_show_uri_on_window(parent?.window, uri, 0, $0) }
    }
}
