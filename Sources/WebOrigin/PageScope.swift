/// The pages that count as one page's own: those of its origin or, for a `file:` page, which
/// has no origin of its own, those in its directory and below.
///
/// The one rule for every decision that asks whether a page is one of some others: which
/// pages load in the window, which may call the bridge, which share a relayed WebSocket
/// connection. Judged on the URI WebKit reports for a page, never on anything the page
/// sends. Origins are read as `Origin` reads them (case, default ports, user info); file
/// paths as `LocalFilePath` reads them, as bytes.
public enum PageScope: Hashable, Sendable, CustomStringConvertible {
    /// Every page of this origin (none for the `file://` origin: files go by directory).
    case origin(Origin)
    /// Every `file:` page in this directory and below.
    case directory(LocalFilePath)

    /// The scope of the page at `uri`: its origin, or the directory of a `file:` page. Nil
    /// for a page without a hierarchical origin (`about:`, `data:`) and for a `file:` URI
    /// `LocalFilePath` refuses (another host, `..`, a malformed escape).
    public init?(pageURI uri: String) {
        if Origin.scheme(of: uri) == "file" {
            guard let path = LocalFilePath(fileURI: uri) else { return nil }
            self = .directory(path.directory)
        } else if let origin = Origin(uri: uri) {
            self = .origin(origin)
        } else {
            return nil
        }
    }

    /// Whether the page at `uri` is one of these.
    public func contains(_ uri: String) -> Bool {
        switch self {
        case .origin(let origin):
            Origin.scheme(of: uri) != "file" && Origin(uri: uri) == origin
        case .directory(let directory):
            LocalFilePath(fileURI: uri).map(directory.contains) ?? false
        }
    }

    /// What these pages' URIs start with, spelled one way: `scheme://host[:port]/`, or the
    /// directory's `LocalFilePath.uri` ending in `/`. A page's own script compares its
    /// `location.href`, spelled the same way, with it.
    public var uriPrefix: String {
        switch self {
        case .origin(let origin): origin.uriPrefix
        case .directory(let directory): directory.uri.hasSuffix("/") ? directory.uri : directory.uri + "/"
        }
    }

    public var description: String {
        switch self {
        case .origin(let origin): origin.description
        case .directory: uriPrefix
        }
    }
}
