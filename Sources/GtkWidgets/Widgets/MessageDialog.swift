import GLibCore
import CGtkHelpers

/// The awaitable modal dialog over a window: a heading, a message, buttons and, for
/// questions that need text, entries. Script dialogs, permission and log-in prompts and the
/// app's own messages all use it.
///
/// `run()` shows it and suspends until the user (or `respond(_:)`) answers; the main loop
/// keeps running meanwhile, nothing nests a loop (as `gtk_dialog_run` would).
@MainActor
public final class MessageDialog: Widget {
    /// A GTK response id: which button ended the dialog.
    public struct Response: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The affirmative answer of an OK-style button (OK, Log In, Leave).
        public static let ok = Response(rawValue: GTK_RESPONSE_OK.rawValue)
        /// The answer of a button that backs out (Cancel, Stay).
        public static let cancel = Response(rawValue: GTK_RESPONSE_CANCEL.rawValue)
        /// Consent to what was asked, such as a permission prompt's Allow button.
        public static let accept = Response(rawValue: GTK_RESPONSE_ACCEPT.rawValue)
        /// Refusal of what was asked, such as a permission prompt's Deny button.
        public static let reject = Response(rawValue: GTK_RESPONSE_REJECT.rawValue)
        /// Escape, the window's close button, or the dialog destroyed without an answer.
        public static let deleteEvent = Response(rawValue: GTK_RESPONSE_DELETE_EVENT.rawValue)
    }

    /// The kind of message, which sets the dialog's icon and how it reads to the user.
    public enum Style: Sendable {
        /// `information` tells (a page's `alert`), `question` asks for a decision (a permission or
        /// a log-in), `warning` tells of a failure or asks before something that cannot be undone.
        case information, question, warning

        #if !GTK4
        var messageType: GtkMessageType {
            switch self {
            case .information: GTK_MESSAGE_INFO
            case .question: GTK_MESSAGE_QUESTION
            case .warning: GTK_MESSAGE_WARNING
            }
        }
        #endif
    }

    /// The text fields added by `addEntry`, in order.
    public private(set) var entries: [Entry] = []
    /// The first text field, if any.
    public var entry: Entry? { entries.first }
    /// The choice added by `addCheckButton`, if any.
    public private(set) var checkButton: CheckButton?
    private var pendingResponse: CheckedContinuation<Response, Never>?
    #if GTK4
    /// libadwaita's dialog takes one extra child under its message: a column for the entries
    /// and the choice, made with the first of them.
    private var extraChild: Box?
    /// Ends the dialog with its parent window.
    private var parentClosed: Observation?
    #endif

    /// A dialog with `heading` and, under it, `message`, modal over `parent` and destroyed
    /// with it (free-standing when nil). It has no buttons yet: add them with
    /// `addButton(_:response:)`, then `run()` it.
    ///
    /// A modal dialog takes the input of every window of the app while it is up. With
    /// `leavesWindowsUsable` it stays in front of `parent` but takes only its own input: the
    /// parent's × and keys still reach the app (a page's `alert` blocks the page, never the
    /// way out of its window), as the dialogs of a browser's tab do.
    public init(parent: Window?, style: Style, heading: String, message: String? = nil, leavesWindowsUsable: Bool = false) {
        self.heading = heading
        self.message = message
        #if GTK4
        // libadwaita's dialog (GNOME 43's) says what kind of message it is in its words and
        // buttons, with no icon: `style` has nothing to set. Its responses are strings: a
        // response's number as text.
        super.init(sinking: adw_message_dialog_new(parent?.window, heading, message))
        gtk_window_set_modal(reference.cast(), 1)
        // GTK 4 leaves a transient window up when its parent is disposed while Swift holds it.
        parentClosed = parent?.onClosed { [weak self] in self?.destroy() }
        adw_message_dialog_set_close_response(reference.cast(), Self.id(.deleteEvent))
        #else
        super.init(sinking: whv_message_dialog_new(parent?.window, style.messageType, GTK_BUTTONS_NONE, heading))
        #endif
        if leavesWindowsUsable {
            // GTK confines a modal window's grab to its window group.
            let group = gtk_window_group_new()!
            gtk_window_group_add_window(group, reference.cast())
            g_object_unref(group)
        }
        #if GTK4
        connections.append(Signals.connect(widget, "response") { [weak self] (id: Signals.Pointer) -> Void in
            let response = string(id?.assumingMemoryBound(to: gchar.self)).flatMap(Int32.init).map(Response.init) ?? .deleteEvent
            self?.finish(response)
        })
        #else
        if let message {
            whv_message_dialog_set_secondary_text(reference.cast(), message)
        }
        connections.append(Signals.connect(widget, "response") { [weak self] (response: Int32) in
            self?.finish(Response(rawValue: response))
        })
        #endif
        connections.append(Signals.connect(widget, "destroy") { [weak self] in
            self?.finish(.deleteEvent)
        })
    }

    #if GTK4
    /// The string libadwaita knows `response` by.
    private static func id(_ response: Response) -> String { String(response.rawValue) }
    #else
    private var dialog: UnsafeMutablePointer<GtkDialog> { reference.cast() }
    #endif

    /// The heading, in bold.
    public let heading: String
    /// The message under the heading.
    public let message: String?

    /// The dialog window's own title.
    public var title: String {
        get { string(gtk_window_get_title(reference.cast())) ?? "" }
        set { gtk_window_set_title(reference.cast(), newValue) }
    }

    /// Adds a button (label with an optional `_` mnemonic) that ends the dialog with `response`.
    public func addButton(_ label: String, response: Response) {
        #if GTK4
        adw_message_dialog_add_response(reference.cast(), Self.id(response), label)
        // libadwaita 1.2 makes each response's buttons (one per layout) from the label.
        AccessibleName.setOnButtons(labelled: label, inside: widget)
        #else
        gtk_dialog_add_button(dialog, label, response.rawValue)
        #endif
    }

    /// The response Enter gives (from the focused dialog or an entry that activates the default).
    public func setDefaultResponse(_ response: Response) {
        #if GTK4
        adw_message_dialog_set_default_response(reference.cast(), Self.id(response))
        #else
        gtk_dialog_set_default_response(dialog, response.rawValue)
        #endif
    }

    /// Adds a text field under the message, holding `text`, where Enter accepts the default;
    /// a placeholder names it, a secret one hides what is typed (passwords).
    @discardableResult
    public func addEntry(text: String = "", placeholder: String? = nil, isSecret: Bool = false) -> Entry {
        let field = Entry(text: text)
        field.activatesDefault = true
        field.placeholder = placeholder
        field.isSecret = isSecret
        addUnderMessage(field)
        if entries.isEmpty { gtk_widget_grab_focus(field.widget) }
        entries.append(field)
        return field
    }

    /// Adds a choice under the message (and its text fields), unticked, labelled `label`: an
    /// answer that goes with the button the user presses.
    @discardableResult
    public func addCheckButton(_ label: String) -> CheckButton {
        let check = CheckButton(label: label)
        addUnderMessage(check)
        checkButton = check
        return check
    }

    /// Puts `child` under the message and what was put there before.
    private func addUnderMessage(_ child: Widget) {
        #if GTK4
        let column = extraChild ?? {
            let column = Box(.vertical, spacing: 6)
            adw_message_dialog_set_extra_child(reference.cast(), column.widget)
            extraChild = column
            return column
        }()
        column.append(child)
        #else
        let area = gtk_message_dialog_get_message_area(reference.cast())!
        gtk_container_add(gcast(area, to: GtkContainer.self), child.widget)
        child.isVisible = true
        #endif
    }

    /// Shows the dialog and returns the response that ends it; called once.
    public func run() async -> Response {
        gtk_widget_show(widget)
        gtk_window_present(reference.cast())
        if let first = entries.first { gtk_widget_grab_focus(first.widget) }
        return await withCheckedContinuation { pendingResponse = $0 }
    }

    /// Ends the dialog as if the user had chosen `response` (emits GTK's `response` signal).
    public func respond(_ response: Response) {
        #if GTK4
        adw_message_dialog_response(reference.cast(), Self.id(response))
        #else
        gtk_dialog_response(dialog, response.rawValue)
        #endif
    }

    private func finish(_ response: Response) {
        pendingResponse?.resume(returning: response)
        pendingResponse = nil
    }
}
