import CWebKitGTKHelpers
import GLibCore
import WebOrigin

extension WebContext {
    /// Serves `scheme` to every view of this context and registers it with the context's
    /// security manager as secure, CORS-enabled and display-isolated (see `AppScheme`).
    ///
    /// A scheme name can be registered once per context; register before loading pages.
    public func register(_ scheme: AppScheme) {
        typealias H = @MainActor (UnsafeMutablePointer<WebKitURISchemeRequest>) -> Void
        let responder = AppSchemeResponder(scheme: scheme)
        let handler: H = { request in responder.respond(to: request) }
        webkit_web_context_register_uri_scheme(reference.pointer, scheme.name, { request, data in
            MainActor.assumeIsolated { ClosureBox<H>.from(data)(request!) }
        }, ClosureBox.retainedPointer(for: handler), ClosureBox<H>.destroyNotify)
        let security = webkit_web_context_get_security_manager(reference.pointer)
        webkit_security_manager_register_uri_scheme_as_secure(security, scheme.name)
        webkit_security_manager_register_uri_scheme_as_cors_enabled(security, scheme.name)
        webkit_security_manager_register_uri_scheme_as_display_isolated(security, scheme.name)
        Self.appSchemeOrigins[UInt(bitPattern: reference.raw), default: []].append(scheme.origin)
    }

    /// The origins of the app schemes registered on each WebKit context (every `WebContext`
    /// wrapping it, `shared` included, sees them): whose pages' policy refusals are the app's.
    private static var appSchemeOrigins: [UInt: [Origin]] = [:]

    /// The origins of the app schemes registered on this context.
    var appSchemeOrigins: [Origin] { Self.appSchemeOrigins[UInt(bitPattern: reference.raw)] ?? [] }
}
