import CGtkHelpers
import GLibCore

/// A header-bar button showing an icon that opens a popover under it: a menu of items
/// (`Popover.menu`) or content of its own (`Popover.content`, such as a downloads list).
///
/// Subclass it for a button of your own (the primary menu, the downloads button).
@MainActor
open class MenuButton: Widget {
    /// What the button's popover holds.
    public enum Popover {
        /// A menu: items (`MenuItem`) and rows in a column; choosing an item closes it.
        case menu
        /// Any content, such as a list; it stays open until the user clicks elsewhere.
        case content
    }

    /// The popover the button opens; GTK 4 gives it the window's keys while open (see
    /// `KeyboardShortcuts.reserveKeys(in:)`).
    let popover: UnsafeMutablePointer<GtkWidget>

    /// A button showing the themed icon `iconName`, described by `tooltip` and named `name`
    /// for a screen reader, whose popover (a `kind`) shows `content`.
    public init(iconName: String, tooltip: String, name: String, popover kind: Popover, content: Widget) {
        #if GTK4
        // GTK 4's menu popover shows a menu model only: a menu of widgets is a plain popover
        // whose items close it (`MenuItem`), styled as a menu.
        popover = gtk_popover_new()
        super.init(sinking: gtk_menu_button_new())
        self.tooltip = tooltip
        accessibleName = name
        gtk_menu_button_set_icon_name(reference.cast(), iconName)
        gtk_popover_set_child(gcast(popover), content.widget)
        if kind == .menu { gtk_widget_add_css_class(popover, "menu") }
        #else
        popover = kind == .menu ? gtk_popover_menu_new() : gtk_popover_new(nil)
        super.init(sinking: gtk_menu_button_new())
        self.tooltip = tooltip
        accessibleName = name
        gtk_button_set_image(reference.cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        gtk_container_add(gcast(popover, to: GtkContainer.self), content.widget)
        #endif
        content.showAll()
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
