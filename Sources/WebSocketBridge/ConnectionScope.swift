import WebOrigin

/// Which pages may reach a connection: those of the origin that opened it, judged by the
/// URI WebKit reports for the page, never by anything the page sends. `file:` pages, which
/// have no origin of their own, are scoped by their directory.
struct ConnectionScope: Hashable, CustomStringConvertible {
    let description: String

    /// Nil for a page without a hierarchical origin (`about:`, `data:`).
    init?(pageURI: String) {
        guard let origin = Origin(uri: pageURI) else { return nil }
        guard origin.scheme == "file" else {
            description = origin.description
            return
        }
        let path = pageURI.prefix { $0 != "?" && $0 != "#" }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        description = String(path[...slash])
    }
}
