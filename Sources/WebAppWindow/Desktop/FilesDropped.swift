import FoundationEssentials
import WebBridge

/// The page event `filesDropped`: what the user dropped onto the window, sent to trusted
/// pages when the app allows it — the paths with `PageServices.droppedFilePaths`, the files'
/// contents with `PageServices.droppedFiles`.
public struct FilesDropped: BridgeEvent, Decodable, Equatable {
    public static let eventName = "filesDropped"
    /// The dropped files' paths, in the order dragged; empty unless the app allows paths.
    public var paths: [String]
    /// The dropped regular files the page may read, in the order dragged; empty unless the
    /// app allows it `droppedFiles`.
    public var files: [DroppedFile]

    /// The event for `paths` and `files`.
    public init(paths: [String], files: [DroppedFile] = []) {
        self.paths = paths
        self.files = files
    }
}

/// A file the user dropped onto the window, as the page learns of it: what a `File` says
/// (name, size, type, last change) and the token that reads its bytes
/// (`bridge.invokeBinary("desktop.droppedFile", {token})`), never where it lies.
public struct DroppedFile: Codable, Sendable, Equatable {
    /// The file's name, without its folder.
    public var name: String
    /// Its size in bytes when it was dropped.
    public var size: Int
    /// Its MIME type, by its extension (`application/octet-stream` when unknown).
    public var type: String
    /// When it last changed; the page gets it as `File`'s `lastModified` counts, ms since
    /// 1970, as every `Date` crosses the bridge.
    public var lastModified: Date
    /// What reads its bytes, until the page navigates away; unguessable, of this window only.
    public var token: String

    /// The description of a dropped file.
    public init(name: String, size: Int, type: String, lastModified: Date, token: String) {
        self.name = name
        self.size = size
        self.type = type
        self.lastModified = lastModified
        self.token = token
    }
}
