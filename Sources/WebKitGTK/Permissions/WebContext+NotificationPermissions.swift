import CWebKitGTKHelpers
import GLibCore
import WebOrigin

extension WebContext {
    /// Tells this context's web processes, the running ones now and each new one as it starts,
    /// that `allowed` origins may show notifications and `denied` ones may not: there
    /// `Notification.permission` reads "granted" or "denied" before the page asks, so a page
    /// that checks it first (most do) notifies, or knows not to, without a prompt. What an app
    /// declares for its own pages; the permission guard answers a later request the same way.
    /// Keep the returned connection for as long as the answer holds.
    public func initializeNotificationPermissions(allowed: [Origin], denied: [Origin]) -> SignalConnection {
        let context = reference.pointer
        let apply = { Self.initializeNotificationPermissions(of: context, allowed: allowed, denied: denied) }
        apply()
        return Signals.connect(context, "initialize-notification-permissions") { apply() }
    }

    private static func initializeNotificationPermissions(of context: UnsafeMutablePointer<WebKitWebContext>,
                                                          allowed: [Origin], denied: [Origin]) {
        func list(_ origins: [Origin]) -> UnsafeMutablePointer<GList>? {
            origins.reduce(nil) { list, origin in
                g_list_append(list, UnsafeMutableRawPointer(webkit_security_origin_new(origin.scheme, origin.host, guint16(origin.port ?? 0))))
            }
        }
        let allowedList = list(allowed), deniedList = list(denied)
        defer {
            for origins in [allowedList, deniedList] {
                g_list_free_full(origins) { webkit_security_origin_unref(OpaquePointer($0)) }
            }
        }
        webkit_web_context_initialize_notification_permissions(context, allowedList, deniedList)
    }
}
