import FoundationEssentials
import WebBridge
import WebOrigin

/// Pages a window trusts: they load in it, and they get `window.bridge` and may call its
/// handlers. Anything else is a web page of someone else's (the system browser shows it).
public enum TrustedPages: Sendable, Equatable {
    /// The `file:` pages in this directory and below.
    case directory(URL)
    /// Every page of the origin this text names (`"http://127.0.0.1:8080"`); text that names
    /// no origin trusts nothing.
    case origin(String)
    /// What a page the user named needs: its origin, or for a `file:` URI its directory.
    case page(String)

    /// Every page of `origin`.
    public static func origin(_ origin: Origin) -> TrustedPages { .origin(origin.description) }

    /// A URI standing for these pages: navigation and bridge policies read the same one.
    var uri: String {
        switch self {
        case .directory(let url):
            let path = url.standardizedFileURL.path
            return URL(fileURLWithPath: path.hasSuffix("/") ? path : path + "/", isDirectory: true).absoluteString
        case .origin(let text): return Origin(uri: text)?.uriPrefix ?? ""
        case .page(let uri): return uri
        }
    }

    /// The bridge's side of the same trust.
    var callers: CallerPolicy { .page(uri) }

    /// How an app trusts the page at `uri`, as Swift source, for the log of a page that is not trusted.
    /// Nil for a page no trust reaches (`about:blank`, `data:`).
    static func suggestion(for uri: String) -> String? {
        if Origin.scheme(of: uri) == "file", let url = URL(string: uri) {
            return "window.trust(.directory(URL(fileURLWithPath: \"\(url.deletingLastPathComponent().path)\")))"
        }
        if let origin = Origin(uri: uri) {
            return "window.trust(.origin(\"\(origin)\"))"
        }
        return nil
    }
}
