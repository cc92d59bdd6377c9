/// Whether a window is an app or a browser: which chrome, keys and context-menu items it has.
public enum AppWindowMode: Sendable {
    /// An app's window, the library's default: no back, forward or reload buttons, no
    /// browser keys (Alt+Left, Alt+Right, F5, Ctrl+R, Escape to stop, the mouse's back and
    /// forward buttons) and no browser items in the context menu; the page is the app.
    case app
    /// A browser's window, as `webview-host` has it: the navigation buttons, their keys and
    /// WebKit's full context menu.
    case browser
}
