import WebKitGTK

/// What the GTK prompters share: their dialogs are modal over a window held weakly (a closed
/// window leaves them free-standing), and each is on screen, as `visibleDialog`, only while it
/// waits for the user.
@MainActor
public class ModalDialogPrompter {
    /// The window the dialogs are modal over.
    public weak var parent: Window?
    /// The dialog on screen, if any: for keyboard handling by the app, and for tests to answer
    /// it as a user would.
    public private(set) var visibleDialog: MessageDialog?

    /// A prompter whose dialogs are modal over `parent`.
    public init(parent: Window? = nil) {
        self.parent = parent
    }

    /// Shows `dialog` until the user answers, reads the answer with `answer` while the dialog
    /// (and its entries) still exist, then destroys it.
    func ask<Answer>(_ dialog: MessageDialog, _ answer: (MessageDialog.Response) -> Answer) async -> Answer {
        visibleDialog = dialog
        defer { visibleDialog = nil }
        let response = await dialog.run()
        let result = answer(response)
        dialog.destroy()
        return result
    }
}
