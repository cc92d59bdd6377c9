import WebOrigin

/// Which navigations load in the app's window, which go to the desktop, which are refused.
///
/// Platform-free so every rule is unit-tested; `NavigationGuard` applies it to a web view.
/// The window shows only the allowed origins (by default the app's scheme and the origin
/// the app was started with); other web pages open in the system browser; `mailto:` and
/// `tel:` go to the desktop's handler; a `file:` page loads only from a page that is itself
/// a file (or from the app) and only inside an allowed directory; anything else is refused.
///
/// Frames: WebKitGTK does not say which frame a navigation targets, so the rule is split.
/// A link click or form submission to another origin is routed to the browser before any
/// request is made, in whichever frame it happens. Other navigations to web origins (iframe
/// `src`, script, redirects) may start; when the response arrives for the *main frame*,
/// a disallowed origin is cancelled there and routed to the browser. So an allowed page may
/// embed iframes of other web origins (they get no bridge: that is injected into allowed
/// main frames only) but can never be replaced by one.
public struct NavigationPolicy: Sendable, Equatable {
    /// Origins whose pages load in the window.
    public var allowedOrigins: Set<Origin>
    /// Directories whose `file:` pages load in the window (the folder of a file the app opened).
    public var allowedFileDirectories: [String]
    /// Schemes handed to the desktop (system browser, mail client, dialer) when not allowed.
    public var externalSchemes: Set<String> = ["http", "https", "mailto", "tel"]
    /// Whether iframes may load web origins that are not allowed (they never get the bridge).
    /// Off: such loads are refused in every frame, and a main-frame script navigation to
    /// another origin is refused instead of opened in the browser.
    public var allowsOtherOriginsInFrames = true

    public init(allowedOrigins: Set<Origin> = [], allowedFileDirectories: [String] = []) {
        self.allowedOrigins = allowedOrigins
        self.allowedFileDirectories = allowedFileDirectories
    }

    /// Allows what `uri` needs to show in the window: its origin, or for a `file:` URI the
    /// directory holding it. Use it for the page the app was started with.
    public mutating func allow(uri: String) {
        if Origin.scheme(of: uri) == "file" {
            guard let path = Self.filePath(of: uri) else { return }
            let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            allowedFileDirectories.append(directory.isEmpty ? "/" : directory)
        } else if let origin = Origin(uri: uri) {
            allowedOrigins.insert(origin)
        }
    }

    /// Whether a page at `uri` may be shown in the window.
    public func allowsInWindow(_ uri: String) -> Bool {
        guard let scheme = Origin.scheme(of: uri) else { return false }
        if scheme == "file" {
            guard let path = Self.filePath(of: uri) else { return false }
            return allowedFileDirectories.contains { directory in
                directory == "/" || path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
            }
        }
        return Origin(uri: uri).map(allowedOrigins.contains) ?? false
    }

    public func decide(_ navigation: Navigation) -> NavigationDecision {
        let target = navigation.target
        guard let scheme = Origin.scheme(of: target) else { return .refuse }
        switch scheme {
        case "about":
            // about:blank and about:srcdoc (also what `load(html:)` shows without a base URI)
            // carry no power of their own; but never as a new window.
            return navigation.kind == .newWindow ? .refuse : .allow
        case "data":
            // Inline documents have an opaque origin: fine in frames, never the window's page.
            return navigation.kind == .other ? .allow : .refuse
        case "javascript":
            return .refuse
        case "file":
            if let source = navigation.source, Origin.scheme(of: source) != "file" { return .refuse }
            return allowsInWindow(target) ? (navigation.kind == .newWindow ? .loadInView : .allow) : .refuse
        default:
            break
        }
        if allowsInWindow(target) {
            return navigation.kind == .newWindow ? .loadInView : .allow
        }
        let isWeb = scheme == "http" || scheme == "https"
        if navigation.kind == .other, isWeb {
            // Possibly an iframe; a main-frame load is stopped at its response. Without
            // frames of other origins, it is refused rather than opened: a page could
            // otherwise launch the browser from script alone.
            return allowsOtherOriginsInFrames ? .allow : .refuse
        }
        return scheme != "blob" && externalSchemes.contains(scheme) ? .openExternally : .refuse
    }

    /// The decoded path of a `file:` URI, nil when it is not a local absolute path or
    /// names a `..` segment.
    static func filePath(of uri: String) -> String? {
        var rest = Substring(uri).dropFirst("file:".count)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let host = rest.prefix(while: { $0 != "/" })
            guard host.isEmpty || host.lowercased() == "localhost" else { return nil }
            rest = rest.dropFirst(host.count)
        }
        rest = rest.prefix(while: { $0 != "?" && $0 != "#" })
        guard rest.hasPrefix("/"), let path = ResourcePath.percentDecoded(String(rest)),
              !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }),
              !path.contains("\0") else { return nil }
        return path
    }
}

/// One navigation as the policy sees it.
public struct Navigation: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A link click or form submission (not a redirect): routed before any request.
        case userAction
        /// Anything else in some frame: script, iframe src, redirect, reload, history.
        case other
        /// A request for a new window (`window.open`, `target=_blank`).
        case newWindow
        /// The response for the main frame's document has arrived.
        case mainFrameResponse
    }

    /// Where the navigation goes.
    public var target: String
    /// The URI of the page in the window when it started; nil when the app started it.
    public var source: String?
    public var kind: Kind

    public init(target: String, source: String?, kind: Kind) {
        self.target = target
        self.source = source
        self.kind = kind
    }
}

/// What happens to a navigation.
public enum NavigationDecision: Sendable, Equatable {
    /// Let it load where it was going.
    case allow
    /// A new-window request for an allowed page: load it in this window instead.
    case loadInView
    /// Cancel it and hand the URI to the desktop through the `ExternalURIOpener`.
    case openExternally
    /// Cancel it.
    case refuse
}
