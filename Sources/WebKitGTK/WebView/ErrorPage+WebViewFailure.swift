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
        switch termination {
        case .crashed:
            html(title: "This page stopped working", message: "The web process showing \(uri) crashed.",
                 detail: "web-process-terminated: WEBKIT_WEB_PROCESS_CRASHED", retryURI: uri)
        case .exceededMemoryLimit:
            html(title: "This page used too much memory", message: "This page used too much memory and was stopped.",
                 detail: "\(uri) went over the web process's memory limit (web-process-terminated: "
                     + "WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT)", retryURI: uri, action: "Reload")
        case .terminatedByAPI:
            html(title: "This page stopped working", message: "The web process showing \(uri) was stopped.",
                 detail: "web-process-terminated: WEBKIT_WEB_PROCESS_TERMINATED_BY_API", retryURI: uri)
        }
    }

    /// The page for a page whose web process crashed again soon after the last crash: it is
    /// not reloaded by itself any more, only by the user's Reload.
    static func html(keepsCrashing uri: String, crashes: Int) -> String {
        html(title: "This page keeps crashing",
             message: "This page keeps crashing, so it was not reloaded again. Reload it when you want to try once more.",
             detail: "\(uri) crashed \(crashes) times in a row (web-process-terminated: WEBKIT_WEB_PROCESS_CRASHED)",
             retryURI: uri, action: "Reload")
    }
}
