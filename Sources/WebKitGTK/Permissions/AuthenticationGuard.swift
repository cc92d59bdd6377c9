import CWebKitGTKHelpers
import GLibCore

/// Answers a web view's HTTP authentication challenges (Basic, Digest, NTLM, Negotiate) by
/// asking an `AuthenticationPrompter`; credentials are kept for the session only. When the
/// user gives none, the load goes on without them and shows the server's 401 page.
///
/// Every other kind of challenge is cancelled: client certificates are not offered, and a
/// server-trust evaluation is never answered, so an untrusted TLS certificate is never
/// accepted here — the view shows its error page for it instead.
@MainActor
public final class AuthenticationGuard {
    /// Asked at every supported challenge, retries after rejected credentials included.
    public let prompter: AuthenticationPrompter
    private var connection: SignalConnection?

    /// Starts answering `view`'s challenges through `prompter`; keep the guard as long as the
    /// view, since dropping it disconnects it.
    public init(view: WebView, prompter: AuthenticationPrompter) {
        self.prompter = prompter
        connection = Signals.connect(view.reference.raw, "authenticate") { [weak self] (request: Signals.Pointer) -> Bool in
            guard let self, let request else { return false }
            handle(ObjectReference(retaining: request.assumingMemoryBound(to: WebKitAuthenticationRequest.self)))
            return true
        }
    }

    private func handle(_ request: ObjectReference<WebKitAuthenticationRequest>) {
        let pointer = request.pointer
        switch webkit_authentication_request_get_scheme(pointer) {
        case WEBKIT_AUTHENTICATION_SCHEME_DEFAULT, WEBKIT_AUTHENTICATION_SCHEME_HTTP_BASIC,
             WEBKIT_AUTHENTICATION_SCHEME_HTTP_DIGEST, WEBKIT_AUTHENTICATION_SCHEME_NTLM,
             WEBKIT_AUTHENTICATION_SCHEME_NEGOTIATE:
            break
        default:
            webkit_authentication_request_cancel(pointer)
            return
        }
        let challenge = AuthenticationChallenge(
            host: string(webkit_authentication_request_get_host(pointer)) ?? "",
            port: Int(webkit_authentication_request_get_port(pointer)),
            realm: string(webkit_authentication_request_get_realm(pointer)) ?? "",
            isRetry: webkit_authentication_request_is_retry(pointer) != 0,
            isProxy: webkit_authentication_request_is_for_proxy(pointer) != 0)
        Task {
            guard let credentials = await prompter.credentials(for: challenge) else {
                // Go on without credentials, so the page shows the server's own 401 page
                // (cancelling would stop the load and leave the previous page or a blank one).
                webkit_authentication_request_authenticate(request.pointer, nil)
                return
            }
            let credential = webkit_credential_new(credentials.user, credentials.password,
                                                   WEBKIT_CREDENTIAL_PERSISTENCE_FOR_SESSION)
            webkit_authentication_request_authenticate(request.pointer, credential)
            webkit_credential_free(credential)
        }
    }
}
