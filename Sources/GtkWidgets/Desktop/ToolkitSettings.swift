import CGtkHelpers

/// GTK's settings for the whole display, which every widget and every WebKitGTK page read.
///
/// The desktop services set them from what the desktop says (the colour scheme), so they
/// need a Swift handle on GTK's settings rather than GTK itself.
@MainActor
public enum ToolkitSettings {
    private static let darkProperty = "gtk-application-prefer-dark-theme"

    /// Whether GTK prefers its dark style (`gtk-application-prefer-dark-theme`), which
    /// WebKitGTK hands to every page as `prefers-color-scheme: dark`; false without a display.
    public static var prefersDarkStyle: Bool {
        get { gtk_settings_get_default().map { whv_object_get_boolean(UnsafeMutableRawPointer($0), darkProperty) != 0 } ?? false }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            whv_object_set_boolean(UnsafeMutableRawPointer(settings), darkProperty, newValue ? 1 : 0)
        }
    }
}
