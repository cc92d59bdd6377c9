import WebKitGTK
import GLibCore

/// The window's primary menu, as GNOME apps have it: a menu button at the end of the header
/// bar ("open-menu-symbolic") whose popover lists the window's commands, in sections.
///
/// Choosing an item runs its action and closes the popover. Rows such as `ZoomControls` go
/// in with `add(_:)` and stay open while used.
@MainActor
public final class PrimaryMenu: MenuButton {
    private let menu: Menu

    /// An empty menu button; fill it with `addItem`, `add(_:)` and separators. `tooltip` names
    /// it and its key (by default "Main Menu (F10)" in the user's language).
    public init(tooltip: String? = nil) {
        let menu = Menu()
        self.menu = menu
        super.init(iconName: "open-menu-symbolic", tooltip: tooltip ?? tr("Main Menu (F10)"), name: tr("Main Menu"), menu: menu,
                   primary: true)
    }

    /// Adds an item that runs `action` when chosen.
    public func addItem(_ title: String, _ action: @escaping @MainActor () -> Void) {
        menu.addItem(title, action)
    }

    /// Adds a row of controls of its own (zoom).
    public func add(_ row: Widget) {
        menu.add(row)
    }

    /// Starts a new section: a separator under what is there.
    public func addSeparator() {
        menu.addSection()
    }

    /// The items' titles, top to bottom.
    public var itemTitles: [String] { menu.itemTitles }

    /// Chooses the item as a click would: runs its action and closes the menu. Returns
    /// whether there is such an item.
    @discardableResult
    public func activateItem(titled title: String) -> Bool {
        menu.activateItem(titled: title)
    }

    /// Opens the menu, or closes it when open (F10).
    public func toggle() {
        isOpen.toggle()
    }
}
