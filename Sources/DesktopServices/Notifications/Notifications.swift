import CGLib
import GLibCore
import GtkWidgets

/// The app's desktop notifications: `GNotification`s sent under the app's id, and the user's
/// clicks on them brought back to Swift.
///
/// GLib picks the way to the desktop: inside a sandbox (Flatpak) the XDG desktop portal's
/// `Notification` interface, on GNOME Shell `org.gtk.Notifications`, elsewhere
/// `org.freedesktop.Notifications`, whichever notification server the desktop runs. Every
/// call is asynchronous: with no server on the bus the notification is simply not shown,
/// and nothing waits. A click on a notification or one of its buttons activates the app's
/// `desktop-notification` action, so it reaches the primary instance (through the portal or
/// GNOME Shell, a D-Bus-activatable app is started first if it has quit; the freedesktop server
/// answers only a running app) and comes out as a `NotificationResponse`: to the handler given
/// with that notification, else to every `onResponse` observer.
///
/// Notifications need a registered, primary application: make this in `onStartup` (or later),
/// not before `run`.
@MainActor
public final class Notifications {
    /// Why a notification was not sent.
    public enum SendError: Error, Equatable {
        /// The application is not registered yet: send from `onStartup` on, once it runs.
        case notRegistered
        /// This launch handed over to the running instance, which owns the notifications.
        case notPrimary
    }

    /// The app action every notification's buttons and click activate, with `(id, action)`.
    static let actionName = "desktop-notification"
    private let application: Application
    private let action: ObjectReference<GObject>
    private var activation: SignalConnection?
    private let responses = ObserverList<NotificationResponse>()
    private var ownHandlers: [String: @MainActor (NotificationResponse) -> Void] = [:]

    /// The notifications of `application`; adds its `desktop-notification` action.
    public init(application: Application) {
        self.application = application
        let type = g_variant_type_new("(ss)")
        defer { g_variant_type_free(type) }
        action = ObjectReference(adopting: UnsafeMutablePointer(g_simple_action_new(Self.actionName, type)!))
        g_action_map_add_action(OpaquePointer(application.reference.raw), OpaquePointer(action.pointer))
        activation = Signals.connect(action.raw, "activate") { [weak self] (parameter: Signals.Pointer) in
            guard let parameter, let response = Self.response(in: OpaquePointer(parameter)) else { return }
            self?.deliver(response)
        }
    }

    isolated deinit {
        g_action_map_remove_action(OpaquePointer(application.reference.raw), Self.actionName)
    }

    /// Shows `notification` (replacing one of the same id). A click on it or its buttons goes to
    /// `onResponse` when given (for as long as the notification is not replaced or withdrawn),
    /// else to the `onResponse(_:)` observers.
    public func send(_ notification: DesktopNotification,
                     onResponse handler: (@MainActor (NotificationResponse) -> Void)? = nil) throws(SendError) {
        let app = application.reference.cast(to: GApplication.self)
        guard g_application_get_is_registered(app) != 0 else { throw .notRegistered }
        guard g_application_get_is_remote(app) == 0 else { throw .notPrimary }
        let note = g_notification_new(notification.title)!
        defer { g_object_unref(UnsafeMutableRawPointer(note)) }
        if let body = notification.body { g_notification_set_body(note, body) }
        if let name = notification.iconName {
            let icon = g_themed_icon_new(name)!
            g_notification_set_icon(note, icon)
            g_object_unref(UnsafeMutableRawPointer(icon))
        }
        let detailed = "app." + Self.actionName
        for button in notification.buttons {
            g_notification_add_button_with_target_value(note, button.label, detailed,
                                                        Self.target(notification.id, button.action))
        }
        g_notification_set_default_action_and_target_value(note, detailed,
                                                           Self.target(notification.id, notification.defaultAction))
        g_notification_set_priority(note, notification.priority.glib)
        ownHandlers[notification.id] = handler
        g_application_send_notification(app, notification.id, note)
    }

    /// Takes the notification named `id` off the desktop, if it is still there.
    public func withdraw(id: String) {
        ownHandlers[id] = nil
        let app = application.reference.cast(to: GApplication.self)
        guard g_application_get_is_registered(app) != 0, g_application_get_is_remote(app) == 0 else { return }
        g_application_withdraw_notification(app, id)
    }

    /// Calls `observer` with every response to a notification sent without a handler of its own,
    /// for as long as the returned observation is kept.
    public func onResponse(_ observer: @escaping @MainActor (NotificationResponse) -> Void) -> Observation {
        responses.add(observer)
    }

    private func deliver(_ response: NotificationResponse) {
        if let handler = ownHandlers[response.notificationID] {
            handler(response)
        } else {
            responses.send(response)
        }
    }

    /// The action's parameter: `(notification id, action)`, floating.
    private static func target(_ id: String, _ action: String) -> OpaquePointer {
        var children = [g_variant_new_string(id), g_variant_new_string(action)]
        return g_variant_new_tuple(&children, 2)
    }

    /// The response an activation's `(ss)` parameter names.
    private static func response(in parameter: OpaquePointer) -> NotificationResponse? {
        guard string(g_variant_get_type_string(parameter)) == "(ss)" else { return nil }
        func child(_ index: gsize) -> String {
            let value = g_variant_get_child_value(parameter, index)!
            defer { g_variant_unref(value) }
            return string(g_variant_get_string(value, nil)) ?? ""
        }
        return NotificationResponse(notificationID: child(0), action: child(1))
    }
}

private extension DesktopNotification.Priority {
    var glib: GNotificationPriority {
        switch self {
        case .low: G_NOTIFICATION_PRIORITY_LOW
        case .normal: G_NOTIFICATION_PRIORITY_NORMAL
        case .high: G_NOTIFICATION_PRIORITY_HIGH
        case .urgent: G_NOTIFICATION_PRIORITY_URGENT
        }
    }
}
