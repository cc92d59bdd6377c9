import WebKitGTK
import CWebKitGTK
import GLibCore

/// Asks with a modal GTK message dialog naming the origin and the permission; Deny is the
/// default button, and closing the dialog denies.
@MainActor
public final class GTKPermissionPrompter: ModalDialogPrompter, PermissionPrompter {
    public func decide(_ question: PermissionQuestion) async -> Bool {
        let dialog = MessageDialog(parent: parent, style: .question,
                                   heading: "“\(question.origin)” wants to \(question.kind).")
        dialog.addButton("_Deny", response: .reject)
        dialog.addButton("_Allow", response: .accept)
        dialog.setDefaultResponse(.reject)
        return await ask(dialog) { $0 == .accept }
    }
}
