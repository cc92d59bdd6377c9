import Foundation

/// A window's size and maximised state, as remembered between launches.
public struct WindowState: Codable, Sendable, Equatable {
    /// The size when not maximised, so unmaximising after a restart restores it.
    public var width: Int32
    public var height: Int32
    public var isMaximized: Bool

    public init(width: Int32, height: Int32, isMaximized: Bool = false) {
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
    }
}

/// Keeps a `WindowState` in a small JSON file, typically `state/window.json` of the
/// app's `XDGDirectories`.
public struct WindowStateStore: Sendable {
    public let file: URL

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
