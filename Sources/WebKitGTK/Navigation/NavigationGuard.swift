import CWebKitGTK

/// Applies a `NavigationPolicy` to one web view: every navigation, new-window request and
/// main-frame response passes through it, so nothing the policy refuses loads in the
/// window and no page can open a window the app does not manage.
///
/// Keep it alive as long as the view; dropping it disconnects it.
@MainActor
public final class NavigationGuard {
    public var policy: NavigationPolicy
    public let opener: ExternalURIOpener
    private weak var view: WebView?
    private var connections: [SignalConnection] = []
    private let observers = ObserverList<NavigationEvent>()

    public init(view: WebView, policy: NavigationPolicy, opener: ExternalURIOpener) {
        self.view = view
        self.policy = policy
        self.opener = opener
        connections.append(Signals.connect(view.reference.raw, "decide-policy") { [weak self] (decision: Signals.Pointer, type: Int32) -> Bool in
            guard let self, let decision else { return false }
            return decide(decision.assumingMemoryBound(to: WebKitPolicyDecision.self), type: WebKitPolicyDecisionType(UInt32(type)))
        })
        // Only reached if a new-window decision was used elsewhere: still no unmanaged window.
        connections.append(Signals.connect(view.reference.raw, "create") { [weak self] (action: Signals.Pointer) -> Signals.Pointer in
            guard let self, let action else { return nil }
            let navigation = OpaquePointer(action)
            if let target = Self.uri(of: webkit_navigation_action_get_request(navigation)) {
                _ = apply(policy.decide(Navigation(target: target, source: self.view?.uri, kind: .newWindow)), to: target)
            }
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
            navigation = Navigation(target: target, source: view?.uri,
                                    kind: type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION ? .newWindow : Self.kind(of: action))
        case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
            let response: UnsafeMutablePointer<WebKitResponsePolicyDecision> = gcast(decision)
            guard webkit_response_policy_decision_is_main_frame_main_resource(response) != 0,
                  let target = Self.uri(of: webkit_response_policy_decision_get_request(response)) else { return false }
            navigation = Navigation(target: target, source: nil, kind: .mainFrameResponse)
        default:
            return false
        }
        let verdict = policy.decide(navigation)
        if verdict == .allow, type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE {
            return Self.downloadUnshowable(gcast(decision))
        }
        guard verdict != .allow else { return false }
        webkit_policy_decision_ignore(decision)
        return apply(verdict, to: navigation.target)
    }

    /// Carries out a decision other than `.allow` (already ignored in WebKit).
    private func apply(_ decision: NavigationDecision, to uri: String) -> Bool {
        switch decision {
        case .allow:
            return false
        case .loadInView:
            view?.load(uri: uri)
            observers.send(.loadedInView(uri))
        case .openExternally:
            do {
                try opener.open(uri)
                observers.send(.openedExternally(uri))
            } catch {
                observers.send(.openFailed(uri, reason: String(describing: error)))
            }
        case .refuse:
            observers.send(.refused(uri))
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
        if webkit_navigation_action_is_redirect(action) != 0 { return .other }
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
