import WebKitGTK

/// What an app decides about each of its windows: its name, size, which pages it trusts,
/// which tools it offers, and what it adds (bridge handlers, header-bar widgets, shortcuts).
public struct AppWindowConfiguration {
    /// The window's title while its page has none.
    public var appName: String
    /// The window's width at first, in pixels, unless a saved size replaces it.
    public var width: Int
    /// The window's height at first, in pixels, unless a saved size replaces it.
    public var height: Int
    /// Pages besides the app's own (`app://localhost`) that load in the window and get `window.bridge`.
    public var trusted: [TrustedPages]
    /// The page tools the window offers; all of them by default.
    public var tools: AppWindowTools
    /// After the user answers Wait to "This page is not responding", how long the page has
    /// before the bar comes back if it still does not answer: 10 s by default.
    public var unresponsivePageWait: Duration = .seconds(10)
    /// An app's window (no navigation buttons, browser keys or browser context-menu items),
    /// the default, or a browser's.
    public var mode: AppWindowMode
    /// What the app's own pages may do without a prompt; everything is asked by default.
    public var permissions: AppPermissions
    /// The desktop services trusted pages may use through the bridge; none by default.
    public var pageServices: PageServices
    /// What the primary menu's About dialog says (name, version, licence, website); nil leaves About out.
    public var about: AboutInfo?
    /// Runs once per window, before its first load: add the app's handlers to `window.bridge`,
    /// widgets to `window.headerBar`, keys to `window.shortcuts`, items to `window.contextMenu`;
    /// `window.keep` holds what must live as long as the window, and `window.application` is
    /// the app the window belongs to (nil for a window made without one).
    public var setUp: @MainActor (AppWindow) -> Void

    /// A window configuration: only the name is required; by default an app's window of
    /// 1024 × 768, trusting only the app's own pages, with every tool, every permission
    /// asked, no desktop service for pages, no About and no set-up.
    public init(appName: String, width: Int = 1024, height: Int = 768, trusted: [TrustedPages] = [],
                tools: AppWindowTools = .all, mode: AppWindowMode = .app, permissions: AppPermissions = .askEverything,
                pageServices: PageServices = [], about: AboutInfo? = nil, setUp: @escaping @MainActor (AppWindow) -> Void = { _ in }) {
        self.appName = appName
        self.width = width
        self.height = height
        self.trusted = trusted
        self.tools = tools
        self.mode = mode
        self.permissions = permissions
        self.pageServices = pageServices
        self.about = about
        self.setUp = setUp
    }
}

/// The page tools a window offers; each can be left out.
public struct AppWindowTools: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The find bar (Ctrl+F).
    public static let find = AppWindowTools(rawValue: 1 << 0)
    /// Ctrl+plus, Ctrl+minus, Ctrl+0.
    public static let zoom = AppWindowTools(rawValue: 1 << 1)
    /// The Web Inspector (F12, Ctrl+Shift+I), when the view's settings enable developer extras.
    public static let inspector = AppWindowTools(rawValue: 1 << 2)
    /// Downloads reported in the header bar (`WebApplication` saves them through a save dialog).
    public static let downloads = AppWindowTools(rawValue: 1 << 3)

    /// Every tool: find, zoom, the inspector and downloads, the default.
    public static let all: AppWindowTools = [.find, .zoom, .inspector, .downloads]
}
