import CWebKitGTKHelpers
import GLibCore
import GLibLog
import WebOrigin
import WebPolicy

/// Applies a `NavigationPolicy` to one web view: every navigation, new-window request and
/// main-frame response passes through it, so nothing the policy refuses loads in the
/// window and no page can open a window the app does not manage.
///
/// Who started a navigation: WebKit's navigation action says whether a user gesture was
/// under way, but not which frame acted. The guard places the frame with what no page can
/// forge: the request's `Referer` (a frame's own URI, which WebKit sets; absent for
/// `mailto:`, from `app:` and `file:` pages, or under a no-referrer policy), and else the
/// frame the user last pressed a key or button in (`FrameWitness`). A navigation that starts
/// in some frame and leaves at the main frame's response (`top.location = …`, a redirect)
/// is judged by what its navigation action showed. It cannot tell a frame of another origin
/// that runs script in the same gesture as a click in the page (the page passing it the
/// gesture through `postMessage`, a focus change); such a frame counts as the page.
///
/// One gesture, one window: WebKit lets a page call `window.open` as often as it likes in a
/// click's handler, so the guard opens at most `windowsPerGesture` new windows (popups, windows
/// of the app, the system browser) per press of a key, mouse button or touch in the view —
/// input the page cannot make — and refuses the rest (`.refusedExtraWindow`).
///
/// Keep it alive as long as the view; dropping it disconnects it.
@MainActor
public final class NavigationGuard {
    /// How many new windows one user gesture may open: one, as GNOME Web and Firefox allow.
    public static let windowsPerGesture = 1
    /// The rules applied; change them (`policy.allow(uri:)`) to widen what loads in the
    /// window, from the next navigation on.
    public var policy: NavigationPolicy
    /// Where URIs the policy sends to the desktop go: `SystemURIOpener`, or a recorder in tests.
    public let opener: ExternalURIOpener
    /// Where a new-window request the policy lets load (`target=_blank`, `window.open`, the
    /// context menu's "Open Link in New Window") goes: the app's own new window for the URI.
    /// Nil loads it in this view instead. Called only with what the policy allows in this
    /// window, so a new window never shows more than this one may.
    public var openNewWindow: (@MainActor (String) -> Void)?
    /// Where a `window.open` the policy lets load goes, so the page gets a real window proxy
    /// (`opener`, `postMessage`, `closed`): a new view related to this one
    /// (`WebView(relatedTo:)`), not loaded — WebKit loads the URI itself — and put in a window
    /// that shows it on `.readyToShow`. Nil, or a nil answer: as `openNewWindow`, and the page
    /// gets `null`. Called only with what the policy allows in this window.
    public var openPopup: (@MainActor (String) -> WebView?)?
    /// The page that opened this view (a popup's opener, whose guard judged the popup): the
    /// source of the view's navigations until it commits a page of its own, so the popup's
    /// first load is judged as coming from the page that asked for it.
    public var openedBy: String?
    private weak var view: WebView?
    private var connections: [SignalConnection] = []
    private let observers = ObserverList<NavigationEvent>()
    /// Initiators of navigations that went ahead in some frame, by target, for when one
    /// turns out to be the main frame's at its response. Bounded; oldest dropped first.
    private var startedElsewhere: [(target: String, initiator: NavigationInitiator)] = []
    /// The main frame's document as of its last commit: the page whose frames act. (The
    /// view's URI already names a load in progress, or a redirect's target.)
    private var committedURI: String?
    private var commits: Observation?
    private var contextMenu: LinkContextMenu?
    /// The new windows the user's last gesture in the view may still open.
    private var windowsLeft = 0

