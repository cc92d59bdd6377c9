import WebPolicy

/// The error pages of the failures a web view reports: a sentence naming the server or file
/// first, WebKit's detail below it.
extension ErrorPage {
    /// The page for a load that failed, titled by its kind.
    static func html(for error: LoadError) -> String {
        let title = switch error.kind {
        case .network: "Cannot reach this page"
        case .fileNotFound: "File not found"
        case .tlsCertificate: "Untrusted connection"
        case .cannotShow: "Cannot show this page"
        case .restrictedPort: "Blocked port"
        case .other: "This page failed to load"
        }
        return html(title: title, message: error.summary, detail: error.detail, retryURI: error.uri)
    }

    /// The page for a web process that ended (crashed, over its memory limit, stopped).
    static func html(for termination: WebProcessTermination, uri: String) -> String {
        let (message, reason) = switch termination {
        case .crashed: ("The web process showing \(uri) crashed.", "WEBKIT_WEB_PROCESS_CRASHED")
        case .exceededMemoryLimit: ("The web process showing \(uri) used too much memory and was stopped.",
                                    "WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT")
        case .terminatedByAPI: ("The web process showing \(uri) was stopped.", "WEBKIT_WEB_PROCESS_TERMINATED_BY_API")
        }
        return html(title: "This page stopped working", message: message,
                    detail: "web-process-terminated: \(reason)", retryURI: uri)
    }
}
