/// The desktop services an app lets its trusted pages use through the bridge; none by default.
/// A page still gets only what the user chose: the files picked in a chooser, the files dropped.
public struct PageServices: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `bridge.invokeBinary("desktop.openFile", new ArrayBuffer(0), {title, filters})`: the
    /// window's file chooser, the chosen file's bytes as the page's `ArrayBuffer` (never its path).
    public static let fileChooser = PageServices(rawValue: 1 << 0)
    /// The `filesDropped` event (`FilesDropped`) with the paths of files dropped onto the window.
    public static let droppedFilePaths = PageServices(rawValue: 1 << 1)
    /// The `filesDropped` event with the dropped files (`DroppedFile`: name, size, type and a
    /// token) and `bridge.invokeBinary("desktop.droppedFile", {token})`, which answers a file's
    /// bytes while the page stays: the page's `File`s of a drop, which WebKitGTK 2.50's own drop
    /// event no longer carries — the files the user dropped, never their paths.
    public static let droppedFiles = PageServices(rawValue: 1 << 2)
}
