import WebKitGTK
import GLibCore

/// The window's primary menu, as GNOME apps have it: a menu button at the end of the header
/// bar ("open-menu-symbolic") whose popover lists the window's commands, in sections.
///
/// Choosing an item runs its action and closes the popover. Rows such as `ZoomControls` go
/// in with `add(_:)` and stay open while used.
@MainActor
public final class PrimaryMenu: MenuButton {
    private let box = Box(.vertical)
    private var items: [MenuItem] = []
    private var rows: [Widget] = []
    private var observations: [Observation] = []

    /// An empty menu button; fill it with `addItem`, `add(_:)` and separators. `tooltip` names
    /// it and its key (by default "Main Menu (F10)" in the user's language).
    public init(tooltip: String? = nil) {
        box.setMargins(10)
        super.init(iconName: "open-menu-symbolic", tooltip: tooltip ?? tr("Main Menu (F10)"), name: tr("Main Menu"), popover: .menu, content: box,
                   primary: true)
    }

    /// Adds an item that runs `action` when chosen.
    public func addItem(_ title: String, _ action: @escaping @MainActor () -> Void) {
        let item = MenuItem(title)
        observations.append(item.onChosen(action))
        append(item)
        items.append(item)
    }

    /// Adds a row of controls of its own (zoom).
    public func add(_ row: Widget) {
        append(row)
        rows.append(row)
    }

    /// Starts a new section: a separator under what is there.
    public func addSeparator() {
        append(Separator())
    }

    /// The items' titles, top to bottom.
    public var itemTitles: [String] { items.map(\.title) }

    /// Chooses the item as a click would: runs its action and closes the menu. Returns
    /// whether there is such an item.
    @discardableResult
    public func activateItem(titled title: String) -> Bool {
        guard let item = items.first(where: { $0.title == title }) else { return false }
        item.choose()
        return true
    }

    /// Opens the menu, or closes it when open (F10).
    public func toggle() {
        isOpen.toggle()
    }

    private func append(_ child: Widget) {
        box.append(child)
        child.showAll()
    }
}
