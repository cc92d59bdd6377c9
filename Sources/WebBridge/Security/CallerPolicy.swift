import WebOrigin

/// Which pages may call a handler, judged by the URI of the document the web view shows
/// (what WebKit reports, never what a page says).
///
/// A policy is a set of URI prefixes, each an origin (`http://127.0.0.1:8080/`) or a
/// directory of local files (`file:///home/me/site/`). Prefixes are compared with the
/// view's URI as WebKit normalises it (lower-case scheme and host, no default port,
/// percent-encoded path), and the page client makes the same comparison on `location.href`
/// at document start, so a page the policy refuses never even gets `window.bridge`.
public struct CallerPolicy: Sendable, Hashable {
    public private(set) var prefixes: Set<String>

    /// Pages whose URI starts with one of `prefixes`; each should end with `/`.
    public init(uriPrefixes prefixes: some Sequence<String>) {
        self.prefixes = Set(prefixes)
    }

    /// Pages of these origins (`scheme://host[:port]`), read as `Origin` reads them (default
    /// ports dropped as WebKit does); text that names no origin allows nothing.
    public static func origins(_ origins: String...) -> CallerPolicy {
        CallerPolicy(uriPrefixes: origins.compactMap { Origin(uri: $0)?.uriPrefix })
    }

    /// The app's own pages: `app://localhost`.
    public static let appScheme = CallerPolicy.origins("app://localhost")

    /// What a page the user named needs: its origin, or for a `file:` URI the files of its
    /// directory (and below). Nothing for a URI without a hierarchical origin (`about:`, `data:`).
    public static func page(_ uri: String) -> CallerPolicy {
        if Origin.scheme(of: uri) == "file", let separator = uri.range(of: "://") {
            let path = uri[separator.upperBound...].prefix(while: { $0 != "?" && $0 != "#" })
            guard let slash = path.lastIndex(of: "/") else { return CallerPolicy(uriPrefixes: []) }
            return CallerPolicy(uriPrefixes: ["file://" + path[...slash]])
        }
        return CallerPolicy(uriPrefixes: Origin(uri: uri).map { [$0.uriPrefix] } ?? [])
    }

    /// Pages either policy accepts.
    public func union(_ other: CallerPolicy) -> CallerPolicy {
        CallerPolicy(uriPrefixes: prefixes.union(other.prefixes))
    }

    /// Whether the page at `uri` may call. An origin without a path (`app://localhost`, as
    /// non-web schemes may appear) matches its prefix too.
    public func allows(_ uri: String) -> Bool {
        prefixes.contains { uri.hasPrefix($0) || uri + "/" == $0 }
    }
}
