import GLibCore
import WebKitGTK

/// Tells the user that a link meant for another program (the browser, mail, the dialer)
/// could not be opened, instead of the click doing nothing.
@MainActor
enum OpenFailureNotice {
    /// The dialog's window title.
    static var title: String { tr("Cannot open link") }

    static func show(uri: String, reason: String, over window: Window?) {
        Window.showNotice(title: title, message: tr("No program on this computer could open {address}", ["address": uri]) + "\n\(reason)", over: window)
    }
}
