import WebOrigin

/// Which navigations load in the app's window, which go to the desktop, which are refused.
///
/// Platform-free so every rule is unit-tested; `NavigationGuard` applies it to a web view.
/// The window shows only the allowed origins (by default the app's scheme and the origin
/// the app was started with); other web pages open in the system browser; `mailto:` and
/// `tel:` go to the desktop's handler; a `file:` page loads only from a page that is itself
/// a file (or from the app) and only inside an allowed directory; a link to a `blob:` or
/// `data:` URL (an "Export…" button's `a.click()`) is downloaded, with or without a
/// `download` attribute, so such a document never becomes the window's page; anything else
/// is refused.
///
/// Leaving the app — handing a URI to the system browser, mail client or dialer — needs a
/// real user gesture in the page's own origin (see `NavigationInitiator`); so does opening
/// an app or file page in a new window, which also needs the window to show a page of that
/// scheme already. Otherwise the navigation is refused, so no web page and no frame of another
/// origin can launch a desktop program or reach `app:` or `file:` pages on its own.
///
/// Frames: WebKitGTK does not say which frame a navigation targets, so the rule is split.
/// A link click or form submission to another origin is routed to the browser (or refused,
/// see above) before any request is made, in whichever frame it happens. Other navigations
/// to web origins (iframe `src`, script, redirects) may start; when the response arrives for
/// the *main frame*, a disallowed origin is cancelled there and routed to the browser if the
/// navigation that led to it was started by a gesture in the page's origin. So an allowed page may
/// embed iframes of other web origins (they get no bridge: that is injected into allowed
/// main frames only) but can never be replaced by one.
public struct NavigationPolicy: Sendable, Equatable {
    /// The pages that load in the window: origins, and directories of `file:` pages (the folder
    /// of a file the app opened), judged as `PageScope` judges them.
    public var allowedPages: Set<PageScope>
    /// Schemes handed to the desktop (system browser, mail client, dialer) when not allowed.
    public var externalSchemes: Set<String> = ["http", "https", "mailto", "tel"]
    /// Whether iframes may load web origins that are not allowed (they never get the bridge).
    /// Off: such loads are refused in every frame, and a main-frame script navigation to
    /// another origin is refused instead of opened in the browser.
    public var allowsOtherOriginsInFrames = true

    /// A policy showing `pages` in the window, with the default external schemes and iframes
    /// of other origins allowed; add the start page with `allow(uri:)`.
    public init(allowing pages: Set<PageScope> = []) {
        allowedPages = pages
    }

    /// Allows what `uri` needs to show in the window: its origin, or for a `file:` URI the
    /// directory holding it (its `PageScope`). Use it for the page the app was started with.
    public mutating func allow(uri: String) {
        if let scope = PageScope(pageURI: uri) { allowedPages.insert(scope) }
    }

    /// Whether a page at `uri` may be shown in the window.
    public func allowsInWindow(_ uri: String) -> Bool {
        allowedPages.contains { $0.contains(uri) }
    }