    /// Starts guarding `view` (held weakly) with `policy`, handing URIs for the desktop to
    /// `opener`; new-window requests load in `view` until `openNewWindow` is set.
    public init(view: WebView, policy: NavigationPolicy, opener: ExternalURIOpener) {
        self.view = view
        self.policy = policy
        self.opener = opener
        contextMenu = LinkContextMenu(view: view) { [weak self] uri in self?.openLinkInNewWindow(uri) }
        commits = view.observe { [weak self] event in
            if case .load(.committed(let uri)) = event { self?.committedURI = uri }
        }
        connections += view.widget.onUserInput { [weak self] in self?.windowsLeft = Self.windowsPerGesture }
        connections.append(Signals.connect(view.reference.raw, "decide-policy") { [weak self] (decision: Signals.Pointer, type: Int32) -> Bool in
            guard let self, let decision else { return false }
            return decide(decision.assumingMemoryBound(to: WebKitPolicyDecision.self), type: WebKitPolicyDecisionType(UInt32(type)))
        })
        // `window.open` comes here without a new-window decision: still no unmanaged window.
        connections.append(Signals.connect(view.reference.raw, "create") { [weak self] (pointer: Signals.Pointer) -> Signals.Pointer in
            guard let self, let pointer else { return nil }
            let action = OpaquePointer(pointer)
            guard let target = Self.uri(of: webkit_navigation_action_get_request(action)) else { return nil }
            let navigation = Navigation(target: target, source: self.view?.uri, kind: .newWindow,
                                        initiator: initiator(of: action))
            // `self.policy`: the rules as they are now, not as this init was given them.
            let decision = self.policy.decide(navigation)
            guard takesWindow(for: navigation, decision) else { return nil }
            if decision == .loadInView, let popup = openPopup?(target) {
                observers.send(.openedInNewWindow(target))
                // WebKit takes no reference of its own: the popup's window keeps the view.
                return UnsafeMutableRawPointer(popup.reference.pointer)
            }
            _ = apply(decision, to: navigation)
            return nil
        })
    }

