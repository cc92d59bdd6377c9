import CGtk
import GLibCore

/// Widgets stacked in a row or a column, such as a find bar above a web view.
///
/// Subclass it for a composite control laid out as a row or a column (a zoom row, a
/// download's row).
@MainActor
open class Box: Widget {
    /// Which way a `Box` lays out its children.
    public enum Orientation: Sendable {
        /// `horizontal` puts the children side by side in a row, `vertical` one above the other in a column.
        case horizontal, vertical

        var gtk: GtkOrientation { self == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL }
    }

    /// An empty box laying children out along `orientation`, `spacing` pixels apart; add them
    /// with `append(_:expands:)`.
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(sinking: gtk_box_new(orientation.gtk, Int32(clamping: spacing)))
    }

    /// Adds `child` after the others; an expanding child takes the space the others leave.
    public func append(_ child: Widget, expands: Bool = false) {
        gtk_box_pack_start(reference.cast(), child.widget, expands ? 1 : 0, 1, 0)
    }

    /// Adds `child` before the others, such as the newest row of a list shown newest first.
    public func prepend(_ child: Widget) {
        append(child)
        gtk_box_reorder_child(reference.cast(), child.widget, 0)
    }

    /// Adds `child` at the far end (right in a left-to-right row), before those already put there.
    public func appendAtEnd(_ child: Widget, expands: Bool = false) {
        gtk_box_pack_end(reference.cast(), child.widget, expands ? 1 : 0, 1, 0)
    }
}
