import CWebKitGTKHelpers
import GLibCore

/// A failed load, typed by what went wrong.
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, so the error page and the app can react by kind (retry later, check
    /// a path, warn of a certificate) without reading WebKit's error domains.
    public enum Kind: Sendable, Equatable {
        /// The network could not reach the server (unknown host, refused, offline…).
        case network
        /// A file:// URL named a file that does not exist.
        case fileNotFound
        /// The server's TLS certificate was not trusted.
        case tlsCertificate
        /// WebKit cannot show this content (unsupported MIME type, policy…).
        case cannotShow
        /// WebKit will not connect to this port (one reserved for other protocols, such as 9 or 10080).
        case restrictedPort
        /// Anything else; `underlying` says what.
        case other
    }

    /// What went wrong, classified.
    public let kind: Kind
    /// The URI that failed to load.
    public let uri: String
    /// WebKit's own error, unchanged.
    public let underlying: GLibError

    /// An error of `kind` for `uri`. The view makes its own from WebKit's failures; tests
    /// make them to render an error page without a failing load.
    public init(kind: Kind, uri: String, underlying: GLibError) {
        self.kind = kind
        self.uri = uri
        self.underlying = underlying
    }

    /// A file the app serves itself (its `app://` scheme) that is not there.
    static func missingFile(uri: String) -> LoadError {
        LoadError(kind: .fileNotFound, uri: uri,
                  underlying: GLibError(domain: "g-io-error-quark", code: Int(G_IO_ERROR_NOT_FOUND.rawValue), message: "No such file"))
    }

    /// A page on a port WebKit refuses to connect to.
    static func restrictedPort(uri: String, port: Int) -> LoadError {
        LoadError(kind: .restrictedPort, uri: uri,
                  underlying: GLibError(domain: "WebKitPolicyError", code: Int(WEBKIT_POLICY_ERROR_CANNOT_USE_RESTRICTED_PORT.rawValue),
                                        message: "port \(port) is reserved for other protocols; web pages may not use it"))  // untranslated: WebKit's detail, for a developer
    }

    /// Classifies a `load-failed` error, or returns nil for loads that were only cancelled
    /// or interrupted (a new navigation, `stop()`, a download) or handed to WebKit's media
    /// document (an audio or video file shown as the page): those are not failures.
    /// Whether WebKit reports handing the load to its media document ("Plug-in handled load"):
    /// a plug-in error in WebKitGTK 4.1, a media error in 6.0, which has no plug-ins.
    private static func isMediaDocumentHandover(domain: GQuark, code: Int32) -> Bool {
        #if GTK4
        domain == webkit_media_error_quark() && code == Int32(WEBKIT_MEDIA_ERROR_WILL_HANDLE_LOAD.rawValue)
        #else
        domain == webkit_plugin_error_quark() && code == Int32(WEBKIT_PLUGIN_ERROR_WILL_HANDLE_LOAD.rawValue)
        #endif
    }

    init?(uri: String, error: UnsafePointer<GError>) {
        let domain = error.pointee.domain
        let code = error.pointee.code
        if domain == webkit_network_error_quark(), code == Int32(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue) { return nil }
        if domain == webkit_policy_error_quark(),
           code == Int32(WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue) { return nil }
        if Self.isMediaDocumentHandover(domain: domain, code: code) { return nil }
        if domain == webkit_network_error_quark() {
            kind = code == Int32(WEBKIT_NETWORK_ERROR_FILE_DOES_NOT_EXIST.rawValue) ? .fileNotFound : .network
        } else if domain == webkit_policy_error_quark() {
            kind = code == Int32(WEBKIT_POLICY_ERROR_CANNOT_USE_RESTRICTED_PORT.rawValue) ? .restrictedPort : .cannotShow
        } else if domain == g_io_error_quark(), code == Int32(G_IO_ERROR_NOT_FOUND.rawValue), uri.hasPrefix("file:") {
            kind = .fileNotFound // what WebKitGTK 2.50 reports for a missing file:// page
        } else if domain == g_io_error_quark() || domain == g_resolver_error_quark() {
            kind = .network
        } else {
            kind = .other
        }
        self.uri = uri
        self.underlying = GLibError(error)
    }

    /// The sentence for a person, then the detail for a developer.
    public var description: String { "\(summary) \(detail)" }
}
