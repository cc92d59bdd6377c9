/// What the user did with one of the app's notifications: clicked it or pressed one of its buttons.
///
/// Encodable, so the app window sends it to its page as it is (the `notification` event).
public struct NotificationResponse: Sendable, Equatable, Codable {
    /// The action of a click on the notification itself, unless the notification names another.
    public static let defaultAction = "default"

    /// The `DesktopNotification.id` answered.
    public var notificationID: String
    /// The pressed button's `action`, or the notification's `defaultAction` for a click on it.
    public var action: String

    /// The answer `action` to the notification `notificationID`.
    public init(notificationID: String, action: String) {
        self.notificationID = notificationID
        self.action = action
    }
}
