import WebKitGTK

/// Tells the user that a link meant for another program (the browser, mail, the dialer)
/// could not be opened, in a dialog over the window, instead of the click doing nothing.
@MainActor
enum OpenFailureNotice {
    /// The dialog's window title.
    static let title = "Cannot open link"

    static func show(uri: String, reason: String, over window: Window?) {
        let dialog = MessageDialog(parent: window, style: .warning, heading: title,
                                   message: "No program on this computer could open \(uri)\n\(reason)")
        dialog.title = title
        dialog.addButton("_Close", response: .ok)
        dialog.setDefaultResponse(.ok)
        Task { @MainActor in
            _ = await dialog.run()
            dialog.destroy()
        }
    }
}
