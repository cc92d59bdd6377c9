import CGtkHelpers
import GLibCore

/// A bar across the top of a window's content with a message and buttons: how a window
/// tells the user about a problem with what it shows (a page not responding) without a
/// dialog in the way.
@MainActor
public final class InfoBar: Widget {
    /// How the bar is coloured, as GTK's message types.
    public enum Kind: Sendable {
        /// Neutral news.
        case info
        /// Something needs attention.
        case warning
        /// Something failed.
        case error
    }

    private let label: UnsafeMutablePointer<GtkWidget>
    private var actions: [(title: String, action: @MainActor () -> Void)] = []

    /// A hidden bar showing `message`, coloured as `kind`; add its buttons, then show it
    /// (`isVisible`): showing its window leaves it hidden.
    public init(message: String, kind: Kind = .warning) {
        label = gtk_label_new(message)
        super.init(sinking: gtk_info_bar_new())
        // GTK's close button, hidden unless a bar asks for it, is in a screen reader's list still.
        AccessibleName.setOnOwnButtons(of: widget, tr("Close"))
        gtk_label_set_xalign(gcast(label), 0)
        #if GTK4
        gtk_label_set_wrap(gcast(label), 1)
        gtk_info_bar_add_child(reference.cast(), label)
        #else
        gtk_label_set_line_wrap(gcast(label), 1)
        gtk_container_add(gcast(gtk_info_bar_get_content_area(reference.cast())), label)
        gtk_widget_show(label)
        #endif
        let type = switch kind {
        case .info: GTK_MESSAGE_INFO
        case .warning: GTK_MESSAGE_WARNING
        case .error: GTK_MESSAGE_ERROR
        }
        gtk_info_bar_set_message_type(reference.cast(), type)
        // Shown only when there is something to say, whatever shows the window.
        isVisible = false
        #if !GTK4
        gtk_widget_set_no_show_all(widget, 1)
        #endif
        connections.append(Signals.connect(widget, "response") { [weak self] (response: Int32) in
            guard let self, actions.indices.contains(Int(response)) else { return }
            actions[Int(response)].action()
        })
    }

    /// The message shown, as plain text.
    public var message: String {
        get { string(gtk_label_get_text(gcast(label))) ?? "" }
        set { gtk_label_set_text(gcast(label), newValue) }
    }

    /// Adds a button at the bar's end that calls `action` when clicked.
    public func addButton(_ title: String, _ action: @escaping @MainActor () -> Void) {
        #if GTK4
        _ = gtk_info_bar_add_button(reference.cast(), title, Int32(actions.count)) // shown with the bar
        AccessibleName.setOnButtons(labelled: title, inside: widget)
        #else
        gtk_widget_show(gtk_info_bar_add_button(reference.cast(), title, Int32(actions.count)))
        #endif
        actions.append((title, action))
    }

    /// The buttons' titles, in order.
    public var buttonTitles: [String] { actions.map(\.title) }

    /// Clicks the button titled `title` as the user would; false when there is none.
    @discardableResult
    public func click(_ title: String) -> Bool {
        guard let index = actions.firstIndex(where: { $0.title == title }) else { return false }
        gtk_info_bar_response(reference.cast(), Int32(index))
        return true
    }
}
