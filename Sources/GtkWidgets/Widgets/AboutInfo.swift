import CGtk

/// What an app says about itself in its About dialog; an app keeps one, so the version
/// and licence it shows come from one place.
public struct AboutInfo: Sendable, Equatable {
    /// The licences GTK's About dialog names (and links) by itself.
    public enum Licence: Sendable, Equatable, CaseIterable {
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

    public var name: String
    public var version: String
    /// One line on what the app is for.
    public var comments: String?
    public var website: String?
    public var licence: Licence
    public var copyright: String?
    /// The themed icon shown as the logo (the app id, when the app installs its icon under it).
    public var iconName: String?

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
