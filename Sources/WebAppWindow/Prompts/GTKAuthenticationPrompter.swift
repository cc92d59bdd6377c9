import WebKitGTK
import GLibCore

/// Asks for a user name and password in a modal GTK dialog that names the host and the
/// server's realm; Cancel or closing the dialog cancels. The dialog's entries are the user
/// name and the password.
@MainActor
public final class GTKAuthenticationPrompter: ModalDialogPrompter, AuthenticationPrompter {
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
        return await ask(dialog) { $0 == .ok ? Credentials(user: user.text, password: password.text) : nil }
    }
}
