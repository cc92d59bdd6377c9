import CWebKitGTKHelpers
import GLibCore

/// A custom URI scheme whose requests each web view answers for itself: WebKit says which
/// view made a request (`webkit_uri_scheme_request_get_web_view`), and that view's handler
/// gets it. The bridge's binary channel and streams fall back to one (WebBridgeGTK's
/// `ViewScheme.bridge`) where a page lacks the web process extension's faster transport: the
/// page `fetch`es with a request body and reads a response stream, with no JSON or base64
/// in between.
///
/// The scheme is registered once per web context, as secure and CORS-enabled, so pages of
/// any origin (and `app://` pages, whose policy names it in `connect-src`) may fetch it;
/// whether a request is answered is the view's handler's decision.
@MainActor
public enum ViewScheme {
    /// Answers one request of one view, on the main actor; it must respond (or drop the
    /// request, which answers 500) exactly once.
    public typealias Handler = @MainActor (ViewSchemeRequest) -> Void

    /// Handlers by scheme and view.
    private static var routes: [Route: Handler] = [:]

    private struct Route: Hashable {
        let scheme: String
        let view: UnsafeMutableRawPointer
    }

    /// Sends the requests `view` makes to `scheme` to `handler`, for as long as the returned
    /// token lives. Requests from views without a handler get 404.
    public static func serve(_ scheme: String, for view: WebView, _ handler: @escaping Handler) -> AnyObject {
        register(scheme, on: view.context)
        let route = Route(scheme: scheme, view: view.reference.raw)
        routes[route] = handler
        return Observation { _ = routes.removeValue(forKey: route) }
    }

    private static func register(_ scheme: String, on context: WebContext) {
        // Marked on WebKit's context object itself, which is freed with it: a context made
        // later at the same address is registered afresh.
        let object = context.reference.cast(to: GObject.self)
        let mark = "webviewhost-view-scheme:" + scheme
        guard g_object_get_data(object, mark) == nil else { return }
        g_object_set_data(object, mark, UnsafeMutableRawPointer(bitPattern: 1))
        typealias H = @MainActor (UnsafeMutablePointer<WebKitURISchemeRequest>) -> Void
        let dispatch: H = { request in
            let view = webkit_uri_scheme_request_get_web_view(request).map { UnsafeMutableRawPointer($0) }
            let wrapped = ViewSchemeRequest(request)
            guard let view, let handler = routes[Route(scheme: scheme, view: view)] else {
                return wrapped.respond(status: 404, contentType: "text/plain", body: Array("Not found".utf8))
            }
            handler(wrapped)
        }
        webkit_web_context_register_uri_scheme(context.reference.pointer, scheme, { request, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(request!) }
        }, ClosureBox.retainedPointer(for: dispatch), ClosureBox<H>.destroyNotify)
        let security = webkit_web_context_get_security_manager(context.reference.pointer)
        webkit_security_manager_register_uri_scheme_as_secure(security, scheme)
        webkit_security_manager_register_uri_scheme_as_cors_enabled(security, scheme)
    }
}
