import CGtkHelpers
import GLibCore

/// A top-level window: a `GtkWindow` on GTK 3, libadwaita's `AdwWindow` on GTK 4 (its title bar
/// part of its content, its corners and style GNOME's).
@MainActor
public final class Window: Widget {
    private let closed = ObserverList<Void>()
    #if GTK4
    /// Whether GTK disposed the window (`destroy` was emitted): it is closed for good.
    private var isDisposed = false
    /// libadwaita's overlay the window's content sits in: it shows the window's notices as
    /// toasts (`showNotice`).
    let toastOverlay: UnsafeMutablePointer<GtkWidget>
    /// The notices shown as toasts and not yet gone, oldest first.
    var toasts: [ShownToast] = []
    /// What the `AdwWindow` shows: its title bar on top, then the toast overlay holding the
    /// window's child. An `AdwWindow` draws no title bar of its own: the bar is content.
    private let frame: UnsafeMutablePointer<GtkWidget>
    /// The title bar at the top of `frame`: a plain `HeaderBar` until `setTitleBar` puts
    /// another one there, so that a window always has its title and its close button.
    private var titleBar: Widget
    #endif
    /// Whether the window system last reported the window full screen.
    public private(set) var isFullscreen = false

    /// A hidden top-level window titled `title`, `width` by `height` pixels to begin with (the
    /// user may resize it); `showAll()` or `present()` shows it.
    public init(title: String = "", width: Int = 1024, height: Int = 768) {
        #if GTK4
        toastOverlay = adw_toast_overlay_new()
        frame = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        titleBar = HeaderBar()
        super.init(sinking: adw_window_new())
        gtk_widget_set_vexpand(toastOverlay, 1)
        gtk_box_append(gcast(frame), titleBar.widget)
        gtk_box_append(gcast(frame), toastOverlay)
        adw_window_set_content(gcast(widget), frame)
        #else
        super.init(sinking: gtk_window_new(GTK_WINDOW_TOPLEVEL))
        #endif
        self.title = title
        gtk_window_set_default_size(window, Int32(clamping: width), Int32(clamping: height))
        connections.append(Signals.connect(widget, "destroy") { [weak self] in
            #if GTK4
            self?.isDisposed = true
            #endif
            self?.closed.send(())
        })
        #if GTK4
        // A window the user closes (its ×, Escape in a dialog) leaves GTK's toplevels hidden:
        // once GTK is done, dispose it as `destroyToplevel` does.
        connections.append(Signals.connect(widget, "hide") { [weak self] in
            guard let self else { return }
            let descendants = Self.referencedDescendants(of: widget)
            MainLoop.after(.zero) { [weak self] in
                guard let self, !isDisposed, !Self.isToplevel(widget) else {
                    descendants.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
                    return
                }
                Self.dispose(widget, descendants)
            }
        })
        connections.append(Signals.connect(widget, "notify::fullscreened") { [weak self] (_: Signals.Pointer) -> Void in
            guard let self else { return }
            isFullscreen = gtk_window_is_fullscreen(window) != 0
            // GTK hides a window's own title bar in full screen; this one is content.
            titleBar.isVisible = !isFullscreen
        })
        #else
        connections.append(Signals.connect(widget, "window-state-event") { [weak self] (event: Signals.Pointer) -> Bool in
            guard let state = event?.assumingMemoryBound(to: GdkEventWindowState.self).pointee.new_window_state else { return false }
            self?.isFullscreen = state.rawValue & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0
            return false
        })
        #endif
    }

    /// The window as a `GtkWindow *`.
    package var window: UnsafeMutablePointer<GtkWindow> { reference.cast() }

