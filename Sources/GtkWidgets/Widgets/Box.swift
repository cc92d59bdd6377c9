import CGtk
import GLibCore

/// Widgets stacked in a row or a column, such as a find bar above a web view.
@MainActor
public final class Box: Widget {
    /// Which way a `Box` lays out its children.
    public enum Orientation: Sendable {
        /// `horizontal` puts the children side by side in a row, `vertical` one above the other in a column.
        case horizontal, vertical
    }

    /// An empty box laying children out along `orientation`, `spacing` pixels apart; add them
    /// with `append(_:expands:)`.
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(sinking: gtk_box_new(orientation == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                                        Int32(clamping: spacing)))
    }

    /// Adds `child` after the others; an expanding child takes the space the others leave.
    public func append(_ child: Widget, expands: Bool = false) {
        gtk_box_pack_start(reference.cast(), child.widget, expands ? 1 : 0, 1, 0)
    }
}
