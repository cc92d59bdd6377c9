import FoundationEssentials

/// Where one application keeps its files, following the XDG Base Directory specification.
///
/// Each base directory (the user's data, cache, config and state homes) gets the
/// application's id appended, so two apps built on this library never share data.
/// Nothing is created here.
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

    /// The directories for `applicationID` (reverse-DNS, like the desktop file's name) under
    /// the four base directories; `XDGDirectories(applicationID:)` (WebKitGTK) takes them from
    /// GLib, which resolves them from the environment and `HOME` as the specification says.
    public init(applicationID: String, dataHome: String, cacheHome: String, configHome: String, stateHome: String) {
        func base(_ path: String) -> URL {
            URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent(applicationID, isDirectory: true)
        }
        data = base(dataHome)
        cache = base(cacheHome)
        config = base(configHome)
        state = base(stateHome)
    }

    /// Where WebKit keeps this application's cookies, localStorage, IndexedDB and caches:
    /// a folder of its own, so clearing website data leaves the app's other files alone.
    public var websiteData: WebsiteDataLocation {
        WebsiteDataLocation(dataDirectory: data.appendingPathComponent("WebKit", isDirectory: true),
                            cacheDirectory: cache.appendingPathComponent("WebKit", isDirectory: true))
    }
}
