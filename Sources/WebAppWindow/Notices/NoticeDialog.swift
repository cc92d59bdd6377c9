import GLibCore
import WebKitGTK

/// A warning the user only needs to read: a dialog over the window with a Close button,
/// gone once answered. The page and the app keep running meanwhile.
@MainActor
enum NoticeDialog {
    static func show(title: String, message: String, over window: Window?) {
        let dialog = MessageDialog(parent: window, style: .warning, heading: title, message: message)
        dialog.title = title
        dialog.addButton(tr("_Close"), response: .ok)
        dialog.setDefaultResponse(.ok)
        Task { @MainActor in
            _ = await dialog.run()
            dialog.destroy()
        }
    }
}
