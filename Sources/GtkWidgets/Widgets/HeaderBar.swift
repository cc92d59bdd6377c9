import CGtk
import GLibCore

/// A client-side title bar: the window's title in the middle, buttons at its ends.
@MainActor
public final class HeaderBar: Widget {
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
}
