import GLibCore
import WebKitGTK

extension WebView {
    /// Sends the binary-channel requests this view's pages make through the web process
    /// extension to `handler`, for as long as the returned token lives; other user messages
    /// are left to whoever else listens. The view's context loads the extension into the web
    /// processes it starts from now on (so call this before the first load); nothing arrives
    /// when the extension cannot be loaded.
    public func serveWebProcessBinaryRequests(_ handler: @escaping @MainActor (WebProcessBinaryRequest) -> Void) -> AnyObject {
        WebProcessExtension.load(into: context)
        return onUserMessage(named: WebProcessBinaryRequest.messageName) { message in
            if let request = WebProcessBinaryRequest(message) { handler(request) }
        }
    }
}
