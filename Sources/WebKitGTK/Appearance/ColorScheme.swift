import CWebKitGTK
import CWebKitGTKHelpers
import GLibCore

/// Dark style: GTK's dark preference, which WebKitGTK hands to every page as
/// `prefers-color-scheme: dark`, kept in step with the desktop's colour-scheme setting.
///
/// WebKitGTK 2.50 (GTK 3) decides `prefers-color-scheme` from `GtkSettings` alone — the
/// `gtk-application-prefer-dark-theme` property or a theme name ending in `-dark` — and
/// follows changes to it in open pages. GTK 3 itself does not read GNOME's colour scheme
/// (`org.gnome.desktop.interface color-scheme`, the key the Settings app's Dark style
/// writes), so an app that should look like the rest of the desktop calls
/// `followDesktop()` once; GTK's widgets turn dark with its pages.
@MainActor
public final class ColorScheme {
    /// The desktop's colour-scheme preference, as GNOME's settings state it.
    public enum Preference: String, Sendable {
        case `default`, preferDark = "prefer-dark", preferLight = "prefer-light"
    }

    /// Whether GTK, and so every web view's pages, prefers dark now.
    public static var prefersDark: Bool {
        get { gtk_settings_get_default().map { whv_object_get_boolean($0, darkProperty) != 0 } ?? false }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            whv_object_set_boolean(settings, darkProperty, newValue ? 1 : 0)
        }
    }

    /// Starts following the desktop's colour scheme for the rest of the process; calling it
    /// again does nothing. Without GNOME's settings schema (another desktop, no desktop)
    /// GTK's own preference is left as it is.
    public static func followDesktop() {
        if follower == nil { follower = ColorScheme() }
    }

    private static let darkProperty = "gtk-application-prefer-dark-theme"
    private static let schemaID = "org.gnome.desktop.interface"
    private static let key = "color-scheme"
    private static var follower: ColorScheme?

    private let settings: ObjectReference<GSettings>
    /// GTK's preference before following began (`settings.ini`, `GtkSettings` set by the app):
    /// what the desktop's "default" leaves in place.
    private let ownPreference: Bool
    private var connection: SignalConnection?

    private init?() {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, Self.schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, Self.key) != 0,
              let settings = g_settings_new_full(schema, nil, nil) else { return nil }
        self.settings = ObjectReference(adopting: settings)
        ownPreference = Self.prefersDark
        connection = Signals.connect(self.settings.raw, "changed::\(Self.key)") { [weak self] (_: Signals.Pointer) in
            self?.apply()
        }
        apply()
    }

    /// The desktop's preference now.
    private var preference: Preference {
        takeString(g_settings_get_string(settings.pointer, Self.key)).flatMap(Preference.init(rawValue:)) ?? .default
    }

    private func apply() {
        let dark = switch preference {
        case .preferDark: true
        case .preferLight: false
        case .default: ownPreference
        }
        if Self.prefersDark != dark { Self.prefersDark = dark }
    }
}
