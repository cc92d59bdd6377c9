/// An HTTP authentication challenge, as the user should see it.
public struct AuthenticationChallenge: Sendable, Equatable {
    /// The host asking: the proxy's when `isProxy`, else the site's.
    public let host: String
    /// Its port, so a prompt can tell two servers on one host apart.
    public let port: Int
    /// The server's own words for what is protected; shown, never trusted.
    public let realm: String
    /// True when credentials given before were rejected.
    public let isRetry: Bool
    /// True when a proxy, not the site, asks.
    public let isProxy: Bool

    /// A challenge as `AuthenticationGuard` copies it out of WebKit; tests make their own to
    /// drive a prompter without a server.
    public init(host: String, port: Int, realm: String, isRetry: Bool, isProxy: Bool) {
        self.host = host
        self.port = port
        self.realm = realm
        self.isRetry = isRetry
        self.isProxy = isProxy
    }
}

/// A user name and password for one challenge, kept for the session only.
public struct Credentials: Sendable, Equatable {
    /// The user name, sent as given.
    public let user: String
    /// The password, sent as given; WebKit keeps it for the session only, never on disk.
    public let password: String

    /// What a prompter answers with when the user logs in.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// Asks the user for credentials.
///
/// A protocol so tests can answer without a dialog; `GTKAuthenticationPrompter` is the real one.
@MainActor
public protocol AuthenticationPrompter: AnyObject {
    /// The credentials to send, or nil to cancel (the page then gets the server's 401).
    func credentials(for challenge: AuthenticationChallenge) async -> Credentials?
}