    /// The title the window system shows (title bar, window switcher); a `HeaderBar` set as
    /// title bar shows it too.
    public var title: String {
        get { string(gtk_window_get_title(window)) ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    /// The widget of the window that has the keyboard focus, or will have it when the window is
    /// shown: none before the first show, until one grabs it.
    package var focusedWidget: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(window) }

    /// Puts `child` in the window, replacing what was there.
    public func setChild(_ child: Widget) {
        #if GTK4
        adw_toast_overlay_set_child(gcast(toastOverlay), child.widget)
        #else
        let container = reference.cast(to: GtkContainer.self)
        if let old = gtk_bin_get_child(reference.cast()) { gtk_container_remove(container, old) }
        gtk_container_add(container, child.widget)
        #endif
    }

    #if GTK4
    /// Shows `bar` as the window's title bar.
    public func setTitleBar(_ bar: Widget) {
        gtk_box_remove(gcast(frame), titleBar.widget)
        titleBar = bar
        gtk_box_prepend(gcast(frame), bar.widget)
        bar.isVisible = !isFullscreen
    }
    #else
    /// Shows `bar` as the window's title bar.
    public func setTitleBar(_ bar: Widget) {
        gtk_window_set_titlebar(window, bar.widget)
    }
    #endif

    /// Calls `observer` once the window is destroyed (closed by the user or by `close()`).
    public func onClosed(_ observer: @escaping @MainActor () -> Void) -> Observation {
        closed.add { observer() }
    }

    /// Calls `shouldClose` when the user asks to close the window (its title bar's ×, the
    /// window manager); the window stays open when it returns false, so the app can ask first.
    public func onCloseRequest(_ shouldClose: @escaping @MainActor () -> Bool) {
        // GTK 4 asks with `close-request`, GTK 3 with `delete-event`; true keeps it open.
        #if GTK4
        connections.append(Signals.connectDeciding(widget, "close-request") { !shouldClose() })
        #else
        connections.append(Signals.connect(widget, "delete-event") { (_: Signals.Pointer) -> Bool in
            !shouldClose()
        })
        #endif
    }

    /// Destroys the window now, without a close request.
    public func close() {
        destroy()
    }

    /// Asks the window system to show the window full screen, or not (F11); `isFullscreen`
    /// follows once it has.
    public func setFullscreen(_ fullscreen: Bool) {
        if fullscreen { gtk_window_fullscreen(window) } else { gtk_window_unfullscreen(window) }
    }

    /// Leaves full screen when in it, else enters it.
    public func toggleFullscreen() {
        setFullscreen(!isFullscreen)
    }

    /// Shows the window and brings it to the front with focus. Only the window itself is
    /// shown: its children need `showAll()` the first time.
    public func present() {
        gtk_window_present(window)
    }
}

#if GTK4
extension Window {
    /// Closes a top-level window for good, as GTK 3's `gtk_widget_destroy` does. GTK 4's
    /// `gtk_window_destroy` only drops GTK's own reference: while Swift holds one, the window
    /// would be hidden but never disposed, emitting no `destroy` and keeping its children. So
    /// it is disposed here; nothing happens to a window destroyed already.
    package static func destroyToplevel(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard isToplevel(widget) else { return }
        closePopovers(in: widget)
        let descendants = referencedDescendants(of: widget)
        gtk_window_destroy(gcast(widget, to: GtkWindow.self))
        dispose(widget, descendants)
    }

    /// Closes the popovers open inside `widget` (a menu button's list), as a user's click
    /// elsewhere would. An open popover is a surface of its own holding the pointer and the
    /// keyboard; destroyed and disposed open with its window, it left GTK 4.8 mapping no
    /// window made after it and X input going nowhere.
    private static func closePopovers(in widget: UnsafeMutablePointer<GtkWidget>) {
        for child in WidgetTree.children(of: widget) {
            if WidgetTree.isA(child, gtk_popover_get_type()), gtk_widget_get_visible(child) != 0 {
                gtk_popover_popdown(gcast(child, to: GtkPopover.self))
            }
            closePopovers(in: child)
        }
    }

    /// The widgets inside `widget` that the app made (`Widget`s, not GTK's own parts of them),
    /// parents first, each with a reference taken: disposing the window unparents them, which
    /// must not free one before it is disposed in turn.
    private static func referencedDescendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        WidgetTree.children(of: widget).flatMap { child in
            let own = Widget.isWrapped(child)
            if own { g_object_ref(UnsafeMutableRawPointer(child)) }
            return (own ? [child] : []) + referencedDescendants(of: child)
        }
    }

    /// Disposes a destroyed window and then each of its `descendants` (releasing their
    /// references), as GTK 3 destroyed a window's widgets with it: GTK 4 only unparents them,
    /// so one that Swift still holds (a web view) would never emit `destroy` nor let go of
    /// its page. GTK's own parts of a widget are left to it: disposing them under it breaks it.
    /// So is a descendant still inside one of them once its ancestors are disposed: the content
    /// of a popover that was ever shown, which GTK keeps alive after its menu button let go.
    /// Disposed under its parent, it leaves that parent a child it cannot unparent, and the
    /// parent's own dispose then loops for ever (the app hung quitting after F10 had opened
    /// its menu).
    private static func dispose(_ widget: UnsafeMutablePointer<GtkWidget>, _ descendants: [UnsafeMutablePointer<GtkWidget>]) {
        g_object_run_dispose(gcast(widget, to: GObject.self))
        for child in descendants {
            if gtk_widget_get_parent(child) == nil { g_object_run_dispose(gcast(child, to: GObject.self)) }
            g_object_unref(UnsafeMutableRawPointer(child))
        }
    }

    /// Whether `widget` is among GTK's top-level windows: made and not destroyed yet.
    static func isToplevel(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let toplevels = gtk_window_get_toplevels()
        return (0..<g_list_model_get_n_items(toplevels)).contains { index in
            guard let item = g_list_model_get_item(toplevels, index) else { return false }
            defer { g_object_unref(item) }
            return item == UnsafeMutableRawPointer(widget)
        }
    }
}
#endif
