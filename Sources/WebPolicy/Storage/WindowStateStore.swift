import FoundationEssentials

/// A window's size and maximised state, as remembered between launches.
public struct WindowState: Codable, Sendable, Equatable {
    /// The size when not maximised, so unmaximising after a restart restores it.
    public var width: Int
    /// The height when not maximised, like `width`.
    public var height: Int
    /// Whether the window was maximised; restored on top of the size, so unmaximising still
    /// gives the remembered size.
    public var isMaximized: Bool

    /// A window's state to save or restore; a window not maximised by default.
    public init(width: Int, height: Int, isMaximized: Bool = false) {
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
    }
}

/// Keeps a `WindowState` in a small JSON file, typically `state/window.json` of the
/// app's `XDGDirectories`.
public struct WindowStateStore: Sendable {
    /// The JSON file the state is read from and written to.
    public let file: URL

    /// A store over `file`; neither reads nor creates it until `load()` or `save(_:)`.
    public init(file: URL) {
        self.file = file
    }

    /// The stored state; nil when there is none yet or the file is unreadable, since a
    /// window then simply opens at its default size.
    public func load() -> WindowState? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(WindowState.self, from: data)
    }

    /// Writes `state`, creating the directory if needed.
    public func save(_ state: WindowState) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(state).write(to: file, options: .atomic)
    }
}
