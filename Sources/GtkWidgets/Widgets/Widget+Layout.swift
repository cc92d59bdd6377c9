import CGtkHelpers
import GLibCore

extension Widget {
    /// Where a widget sits in the room its container gives it, across or down.
    public enum Alignment: Sendable {
        /// `fill` takes all of the room; `start`, `center` and `end` keep the widget's own size.
        case fill, start, center, end

        var gtk: GtkAlign {
            switch self {
            case .fill: GTK_ALIGN_FILL
            case .start: GTK_ALIGN_START
            case .center: GTK_ALIGN_CENTER
            case .end: GTK_ALIGN_END
            }
        }
    }

    /// Where the widget sits across the room it is given (start is left in left-to-right locales).
    public var horizontalAlignment: Alignment {
        get { Self.alignment(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    /// Where the widget sits down the room it is given.
    public var verticalAlignment: Alignment {
        get { Self.alignment(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    /// Keeps `pixels` of space around the widget on all four sides.
    public func setMargins(_ pixels: Int) {
        let margin = Int32(clamping: pixels)
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
    }

    /// Asks for at least this size; nil leaves a side to the widget's content.
    public func setMinimumSize(width: Int?, height: Int?) {
        gtk_widget_set_size_request(widget, Int32(clamping: width ?? -1), Int32(clamping: height ?? -1))
    }

    /// Moves the keyboard focus to the widget.
    public func grabFocus() {
        gtk_widget_grab_focus(widget)
    }

    /// Whether the widget is on screen now: shown, and inside a shown window.
    public var isOnScreen: Bool { gtk_widget_get_mapped(widget) != 0 }

    private static func alignment(_ align: GtkAlign) -> Alignment {
        switch align {
        case GTK_ALIGN_START: .start
        case GTK_ALIGN_CENTER: .center
        case GTK_ALIGN_END: .end
        default: .fill
        }
    }
}
