import CGLib
import GLibCore

/// The colour scheme as GNOME's settings state it: the GSettings key
/// `org.gnome.desktop.interface color-scheme`, which the Settings app's Dark style writes.
///
/// What `ColorScheme` follows when the session bus has no desktop portal that knows the
/// setting (a GNOME session started without one, a bare X session).
@MainActor
package final class GSettingsColorScheme: ColorSchemeSource {
    package var onChange: (@MainActor () -> Void)?
    private static let schemaID = "org.gnome.desktop.interface"
    private static let key = "color-scheme"
    private let settings: ObjectReference<GSettings>
    private var connection: SignalConnection?

    /// Nil without GNOME's settings schema (another desktop, no desktop) or without the key in it.
    package init?() {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, Self.schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, Self.key) != 0,
              let settings = g_settings_new_full(schema, nil, nil) else { return nil }
        self.settings = ObjectReference(adopting: settings)
        connection = Signals.connect(self.settings.raw, "changed::\(Self.key)") { [weak self] (_: Signals.Pointer) in
            self?.onChange?()
        }
    }

    package var preference: ColorScheme.Preference {
        switch takeString(g_settings_get_string(settings.pointer, Self.key)) {
        case "prefer-dark": .preferDark
        case "prefer-light": .preferLight
        default: .default
        }
    }
}
