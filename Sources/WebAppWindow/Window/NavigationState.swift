import GLibCore
import FoundationEssentials
import WebOrigin

/// What the window's chrome shows for a web view's state; pure, so tests need no display.
public struct NavigationState: Sendable, Equatable {
    /// The app's name: the window's title while the page has none.
    public var appName: String
    /// The page's own title, nil when it has none.
    public var pageTitle: String?
    /// The page's address; nil when there is no page yet.
    public var uri: String?
    /// Whether the view's history has a page to go back to.
    public var canGoBack: Bool
    /// Whether the view's history has a page to go forward to.
    public var canGoForward: Bool
    /// Whether a load is in progress.
    public var isLoading: Bool
    /// The load's estimated progress, from 0 to 1.
    public var progress: Double

    /// A state as `AppWindow.state` reads it from the view; tests make their own to check what
    /// the chrome shows, without a display.
    public init(appName: String, pageTitle: String? = nil, uri: String? = nil, canGoBack: Bool = false, canGoForward: Bool = false,
                isLoading: Bool = false, progress: Double = 0) {
        self.appName = appName
        self.pageTitle = pageTitle
        self.uri = uri
        self.canGoBack = canGoBack
        self.canGoForward = canGoForward
        self.isLoading = isLoading
        self.progress = progress
    }

    /// The page's title; for a page without one its address, as a browser names it (the
    /// app's name only while there is no page).
    public var windowTitle: String {
        guard let title = pageTitle?.trimmingWhitespace(), !title.isEmpty else {
            guard let uri, !uri.isEmpty, uri != "about:blank" else { return appName }
            return uri
        }
        return title
    }

    /// Where the page comes from and whether the connection is secure, for the header bar's
    /// second line: nil on the app's own pages (and with no page), where it would say nothing.
    /// `https` is secure (a certificate error never shows the page), plain `http` is not; a
    /// local file says so.
    public var subtitle: String? {
        guard let uri, let scheme = Origin.scheme(of: uri) else { return nil }
        switch scheme {
        case "https", "http":
            guard let origin = Origin(uri: uri) else { return nil }
            let place = origin.host + (origin.port.map { ":\($0)" } ?? "")
            return scheme == "https" ? tr("{place} — Secure connection", ["place": place]) : tr("{place} — Not secure", ["place": place])
        case "file":
            return "\(Self.filePath(of: uri)) — Local file"
        default:
            return nil
        }
    }

    /// A `file:` URI's path as the user reads it (percent-decoded when that gives text).
    private static func filePath(of uri: String) -> String {
        var path = Substring(uri).dropFirst("file:".count)
        if path.hasPrefix("//") { path = path.dropFirst(2).drop { $0 != "/" } }
        path = path.prefix { $0 != "?" && $0 != "#" }
        return PercentEncoding.decodedText(String(path)) ?? String(path)
    }

    /// Whether the Back button is sensitive.
    public var isBackEnabled: Bool { canGoBack }
    /// Whether the Forward button is sensitive.
    public var isForwardEnabled: Bool { canGoForward }
    /// While loading the reload button stops; otherwise it reloads, if there is a page.
    public var reloadActsAsStop: Bool { isLoading }
    /// Whether the reload/stop button is sensitive: while loading (to stop), or with a page to reload.
    public var isReloadEnabled: Bool { isLoading || uri != nil }
    /// Whether the progress bar shows: only while loading.
    public var isProgressVisible: Bool { isLoading }
}
