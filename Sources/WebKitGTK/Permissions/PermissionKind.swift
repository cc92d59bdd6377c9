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
    /// What the clipboard holds, written by another program (`navigator.clipboard.readText()`,
    /// `read()`); what the page itself copied it reads unasked.
    case clipboard
    /// The names of the cameras and microphones (`navigator.mediaDevices.enumerateDevices()`
    /// labels and ids) before any of them was granted.
    case deviceList
    /// Hiding and capturing the mouse pointer (`element.requestPointerLock()`), as games and
    /// 3D views do; Escape still releases it.
    case pointerLock
    /// Encrypted media through a key system such as `com.widevine.alpha`
    /// (`navigator.requestMediaKeySystemAccess`).
    case protectedMedia(keySystem: String)
    /// Cookies and storage of the site `requestingSite`, embedded in the page
    /// (`document.requestStorageAccess()` from its iframe).
    case siteData(requestingSite: String)
    /// Installing a GStreamer element the page's media needs (through the distribution's
    /// codec installer); `what` is GStreamer's description of it.
    case codecInstallation(what: String)

    /// What it lets a page do, in English, for logs ("know your location"); a prompt says it in
    /// the user's language in a whole sentence of its own.
    public var description: String {
        switch self {
        case .geolocation: "know your location"
        case .notifications: "show notifications"
        case .camera: "use your camera"
        case .microphone: "use your microphone"
        case .cameraAndMicrophone: "use your camera and microphone"
        case .screenSharing: "share your screen"
        case .clipboard: "see what you copied in other programs (read the clipboard)"
        case .deviceList: "see the names of your cameras and microphones"
        case .pointerLock: "hide and capture your mouse pointer (Escape releases it)"
        case .protectedMedia(let keySystem): "play protected media with \(keySystem)"
        case .siteData(let site): "let \(site) use its cookies and stored data here"
        case .codecInstallation(let what): "install \(what) to play its media"
        }
    }
}

/// One permission prompt: which frame asks for what.
public struct PermissionQuestion: Hashable, Sendable {
    /// The frame asking (see `PermissionGuard`), which answers are remembered by.
    public let asker: PermissionAsker
    /// What it asks for.
    public let kind: PermissionKind

    /// A question as `PermissionGuard` makes it; tests make their own to drive a store or a
    /// prompter without a page.
    public init(asker: PermissionAsker, kind: PermissionKind) {
        self.asker = asker
        self.kind = kind
    }

    /// A question from the page in the window (or a frame of its origin) of `origin`, as an
    /// app declares its own pages' answers (`PermissionGuard.declaredAnswers`).
    public init(origin: Origin, kind: PermissionKind) {
        self.init(asker: .page(origin), kind: kind)
    }

    /// The asking frame's origin; nil when the host cannot tell which frame asks.
    public var origin: Origin? { asker.origin }
}
