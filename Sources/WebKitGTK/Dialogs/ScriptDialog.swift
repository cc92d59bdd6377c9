import CWebKitGTK
import GLibCore

/// One JavaScript dialog (`alert`, `confirm`, `prompt`, the `beforeunload` confirmation)
/// that a page is blocked on until the host answers it.
///
/// Holds its own reference on WebKit's dialog so it can be answered later, from any turn of
/// the main loop; the page's script waits while the GTK loop keeps running. The dialog is
/// closed exactly once: by `answer(_:)`, or as declined when this object goes away unanswered.
@MainActor
public final class ScriptDialog {
    /// Which JavaScript function the page called: it decides the buttons shown and what an
    /// answer means to the page.
    public enum Kind: Sendable, Equatable {
        /// `alert(message)`: an OK button; the page gets nothing back.
        case alert
        /// `confirm(message)`: OK or Cancel; the page gets true or false.
        case confirm
        /// `prompt(message, default)`: a text field; the page gets the text, or null when declined.
        case prompt
        /// "Leave this page?" asked by a page's `beforeunload` handler.
        case beforeUnloadConfirm
    }

    /// Which function the page called.
    public let kind: Kind
    /// The text the page passed (empty when none): the page's words, not the app's.
    public let message: String
    /// The text `prompt()` proposes; nil for other kinds.
    public let defaultText: String?
    private var dialog: OpaquePointer?

    /// Takes a reference on a dialog WebKit passed to a `script-dialog` handler.
    init(retaining dialog: OpaquePointer) {
        self.dialog = webkit_script_dialog_ref(dialog)
        kind = switch webkit_script_dialog_get_dialog_type(dialog) {
        case WEBKIT_SCRIPT_DIALOG_CONFIRM: .confirm
        case WEBKIT_SCRIPT_DIALOG_PROMPT: .prompt
        case WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM: .beforeUnloadConfirm
        default: .alert
        }
        message = string(webkit_script_dialog_get_message(dialog)) ?? ""
        defaultText = kind == .prompt ? string(webkit_script_dialog_prompt_get_default_text(dialog)) ?? "" : nil
    }

    /// Gives the page its answer and closes the dialog; later calls do nothing.
    ///
    /// Accepted: `confirm` returns true, `prompt` the text (its default text when the answer
    /// carries none), `beforeunload` lets the page go. Declined: false, `null`, the page stays.
    public func answer(_ answer: ScriptDialogAnswer) {
        guard let dialog else { return }
        switch (kind, answer) {
        case (.confirm, _), (.beforeUnloadConfirm, _):
            webkit_script_dialog_confirm_set_confirmed(dialog, answer.isAccepted ? 1 : 0)
        case (.prompt, .accepted(let text)):
            webkit_script_dialog_prompt_set_text(dialog, text ?? defaultText ?? "")
        case (.prompt, .declined), (.alert, _):
            break // A prompt left without text returns null to the page.
        }
        webkit_script_dialog_close(dialog)
        webkit_script_dialog_unref(dialog)
        self.dialog = nil
    }

    isolated deinit {
        answer(.declined)
    }
}

/// The host's answer to a script dialog.
public enum ScriptDialogAnswer: Sendable, Equatable {
    /// OK / Leave. For `prompt`, the text typed (nil: keep the default text).
    case accepted(text: String?)
    /// Cancel / Stay / Escape / the dialog closed.
    case declined

    /// OK without text: alert dismissed, confirm true, beforeunload leaves.
    public static let accepted = ScriptDialogAnswer.accepted(text: nil)

    /// Whether the answer is a yes, with or without text: what `confirm` and `beforeunload` read.
    public var isAccepted: Bool { self != .declined }
}
