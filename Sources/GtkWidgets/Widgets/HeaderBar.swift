import CGtkHelpers
import GLibCore

/// A client-side title bar: the window's title in the middle, buttons at its ends.
@MainActor
public final class HeaderBar: Widget {
    #if GTK4
    /// libadwaita's header bar shows its title through a title widget, which holds the
    /// subtitle too; it follows the window's title.
    private let titleWidget: UnsafeMutablePointer<GtkWidget>

    /// An empty title bar showing its window's title. `showsCloseButton: false` leaves out the
    /// window controls (close, and minimise and maximise where the desktop shows them).
    public init(showsCloseButton: Bool = true) {
        titleWidget = adw_window_title_new("", nil)!
        super.init(sinking: adw_header_bar_new())
        adw_header_bar_set_show_end_title_buttons(reference.cast(), showsCloseButton ? 1 : 0)
        adw_header_bar_set_show_start_title_buttons(reference.cast(), showsCloseButton ? 1 : 0)
        adw_header_bar_set_title_widget(reference.cast(), titleWidget)
        connections.append(Signals.connect(widget, "realize") { [weak self] in self?.followWindowTitle() })
    }

    /// Shows the title of the window the bar is in, now and whenever it changes.
    private func followWindowTitle() {
        guard let root = gtk_widget_get_root(widget) else { return }
        let window = UnsafeMutableRawPointer(root)
        let update: @MainActor () -> Void = { [titleWidget] in
            adw_window_title_set_title(gcast(titleWidget), gtk_window_get_title(window.assumingMemoryBound(to: GtkWindow.self)))
        }
        update()
        connections.append(Signals.connect(window, "notify::title") { (_: Signals.Pointer) -> Void in update() })
    }

    /// A second line under the title, for short status such as a download's progress; nil hides it.
    public var subtitle: String? {
        get { string(adw_window_title_get_subtitle(gcast(titleWidget))).flatMap { $0.isEmpty ? nil : $0 } }
        set { adw_window_title_set_subtitle(gcast(titleWidget), newValue ?? "") }
    }

    /// Adds a widget after those already at the start (left in left-to-right locales).
    public func packStart(_ child: Widget) {
        adw_header_bar_pack_start(reference.cast(), child.widget)
    }

    /// Adds a widget before those already at the end.
    public func packEnd(_ child: Widget) {
        adw_header_bar_pack_end(reference.cast(), child.widget)
    }
    #else
    /// An empty title bar showing its window's title. `showsCloseButton: false` leaves out the
    /// window controls (close, and minimise and maximise where the desktop shows them).
    public init(showsCloseButton: Bool = true) {
        super.init(sinking: gtk_header_bar_new())
        gtk_header_bar_set_show_close_button(bar, showsCloseButton ? 1 : 0)
    }

    private var bar: UnsafeMutablePointer<GtkHeaderBar> { reference.cast() }

    /// A second line under the title, for short status such as a download's progress; nil hides it.
    public var subtitle: String? {
        get { string(gtk_header_bar_get_subtitle(bar)) }
        set { gtk_header_bar_set_subtitle(bar, newValue) }
    }

    /// Adds a widget after those already at the start (left in left-to-right locales).
    public func packStart(_ child: Widget) {
        gtk_header_bar_pack_start(bar, child.widget)
    }

    /// Adds a widget before those already at the end.
    public func packEnd(_ child: Widget) {
        gtk_header_bar_pack_end(bar, child.widget)
    }
    #endif
}
