import CGtkHelpers

/// GTK's settings for the whole display, which every widget and every WebKitGTK page read.
///
/// The desktop services set them from what the desktop says (the colour scheme), so they
/// need a Swift handle on GTK's settings rather than GTK itself.
@MainActor
public enum ToolkitSettings {
    #if GTK4
    /// Whether the app shows its dark style, which WebKitGTK hands to every page as
    /// `prefers-color-scheme: dark`; false without a display. libadwaita's style manager holds
    /// it on GTK 4 (it refuses GTK's own setting): set, it forces the style either way.
    public static var prefersDarkStyle: Bool {
        get { adw_is_initialized() != 0 && adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }
        set {
            guard adw_is_initialized() != 0 else { return }
            adw_style_manager_set_color_scheme(adw_style_manager_get_default(),
                                               newValue ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT)
        }
    }
    #else
    private static let darkProperty = "gtk-application-prefer-dark-theme"

    /// Whether GTK prefers its dark style (`gtk-application-prefer-dark-theme`), which
    /// WebKitGTK hands to every page as `prefers-color-scheme: dark`; false without a display.
    public static var prefersDarkStyle: Bool {
        get { gtk_settings_get_default().map { whv_object_get_boolean($0, darkProperty) != 0 } ?? false }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            whv_object_set_boolean(settings, darkProperty, newValue ? 1 : 0)
        }
    }
    #endif
}
