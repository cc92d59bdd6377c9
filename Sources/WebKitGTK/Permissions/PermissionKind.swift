import WebOrigin

/// A power a page asks the user for.
public enum PermissionKind: Hashable, Sendable, CustomStringConvertible {
    case geolocation
    case notifications
    case camera
    case microphone
    case cameraAndMicrophone
    case screenSharing

    /// How a prompt phrases it: "… wants to \(kind)".
    public var description: String {
        switch self {
        case .geolocation: "know your location"
        case .notifications: "show notifications"
        case .camera: "use your camera"
        case .microphone: "use your microphone"
        case .cameraAndMicrophone: "use your camera and microphone"
        case .screenSharing: "share your screen"
        }
    }
}

/// One permission prompt: which origin asks for what.
public struct PermissionQuestion: Hashable, Sendable {
    public let origin: Origin
    public let kind: PermissionKind

    public init(origin: Origin, kind: PermissionKind) {
        self.origin = origin
        self.kind = kind
    }
}
