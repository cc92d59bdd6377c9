import CGtkHelpers
import GLibCore

/// A drop-down list of text choices, each known by an id, for picking one of a few values.
@MainActor
public final class ComboBoxText: Widget {
    private let changed = ObserverList<String?>()
    /// The id of the placeholder item: GTK 3's combo box has no placeholder of its own.
    private static let placeholderID = ""

    /// A list showing each choice's label. With a `placeholder`, that text is shown while
    /// nothing is chosen; without one the box is blank until the user or `activeID` picks.
    public init(choices: [(id: String, label: String)], placeholder: String? = nil, tooltip: String? = nil) {
        precondition(!choices.contains { $0.id == Self.placeholderID }, "a choice needs a non-empty id")
        super.init(sinking: gtk_combo_box_text_new())
        if let placeholder {
            gtk_combo_box_text_append(reference.cast(), Self.placeholderID, placeholder)
        }
        for choice in choices {
            gtk_combo_box_text_append(reference.cast(), choice.id, choice.label)
        }
        self.tooltip = tooltip
        #if GTK4
        // GTK 4.8 names neither the box nor its button from the text shown (a screen reader
        // would read their class names, GtkComboBoxText and GtkToggleButton): both are named
        // by what the placeholder or the tooltip says the choice is for.
        if let name = placeholder ?? tooltip {
            AccessibleName.set(name, on: widget)
            AccessibleName.setOnOwnButtons(of: widget, name)
        }
        #endif
        activeID = nil
        connections.append(Signals.connect(widget, "changed") { [weak self] in
            guard let self else { return }
            changed.send(activeID)
        })
    }

    /// The id of the chosen item, nil for none. Setting it chooses as the user would:
    /// `onChanged` observers hear it.
    public var activeID: String? {
        get {
            let id = string(gtk_combo_box_get_active_id(reference.cast()))
            return id == Self.placeholderID ? nil : id
        }
        set {
            // An id that is not a choice clears the choice: the placeholder shows, if there is one.
            let box: UnsafeMutablePointer<GtkComboBox> = reference.cast()
            if let newValue, gtk_combo_box_set_active_id(box, newValue) != 0 { return }
            if gtk_combo_box_set_active_id(box, Self.placeholderID) == 0 {
                gtk_combo_box_set_active(box, -1)
            }
        }
    }

    /// Calls `action` with the chosen id (nil when the choice is cleared) on every change.
    public func onChanged(_ action: @escaping @MainActor (String?) -> Void) -> Observation {
        changed.add(action)
    }
}
