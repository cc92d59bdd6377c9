import WebKitGTK
import CWebKitGTK
import Foundation

/// The user's Downloads folder, where downloads go unless the user picks another: the XDG
/// user directory (`XDG_DOWNLOAD_DIR` in `user-dirs.dirs`), else `~/Downloads`.
public enum DownloadsFolder {
    /// Where the folder is, whether or not it exists yet; `existing()` makes it.
    public static var url: URL {
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) {
            return URL(fileURLWithPath: String(cString: path), isDirectory: true)
        }
        return URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true)
            .appendingPathComponent("Downloads", isDirectory: true)
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
