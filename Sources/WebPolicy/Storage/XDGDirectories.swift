import Foundation

/// Where one application keeps its files, following the XDG Base Directory specification.
///
/// Each base comes from its environment variable when that holds an absolute path (the
/// specification says relative ones are invalid and must be ignored), else from its
/// default under the home directory; the application's id is appended, so two apps
/// built on this library never share data. Nothing is created here.
public struct XDGDirectories: Sendable, Equatable {
    /// Files the user would miss: notes, website data (`$XDG_DATA_HOME`, `~/.local/share`).
    public let data: URL
    /// Files that can be rebuilt: HTTP and image caches (`$XDG_CACHE_HOME`, `~/.cache`).
    public let cache: URL
    /// Preferences the user chose (`$XDG_CONFIG_HOME`, `~/.config`).
    public let config: URL
    /// State worth keeping across restarts but not worth backing up, such as window
    /// sizes (`$XDG_STATE_HOME`, `~/.local/state`).
    public let state: URL

    /// Resolves the directories for `applicationID` (reverse-DNS, like the desktop file's name).
    public init(applicationID: String,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                home: String = NSHomeDirectory()) {
        func base(_ variable: String, _ fallback: String) -> URL {
            let chosen = environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
            let path = chosen ?? (home as NSString).appendingPathComponent(fallback)
            return URL(fileURLWithPath: path, isDirectory: true)
                .appendingPathComponent(applicationID, isDirectory: true)
        }
        data = base("XDG_DATA_HOME", ".local/share")
        cache = base("XDG_CACHE_HOME", ".cache")
        config = base("XDG_CONFIG_HOME", ".config")
        state = base("XDG_STATE_HOME", ".local/state")
    }

    /// Where WebKit keeps this application's cookies, localStorage, IndexedDB and caches:
    /// a folder of its own, so clearing website data leaves the app's other files alone.
    public var websiteData: WebsiteDataLocation {
        WebsiteDataLocation(dataDirectory: data.appendingPathComponent("WebKit", isDirectory: true),
                            cacheDirectory: cache.appendingPathComponent("WebKit", isDirectory: true))
    }
}