    /// What to do with `navigation`, by the rules the type describes. A pure function of the
    /// policy and the navigation, so the same navigation always gets the same answer;
    /// `refusal(of:)` says why when the answer is `.refuse` because of who asked.
    public func decide(_ navigation: Navigation) -> NavigationDecision {
        let target = navigation.target
        guard let scheme = Origin.scheme(of: target) else { return .refuse }
        if navigation.kind == .userAction, scheme == "blob" || scheme == "data" { return .download }
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
        default:
            break
        }
        let isWeb = scheme == "http" || scheme == "https"
        if allowsInWindow(target) {
            if navigation.kind == .newWindow { return newWindowRefusal(navigation) == nil ? .loadInView : .refuse }
            guard !isWeb else { return .allow }
            // An `app:` or `file:` page reached by a link or form: only from a page of that
            // scheme (WebKit's own isolation is the first line); by a redirect: never.
            switch navigation.kind {
            case .redirect: return .refuse
            case .userAction: return navigation.source.map { Origin.scheme(of: $0) == scheme } ?? true ? .allow : .refuse
            default: return .allow
            }
        }
        if navigation.kind == .other || navigation.kind == .redirect, isWeb {
            // Possibly an iframe; a main-frame load is stopped at its response. Without
            // frames of other origins, it is refused rather than opened: a page could
            // otherwise launch the browser from script alone.
            return allowsOtherOriginsInFrames ? .allow : .refuse
        }
        guard scheme != "blob", externalSchemes.contains(scheme) else { return .refuse }
        return navigation.initiator.refusal == nil ? .openExternally : .refuse
    }

    /// Why `decide` refuses `navigation` because of who asked (a page may not open this in
    /// a new window, or the same navigation would have gone ahead for a gesture in the page's
    /// own origin); nil when it does not, or refuses it whoever asked.
    public func refusal(of navigation: Navigation) -> NavigationRefusal? {
        guard decide(navigation) == .refuse else { return nil }
        if navigation.kind == .newWindow, allowsInWindow(navigation.target) { return newWindowRefusal(navigation) }
        var trusted = navigation
        trusted.initiator = .pageGesture
        return decide(trusted) == .refuse ? nil : navigation.initiator.refusal
    }

    /// A new window for an allowed page loads in this one; for an `app:` or `file:` page,
    /// only when this one shows a page of that scheme and its own origin asked with a
    /// gesture: WebKit keeps web content from loading those schemes, and a load made here
    /// would skip that.
    private func newWindowRefusal(_ navigation: Navigation) -> NavigationRefusal? {
        guard let scheme = Origin.scheme(of: navigation.target), scheme != "http", scheme != "https" else { return nil }
        guard let source = navigation.source, Origin.scheme(of: source) == scheme else { return .notTheApp }
        return navigation.initiator.refusal
    }
}

/// One navigation as the policy sees it.
public struct Navigation: Sendable, Equatable {
    /// What sort of navigation it is, as far as WebKit tells; it picks the rule that applies
    /// (a link is routed before any request, other web loads are checked again when the
    /// main frame's response arrives).
    public enum Kind: Sendable, Equatable {
        /// A link click or form submission (not a redirect): routed before any request.
        case userAction
        /// Anything else in some frame: script, iframe src, reload, history, the app's own loads.
        case other
        /// A server's redirect, in some frame.
        case redirect
        /// A request for a new window (`window.open`, `target=_blank`).
        case newWindow
        /// The response for the main frame's document has arrived.
        case mainFrameResponse
    }

    /// Where the navigation goes.
    public var target: String
    /// The URI of the page in the window when it started; nil when the app started it.
    public var source: String?
    /// The sort of navigation, which picks the rule that applies.
    public var kind: Kind
    /// Whether a user gesture was under way and in which frame; `.unknown` for the app's own loads.
    public var initiator: NavigationInitiator

    /// A navigation to `target` from the page at `source` (nil for the app's own loads);
    /// the initiator defaults to `.unknown`, which may never leave the app.
    public init(target: String, source: String?, kind: Kind, initiator: NavigationInitiator = .unknown) {
        self.target = target
        self.source = source
        self.kind = kind
        self.initiator = initiator
    }
}

/// What happens to a navigation.
public enum NavigationDecision: Sendable, Equatable {
    /// Let it load where it was going.
    case allow
    /// A new-window request for an allowed page: load it in a new window of the app
    /// (`NavigationGuard.openNewWindow`), or in this one when the app has none to give.
    case loadInView
    /// Cancel it and hand the URI to the desktop through the `ExternalURIOpener`.
    case openExternally
    /// Download the target instead of showing it (a `blob:` or `data:` link): the app's
    /// downloads ask where to save it (`decide-destination`, the `download` attribute's name
    /// suggested), whichever frame clicked.
    case download
    /// Cancel it.
    case refuse
}
