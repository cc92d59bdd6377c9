import CGtk
import GLibCore

/// A container that draws widgets over its main child, like a progress bar over a page.
@MainActor
public final class Overlay: Widget {
    public enum Edge: Sendable {
        case top, bottom

        var alignment: GtkAlign { self == .top ? GTK_ALIGN_START : GTK_ALIGN_END }
    }

    public init(child: Widget) {
        super.init(sinking: gtk_overlay_new())
        gtk_container_add(reference.cast(), child.widget)
    }

    /// Lays `overlay` over the child along `edge`, full width.
    public func add(_ overlay: Widget, along edge: Edge) {
        gtk_widget_set_valign(overlay.widget, edge.alignment)
        gtk_widget_set_halign(overlay.widget, GTK_ALIGN_FILL)
        gtk_overlay_add_overlay(reference.cast(), overlay.widget)
    }
}
