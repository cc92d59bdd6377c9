import WebKitGTK
import CWebKitGTK
import GLibCore

/// Asks with a modal GTK message dialog naming the origin and the permission; Deny is the
/// default button, and closing the dialog denies.
@MainActor
public final class GTKPermissionPrompter: PermissionPrompter {
    /// The window the dialog is modal over; held weakly, so a closed window leaves it free-standing.
    public weak var parent: Window?
    /// The dialog on screen, if any (for keyboard handling by the app, and tests).
    public private(set) var visibleDialog: MessageDialog?

    /// A prompter whose dialogs are modal over `parent`.
    public init(parent: Window? = nil) {
        self.parent = parent
    }

    public func decide(_ question: PermissionQuestion) async -> Bool {
        let dialog = MessageDialog(parent: parent, style: .question,
                                   heading: "“\(question.origin)” wants to \(question.kind).")
        dialog.addButton("_Deny", response: .reject)
        dialog.addButton("_Allow", response: .accept)
        dialog.setDefaultResponse(.reject)
        visibleDialog = dialog
        defer { visibleDialog = nil }
        let response = await dialog.run()
        dialog.destroy()
        return response == .accept
    }
}
