import WebKitGTK
import GLibCore

/// Asks for a user name and password in a modal GTK dialog that names the host and the
/// server's realm; Cancel or closing the dialog cancels. The dialog's entries are the user
/// name and the password.
@MainActor
public final class GTKAuthenticationPrompter: ModalDialogPrompter, AuthenticationPrompter {
    public func credentials(for challenge: AuthenticationChallenge) async -> Credentials? {
        let server = "\(challenge.host):\(challenge.port)"
        var text = challenge.isProxy ? tr("The proxy {server} asks for a user name and password.", ["server": server])
            : tr("{server} asks for a user name and password.", ["server": server])
        if !challenge.realm.isEmpty { text += "\n" + tr("The site says: “{realm}”", ["realm": challenge.realm]) }
        if challenge.isRetry { text += "\n" + tr("The previous attempt was rejected.") }
        let dialog = MessageDialog(parent: parent, style: .question, heading: tr("Authentication Required"), message: text)
        let user = dialog.addEntry(placeholder: tr("User name"))
        let password = dialog.addEntry(placeholder: tr("Password"), isSecret: true)
        dialog.addButton(tr("_Cancel"), response: .cancel)
        dialog.addButton(tr("_Log In"), response: .ok)
        dialog.setDefaultResponse(.ok)
        return await ask(dialog) { $0 == .ok ? Credentials(user: user.text, password: password.text) : nil }
    }
}
