import CGtkHelpers
import GLibCore
import GtkWidgets

/// What a test reads off a window's widget tree as the user would see it.
@MainActor
enum WidgetTreeReading {
    /// The widgets inside `widget` of `type` (or derived from it), outermost first.
    static func descendants(of widget: UnsafeMutablePointer<GtkWidget>, ofType type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
        WidgetTree.children(of: widget).flatMap { child in
            (WidgetTree.isA(child, type) ? [child] : []) + descendants(of: child, ofType: type)
        }
    }

    /// The non-empty texts of the visible labels inside `widget`, as shown (markup applied).
    static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        WidgetTree.children(of: widget).flatMap { child -> [String] in
            guard gtk_widget_get_visible(child) != 0 else { return [] }
            if WidgetTree.isA(child, gtk_label_get_type()), let text = string(gtk_label_get_text(gcast(child))), !text.isEmpty {
                return [text]
            }
            return labels(in: child)
        }
    }
}
