import CGtk
import CGtkHelpers
import GLibCore

/// An item of a `MenuButton`'s menu: a title that runs an action and closes the menu, as
/// GNOME's primary menus have them.
@MainActor
public final class MenuItem: Widget {
    /// The title shown.
    public let title: String
    private let clicked = ObserverList<Void>()

    /// An item titled `title`; `onChosen` runs what it does.
    public init(_ title: String) {
        self.title = title
        super.init(sinking: gtk_model_button_new())
        whv_object_set_string(widget, "text", title)
        connections.append(Signals.connect(widget, "clicked") { [weak self] in self?.clicked.send(()) })
    }

    /// Calls `action` each time the item is chosen, until the observation is dropped.
    public func onChosen(_ action: @escaping @MainActor () -> Void) -> Observation {
        clicked.add { action() }
    }

    /// Chooses the item as a click does: runs its action and closes its menu.
    public func choose() {
        gtk_button_clicked(reference.cast())
    }
}
