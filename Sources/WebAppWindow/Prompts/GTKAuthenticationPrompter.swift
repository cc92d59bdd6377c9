import WebKitGTK
import CWebKitGTK
import GLibCore

/// Asks for a user name and password in a modal GTK dialog that names the host and the
/// server's realm; Cancel or closing the dialog cancels.
@MainActor
public final class GTKAuthenticationPrompter: AuthenticationPrompter {
    /// The window the dialog is modal over; held weakly, so a closed window leaves it free-standing.
    public weak var parent: Window?
    /// The dialog on screen, if any; its entries are the user name and the password.
    public private(set) var visibleDialog: MessageDialog?

    /// A prompter whose dialogs are modal over `parent`.
    public init(parent: Window? = nil) {
        self.parent = parent
    }

    public func credentials(for challenge: AuthenticationChallenge) async -> Credentials? {
        let asker = challenge.isProxy ? "The proxy \(challenge.host):\(challenge.port)" : "\(challenge.host):\(challenge.port)"
        var text = "\(asker) asks for a user name and password."
        if !challenge.realm.isEmpty { text += "\nThe site says: “\(challenge.realm)”" }
        if challenge.isRetry { text += "\nThe previous attempt was rejected." }
        let dialog = MessageDialog(parent: parent, style: .question, heading: "Authentication Required", message: text)
        let user = dialog.addEntry(placeholder: "User name")
        let password = dialog.addEntry(placeholder: "Password", isSecret: true)
        dialog.addButton("_Cancel", response: .cancel)
        dialog.addButton("_Log In", response: .ok)
        dialog.setDefaultResponse(.ok)
        visibleDialog = dialog
        defer { visibleDialog = nil }
        let response = await dialog.run()
        // Read the entries before the dialog (and they) are destroyed.
        let answer = response == .ok ? Credentials(user: user.text, password: password.text) : nil
        dialog.destroy()
        return answer
    }
}
