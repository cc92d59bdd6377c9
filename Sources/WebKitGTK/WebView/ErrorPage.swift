/// The page a web view shows in place of one that failed to load or whose process ended.
public enum ErrorPage {
    /// A self-contained page naming the problem, with a Retry link to `retryURI`.
    public static func html(title: String, message: String, retryURI: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font: 15px system-ui, sans-serif; color: #222; max-width: 40em; margin: 15vh auto; padding: 0 1em; }
        h1 { font-size: 1.4em; }
        p.detail { color: #555; word-break: break-all; }
        a.retry { display: inline-block; margin-top: 1em; padding: .5em 1.2em; border-radius: 6px;
                  background: #3584e4; color: white; text-decoration: none; }
        </style></head>
        <body><h1 id="error-title">\(escape(title))</h1>
        <p class="detail" id="error-message">\(escape(message))</p>
        <a class="retry" id="retry" href="\(escape(retryURI))">Retry</a>
        </body></html>
        """
    }

    /// Escapes text for HTML content and attribute values.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func html(for error: LoadError) -> String {
        let title = switch error.kind {
        case .network: "Cannot reach this page"
        case .fileNotFound: "File not found"
        case .tlsCertificate: "Untrusted connection"
        case .cannotShow: "Cannot show this page"
        case .restrictedPort: "Blocked port"
        case .other: "This page failed to load"
        }
        return html(title: title, message: error.description, retryURI: error.uri)
    }

    static func html(for termination: WebProcessTermination, uri: String) -> String {
        let message = switch termination {
        case .crashed: "The web process showing \(uri) crashed."
        case .exceededMemoryLimit: "The web process showing \(uri) used too much memory and was stopped."
        case .terminatedByAPI: "The web process showing \(uri) was stopped."
        }
        return html(title: "This page stopped working", message: message, retryURI: uri)
    }
}
