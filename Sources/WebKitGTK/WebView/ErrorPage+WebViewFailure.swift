import GLibCore
import WebPolicy

/// The error pages of the failures a web view reports: a sentence naming the server or file
/// first, WebKit's detail below it.
extension ErrorPage {
    /// The page for a load that failed, titled by its kind.
    static func html(for error: LoadError) -> String {
        let title = switch error.kind {
        case .network: tr("Cannot reach this page")
        case .fileNotFound: tr("File not found")
        case .tlsCertificate: tr("Untrusted connection")
        case .cannotShow: tr("Cannot show this page")
        case .restrictedPort: tr("Blocked port")
        case .other: tr("This page failed to load")
        }
        return html(title: title, message: error.summary, detail: error.detail, retryURI: error.uri, action: tr("Retry"))
    }

    /// The page for a web process that ended (crashed, over its memory limit, stopped).
    static func html(for termination: WebProcessTermination, uri: String) -> String {
        switch termination {
        case .crashed:
            html(title: tr("This page stopped working"), message: tr("The web process showing {page} crashed.", ["page": uri]),
                 detail: "web-process-terminated: WEBKIT_WEB_PROCESS_CRASHED", retryURI: uri, action: tr("Retry"))
        case .exceededMemoryLimit:
            html(title: tr("This page used too much memory"), message: tr("This page used too much memory and was stopped."),
                 detail: "\(uri) went over the web process's memory limit (web-process-terminated: "
                     + "WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT)", retryURI: uri, action: tr("Reload"))
        case .terminatedByAPI:
            html(title: tr("This page stopped working"), message: tr("The web process showing {page} was stopped.", ["page": uri]),
                 detail: "web-process-terminated: WEBKIT_WEB_PROCESS_TERMINATED_BY_API", retryURI: uri, action: tr("Retry"))
        }
    }

    /// The page for a page whose web process crashed again soon after the last crash: it is
    /// not reloaded by itself any more, only by the user's Reload.
    static func html(keepsCrashing uri: String, crashes: Int) -> String {
        html(title: tr("This page keeps crashing"),
             message: tr("This page keeps crashing, so it was not reloaded again. Reload it when you want to try once more."),
             detail: "\(uri) crashed \(crashes) times in a row (web-process-terminated: WEBKIT_WEB_PROCESS_CRASHED)",
             retryURI: uri, action: tr("Reload"))
    }
}