    /// Calls `observer` with every navigation this guard cancels or redirects.
    public func observe(_ observer: @escaping @MainActor (NavigationEvent) -> Void) -> Observation {
        observers.add(observer)
    }

    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, type: WebKitPolicyDecisionType) -> Bool {
        let navigation: Navigation
        switch type {
        case WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION:
            let action = webkit_navigation_policy_decision_get_navigation_action(gcast(decision))!
            guard let target = Self.uri(of: webkit_navigation_action_get_request(action)) else { return false }
            navigation = Navigation(target: target, source: committedURI == nil ? openedBy ?? view?.uri : view?.uri,
                                    kind: type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION ? .newWindow : Self.kind(of: action),
                                    initiator: initiator(of: action))
        case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
            let response: UnsafeMutablePointer<WebKitResponsePolicyDecision> = gcast(decision)
            guard webkit_response_policy_decision_is_main_frame_main_resource(response) != 0,
                  let target = Self.uri(of: webkit_response_policy_decision_get_request(response)) else { return false }
            let started = startedElsewhere.lastIndex { $0.target == target }
            navigation = Navigation(target: target, source: nil, kind: .mainFrameResponse,
                                    initiator: started.map { startedElsewhere.remove(at: $0).initiator } ?? .unknown)
        default:
            return false
        }
        let verdict = policy.decide(navigation)
        if type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION, !takesWindow(for: navigation, verdict) {
            webkit_policy_decision_ignore(decision)
            return true
        }
        if verdict == .allow, type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE {
            return Self.downloadUnshowable(gcast(decision))
        }
        if verdict == .download {
            // WebKit keeps the navigation's `download` attribute as the suggested name.
            webkit_policy_decision_download(decision)
            return true
        }
        guard verdict != .allow else {
            if navigation.kind == .other || navigation.kind == .redirect { remember(navigation) }
            return false
        }
        webkit_policy_decision_ignore(decision)
        return apply(verdict, to: navigation)
    }

    /// Whether a new-window request that `decision` would open (in the app or the system
    /// browser) may: while the user's gesture has windows left, each one takes one; a refused
    /// one is reported. Requests the policy refuses anyway take nothing.
    private func takesWindow(for navigation: Navigation, _ decision: NavigationDecision) -> Bool {
        guard decision == .loadInView || decision == .openExternally else { return true }
        guard windowsLeft > 0 else {
            Log.webKitGTK.info("refused \(navigation.target): the gesture already opened \(Self.windowsPerGesture) window(s)")
            observers.send(.refusedExtraWindow(navigation.target))
            return false
        }
        windowsLeft -= 1
        return true
    }

    private func remember(_ navigation: Navigation) {
        guard !policy.allowsInWindow(navigation.target) else { return }
        if startedElsewhere.count >= 32 { startedElsewhere.removeFirst() }
        startedElsewhere.append((navigation.target, navigation.initiator))
    }

    /// The gesture WebKit reports, and the frame: the `Referer`'s origin when there is one,
    /// else the frame of the user's last key or button press.
    private func initiator(of action: OpaquePointer) -> NavigationInitiator {
        let isUserGesture = webkit_navigation_action_is_user_gesture(action) != 0
        let request = webkit_navigation_action_get_request(action)
        if let headers = request.flatMap(webkit_uri_request_get_http_headers),
           let referer = string(soup_message_headers_get_one(headers, "Referer")) {
            return NavigationInitiator(isUserGesture: isUserGesture, frame: frame(of: referer))
        }
        return NavigationInitiator(isUserGesture: isUserGesture, frame: frameOfLastActivation())
    }

    /// Whether `uri` is of the page's own origin.
    private func frame(of uri: String) -> NavigationInitiator.Frame {
        let page = (committedURI ?? view?.uri).flatMap(Origin.init(uri:))
        return page != nil && Origin(uri: uri) == page ? .pageOrigin : .otherOrigin
    }

    /// The frame the user last pressed a key or button in.
    private func frameOfLastActivation() -> NavigationInitiator.Frame {
        guard let activation = view?.frames.lastActivation else { return .unknown }
        return activation.isTop ? .pageOrigin : frame(of: activation.uri)
    }

    /// "Open Link in New Window" from the context menu: the user's choice is the gesture
    /// (WebKit reports none); the frame is the one the user pressed the mouse in.
    func openLinkInNewWindow(_ uri: String) {
        let navigation = Navigation(target: uri, source: view?.uri, kind: .newWindow,
                                    initiator: NavigationInitiator(isUserGesture: true, frame: frameOfLastActivation()))
        _ = apply(policy.decide(navigation), to: navigation)
    }

    /// Carries out a decision other than `.allow` (already ignored in WebKit).
    private func apply(_ decision: NavigationDecision, to navigation: Navigation) -> Bool {
        let uri = navigation.target
        switch decision {
        case .allow, .download:
            // A download is started in `decide`, where WebKit's decision is at hand; a new
            // window is never one.
            return false
        case .loadInView:
            if navigation.kind == .newWindow, let openNewWindow {
                openNewWindow(uri)
                observers.send(.openedInNewWindow(uri))
            } else {
                view?.load(uri: uri)
                observers.send(.loadedInView(uri))
            }
        case .openExternally:
            do {
                try opener.open(uri)
                observers.send(.openedExternally(uri))
            } catch {
                observers.send(.openFailed(uri, reason: String(describing: error)))
            }
        case .refuse:
            if let reason = policy.refusal(of: navigation) {
                Log.webKitGTK.warning("refused \(uri): \(reason)")
                observers.send(.refusedFromFrame(uri, reason: reason))
            } else if navigation.kind == .userAction, navigation.initiator.isUserGesture {
                // The user's own click: the window tells them. A script's stays quiet.
                Log.webKitGTK.info("refused \(uri): the window does not show it")
                observers.send(.refusedClick(uri, frame: navigation.initiator.frame, source: navigation.source))
            } else {
                observers.send(.refused(uri))
            }
        }
        return true
    }

    /// Turns an allowed main-frame response the view cannot show, or one the server marks
    /// as an attachment, into a download, so it never replaces the page; true when it did.
    private static func downloadUnshowable(_ response: UnsafeMutablePointer<WebKitResponsePolicyDecision>) -> Bool {
        let headers = webkit_response_policy_decision_get_response(response).flatMap { webkit_uri_response_get_http_headers($0) }
        let disposition = headers.flatMap { string(soup_message_headers_get_one($0, "Content-Disposition")) } ?? ""
        let isAttachment = disposition.lowercased().hasPrefix("attachment")
        guard isAttachment || webkit_response_policy_decision_is_mime_type_supported(response) == 0 else { return false }
        webkit_policy_decision_download(gcast(response))
        return true
    }

    private static func kind(of action: OpaquePointer) -> Navigation.Kind {
        if webkit_navigation_action_is_redirect(action) != 0 { return .redirect }
        switch webkit_navigation_action_get_navigation_type(action) {
        case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED, WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED,
             WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED:
            return .userAction
        default:
            return .other
        }
    }

    private static func uri(of request: UnsafeMutablePointer<WebKitURIRequest>?) -> String? {
        request.flatMap { string(webkit_uri_request_get_uri($0)) }
    }
}
