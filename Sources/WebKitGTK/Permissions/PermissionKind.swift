import WebOrigin

/// A power a page asks the user for.
public enum PermissionKind: Hashable, Sendable, CustomStringConvertible {
    /// The device's location (`navigator.geolocation`).
    case geolocation
    /// Desktop notifications (`Notification.requestPermission()`).
    case notifications
    /// A camera alone (`getUserMedia` with video only).
    case camera
    /// A microphone alone (`getUserMedia` with audio only).
    case microphone
    /// Camera and microphone in one request, asked and remembered as one question.
    case cameraAndMicrophone
    /// The screen or a window (`getDisplayMedia`).
    case screenSharing
    /// Reading the clipboard (`navigator.clipboard.read`, `readText`) when the page did not
    /// write what is on it.
    case clipboard

    /// How a prompt phrases it: "… wants to \(kind)".
    public var description: String {
        switch self {
        case .geolocation: "know your location"
        case .notifications: "show notifications"
        case .camera: "use your camera"
        case .microphone: "use your microphone"
        case .cameraAndMicrophone: "use your camera and microphone"
        case .screenSharing: "share your screen"
        case .clipboard: "see what you copied"
        }
    }
}

/// One permission prompt: which origin asks for what.
public struct PermissionQuestion: Hashable, Sendable {
    /// The origin asking: the main page's (see `PermissionGuard`), which answers are remembered by.
    public let origin: Origin
    /// What it asks for.
    public let kind: PermissionKind

    /// A question as `PermissionGuard` makes it; tests make their own to drive a store or a
    /// prompter without a page.
    public init(origin: Origin, kind: PermissionKind) {
        self.origin = origin
        self.kind = kind
    }
}
