import CWebKitGTK
import GLibCore

/// Asks for a user name and password in a modal GTK dialog that names the host and the
/// server's realm; Cancel or closing the dialog cancels.
@MainActor
public final class GTKAuthenticationPrompter: AuthenticationPrompter {
    public weak var parent: Window?
    /// The dialog on screen, if any, with its two entries (for tests).
    package private(set) var visibleDialog: (dialog: Dialog, user: UnsafeMutablePointer<GtkEntry>,
                                            password: UnsafeMutablePointer<GtkEntry>)?

    public init(parent: Window? = nil) {
        self.parent = parent
    }

    public func credentials(for challenge: AuthenticationChallenge) async -> Credentials? {
        let dialog = Dialog(title: "Authentication Required", parent: parent)
        let grid: UnsafeMutablePointer<GtkGrid> = gcast(gtk_grid_new())
        gtk_grid_set_row_spacing(grid, 6)
        gtk_grid_set_column_spacing(grid, 12)
        gtk_container_set_border_width(gcast(grid), 12)
        let asker = challenge.isProxy ? "The proxy \(challenge.host):\(challenge.port)" : "\(challenge.host):\(challenge.port)"
        var text = "\(asker) asks for a user name and password."
        if !challenge.realm.isEmpty { text += "\nThe site says: “\(challenge.realm)”" }
        if challenge.isRetry { text += "\nThe previous attempt was rejected." }
        let message = gtk_label_new(text)!
        gtk_label_set_line_wrap(gcast(message), 1)
        gtk_grid_attach(grid, message, 0, 0, 2, 1)
        let user = Self.entry()
        let password = Self.entry()
        gtk_entry_set_visibility(password, 0)
        for (row, (label, entry)) in [("User name", user), ("Password", password)].enumerated() {
            let caption = gtk_label_new(label)!
            gtk_widget_set_halign(caption, GTK_ALIGN_END)
            gtk_grid_attach(grid, caption, 0, Int32(row + 1), 1, 1)
            gtk_grid_attach(grid, gcast(entry), 1, Int32(row + 1), 1, 1)
        }
        gtk_container_add(dialog.contentArea, gcast(grid))
        dialog.addButton("_Cancel", response: GTK_RESPONSE_CANCEL)
        dialog.addButton("_Log In", response: GTK_RESPONSE_OK, isDefault: true)
        visibleDialog = (dialog, user, password)
        defer { visibleDialog = nil }
        // Read the entries before the dialog (and they) are destroyed.
        var answer: Credentials?
        let connection = Signals.connect(dialog.widget, "response") { (response: Int32) in
            if response == GTK_RESPONSE_OK.rawValue {
                answer = Credentials(user: String(cString: gtk_entry_get_text(user)),
                                     password: String(cString: gtk_entry_get_text(password)))
            }
        }
        _ = await dialog.response()
        connection.disconnect()
        return answer
    }

    private static func entry() -> UnsafeMutablePointer<GtkEntry> {
        let entry: UnsafeMutablePointer<GtkEntry> = gcast(gtk_entry_new())
        gtk_entry_set_activates_default(entry, 1)
        return entry
    }
}
