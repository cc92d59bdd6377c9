import DesktopServices
import FoundationEssentials
import WebBridge
import WebKitGTK
import WebPolicy

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
    /// Sources added to the pages' Content-Security-Policy, by directive: each entry goes
    /// to `AppScheme.allow(_:for:)`, such as `["connect-src": ["http://127.0.0.1:5173"]]`
    /// for a dev server or `["script-src": ["'unsafe-eval'"]]`. An invalid one stops the
    /// start-up with the reason.
    public var allowedSources: [String: [String]] = [:]
    /// Keeps nothing on disk (no cookies, storage or window size) and runs as a separate instance.
    public var ephemeral = false
    /// Deletes stored website data before the first window opens.
    public var clearsWebsiteData = false
    /// How much memory each of the app's web processes may use before it is stopped and its
    /// window shows "This page used too much memory and was stopped" with Reload: by default
    /// 3 GiB or half the machine's memory, whichever is less (`WebProcessMemoryLimit.standard`);
    /// nil leaves WebKit's own settings, which never stop a process.
    public var memoryLimit: WebProcessMemoryLimit? = .standard
    /// Enables the Web Inspector in every window (F12 or Ctrl+Shift+I, when the window's tools include it).
    public var developerTools = false
    /// Runs under WebDriver (`--automation`, `Automation.commandLineFlag`) with this browser
    /// name: a separate, ephemeral instance that opens no window of its own, only one per
    /// view the WebDriver session asks for. Nil: not automated.
    public var automationBrowserName: String?
    /// The URL schemes of the app's own (`myapp:`): their URLs, from a launch or handed over by
    /// a later one (`gio open myapp://…`), go to `WebApplication.onURL` and to the front
    /// window's page as the `url` event (`{"url": …}`), not into a window as pages. The app's
    /// `.desktop` file must list them (`swift package deb … --url-scheme`).
    public var urlSchemes: [AppURLScheme] = []
    /// Every window's configuration.
    public var window: AppWindowConfiguration
    /// Whether web content runs in WebKit's sandbox, and what start-up does when it cannot:
    /// `.required` by default, with the user's opt-out read from this process's command line
    /// (`--no-sandbox`) and environment (`WEBVIEWHOST_NO_SANDBOX=1`). See `SandboxPolicy`.
    public var sandbox = SandboxPolicy(arguments: Array(CommandLine.arguments.dropFirst()),
                                       environment: ProcessInfo.processInfo.environment)
    /// Directories the web processes themselves read, beside `webDirectory`: those of `file:`
    /// pages whose media plays (GStreamer reads it in the web process). Read-only.
    public var sandboxReadableDirectories: [URL] = []
    /// The development loop (`DevelopmentMode`): pages reload when the web directory
    /// changes, their console and uncaught errors go to standard error. On when this launch
    /// asked for it with `--dev` or `WEBVIEWHOST_DEV=1` and the build is a debug build.
    public var developmentMode = DevelopmentMode.isRequested()
    /// The package's own web folder, served and watched instead of `webDirectory` in
    /// development mode, so editing the page's sources reloads it: when `webDirectory` is the
    /// build's copy (`swift run`'s resource bundle), the folder of the same name beside the
    /// source file that made this configuration or above it, in its package
    /// (`WebDirectory.sources(ofBuildCopy:sourceFile:)`). Nil when `webDirectory` is no build's
    /// copy (an environment variable's folder, an installed app's) or no such folder exists;
    /// set it to name the folder yourself. Packaged runs serve `webDirectory` whatever it says.
    public var webSourceDirectory: URL?
    /// What the app's pages may call, for `--write-page-types DIR` (`PageTypes.commandLineFlag`):
    /// the app then writes its pages' `contract.d.ts`, `bridge.d.ts` and `tsconfig.json`
    /// there and exits. Nil: the app has no contract to write.
    public var contract: BridgeContract?

    /// The three things every app must decide; the options (start page, media, data, developer
    /// tools, automation) start at their defaults and are set as properties. `sourceFile`,
    /// the caller's own source file, is where development mode looks for the web directory's
    /// sources (`webSourceDirectory`): leave it to its default.
    public init(id: String, webDirectory: URL?, window: AppWindowConfiguration, sourceFile: String = #filePath) {
        self.id = id
        self.webDirectory = webDirectory
        self.window = window
        webSourceDirectory = webDirectory.flatMap { WebDirectory.sources(ofBuildCopy: $0, sourceFile: sourceFile) }
    }

    /// The directory served as `app://localhost/`: the sources in development mode when
    /// there are any, else `webDirectory`.
    var servedDirectory: URL? {
        developmentMode ? webSourceDirectory ?? webDirectory : webDirectory
    }
}
