import CGtkHelpers
import GLibCore

/// Any GTK widget the app builds, owned by Swift.
///
/// The widget is ref-sunk on creation, so it lives while this object does even after a
/// container takes it; `destroy()` removes it from the screen and its container.
/// Containers take a `Widget`, never a C pointer.
@MainActor
open class Widget {
    package let reference: ObjectReference<GtkWidget>
    /// Connections whose closures act on this widget; released with it.
    public var connections: [SignalConnection] = []

    package init(sinking widget: UnsafeMutablePointer<GtkWidget>) {
        reference = ObjectReference(sinking: widget)
        #if GTK4
        g_object_set_data(reference.cast(), Self.wrappedKey, UnsafeMutableRawPointer(bitPattern: 1))
        #endif
    }

    #if GTK4
    /// Marks the GTK widgets this library made, apart from the parts GTK makes of them.
    private static let wrappedKey = "whv-widget"

    /// Whether `widget` was made through a `Widget` (the app's), not by GTK for its own use.
    static func isWrapped(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        g_object_get_data(gcast(widget, to: GObject.self), wrappedKey) != nil
    }
    #endif

    /// The `GtkWidget *`, for the package's wrappers only.
    package var widget: UnsafeMutablePointer<GtkWidget> { reference.pointer }

    /// Whether the widget is shown: a hidden widget takes no room in its container, and a
    /// shown one inside a hidden container stays off screen. New widgets start hidden, and
    /// shown by their window's `showAll()`; a widget hidden here stays hidden through it,
    /// until shown here again.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set {
            #if !GTK4
            gtk_widget_set_no_show_all(widget, newValue ? 0 : 1)
            #endif
            gtk_widget_set_visible(widget, newValue ? 1 : 0)
        }
    }

    /// Whether the widget takes input; an insensitive one is greyed out, such as Back with no
    /// page to go back to.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// The text shown while the pointer rests on the widget, saying what it does (and its
    /// shortcut); nil shows none.
    public var tooltip: String? {
        get { string(gtk_widget_get_tooltip_text(widget)) }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    #if GTK4
    /// Shows the widget and everything inside it, as a window's first show needs. GTK 4 shows
    /// a new widget with its parent, so only this widget itself is shown here; one hidden
    /// through `isVisible` stays hidden.
    public func showAll() { gtk_widget_set_visible(widget, 1) }
    /// Destroys the GTK widget now: it leaves the screen and its container for good. This
    /// object stays valid (it holds a reference), but the widget is not to be used again.
    /// GTK 4 has no call for it (`gtk_window_destroy` is for windows): a widget is taken out of
    /// its container and disposed, so that it emits `destroy` and lets go of what it holds, as
    /// GTK 3's `gtk_widget_destroy` does.
    public func destroy() {
        if WidgetTree.isA(widget, gtk_window_get_type()) {
            Window.destroyToplevel(widget)
        } else {
            removeFromParent()
            g_object_run_dispose(reference.cast())
        }
    }

    /// Takes the widget out of the container it is in, whichever kind that is.
    package func removeFromParent() {
        guard let parent = gtk_widget_get_parent(widget) else { return }
        if WidgetTree.isA(parent, gtk_box_get_type()) {
            gtk_box_remove(gcast(parent), widget)
        } else if WidgetTree.isA(parent, gtk_overlay_get_type()), gtk_overlay_get_child(gcast(parent)) != widget {
            gtk_overlay_remove_overlay(gcast(parent), widget)
        } else {
            gtk_widget_unparent(widget)
        }
    }

    /// Adds a CSS style class (`"suggested-action"`, `"osd"`…).
    public func addStyleClass(_ name: String) { gtk_widget_add_css_class(widget, name) }

    /// Removes a CSS style class; nothing happens when the widget does not have it.
    public func removeStyleClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }

    /// Whether the widget has the CSS style class (`"error"` on an entry…).
    public func hasStyleClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }
    #else
    /// Shows the widget and everything inside it, as a window's first show needs; widgets
    /// added later stay hidden until shown themselves.
    public func showAll() { gtk_widget_show_all(widget) }
    /// Destroys the GTK widget now: it leaves the screen and its container for good. This
    /// object stays valid (it holds a reference), but the widget is not to be used again.
    public func destroy() { gtk_widget_destroy(widget) }

    /// Adds a CSS style class (`"suggested-action"`, `"osd"`…).
    public func addStyleClass(_ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
    }

    /// Removes a CSS style class; nothing happens when the widget does not have it.
    public func removeStyleClass(_ name: String) {
        gtk_style_context_remove_class(gtk_widget_get_style_context(widget), name)
    }

    /// Whether the widget has the CSS style class (`"error"` on an entry…).
    public func hasStyleClass(_ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
    }
    #endif
}
