import WebOrigin

/// Which pages may call a handler, judged by the URI of the document the web view shows
/// (what WebKit reports, never what a page says).
///
/// A policy is a set of `PageScope`s, each an origin (`http://127.0.0.1:8080`) or a
/// directory of local files (`file:///home/me/site/`), judged as the window's navigation
/// policy and the WebSocket relay judge them: origins as `Origin` reads them, file paths
/// byte for byte. The page client makes the same comparison on `location.href` at document
/// start (see `PageScope.uriPrefix`), so a page the policy refuses never even gets
/// `window.bridge`.
public struct CallerPolicy: Sendable, Hashable {
    /// The pages the policy accepts; a page in none of them is refused with `forbidden`.
    public private(set) var scopes: Set<PageScope>

    /// The pages of these scopes.
    public init(_ scopes: some Sequence<PageScope>) {
        self.scopes = Set(scopes)
    }

    /// Pages of these origins (`scheme://host[:port]`), read as `Origin` reads them (default
    /// ports dropped as WebKit does); text that names no origin allows nothing.
    public static func origins(_ origins: String...) -> CallerPolicy {
        CallerPolicy(origins.compactMap { Origin(uri: $0).map(PageScope.origin) })
    }

    /// The app's own pages: `app://localhost`.
    public static let appScheme = CallerPolicy.origins("app://localhost")

    /// What a page the user named needs (its `PageScope`): its origin, or for a `file:` URI
    /// the files of its directory (and below). Nothing for a URI without a hierarchical
    /// origin (`about:`, `data:`) or a `file:` URI that is not plainly a local path.
    public static func page(_ uri: String) -> CallerPolicy {
        CallerPolicy(PageScope(pageURI: uri).map { [$0] } ?? [])
    }

    /// Pages either policy accepts.
    public func union(_ other: CallerPolicy) -> CallerPolicy {
        CallerPolicy(scopes.union(other.scopes))
    }

    /// Whether the page at `uri` may call.
    public func allows(_ uri: String) -> Bool {
        scopes.contains { $0.contains(uri) }
    }
}
