import CGtkHelpers

/// What an app says about itself in its About dialog; an app keeps one, so the version
/// and licence it shows come from one place.
public struct AboutInfo: Sendable, Equatable {
    /// The licences GTK's About dialog names (and links) by itself.
    public enum Licence: Sendable, Equatable, CaseIterable {
        /// MIT (GTK's "MIT/X11"), Apache 2.0, GNU GPL 3.0 or later, GNU LGPL 3.0 or later,
        /// BSD 3-clause and Mozilla Public License 2.0.
        case mit, apache2, gpl3OrLater, lgpl3OrLater, bsd3, mpl2

        var gtk: GtkLicense {
            switch self {
            case .mit: GTK_LICENSE_MIT_X11
            case .apache2: GTK_LICENSE_APACHE_2_0
            case .gpl3OrLater: GTK_LICENSE_GPL_3_0
            case .lgpl3OrLater: GTK_LICENSE_LGPL_3_0
            case .bsd3: GTK_LICENSE_BSD_3
            case .mpl2: GTK_LICENSE_MPL_2_0
            }
        }
    }

    /// The app's name as people know it: the dialog's heading and, after "About", its title.
    public var name: String
    /// The version shown under the name; give the one the app's packages carry, so a user
    /// reporting a bug names the build they run.
    public var version: String
    /// One line on what the app is for.
    public var comments: String?
    /// A link shown in the dialog, such as the project's home page; nil shows none.
    public var website: String?
    /// The licence the dialog names and links to.
    public var licence: Licence
    /// A copyright line ("© 2026 The Authors"); nil shows none.
    public var copyright: String?
    /// The themed icon shown as the logo (the app id, when the app installs its icon under it).
    public var iconName: String?

    /// Describes the app for `AboutDialog`: the name, version and licence are required, and
    /// whatever else is nil is left out of the dialog.
    public init(name: String, version: String, comments: String? = nil, website: String? = nil,
                licence: Licence, copyright: String? = nil, iconName: String? = nil) {
        self.name = name
        self.version = version
        self.comments = comments
        self.website = website
        self.licence = licence
        self.copyright = copyright
        self.iconName = iconName
    }
}
