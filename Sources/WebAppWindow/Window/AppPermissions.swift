import WebKitGTK

/// What the app's own pages (`app://localhost`) may do without being asked: per kind,
/// granted or denied up front, or asked like any other page's request. No prompt ever names
/// `app://localhost`, the app's own origin, unless the app chose to ask.
public struct AppPermissions: Sendable {
    /// How one kind of request from the app's own pages is answered.
    public enum Decision: Sendable {
        /// Allowed at once, without a prompt.
        case granted
        /// Refused at once, without a prompt.
        case denied
        /// Asked, as for any other page (once per session).
        case ask
    }

    /// Desktop notifications (`Notification.requestPermission()`, `new Notification`).
    public var notifications: Decision
    /// Reading the clipboard (`navigator.clipboard.readText()`).
    public var clipboard: Decision
    /// The device's location.
    public var geolocation: Decision
    /// The camera (and it with the microphone, when both are granted).
    public var camera: Decision
    /// The microphone.
    public var microphone: Decision

    /// Every kind asked unless given.
    public init(notifications: Decision = .ask, clipboard: Decision = .ask, geolocation: Decision = .ask,
                camera: Decision = .ask, microphone: Decision = .ask) {
        self.notifications = notifications
        self.clipboard = clipboard
        self.geolocation = geolocation
        self.camera = camera
        self.microphone = microphone
    }

    /// Asks for everything, as before an app declares anything.
    public static let askEverything = AppPermissions()

    /// The answers for `origin` that need no prompt, as `PermissionGuard.declaredAnswers`
    /// takes them; camera and microphone asked together are granted only when both are, and
    /// denied when either is. Screen sharing is always asked.
    public func answers(for origin: Origin) -> [PermissionQuestion: Bool] {
        let both: Decision = switch (camera, microphone) {
        case (.granted, .granted): .granted
        case (.denied, _), (_, .denied): .denied
        default: .ask
        }
        let decisions: [(PermissionKind, Decision)] = [
            (.notifications, notifications), (.clipboard, clipboard), (.geolocation, geolocation),
            (.camera, camera), (.microphone, microphone), (.cameraAndMicrophone, both),
        ]
        var answers: [PermissionQuestion: Bool] = [:]
        for (kind, decision) in decisions {
            switch decision {
            case .granted: answers[PermissionQuestion(origin: origin, kind: kind)] = true
            case .denied: answers[PermissionQuestion(origin: origin, kind: kind)] = false
            case .ask: break
            }
        }
        return answers
    }
}
