import CWebKitGTKHelpers
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
        switch kind {
        case .confirm, .beforeUnloadConfirm:
            webkit_script_dialog_confirm_set_confirmed(dialog, answer.isAccepted ? 1 : 0)
        case .prompt where answer.isAccepted:
            webkit_script_dialog_prompt_set_text(dialog, answer.text ?? defaultText ?? "")
        case .prompt, .alert:
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
public struct ScriptDialogAnswer: Sendable, Equatable {
    /// OK / Leave: `confirm` returns true, `prompt` text, `beforeunload` lets the page go.
    /// False for Cancel / Stay / Escape / the dialog closed.
    public var isAccepted: Bool
    /// For an accepted `prompt`, the text typed (nil: keep the default text).
    public var text: String?
    /// The user chose that the page shows no more dialogs (offered by
    /// `ScriptDialogRequest.offersToStopDialogs`): its next ones are answered at once.
    public var stopsFurtherDialogs: Bool

    /// An answer as the user gave it.
    public init(isAccepted: Bool, text: String? = nil, stopsFurtherDialogs: Bool = false) {
        self.isAccepted = isAccepted
        self.text = isAccepted ? text : nil
        self.stopsFurtherDialogs = stopsFurtherDialogs
    }

    /// OK / Leave; for `prompt`, with the text typed (nil: keep the default text).
    public static func accepted(text: String?) -> ScriptDialogAnswer {
        ScriptDialogAnswer(isAccepted: true, text: text)
    }

    /// OK without text: alert dismissed, confirm true, beforeunload leaves.
    public static let accepted = ScriptDialogAnswer(isAccepted: true)
    /// Cancel / Stay / Escape / the dialog closed: confirm false, prompt null, the page stays.
    public static let declined = ScriptDialogAnswer(isAccepted: false)
}
