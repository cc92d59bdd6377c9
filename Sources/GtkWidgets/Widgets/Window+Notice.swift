import CGtkHelpers
import GLibCore

/// A notice: something the user only needs to read (a link no program could open, a download
/// that failed), told without stopping them. The page and the app keep running meanwhile.
extension Window {
    /// Shows `title` and `message` as a notice over `window`: on GTK 4 a libadwaita toast at
    /// the bottom of the window ("title: message", its lines joined), gone after a few
    /// seconds or when dismissed; on GTK 3, which has no toasts, and with no window to show a
    /// toast in, a dialog (over the window) with a Close button, gone once answered.
    public static func showNotice(title: String, message: String, over window: Window?) {
        #if GTK4
        if let window { return window.showToast("\(title): \(message.split(separator: "\n").joined(separator: " — "))") }
        #endif
        let dialog = MessageDialog(parent: window, style: .warning, heading: title, message: message)
        dialog.title = title
        dialog.addButton(tr("_Close"), response: .ok)
        dialog.setDefaultResponse(.ok)
        Task { @MainActor in
            _ = await dialog.run()
            dialog.destroy()
        }
    }

    #if GTK4
    private func showToast(_ text: String) {
        // The toast's title is Pango markup: the message may hold a URI's `&` or `<`.
        let toast = adw_toast_new(takeString(g_markup_escape_text(text, -1)))!
        adw_toast_set_timeout(toast, 8)
        let shown = ShownToast(text: text)
        // Dropped a moment after the toast goes, not from within its own signal.
        shown.dismissal = Signals.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self, weak shown] in
            MainLoop.after(.zero) { self?.toasts.removeAll { $0 === shown } }
        }
        toasts.append(shown)
        adw_toast_overlay_add_toast(gcast(toastOverlay), toast)
    }
    #endif

    /// The notices this window shows now as toasts, "title: message", oldest first: on GTK 4
    /// those not yet gone; none on GTK 3, whose notices are dialogs of their own (titled with
    /// the notice's title).
    public var shownNotices: [String] {
        #if GTK4
        toasts.map(\.text)
        #else
        []
        #endif
    }
}

#if GTK4
/// A toast a window shows: its text, and the connection that forgets it once it is gone.
@MainActor
final class ShownToast {
    let text: String
    var dismissal: SignalConnection?

    init(text: String) { self.text = text }
}
#endif
