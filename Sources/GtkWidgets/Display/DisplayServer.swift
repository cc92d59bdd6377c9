import CGLib
import CGtkHelpers

/// Which display server GTK talks to in this process, as GDK opened it: what decides how
/// windows are drawn, and which of WebKit's rendering quirks apply.
@MainActor
public enum DisplayServer: String, Sendable {
    /// An X11 server (Xorg, Xwayland, Xvfb).
    case x11 = "X11"
    /// A Wayland compositor.
    case wayland = "Wayland"
    /// Another GDK backend (Broadway…).
    case other = "other"

    /// The server of GDK's default display, nil when no display is open.
    public static var current: DisplayServer? {
        guard let display = gdk_display_get_default() else { return nil }
        let object = UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self)
        let name = String(cString: g_type_name(object.pointee.g_class.pointee.g_type))
        if name.contains("X11") { return .x11 }
        if name.contains("Wayland") { return .wayland }
        return .other
    }

    /// The name of GDK's default display (`:99`, `wayland-0`), nil when none is open.
    public static var displayName: String? {
        gdk_display_get_default().flatMap { gdk_display_get_name($0) }.map { String(cString: $0) }
    }

    /// The GTK library this process runs (not the headers it was built with), as "3.24.38".
    public static var gtkVersion: String {
        "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())"
    }
}
