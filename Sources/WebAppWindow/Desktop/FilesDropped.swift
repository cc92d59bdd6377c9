import WebBridge

/// The page event `filesDropped`: the paths of the local files the user dropped onto the
/// window, sent to trusted pages when the app allows it (`PageServices.droppedFilePaths`).
public struct FilesDropped: BridgeEvent, Equatable {
    public static let eventName = "filesDropped"
    /// The dropped files' paths, in the order dragged.
    public var paths: [String]

    /// The event for `paths`.
    public init(paths: [String]) {
        self.paths = paths
    }
}
