import CGtkHelpers
import GLibCore

/// What a `MenuButton` opens as a menu: items that run an action, in sections, and rows of
/// controls of their own (zoom), as GNOME's primary menus have them.
///
/// On GTK 4 it is a `GMenu` model shown by a `GtkPopoverMenu`, as libadwaita apps' menus are:
/// each item an action of the menu's own action group, each row a custom child; sections are
/// the model's. On GTK 3, model buttons in a `GtkPopoverMenu`, sections split by separators.
/// Choosing an item runs its action and closes the menu; a row stays open while used.
@MainActor
public final class Menu {
    /// The popover the menu's button shows (it owns it once given to the button).
    let popover: UnsafeMutablePointer<GtkWidget>
    /// Each item's title and how to choose it, top to bottom.
    private var items: [(title: String, choose: @MainActor () -> Void)] = []
    private var rows: [Widget] = []
    #if GTK4
    // GIO keeps these structs private: Swift sees opaque pointers, owned here as GObjects.
    private let model: ObjectReference<GObject>
    private var section: ObjectReference<GObject>
    private let actions: ObjectReference<GObject>
    private var connections: [SignalConnection] = []
    /// The prefix of the items' actions, on the popover.
    private static let actionGroupName = "menu"
    #else
    private let box = Box(.vertical)
    private var observations: [Observation] = []
    #endif

    /// An empty menu; fill it with `addItem(_:_:)`, `add(_:)` and `addSection()`.
    public init() {
        #if GTK4
        model = Self.adopt(g_menu_new())
        section = Self.adopt(g_menu_new())
        actions = ObjectReference(adopting: gcast(g_simple_action_group_new(), to: GObject.self))
        g_menu_append_section(model.cast(), nil, section.cast())
        popover = gtk_popover_menu_new_from_model(model.cast())
        gtk_widget_insert_action_group(popover, Self.actionGroupName, actions.cast())
        #else
        popover = gtk_popover_menu_new()
        box.setMargins(10)
        gtk_container_add(gcast(popover, to: GtkContainer.self), box.widget)
        box.showAll()
        #endif
    }

    /// Adds an item titled `title` that runs `action` when chosen.
    public func addItem(_ title: String, _ action: @escaping @MainActor () -> Void) {
        #if GTK4
        let name = "item\(items.count)"
        let item = Self.adopt(g_simple_action_new(name, nil))
        connections.append(Signals.connect(item.raw, "activate") { (_: UnsafeMutableRawPointer?) in action() })
        g_action_map_add_action(actions.cast(), item.cast())
        g_menu_append(section.cast(), title, "\(Self.actionGroupName).\(name)")
        items.append((title, { [actions, popover] in
            g_action_group_activate_action(actions.cast(), name, nil)
            gtk_popover_popdown(gcast(popover))
        }))
        #else
        let item = MenuItem(title)
        observations.append(item.onChosen(action))
        append(item)
        items.append((title, { item.choose() }))
        #endif
    }

    /// Adds a row of controls of its own (zoom), which stays open while used.
    public func add(_ row: Widget) {
        rows.append(row)
        #if GTK4
        let id = "row\(rows.count)"
        let item = Self.adopt(g_menu_item_new(nil, nil))
        g_menu_item_set_attribute_value(item.cast(), "custom", g_variant_new_string(id))
        g_menu_append_item(section.cast(), item.cast())
        gtk_popover_menu_add_child(gcast(popover), row.widget, id)
        row.showAll()
        #else
        append(row)
        #endif
    }

    /// Starts a new section under what is there (a separator line between them).
    public func addSection() {
        #if GTK4
        section = Self.adopt(g_menu_new())
        g_menu_append_section(model.cast(), nil, section.cast())
        #else
        append(Separator())
        #endif
    }

    /// The items' titles, top to bottom.
    public var itemTitles: [String] { items.map(\.title) }

    /// Chooses the item titled `title` as a click would: runs its action and closes the menu.
    /// Returns whether there is such an item.
    @discardableResult
    public func activateItem(titled title: String) -> Bool {
        guard let item = items.first(where: { $0.title == title }) else { return false }
        item.choose()
        return true
    }

    #if GTK4
    /// Owns a new GIO object Swift sees as an opaque pointer.
    private static func adopt(_ object: OpaquePointer?) -> ObjectReference<GObject> {
        ObjectReference(adopting: UnsafeMutablePointer<GObject>(object!))
    }
    #else
    private func append(_ child: Widget) {
        box.append(child)
        child.showAll()
    }
    #endif
}
