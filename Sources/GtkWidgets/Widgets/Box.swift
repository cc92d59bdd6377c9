import CGtkHelpers
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
        self.orientation = orientation
        super.init(sinking: gtk_box_new(orientation.gtk, Int32(clamping: spacing)))
    }

    /// Which way the children are laid out.
    public let orientation: Orientation
    #if GTK4
    /// The children `appendAtEnd` put at the far end, once there are any.
    private var endGroup: Box?
    #endif

    #if GTK4
    /// Adds `child` after the others; an expanding child takes the space the others leave.
    public func append(_ child: Widget, expands: Bool = false) {
        if let end = endGroup {
            gtk_box_insert_child_after(reference.cast(), child.widget, gtk_widget_get_prev_sibling(end.widget))
        } else {
            gtk_box_append(reference.cast(), child.widget)
        }
        setExpands(child, expands)
    }

    /// Adds `child` before the others, such as the newest row of a list shown newest first.
    public func prepend(_ child: Widget) {
        gtk_box_prepend(reference.cast(), child.widget)
    }

    /// Adds `child` at the far end (right in a left-to-right row), before those already put there.
    /// GTK 4's box has no end to pack at: the children put there sit in a box of their own
    /// after the others, pushed to the far end by taking the space the others leave.
    public func appendAtEnd(_ child: Widget, expands: Bool = false) {
        let end = endGroup ?? {
            let group = Box(orientation, spacing: Int(gtk_box_get_spacing(reference.cast())))
            setExpands(group, true)
            group.horizontalAlignment = orientation == .horizontal ? .end : .fill
            group.verticalAlignment = orientation == .vertical ? .end : .fill
            gtk_box_append(reference.cast(), group.widget)
            endGroup = group
            return group
        }()
        end.prepend(child)
        setExpands(child, expands)
    }

    private func setExpands(_ child: Widget, _ expands: Bool) {
        if orientation == .horizontal { gtk_widget_set_hexpand(child.widget, expands ? 1 : 0) }
        else { gtk_widget_set_vexpand(child.widget, expands ? 1 : 0) }
    }
    #else
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
    #endif
}
