import CGtkHelpers
import GLibCore

/// A one-line text field.
@MainActor
public final class Entry: Widget {
    /// A field holding `text`, ready for the user to edit; `MessageDialog.addEntry` makes one
    /// inside a dialog.
    public init(text: String = "") {
        super.init(sinking: gtk_entry_new())
        self.text = text
    }

    private var entry: UnsafeMutablePointer<GtkEntry> { reference.cast() }

    #if GTK4
    /// What the field holds now, as the user left it; setting it replaces the whole text.
    public var text: String {
        get { string(gtk_editable_get_text(reference.cast())) ?? "" }
        set { gtk_editable_set_text(reference.cast(), newValue) }
    }
    #else
    /// What the field holds now, as the user left it; setting it replaces the whole text.
    public var text: String {
        get { string(gtk_entry_get_text(entry)) ?? "" }
        set { gtk_entry_set_text(entry, newValue) }
    }
    #endif

    /// Grey text shown while the field is empty, naming what goes in it.
    public var placeholder: String? {
        get { string(gtk_entry_get_placeholder_text(entry)) }
        set { gtk_entry_set_placeholder_text(entry, newValue) }
    }

    /// Whether what is typed is hidden (a password).
    public var isSecret: Bool {
        get { gtk_entry_get_visibility(entry) == 0 }
        set { gtk_entry_set_visibility(entry, newValue ? 0 : 1) }
    }

    /// Whether Enter in the field activates the dialog's default button.
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(entry) != 0 }
        set { gtk_entry_set_activates_default(entry, newValue ? 1 : 0) }
    }
}
