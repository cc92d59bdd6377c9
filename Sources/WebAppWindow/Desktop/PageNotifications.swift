import DesktopServices
import GLibCore
import GLibLog
import WebKitGTK

/// The page's `new Notification(…)`, on the app's own pages, shown as the app's desktop
/// notification; a click on it fires the page's `click` event and calls `onClick` (the app
/// window raises itself), and the page's `close()` takes it away.
///
/// WebKit asks the page's permission first (`Notification.requestPermission()`, answered by
/// the window's permission guard), so only a page allowed to notify gets here. Pages of other
/// origins keep WebKit's own notifications: the app's name and id are not theirs to use.
/// One per web view, kept as long as the view's window.
@MainActor
public final class PageNotifications {
    private let notifications: Notifications
    private let isAppPage: @MainActor (String) -> Bool
    private let onClick: @MainActor () -> Void
    private var connection: SignalConnection?
    /// The page's notifications on the desktop, by their desktop id.
    private var shown: [String: WebNotification] = [:]

    /// Routes `view`'s notifications from pages `isAppPage` accepts (given the page's URI) to
    /// `notifications`; `onClick` runs when the user clicks one.
    public init(view: WebView, notifications: Notifications, isAppPage: @escaping @MainActor (String) -> Bool,
                onClick: @escaping @MainActor () -> Void) {
        self.notifications = notifications
        self.isAppPage = isAppPage
        self.onClick = onClick
        connection = view.onShowNotification { [weak self, weak view] note in
            guard let self, let view, let uri = view.uri, isAppPage(uri) else { return false }
            return show(note)
        }
    }

    isolated deinit {
        shown.keys.forEach(notifications.withdraw(id:))
    }

    /// The page's notifications now on the desktop, by desktop id (`page:<tag>` or `page-<number>`).
    public var shownIDs: [String] { shown.keys.sorted() }

    private func show(_ note: WebNotification) -> Bool {
        let id = note.tag.map { "page:\($0)" } ?? "page-\(note.id)"
        let desktop = DesktopNotification(id: id, title: note.title, body: note.body)
        do {
            try notifications.send(desktop) { [weak self, note] _ in
                note.clicked()
                self?.onClick()
            }
        } catch {
            Log.webKitGTK.message("page notification \(id) left to WebKit: \(error)")
            return false
        }
        note.onClosed { [weak self] in
            self?.shown[id] = nil
            self?.notifications.withdraw(id: id)
        }
        shown[id] = note
        return true
    }
}
