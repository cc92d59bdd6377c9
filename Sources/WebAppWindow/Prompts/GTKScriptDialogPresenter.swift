import GLibCore
import WebKitGTK
/// Shows script dialogs as modal GTK message dialogs over a window.
///
/// Each dialog's title and heading name the origin of the frame that asked and say when it
/// is a frame embedded in the page; a dialog from a frame the host cannot place says only
/// that an embedded page asks. Enter or OK accepts, Escape or Cancel declines; a prompt has
/// an entry holding the page's default text. A dialog blocks its page, never the way out: the
/// window's × and the window's reserved keys (`shortcuts`: Ctrl+Q, Ctrl+W, also pressed in
/// the dialog) still reach the app, and once a page has shown dialog after dialog
/// (`ScriptDialogRequest.offersToStopDialogs`) the dialog offers to stop them.
@MainActor
public final class GTKScriptDialogPresenter: ModalDialogPrompter, ScriptDialogPresenter {
    /// The choice a dialog offers once its page has shown dialog after dialog.
    public static var stopDialogsLabel: String { tr("_Don't let this page show more dialogs") }

    /// The window's keys, whose reserved ones (Quit, Close) work in the dialogs too.
    public weak var shortcuts: KeyboardShortcuts?
    /// Which function the page called for the dialog on screen, nil with none.
    public private(set) var visibleKind: ScriptDialog.Kind?

    public func present(_ request: ScriptDialogRequest) async -> ScriptDialogAnswer {
        let dialog = makeDialog(for: request)
        shortcuts?.reserveKeys(in: dialog)
        visibleKind = request.kind
        defer { visibleKind = nil }
        return await ask(dialog) { response in
            var answer = response == .ok ? ScriptDialogAnswer.accepted(text: dialog.entry?.text) : .declined
            answer.stopsFurtherDialogs = dialog.checkButton?.isActive ?? false
            return answer
        }
    }

    private func makeDialog(for request: ScriptDialogRequest) -> MessageDialog {
        let asker = Self.asker(of: request)
        let dialog: MessageDialog
        switch request.kind {
        case .alert:
            dialog = MessageDialog(parent: parent, style: .information, heading: tr("{asker} says", ["asker": asker]), message: request.message,
                                   leavesWindowsUsable: true)
            dialog.addButton(tr("_OK"), response: .ok)
        case .confirm, .prompt:
            dialog = MessageDialog(parent: parent, style: .question, heading: tr("{asker} asks", ["asker": asker]), message: request.message,
                                   leavesWindowsUsable: true)
            dialog.addButton(tr("_Cancel"), response: .cancel)
            dialog.addButton(tr("_OK"), response: .ok)
        case .beforeUnloadConfirm:
            // Any frame's beforeunload handler may ask: name the page being left, not an asker.
            dialog = MessageDialog(parent: parent, style: .warning, heading: tr("Leave this page?"),
                                   message: tr("You are leaving {page}. Changes you made may not be saved.", ["page": asker]),
                                   leavesWindowsUsable: true)
            dialog.addButton(tr("_Stay"), response: .cancel)
            dialog.addButton(tr("_Leave"), response: .ok)
        }
        if request.kind == .prompt {
            dialog.addEntry(text: request.defaultText ?? "")
        }
        if request.offersToStopDialogs {
            dialog.addCheckButton(Self.stopDialogsLabel)
        }
        dialog.setDefaultResponse(.ok)
        dialog.title = Self.title(of: request)
        return dialog
    }

    /// "http://host:port", "An embedded page at http://host:port", or "An embedded page".
    static func asker(of request: ScriptDialogRequest) -> String {
        guard request.isEmbedded else { return request.origin ?? request.pageURI }
        return request.origin.map { tr("An embedded page at {origin}", ["origin": $0]) } ?? tr("An embedded page")
    }

    static func title(of request: ScriptDialogRequest) -> String {
        guard request.isEmbedded else { return request.origin ?? request.pageURI }
        return request.origin.map { tr("{origin} (embedded)", ["origin": $0]) } ?? tr("Embedded page")
    }
}
