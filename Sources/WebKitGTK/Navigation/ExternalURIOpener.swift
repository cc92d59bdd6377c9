import CWebKitGTK
import GLibCore

/// Opens a URI outside the app — the system browser, mail client or dialer.
///
/// A protocol so tests can record what would have opened instead of launching programs.
@MainActor
public protocol ExternalURIOpener: AnyObject {
    func open(_ uri: String) throws
}

/// Opens URIs with the desktop's default handler (`gtk_show_uri_on_window`).
@MainActor
public final class SystemURIOpener: ExternalURIOpener {
    /// The window the launched program is associated with (for focus and startup notification).
    public weak var parent: Window?

    public init(parent: Window? = nil) {
        self.parent = parent
    }

    public func open(_ uri: String) throws {
        _ = try throwingGError { gtk_show_uri_on_window(parent?.window, uri, 0, $0) }
    }
}
