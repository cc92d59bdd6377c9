/// Somewhere the desktop states its colour-scheme preference: the XDG desktop portal
/// (`PortalColorScheme`) or GNOME's settings (`GSettingsColorScheme`).
///
/// `ColorScheme` follows one source, chosen when it starts; a protocol so that choice can be
/// tested with a stand-in for GNOME's settings, which a test cannot set without touching the
/// user's own.
@MainActor
package protocol ColorSchemeSource: AnyObject {
    /// The desktop's preference now.
    var preference: ColorScheme.Preference { get }
    /// Called after `preference` changed; set by whoever follows the source.
    var onChange: (@MainActor () -> Void)? { get set }
}
