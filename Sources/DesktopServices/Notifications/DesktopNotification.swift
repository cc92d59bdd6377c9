/// A notification the app shows on the desktop: what the user reads and the buttons they may press.
///
/// Sent with `Notifications.send(_:)` under the app's id, so the desktop groups it with the
/// app and a click reaches the running app. A later notification with
/// the same `id` replaces it; `Notifications.withdraw(id:)` takes it away.
public struct DesktopNotification: Sendable, Equatable {
    /// A button on the notification: its label, and the action name the app's handler receives.
    public struct Button: Sendable, Equatable {
        /// What the button says.
        public var label: String
        /// What `NotificationResponse.action` is when it is pressed.
        public var action: String

        /// A button labelled `label` answering with `action`.
        public init(_ label: String, action: String) {
            self.label = label
            self.action = action
        }
    }

    /// How urgently the desktop should show it (GLib's `GNotificationPriority`).
    public enum Priority: Sendable, Equatable {
        /// Shown without interrupting: a background task finished.
        case low
        /// The usual notification.
        case normal
        /// Worth the user's attention soon.
        case high
        /// Needs the user now (the desktop may keep it on screen until answered).
        case urgent
    }

    /// Names the notification within the app: a new one with the same id replaces it, and
    /// responses carry it.
    public var id: String
    /// The headline.
    public var title: String
    /// The text under the title; nil shows the title alone.
    public var body: String?
    /// A themed icon name (`"document-save"`, the app's id); nil lets the desktop use the app's icon.
    public var iconName: String?
    /// Buttons, in order.
    public var buttons: [Button] = []
    /// The action a click on the notification itself answers with.
    public var defaultAction = NotificationResponse.defaultAction
    /// How urgent it is.
    public var priority = Priority.normal

    /// A notification named `id` saying `title` and, if given, `body`.
    public init(id: String, title: String, body: String? = nil, iconName: String? = nil, buttons: [Button] = []) {
        self.id = id
        self.title = title
        self.body = body
        self.iconName = iconName
        self.buttons = buttons
    }
}
