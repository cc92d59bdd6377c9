import FoundationEssentials
import GLibCore

/// The user's Downloads folder, where downloads go unless the user picks another: the XDG
/// user directory (`XDG_DOWNLOAD_DIR` in `user-dirs.dirs`), else `~/Downloads`.
public enum DownloadsFolder {
    /// Where the folder is, whether or not it exists yet; `existing()` makes it.
    public static var url: URL {
        if let path = UserDirectories.downloads { return URL(fileURLWithPath: path, isDirectory: true) }
        return URL(fileURLWithPath: UserDirectories.home, isDirectory: true).appendingPathComponent("Downloads", isDirectory: true)
    }

    /// The folder, made if it is missing (a fresh account may not have one yet); nil when it
    /// cannot be made.
    public static func existing() -> URL? {
        let folder = url
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        } catch {
            return nil
        }
    }
}
