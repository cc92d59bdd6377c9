import DesktopIntegration
import Foundation

/// What an app built on `WebApplication` decides once: its id, the web files it serves as
/// `app://localhost/`, how it keeps data, and what each of its windows is.
public struct WebApplicationConfiguration {
    /// The reverse-DNS id: the GtkApplication's D-Bus name, the desktop file's name and the
    /// name of the app's XDG directories.
    public var id: String
    /// Served as `app://localhost/` (see `WebDirectory.locate`); nil serves nothing.
    public var webDirectory: URL?
    /// The page a window opens with when none is given, relative to `webDirectory`.
    public var startPage = "index.html"
    /// Serves the pages' own audio and video through the loopback media server (`AppScheme.serveMediaFromLoopback`).
    public var servesMedia = false
    /// Keeps nothing on disk (no cookies, storage or window size) and runs as a separate instance.
    public var ephemeral = false
    /// Deletes stored website data before the first window opens.
    public var clearsWebsiteData = false
    /// Enables the Web Inspector in every window (F12 or Ctrl+Shift+I, when the window's tools include it).
    public var developerTools = false
    /// Runs under WebDriver (`--automation`, `Automation.commandLineFlag`) with this browser
    /// name: a separate, ephemeral instance that opens no window of its own, only one per
    /// view the WebDriver session asks for. Nil: not automated.
    public var automationBrowserName: String?
    /// The URL schemes of the app's own (`myapp:`): their URLs, from a launch or handed over by
    /// a later one (`gio open myapp://…`), go to `WebApplication.onURL` and to the front
    /// window's page as the `url` event (`{"url": …}`), not into a window as pages. The app's
    /// `.desktop` file must list them (`Tools/deb/build-deb.sh --url-scheme`).
    public var urlSchemes: [AppURLScheme] = []
    /// Every window's configuration.
    public var window: AppWindowConfiguration

    /// The three things every app must decide; the options (start page, media, data, developer
    /// tools, automation) start at their defaults and are set as properties.
    public init(id: String, webDirectory: URL?, window: AppWindowConfiguration) {
        self.id = id
        self.webDirectory = webDirectory
        self.window = window
    }
}
