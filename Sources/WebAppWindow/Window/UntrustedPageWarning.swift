import WebBridge
import WebKitGTK
import WebOrigin

/// Tells the developer, once per page, why a page has no `window.bridge`: the window does
/// not trust it. Without this the page only says "undefined is not an object".
///
/// A page that commits without the bridge's trust (a window whose navigation allows more
/// than its bridge trusts) and a page the window refused to show are warnings; a page sent
/// to the system browser (a link to another site, usually meant) is info. Each names the page
/// and the call that would trust it, in the bridge's log (`G_MESSAGES_DEBUG=WebBridge` shows info).
@MainActor
final class UntrustedPageWarning {
    private weak var bridge: WebViewBridge?
    private var told: Set<String> = []
    private var navigationEvents: Observation?

    init(bridge: WebViewBridge, navigation: NavigationGuard) {
        self.bridge = bridge
        navigationEvents = navigation.observe { [weak self] event in
            switch event {
            case .refused(let uri), .refusedClick(let uri, _, _): self?.tell(.warning, uri, "the window refused to show it")
            case .refusedFromFrame(let uri, let reason): self?.tell(.warning, uri, "the window refused to show it", reason: reason)
            case .openedExternally(let uri): self?.tell(.info, uri, "it opened outside the window")
            default: break
            }
        }
    }

    /// Warns if the page the view now shows is one the bridge does not trust.
    func pageCommitted(_ uri: String) {
        guard let bridge, !bridge.callers.allows(uri) else { return }
        tell(.warning, uri, "it is showing without it")
    }

    /// Tells why `uri` has no bridge: `what` happened to it, and `reason` is why the window
    /// refused it when the refusal was about who asked. A page the bridge already trusts was
    /// refused for that reason alone, so the log names it and suggests no trust call.
    private func tell(_ level: BridgeLogLevel, _ uri: String, _ what: String, reason: NavigationRefusal? = nil) {
        let scheme = Origin.scheme(of: uri)
        // Only pages that could be trusted, and only where the app has handlers to reach.
        guard let bridge, scheme == "http" || scheme == "https" || scheme == "file",
              !bridge.contractNames.isEmpty,
              let trustCall = TrustedPages.suggestion(for: uri), told.insert(uri).inserted else { return }
        if bridge.callers.allows(uri) {
            return bridge.logger.log(level, "\(uri) was not opened: \(what), \(reason.map(\.description) ?? "by its navigation rules"); "
                                     + "the window trusts it, so trusting it again changes nothing")
        }
        bridge.logger.log(level, "\(uri) gets no window.bridge: the window does not trust it, and \(what)"
                          + (reason.map { " (\($0))" } ?? "") + ". To trust it: \(trustCall)")
    }
}
