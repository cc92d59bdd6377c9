import GLibCore
import FoundationEssentials
import WebKitGTK

/// Tells the user that a link they clicked was not followed, instead of the click doing
/// nothing, and offers the one way forward that is safe: a local file outside the folder the
/// window shows (documentation's `../index.html`) opens after the user confirms, untrusted —
/// without `window.bridge` — when the click came from a local page itself, never from a
/// frame of another origin. Anything else (another scheme, a page of another app) is only
/// reported. Navigations a script starts are refused quietly (the log says why), since no
/// user is waiting for them.
@MainActor
enum RefusedLinkNotice {
    /// The dialog's window title.
    static var title: String { tr("Link not opened") }

    /// Shows the notice for the clicked `uri` over `window`; `open` shows the file untrusted
    /// once the user agrees (offered only when `offersToOpen(…)` says it is safe).
    static func show(uri: String, frame: NavigationInitiator.Frame, source: String?, over window: Window?,
                     open: @escaping @MainActor (String) -> Void) {
        guard offersToOpen(uri, frame: frame, source: source) else {
            return Window.showNotice(title: title, message: tr("This window does not open {address}", ["address": uri]), over: window)
        }
        let path = URL(string: uri)?.path ?? uri
        let dialog = MessageDialog(parent: window, style: .question, heading: tr("Open a file outside the app’s folder?"),
                                   message: tr("{path} is outside the folder this window was opened with. "
                                       + "It opens without the app’s access to your computer.", ["path": "\(path)"]))
        dialog.title = title
        dialog.addButton(tr("_Cancel"), response: .cancel)
        dialog.addButton(tr("_Open Without Access"), response: .accept)
        dialog.setDefaultResponse(.cancel)
        Task { @MainActor in
            let response = await dialog.run()
            dialog.destroy()
            if response == .accept { open(uri) }
        }
    }

    /// Whether a refused click on `uri` may be offered as an untrusted page: a `file:` link
    /// clicked in a `file:` page of the window itself.
    static func offersToOpen(_ uri: String, frame: NavigationInitiator.Frame, source: String?) -> Bool {
        frame == .pageOrigin && Origin.scheme(of: uri) == "file" && source.map { Origin.scheme(of: $0) == "file" } == true
    }
}
