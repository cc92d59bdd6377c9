import WebKitGTK
import CWebKitGTK
import CGtkHelpers
import GLibCore

/// The window's primary menu, as GNOME apps have it: a menu button at the end of the header
/// bar ("open-menu-symbolic") whose popover lists the window's commands, in sections.
///
/// Items are GTK model buttons: a click runs the item's action and closes the popover.
/// Rows such as `ZoomControls` go in with `add(_:)` and stay open while used.
@MainActor
public final class PrimaryMenu: Widget {
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let box: UnsafeMutablePointer<GtkWidget>
    private var items: [(title: String, button: UnsafeMutablePointer<GtkWidget>)] = []
    private var rows: [Widget] = []

    /// An empty menu button; fill it with `addItem`, `add(_:)` and separators. `tooltip` names
    /// it and its key (by default "Main Menu (F10)" in the user's language).
    public init(tooltip: String? = nil) {
        popover = gtk_popover_menu_new()
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        super.init(sinking: gtk_menu_button_new())
        self.tooltip = tooltip ?? tr("Main Menu (F10)")
        accessibleName = tr("Main Menu")
        let icon = gtk_image_new_from_icon_name("open-menu-symbolic", GTK_ICON_SIZE_BUTTON)
        gtk_button_set_image(reference.cast(), icon)
        gtk_widget_set_margin_start(box, 10)
        gtk_widget_set_margin_end(box, 10)
        gtk_widget_set_margin_top(box, 10)
        gtk_widget_set_margin_bottom(box, 10)
        gtk_container_add(gcast(popover, to: GtkContainer.self), box)
        gtk_widget_show(box)
        gtk_menu_button_set_popover(menuButton, popover)
    }

    private var menuButton: UnsafeMutablePointer<GtkMenuButton> { reference.cast() }

    /// Adds an item that runs `action` when chosen.
    public func addItem(_ title: String, _ action: @escaping @MainActor () -> Void) {
        let button = gtk_model_button_new()!
        whv_object_set_string(button, "text", title)
        connections.append(Signals.connect(UnsafeMutableRawPointer(button), "clicked", action))
        append(button)
        items.append((title, button))
    }

    /// Adds a row of controls of its own (zoom).
    public func add(_ row: Widget) {
        append(row.widget)
        rows.append(row)
    }

    /// Starts a new section: a separator under what is there.
    public func addSeparator() {
        append(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
    }

    /// The items' titles, top to bottom.
    public var itemTitles: [String] { items.map(\.title) }

    /// Chooses the item as a click would: runs its action and closes the menu. Returns
    /// whether there is such an item.
    @discardableResult
    public func activateItem(titled title: String) -> Bool {
        guard let button = items.first(where: { $0.title == title })?.button else { return false }
        gtk_button_clicked(gcast(button, to: GtkButton.self))
        return true
    }

    /// Whether the popover is open.
    public var isOpen: Bool {
        get { gtk_toggle_button_get_active(reference.cast()) != 0 }
        set { gtk_toggle_button_set_active(reference.cast(), newValue ? 1 : 0) }
    }

    /// Opens the menu, or closes it when open (F10).
    public func toggle() {
        isOpen.toggle()
    }

    private func append(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_container_add(gcast(box, to: GtkContainer.self), child)
        gtk_widget_show_all(child)
    }
}
