import WebOrigin

/// Which frame of the page in the window asks for a permission, as far as the host can prove
/// it: WebKit's permission requests do not say (see `PermissionGuard`). Answers are remembered
/// per asker, so the page's answer is never a frame's, nor a frame's the page's.
public enum PermissionAsker: Hashable, Sendable {
    /// The page in the window, or a frame of the same origin (one and the same party).
    case page(Origin)
    /// A frame of another origin, `frame`, embedded in the page of origin `page`: what it is
    /// allowed holds for it inside that page only.
    case embeddedFrame(Origin, page: Origin)
    /// A frame of the page of origin `page` that the host cannot place (it asked without
    /// announcing itself, or in a way no frame announces). Asked each time: a grant holds
    /// for that one request, a refusal for the session.
    case unknownFrame(page: Origin)

    /// The asking frame's origin; nil when the host cannot tell.
    public var origin: Origin? {
        switch self {
        case .page(let origin), .embeddedFrame(let origin, page: _): origin
        case .unknownFrame: nil
        }
    }

    /// The origin of the page in the window.
    public var page: Origin {
        switch self {
        case .page(let page), .embeddedFrame(_, page: let page), .unknownFrame(page: let page): page
        }
    }
}
