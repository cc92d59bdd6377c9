import CWebKitGTK
import GLibCore

/// Asks with a modal GTK message dialog naming the origin and the permission; Deny is the
/// default button, and closing the dialog denies.
@MainActor
public final class GTKPermissionPrompter: PermissionPrompter {
    public weak var parent: Window?
    /// The dialog on screen, if any (for keyboard handling by the app, and tests).
    package private(set) var visibleDialog: Dialog?

    public init(parent: Window? = nil) {
        self.parent = parent
    }

    public func decide(_ question: PermissionQuestion) async -> Bool {
        let dialog = Dialog(message: "“\(question.origin)” wants to \(question.kind).", type: GTK_MESSAGE_QUESTION,
                            parent: parent)
        dialog.addButton("_Deny", response: GTK_RESPONSE_REJECT, isDefault: true)
        dialog.addButton("_Allow", response: GTK_RESPONSE_ACCEPT)
        visibleDialog = dialog
        defer { visibleDialog = nil }
        return await dialog.response() == GTK_RESPONSE_ACCEPT
    }
}
