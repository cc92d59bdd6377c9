/// Hears what the app may want to show: failures and page loads.
@MainActor
public protocol WebViewBridgeDelegate: AnyObject {
    /// A message was rejected, or script sent to the page failed.
    func bridge(_ bridge: WebViewBridge, didFail failure: BridgeFailure)
    /// A main-frame load step.
    func bridge(_ bridge: WebViewBridge, didObserve event: PageLoadEvent)
}

extension WebViewBridgeDelegate {
    public func bridge(_ bridge: WebViewBridge, didFail failure: BridgeFailure) {}
    public func bridge(_ bridge: WebViewBridge, didObserve event: PageLoadEvent) {}
}

/// What went wrong, and where.
public enum BridgeFailure: Error, Sendable {
    /// The page's message to `handler` was rejected with `error`.
    case message(handler: String, error: BridgeError)
    /// Script the bridge ran in the page (an event, a page call) failed.
    case script(any Error)
}
