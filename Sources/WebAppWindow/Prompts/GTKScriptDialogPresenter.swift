import WebKitGTK
/// Shows script dialogs as modal GTK message dialogs over a window.
///
/// Each dialog's title and heading name the origin of the frame that asked and say when it
/// is a frame embedded in the page; a dialog from a frame the host cannot place says only
/// that an embedded page asks. Enter or OK accepts, Escape or Cancel declines; a prompt has
/// an entry holding the page's default text.
@MainActor
public final class GTKScriptDialogPresenter: ModalDialogPrompter, ScriptDialogPresenter {
    public func present(_ request: ScriptDialogRequest) async -> ScriptDialogAnswer {
        let dialog = makeDialog(for: request)
        return await ask(dialog) { $0 == .ok ? .accepted(text: dialog.entry?.text) : .declined }
    }

    private func makeDialog(for request: ScriptDialogRequest) -> MessageDialog {
        let asker = Self.asker(of: request)
        let dialog: MessageDialog
        switch request.kind {
        case .alert:
            dialog = MessageDialog(parent: parent, style: .information, heading: "\(asker) says", message: request.message)
            dialog.addButton("_OK", response: .ok)
        case .confirm, .prompt:
            dialog = MessageDialog(parent: parent, style: .question, heading: "\(asker) asks", message: request.message)
            dialog.addButton("_Cancel", response: .cancel)
            dialog.addButton("_OK", response: .ok)
        case .beforeUnloadConfirm:
            // Any frame's beforeunload handler may ask: name the page being left, not an asker.
            dialog = MessageDialog(parent: parent, style: .warning, heading: "Leave this page?",
                                   message: "You are leaving \(asker). Changes you made may not be saved.")
            dialog.addButton("_Stay", response: .cancel)
            dialog.addButton("_Leave", response: .ok)
        }
        if request.kind == .prompt {
            dialog.addEntry(text: request.defaultText ?? "")
        }
        dialog.setDefaultResponse(.ok)
        dialog.title = Self.title(of: request)
        return dialog
    }

    /// "http://host:port", "An embedded page at http://host:port", or "An embedded page".
    static func asker(of request: ScriptDialogRequest) -> String {
        guard request.isEmbedded else { return request.origin ?? request.pageURI }
        return request.origin.map { "An embedded page at \($0)" } ?? "An embedded page"
    }

    static func title(of request: ScriptDialogRequest) -> String {
        guard request.isEmbedded else { return request.origin ?? request.pageURI }
        return request.origin.map { "\($0) (embedded)" } ?? "Embedded page"
    }
}
