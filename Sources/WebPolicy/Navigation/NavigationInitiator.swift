/// What is known about who started a navigation: WebKit says whether a user gesture was
/// under way; the frame it came from is worked out by `NavigationGuard` from what a page
/// cannot forge (see `Frame`).
public struct NavigationInitiator: Sendable, Equatable {
    /// Which frame started the navigation, relative to the page in the window.
    public enum Frame: Sendable, Equatable {
        /// The page itself or a frame of the page's origin.
        case pageOrigin
        /// A frame of another origin.
        case otherOrigin
        /// Nothing tells: the app's own load, or no evidence either way.
        case unknown
    }

    /// Whether WebKit reports a user gesture (a click, a key press) under way when the
    /// navigation started. Without one, the navigation may not leave the app.
    public var isUserGesture: Bool
    /// Which frame the gesture or navigation came from, as far as unforgeable evidence tells;
    /// only `.pageOrigin` may leave the app.
    public var frame: Frame

    /// What `NavigationGuard` found out about a navigation, or what a test sets to check a
    /// rule of `NavigationPolicy`; `unknown` and `pageGesture` name the two common ones.
    public init(isUserGesture: Bool, frame: Frame) {
        self.isUserGesture = isUserGesture
        self.frame = frame
    }

    /// The app itself, or nobody known.
    public static let unknown = NavigationInitiator(isUserGesture: false, frame: .unknown)
    /// A user gesture in the page's own origin: the initiator every navigation may have.
    public static let pageGesture = NavigationInitiator(isUserGesture: true, frame: .pageOrigin)

    /// Why this initiator may not hand a URI to the desktop or open an app or file page
    /// in a new window; nil when it may: a real user gesture in the page's own origin.
    public var refusal: NavigationRefusal? {
        guard isUserGesture else { return .noUserGesture }
        switch frame {
        case .pageOrigin: return nil
        case .otherOrigin: return .otherOriginFrame
        case .unknown: return .unknownFrame
        }
    }
}

/// Why a navigation that would have left the page was refused; for the log.
public enum NavigationRefusal: String, Sendable, Equatable, CustomStringConvertible {
    /// No user gesture was under way: a script alone asked.
    case noUserGesture = "no user gesture"
    /// The gesture or request came from a frame of another origin than the page's, such as an
    /// embedded iframe.
    case otherOriginFrame = "started by a frame of another origin"
    /// Nothing shows which frame it came from, so it is not trusted as the page's.
    case unknownFrame = "started by a frame that cannot be placed"
    /// A new window for an `app:` or `file:` page, asked for by a page of another scheme:
    /// only a page of that scheme may open one.
    case notTheApp = "only the app's own pages open these in a new window"

    public var description: String { rawValue }
}
