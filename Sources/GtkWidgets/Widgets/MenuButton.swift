import CGtkHelpers
import GLibCore

/// A header-bar button showing an icon that opens a popover under it: a `Menu` (the primary
/// menu) or content of its own (a downloads list).
///
/// Subclass it for a button of your own (the primary menu, the downloads button).
@MainActor
open class MenuButton: Widget {
    /// The popover; `KeyboardShortcuts` watches its keys on GTK 4.
    let popover: UnsafeMutablePointer<GtkWidget>
    /// The menu shown, kept for as long as the button (nil for content of its own).
    private let menu: Menu?

    /// A button showing the themed icon `iconName`, described by `tooltip` and named `name`
    /// for a screen reader, that opens `menu`. A window's `primary` menu opens on F10 in
    /// GTK 4: GTK's window takes that key itself, and without a primary menu it moves the
    /// focus into the title bar instead. GTK 3 has no such key, and the window binds F10
    /// itself (`KeyboardShortcuts`).
    public init(iconName: String, tooltip: String, name: String, menu: Menu, primary: Bool = false) {
        popover = menu.popover
        self.menu = menu
        super.init(sinking: gtk_menu_button_new())
        configure(iconName: iconName, tooltip: tooltip, name: name)
        #if GTK4
        gtk_menu_button_set_primary(reference.cast(), primary ? 1 : 0)
        #endif
    }

    /// A button showing the themed icon `iconName`, described by `tooltip` and named `name`
    /// for a screen reader, whose popover shows `content`; it stays open until the user clicks
    /// elsewhere.
    public init(iconName: String, tooltip: String, name: String, content: Widget) {
        menu = nil
        #if GTK4
        popover = gtk_popover_new()
        gtk_popover_set_child(gcast(popover), content.widget)
        #else
        popover = gtk_popover_new(nil)
        gtk_container_add(gcast(popover, to: GtkContainer.self), content.widget)
        #endif
        super.init(sinking: gtk_menu_button_new())
        configure(iconName: iconName, tooltip: tooltip, name: name)
        content.showAll()
    }

    private func configure(iconName: String, tooltip: String, name: String) {
        self.tooltip = tooltip
        accessibleName = name
        #if GTK4
        gtk_menu_button_set_icon_name(reference.cast(), iconName)
        #else
        gtk_button_set_image(reference.cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        #endif
        // The menu button owns the popover from here on.
        gtk_menu_button_set_popover(reference.cast(), popover)
    }

    #if GTK4
    /// Whether the button is pressed, its popover open; setting it opens or closes it.
    public var isOpen: Bool {
        // GTK 4's menu button is no toggle button: open is its popover shown.
        get { isPopoverShown }
        set {
            if !newValue { gtk_menu_button_popdown(reference.cast()) } else if isInWindow { gtk_menu_button_popup(reference.cast()) }
        }
    }
    #else
    /// Whether the button is pressed, its popover open; setting it opens or closes it.
    public var isOpen: Bool {
        get { gtk_toggle_button_get_active(reference.cast()) != 0 }
        set { gtk_toggle_button_set_active(reference.cast(), newValue ? 1 : 0) }
    }
    #endif

    /// Whether the popover is on screen.
    public var isPopoverShown: Bool { gtk_widget_get_visible(popover) != 0 }

    /// Opens the popover, as a click on the button does; on GTK 4 only once the button is in a
    /// window, since a popover is a surface of its window's (GTK 3 shows it anyway).
    public func showPopover() {
        #if GTK4
        guard isInWindow else { return }
        #endif
        gtk_popover_popup(gcast(popover, to: GtkPopover.self))
    }

    #if GTK4
    /// Whether the button is in a window, whose surface its popover can open on.
    private var isInWindow: Bool { gtk_widget_get_root(widget) != nil }
    #endif
}
