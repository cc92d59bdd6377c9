import CGtkHelpers
import GLibCore

/// A line of text, start-aligned, shortened in the middle when there is no room (so a file
/// name keeps its extension).
@MainActor
public final class Label: Widget {
    /// A label showing `text`, start-aligned and shortened in the middle when narrow.
    public init(_ text: String = "") {
        super.init(sinking: gtk_label_new(text))
        gtk_label_set_xalign(reference.cast(), 0)
        gtk_label_set_ellipsize(reference.cast(), PANGO_ELLIPSIZE_MIDDLE)
    }

    /// The text shown; set as plain text (no Pango markup), so any string shows as written.
    public var text: String {
        get { string(gtk_label_get_text(reference.cast())) ?? "" }
        set { gtk_label_set_text(reference.cast(), newValue) }
    }
}
