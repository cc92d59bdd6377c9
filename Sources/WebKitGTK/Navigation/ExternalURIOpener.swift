import CWebKitGTKHelpers
import GLibCore
import GtkWidgets

/// Opens a URI outside the app — the system browser, mail client or dialer.
///
/// A protocol so tests can record what would have opened instead of launching programs.
@MainActor
public protocol ExternalURIOpener: AnyObject {
    /// Hands `uri` to the program that should open it; throws when none can, so the app can
    /// tell the user (`NavigationEvent.openFailed`) instead of silently doing nothing.
    func open(_ uri: String) throws
}

/// Opens URIs with the desktop's default handler (GtkWidgets' `URILauncher`).
@MainActor
public final class SystemURIOpener: ExternalURIOpener {
    /// The window the launched program is associated with (for focus and startup notification).
    public weak var parent: Window?

    /// An opener launching programs for `parent` (held weakly; nil for none).
    public init(parent: Window? = nil) {
        self.parent = parent
    }

    /// Throws `NoHandler` when no program is registered for the URI's scheme: GTK may
    /// otherwise hand the URI on (to a portal) and report success although nothing opens.
    public func open(_ uri: String) throws {
        if let scheme = Origin.scheme(of: uri) {
            guard let handler = g_app_info_get_default_for_uri_scheme(scheme) else { throw NoHandler(scheme: scheme) }
            g_object_unref(UnsafeMutableRawPointer(handler))
        }
        try URILauncher.open(uri, for: parent)
    }

    /// No program on this system opens URIs of this scheme.
    public struct NoHandler: Error, CustomStringConvertible {
        /// The scheme of the URI nothing could open (`mailto`, `tel`…).
        public let scheme: String
        public var description: String { "no program is set up to open \(scheme): links" }
    }
}
