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
        #if GTK4
        // GTK 4 keeps its model buttons private: a flat button that closes its popover.
        super.init(sinking: gtk_button_new_with_label(title))
        gtk_widget_add_css_class(widget, "flat")
        gtk_widget_add_css_class(widget, "menuitem")
        if let label = gtk_button_get_child(reference.cast()) { gtk_label_set_xalign(gcast(label), 0) }
        connections.append(Signals.connect(widget, "clicked") { [weak self] in
            guard let self else { return }
            if let popover = gtk_widget_get_ancestor(widget, gtk_popover_get_type()) { gtk_popover_popdown(gcast(popover)) }
            clicked.send(())
        })
        #else
        super.init(sinking: gtk_model_button_new())
        whv_object_set_string(widget, "text", title)
        connections.append(Signals.connect(widget, "clicked") { [weak self] in self?.clicked.send(()) })
        #endif
    }

    /// Calls `action` each time the item is chosen, until the observation is dropped.
    public func onChosen(_ action: @escaping @MainActor () -> Void) -> Observation {
        clicked.add { action() }
    }

    /// Chooses the item as a click does: runs its action and closes its menu.
    public func choose() {
        #if GTK4
        whv_button_clicked(widget)
        #else
        gtk_button_clicked(reference.cast())
        #endif
    }
}
