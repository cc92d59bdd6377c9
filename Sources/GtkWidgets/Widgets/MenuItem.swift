#if !GTK4
import CGtkHelpers
import GLibCore

/// An item of a `Menu` on GTK 3: a model button titled with the item's title that runs its
/// action and closes the menu (on GTK 4 a `Menu`'s items are its model's).
@MainActor
final class MenuItem: Widget {
    private let clicked = ObserverList<Void>()

    /// An item titled `title`; `onChosen` runs what it does.
    init(_ title: String) {
        super.init(sinking: gtk_model_button_new())
        whv_object_set_string(widget, "text", title)
        connections.append(Signals.connect(widget, "clicked") { [weak self] in self?.clicked.send(()) })
    }

    /// Calls `action` each time the item is chosen, until the observation is dropped.
    func onChosen(_ action: @escaping @MainActor () -> Void) -> Observation {
        clicked.add { action() }
    }

    /// Chooses the item as a click does: runs its action and closes its menu.
    func choose() {
        gtk_button_clicked(reference.cast())
    }
}
#endif
