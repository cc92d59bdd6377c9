import CGLib
import GLibCore
import GLibLog
import GtkWidgets

/// Dark style: GTK's dark preference, which WebKitGTK hands to every page as
/// `prefers-color-scheme: dark`, kept in step with the desktop's colour-scheme setting.
///
/// WebKitGTK 2.50 (GTK 3) decides `prefers-color-scheme` from `GtkSettings` alone — the
/// `gtk-application-prefer-dark-theme` property or a theme name ending in `-dark` — and
/// follows changes to it in open pages. GTK 3 itself reads neither the desktop portal's
/// colour scheme (what KDE Plasma and sandboxed apps go by) nor GNOME's (the key the Settings
/// app's Dark style writes), so an app that should look like the rest of the desktop calls
/// `followDesktop()` once; GTK's widgets turn dark with its pages.
@MainActor
public final class ColorScheme {
    /// The desktop's colour-scheme preference.
    public enum Preference: Sendable {
        /// `default`: the desktop states no preference, so GTK's own (the theme's, or what the app
        /// set) is kept; `preferDark` and `preferLight`: the user chose dark or light style.
        case `default`, preferDark, preferLight
    }

    /// Whether GTK, and so every web view's pages, prefers dark now.
    public static var prefersDark: Bool {
        get { ToolkitSettings.prefersDarkStyle }
        set { ToolkitSettings.prefersDarkStyle = newValue }
    }

    /// Starts following the desktop's colour scheme for the rest of the process; calling it
    /// again does nothing. The XDG desktop portal on the session bus is asked first; without
    /// one, or when it does not know the setting, GNOME's GSettings key is followed; without
    /// that either (another desktop, no desktop), GTK's own preference is left as it is.
    ///
    /// On GTK 4 libadwaita's style manager follows the same portal setting and GNOME key
    /// itself from the start: following them here too would race it (the app's own preference
    /// read after libadwaita had already turned dark kept a later "no preference" dark), so
    /// this leaves the style manager to it.
    public static func followDesktop() {
        #if GTK4
        return
        #else
        guard follower == nil else { return }
        var bus: OpaquePointer?
        do {
            bus = try throwingGError { g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }
        } catch {
            Log.desktopServices.debug("colour scheme: no session bus, so no portal: \(error)")
        }
        follower = ColorScheme(bus: bus)
        if let bus { g_object_unref(UnsafeMutableRawPointer(bus)) }
        #endif
    }

    private static var follower: ColorScheme?

    /// The source followed: nil until the portal has answered (or failed to), and when
    /// neither the portal nor the fallback has the setting.
    package private(set) var source: (any ColorSchemeSource)?
    /// GTK's preference before following began (`settings.ini`, `GtkSettings` set by the app):
    /// what the desktop's "no preference" leaves in place.
    private let ownPreference: Bool

    /// Follows the portal on `bus` (a `GDBusConnection`, borrowed), or what `fallback` makes
    /// when there is no bus or the portal gives no colour scheme. Tests hand it a private bus
    /// and a stand-in for GNOME's settings.
    package init(bus: OpaquePointer?,
                 fallback: @escaping @MainActor () -> (any ColorSchemeSource)? = { GSettingsColorScheme() }) {
        ownPreference = Self.prefersDark
        guard let bus else {
            follow(fallback())
            return
        }
        let portal = PortalColorScheme(bus: bus)
        Task { [weak self] in
            do throws(PortalColorScheme.ReadError) {
                try await portal.read()
                self?.follow(portal)
            } catch {
                Log.desktopServices.debug("colour scheme: none from the desktop portal, so GNOME's settings: \(error)")
                self?.follow(fallback())
            }
        }
    }

    private func follow(_ source: (any ColorSchemeSource)?) {
        self.source = source
        source?.onChange = { [weak self] in self?.apply() }
        apply()
    }

    private func apply() {
        let dark = switch source?.preference ?? .default {
        case .preferDark: true
        case .preferLight: false
        case .default: ownPreference
        }
        if Self.prefersDark != dark { Self.prefersDark = dark }
    }
}
