import CGtkHelpers
import GLibCore

/// A box the user ticks, with its label beside it: a yes-or-no choice that goes with an
/// answer, such as "Don't let this page show more dialogs" in a dialog.
@MainActor
public final class CheckButton: Widget {
    /// An unticked box labelled `label` (an `_` marks its mnemonic, as in button labels).
    public init(label: String) {
        super.init(sinking: gtk_check_button_new_with_mnemonic(label))
    }

    #if GTK4
    /// Whether the box is ticked, as the user left it; setting it ticks it as a click would.
    public var isActive: Bool {
        get { gtk_check_button_get_active(reference.cast()) != 0 }
        set { gtk_check_button_set_active(reference.cast(), newValue ? 1 : 0) }
    }
    #else
    /// Whether the box is ticked, as the user left it; setting it ticks it as a click would.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(reference.cast()) != 0 }
        set { gtk_toggle_button_set_active(reference.cast(), newValue ? 1 : 0) }
    }
    #endif

    /// The label beside the box, as shown (without the mnemonic's `_`).
    public var label: String {
        labelText.map { $0.replacing("_", with: "") } ?? ""
    }

    /// The label as GTK holds it, mnemonic underscore included.
    private var labelText: String? {
        #if GTK4
        string(gtk_check_button_get_label(reference.cast()))
        #else
        string(gtk_button_get_label(reference.cast()))
        #endif
    }
}
