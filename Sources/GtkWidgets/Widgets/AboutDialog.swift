import CGtkHelpers
import GLibCore

/// GNOME's About dialog for an app: name, version, what it is for, website, licence.
/// It closes itself when the user closes it.
@MainActor
public final class AboutDialog: Widget {
    #if GTK4
    /// Builds the dialog from `info`, titled "About" and the app's name, modal over `parent`
    /// when one is given; nothing shows until `present()`.
    public init(_ info: AboutInfo, parent: Window?) {
        super.init(sinking: adw_about_window_new())
        adw_about_window_set_application_name(dialog, info.name)
        adw_about_window_set_version(dialog, info.version)
        info.comments.map { adw_about_window_set_comments(dialog, $0) }
        info.website.map { adw_about_window_set_website(dialog, $0) }
        adw_about_window_set_license_type(dialog, info.licence.gtk)
        info.copyright.map { adw_about_window_set_copyright(dialog, $0) }
        info.iconName.map { adw_about_window_set_application_icon(dialog, $0) }
        gtk_window_set_title(reference.cast(), "About \(info.name)")
        if let parent {
            gtk_window_set_transient_for(reference.cast(), parent.window)
            gtk_window_set_modal(reference.cast(), 1)
        }
    }

    /// libadwaita's About window, GNOME 43's; it destroys itself when closed.
    private var dialog: OpaquePointer { reference.cast() }
    #else
    /// Builds the dialog from `info`, titled "About" and the app's name, modal over `parent`
    /// when one is given; nothing shows until `present()`.
    public init(_ info: AboutInfo, parent: Window?) {
        super.init(sinking: gtk_about_dialog_new())
        gtk_about_dialog_set_program_name(dialog, info.name)
        gtk_about_dialog_set_version(dialog, info.version)
        gtk_about_dialog_set_comments(dialog, info.comments)
        gtk_about_dialog_set_website(dialog, info.website)
        gtk_about_dialog_set_license_type(dialog, info.licence.gtk)
        gtk_about_dialog_set_copyright(dialog, info.copyright)
        if let iconName = info.iconName { gtk_about_dialog_set_logo_icon_name(dialog, iconName) }
        gtk_window_set_title(reference.cast(), "About \(info.name)")
        if let parent {
            gtk_window_set_transient_for(reference.cast(), parent.window)
            gtk_window_set_modal(reference.cast(), 1)
        }
        connections.append(Signals.connect(widget, "response") { [weak self] (_: Int32) in self?.destroy() })
    }

    private var dialog: UnsafeMutablePointer<GtkAboutDialog> { reference.cast() }
    #endif

    /// Shows the dialog in front and returns at once: nothing waits for the user, and the
    /// dialog destroys itself when closed.
    public func present() {
        gtk_widget_show(widget)
        gtk_window_present(reference.cast())
    }

    #if GTK4
    /// What the dialog shows, read back from it; nil if GTK holds a licence `AboutInfo` cannot name.
    public var shown: AboutInfo? {
        let type = adw_about_window_get_license_type(dialog)
        guard let licence = AboutInfo.Licence.allCases.first(where: { $0.gtk == type }) else { return nil }
        let optional: (UnsafePointer<gchar>?) -> String? = { string($0).flatMap { $0.isEmpty ? nil : $0 } }
        return AboutInfo(name: string(adw_about_window_get_application_name(dialog)) ?? "",
                  version: string(adw_about_window_get_version(dialog)) ?? "",
                  comments: optional(adw_about_window_get_comments(dialog)),
                  website: optional(adw_about_window_get_website(dialog)),
                  licence: licence,
                  copyright: optional(adw_about_window_get_copyright(dialog)),
                  iconName: optional(adw_about_window_get_application_icon(dialog)))
    }
    #else
    /// What the dialog shows, read back from it; nil if GTK holds a licence `AboutInfo` cannot name.
    public var shown: AboutInfo? {
        let type = gtk_about_dialog_get_license_type(dialog)
        guard let licence = AboutInfo.Licence.allCases.first(where: { $0.gtk == type }) else { return nil }
        return AboutInfo(name: string(gtk_about_dialog_get_program_name(dialog)) ?? "",
                  version: string(gtk_about_dialog_get_version(dialog)) ?? "",
                  comments: string(gtk_about_dialog_get_comments(dialog)),
                  website: string(gtk_about_dialog_get_website(dialog)),
                  licence: licence,
                  copyright: string(gtk_about_dialog_get_copyright(dialog)),
                  iconName: string(gtk_about_dialog_get_logo_icon_name(dialog)))
    }
    #endif
}
