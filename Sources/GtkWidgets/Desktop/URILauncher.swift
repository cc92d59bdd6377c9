import CGtkHelpers
import GLibCore

/// Opens a URI with the desktop's default program for it (a file with the program for its
/// type, a folder in the file manager), as GTK does: through the portal where there is one.
@MainActor
public enum URILauncher {
    /// Opens `uri` for `parent` (focus and startup notification go to it; nil for none);
    /// throws GLib's error when nothing can open it.
    public static func open(_ uri: String, for parent: Window?) throws(GLibError) {
        #if GTK4
        // GTK 4.8's launcher (`gtk_show_uri`) reports no failure: GIO's, which does, with the
        // window's display for its launch context.
        let display = parent.map { gtk_widget_get_display($0.widget) } ?? gdk_display_get_default()
        let context = display.flatMap { gdk_display_get_app_launch_context($0) }.map {
            ObjectReference(adopting: UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self))
        }
        _ = try throwingGError { g_app_info_launch_default_for_uri(uri, context?.pointer, $0) }
        #else
        _ = try throwingGError { gtk_show_uri_on_window(parent?.window, uri, 0, $0) }
        #endif
    }
}
