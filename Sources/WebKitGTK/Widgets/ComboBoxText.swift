import CWebKitGTK

/// A drop-down list of text choices, each known by an id, for picking one of a few values.
@MainActor
public final class ComboBoxText: Widget {
    private let changed = ObserverList<String?>()

    /// A list showing each choice's label; nothing is chosen until the user or `activeID` picks one.
    public init(choices: [(id: String, label: String)], tooltip: String? = nil) {
        super.init(sinking: gtk_combo_box_text_new())
        for choice in choices {
            gtk_combo_box_text_append(reference.cast(), choice.id, choice.label)
        }
        self.tooltip = tooltip
        connections.append(Signals.connect(widget, "changed") { [weak self] in
            guard let self else { return }
            changed.send(activeID)
        })
    }

    /// The id of the chosen item, nil for none. Setting it chooses as the user would:
    /// `onChanged` observers hear it.
    public var activeID: String? {
        get { string(gtk_combo_box_get_active_id(reference.cast())) }
        set {
            if let newValue {
                gtk_combo_box_set_active_id(reference.cast(), newValue)
            } else {
                gtk_combo_box_set_active(reference.cast(), -1)
            }
        }
    }

    /// Calls `action` with the chosen id (nil when the choice is cleared) on every change.
    public func onChanged(_ action: @escaping @MainActor (String?) -> Void) -> Observation {
        changed.add(action)
    }
}
