import CGtkHelpers

// The package links exactly one toolkit: GTK refuses to run with GTK 3 and GTK 4 in one
// process. An app that names GTK4 and also the default traits (`.defaults`) gets both.
#if GTK3 && GTK4
#error("WebViewHost: enable one of the traits GTK3 (the default) and GTK4, not both")
#elseif !GTK3 && !GTK4
#error("WebViewHost: enable one of the traits GTK3 (the default) and GTK4")
#endif

/// The toolkit this build of the library draws its windows with, chosen by a package trait
/// when the app was built: what a user's bug report must name (`--doctor` does), since the
/// same app looks and behaves as a GTK 3 app or as a GNOME (libadwaita) one.
public enum Toolkit {
    #if GTK4
    /// The package trait that chose the toolkit: "GTK3" (the default) or "GTK4".
    public static let trait = "GTK4"
    #else
    /// The package trait that chose the toolkit: "GTK3" (the default) or "GTK4".
    public static let trait = "GTK3"
    #endif

    /// The libadwaita library this process runs (not the headers it was built with), as
    /// "1.2.2"; nil on GTK 3, which has none.
    public static var libadwaitaVersion: String? {
        #if GTK4
        "\(adw_get_major_version()).\(adw_get_minor_version()).\(adw_get_micro_version())"
        #else
        nil
        #endif
    }
}
