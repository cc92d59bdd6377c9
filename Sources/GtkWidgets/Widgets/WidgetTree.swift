import CGLib
import CGtkHelpers
import GLibCore

/// Walking GTK's widget tree, the same way on both toolkits: GTK 3 lists a container's
/// children, GTK 4 links every widget's children as siblings.
@MainActor
package enum WidgetTree {
    /// Whether `widget` is an instance of `type` or of a type derived from it.
    package static func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The widgets directly inside `widget`, in order.
    package static func children(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        #if GTK4
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        #else
        guard isA(widget, gtk_container_get_type()) else { return [] }
        let children = gtk_container_get_children(gcast(widget, to: GtkContainer.self))
        defer { g_list_free(children) }
        var node = children
        while let current = node {
            if let child = current.pointee.data { found.append(child.assumingMemoryBound(to: GtkWidget.self)) }
            node = current.pointee.next
        }
        #endif
        return found
    }
}
