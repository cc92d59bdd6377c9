import CWebKitGTK
import GLibCore
import CWebKitGTKHelpers

/// A modal GTK dialog whose answer is awaited instead of run in a nested main loop.
///
/// `gtk_dialog_run` would nest a loop and stall Swift tasks behind it; here the dialog is
/// shown, the caller suspends, and the `response` signal resumes it. Closing the window
/// counts as the response `GTK_RESPONSE_DELETE_EVENT`; destruction without an answer (with
/// its parent window) as `GTK_RESPONSE_NONE`.
@MainActor
package final class Dialog: Widget {
    /// The text of a message dialog; nil for others.
    public let message: String?

    /// An empty dialog with a title, modal for `parent`.
    public init(title: String, parent: Window?) {
        message = nil
        super.init(sinking: gtk_dialog_new())
        gtk_window_set_title(window, title)
        configure(parent: parent)
    }

    /// A message dialog (icon and text) for `parent`, without buttons yet.
    package init(message: String, type: GtkMessageType, parent: Window?) {
        self.message = message
        super.init(sinking: whv_message_dialog_new(parent?.window, type, GTK_BUTTONS_NONE, message))
        configure(parent: parent)
    }

    package var window: UnsafeMutablePointer<GtkWindow> { reference.cast() }
    private var dialog: UnsafeMutablePointer<GtkDialog> { reference.cast() }

    /// The box the dialog's own widgets go into.
    package var contentArea: UnsafeMutablePointer<GtkContainer> {
        gcast(gtk_dialog_get_content_area(dialog))
    }

    /// Adds a button answering `response`; `isDefault` makes Enter choose it.
    package func addButton(_ label: String, response: GtkResponseType, isDefault: Bool = false) {
        gtk_dialog_add_button(dialog, label, response.rawValue)
        if isDefault { gtk_dialog_set_default_response(dialog, response.rawValue) }
    }

    /// Shows the dialog and returns the first response; the dialog is destroyed after it.
    package func response() async -> GtkResponseType {
        let answer: Int32 = await withCheckedContinuation { continuation in
            var resumed = false
            let finish: @MainActor (Int32) -> Void = { response in
                guard !resumed else { return }
                resumed = true
                continuation.resume(returning: response)
            }
            connections.append(Signals.connect(widget, "response") { (response: Int32) in finish(response) })
            // Destroyed with its parent before an answer: no answer, never a hang.
            connections.append(Signals.connect(widget, "destroy") { finish(GTK_RESPONSE_NONE.rawValue) })
            showAll()
            gtk_window_present(window)
        }
        destroy()
        return GtkResponseType(answer)
    }

    /// Answers as if the user pressed the button for `response` (keyboard shortcuts, tests).
    package func respond(_ response: GtkResponseType) {
        gtk_dialog_response(dialog, response.rawValue)
    }

    private func configure(parent: Window?) {
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        if let parent { gtk_window_set_transient_for(window, parent.window) }
    }
}
