/// Where a bridge's native handlers live and how the page client reaches them, as
/// WKWebView's `WKContentWorld` chooses between `.page` and a named world.
public enum BridgeContentWorld: Sendable, Equatable {
    /// The default: the handlers live in the page's own world under names no page can
    /// guess — a 128-bit random token per bridge before each name (`token:name`) — and only
    /// the page client knows them: it is injected into the main frame of trusted pages only,
    /// and keeps the names in closures, so no page script, iframe or untrusted page can read
    /// them. One hop, as quick as WebKit's reply API.
    ///
    /// What an iframe sees: WebKit's `window.webkit.messageHandlers` (it exists in every
    /// frame once any page-world handler does), which cannot be enumerated and answers
    /// `undefined` to every name but the exact secret ones. Every other check holds as in
    /// the other worlds: each message is checked against the view's own URI.
    case capability
    /// The handlers live in the bridge's own script world (`worldName`), which page scripts
    /// and iframes cannot see. The main frame's page client reaches them through a relay in
    /// that world (see `BridgeRelayScript`), at the cost of two structured clones of each
    /// payload and a DOM event per call.
    case isolated
    /// The handlers live in the page's own world under their plain names and the main
    /// frame's page client posts straight to `window.webkit.messageHandlers`.
    ///
    /// What it gives up: every frame of the page world sees those handlers, and WebKit does
    /// not say which frame posted, so a cross-origin iframe inside a trusted page can call
    /// them and be treated as that page. Everything else stays: each message is still checked
    /// against the view's own URI (`forbidden` for pages the callers do not include), only
    /// trusted main-frame pages get `window.bridge`, size and depth limits hold, failures
    /// reach the page as errors with `code` and `message`, and events and page calls go only
    /// to trusted pages. Use it only for an app that shows its own content, with no
    /// third-party iframes, and wants its handlers under their plain names in every frame.
    case page
}
