import CGtkHelpers
import GLibCore

/// A container that draws widgets over its main child, like a progress bar over a page.
@MainActor
public final class Overlay: Widget {
    /// The edge of an `Overlay`'s child along which an overlaid widget lies.
    public enum Edge: Sendable {
        /// Along the child's top edge, or its bottom edge.
        case top, bottom

        var alignment: GtkAlign { self == .top ? GTK_ALIGN_START : GTK_ALIGN_END }
    }

    /// An overlay whose main content is `child` (such as the web view), which takes all its
    /// space; lay widgets over it with `add(_:along:)`.
    public init(child: Widget) {
        super.init(sinking: gtk_overlay_new())
        #if GTK4
        gtk_overlay_set_child(reference.cast(), child.widget)
        #else
        gtk_container_add(reference.cast(), child.widget)
        #endif
    }

    /// Lays `overlay` over the child along `edge`, full width.
    public func add(_ overlay: Widget, along edge: Edge) {
        gtk_widget_set_valign(overlay.widget, edge.alignment)
        gtk_widget_set_halign(overlay.widget, GTK_ALIGN_FILL)
        gtk_overlay_add_overlay(reference.cast(), overlay.widget)
    }
}
