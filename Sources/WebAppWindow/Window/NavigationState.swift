import Foundation

/// What the window's chrome shows for a web view's state; pure, so tests need no display.
public struct NavigationState: Sendable, Equatable {
    /// The app's name: the window's title while the page has none.
    public var appName: String
    public var pageTitle: String?
    public var uri: String?
    public var canGoBack: Bool
    public var canGoForward: Bool
    public var isLoading: Bool
    public var progress: Double

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

    /// The page's title, or the app's name when it has none (or only white space).
    public var windowTitle: String {
        guard let title = pageTitle?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else {
            return appName
        }
        return title
    }

    public var isBackEnabled: Bool { canGoBack }
    public var isForwardEnabled: Bool { canGoForward }
    /// While loading the reload button stops; otherwise it reloads, if there is a page.
    public var reloadActsAsStop: Bool { isLoading }
    public var isReloadEnabled: Bool { isLoading || uri != nil }
    public var isProgressVisible: Bool { isLoading }
}
