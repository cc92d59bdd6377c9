import CWebKitGTKHelpers
import GLibCore

/// A notification a page asked for (`new Notification(title, {body, tag})`), as WebKit hands
/// it to the view: what an app needs to show it its own way, tell the page it was clicked,
/// and learn when the page closed it.
@MainActor
public final class WebNotification {
    private let notification: ObjectReference<WebKitNotification>
    private var closedConnection: SignalConnection?

    init(retaining notification: UnsafeMutablePointer<WebKitNotification>) {
        self.notification = ObjectReference(retaining: notification)
    }

    /// WebKit's number for it, unique in this web context; what tells two untagged ones apart.
    public var id: UInt64 { UInt64(webkit_notification_get_id(notification.pointer)) }

    /// The page's `tag`: a later notification with the same tag replaces this one. Nil when
    /// the page gave none.
    public var tag: String? { string(webkit_notification_get_tag(notification.pointer)) }

    /// The page's title.
    public var title: String { string(webkit_notification_get_title(notification.pointer)) ?? "" }

    /// The page's `body`, nil when it gave none or an empty one.
    public var body: String? { string(webkit_notification_get_body(notification.pointer)).flatMap { $0.isEmpty ? nil : $0 } }

    /// Tells the page the user clicked it: its `click` event fires.
    public func clicked() {
        webkit_notification_clicked(notification.pointer)
    }

    /// Calls `observer` once the page closes it (`close()`) or WebKit drops it; kept as long
    /// as this object.
    public func onClosed(_ observer: @escaping @MainActor () -> Void) {
        closedConnection = Signals.connect(notification.raw, "closed") { observer() }
    }
}

extension WebView {
    /// Hands each notification a page of this view asks to show to `handler`, which returns
    /// true when it showed it, and false to leave it to WebKit's own notification. Keep the
    /// connection as long as notifications should be routed.
    public func onShowNotification(_ handler: @escaping @MainActor (WebNotification) -> Bool) -> SignalConnection {
        Signals.connect(reference.raw, "show-notification") { (note: Signals.Pointer) -> Bool in
            guard let note else { return false }
            return handler(WebNotification(retaining: note.assumingMemoryBound(to: WebKitNotification.self)))
        }
    }
}
