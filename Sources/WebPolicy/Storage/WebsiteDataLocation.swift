import FoundationEssentials

/// The two directories holding a web context's persistent data, and what the app's
/// `--ephemeral` and `--clear-data` options do with them.
public struct WebsiteDataLocation: Sendable, Equatable {
    /// Cookies (`cookies.sqlite`), localStorage, IndexedDB and other storage.
    public let dataDirectory: URL
    /// The HTTP cache and other data WebKit can rebuild.
    public let cacheDirectory: URL

    /// Names the two directories; creates and checks nothing. `XDGDirectories.websiteData`
    /// gives an app's own.
    public init(dataDirectory: URL, cacheDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
    }

    /// Deletes everything stored here. Call it before any context uses these directories
    /// (at startup, for `--clear-data`); a live context should use `WebContext.clearWebsiteData()`.
    ///
    /// Each directory is first renamed aside in one atomic step, so a web process that is
    /// still writing can neither fail the deletion nor leave old data at the old path.
    public func clear() throws {
        for directory in [dataDirectory, cacheDirectory] where FileManager.default.fileExists(atPath: directory.path) {
            let aside = directory.deletingLastPathComponent()
                .appendingPathComponent(".\(directory.lastPathComponent)-deleted-\(UUID().uuidString)")
            try FileManager.default.moveItem(at: directory, to: aside)
            try? FileManager.default.removeItem(at: aside)
        }
    }
}
