import Foundation

/// One note as the page sees it and as the file stores it.
public struct Note: Codable, Equatable, Sendable {
    public var text: String
    /// When it was written, ISO 8601.
    public var created: String
}

/// The notes, kept in one JSON file (an array of `Note`), rewritten atomically on each change.
@MainActor
public final class NotesStore {
    public let file: URL
    public private(set) var notes: [Note]

    /// Reads `file`; a missing file is an empty notebook.
    public init(file: URL) {
        self.file = file
        notes = (try? JSONDecoder().decode([Note].self, from: Data(contentsOf: file))) ?? []
    }

    /// Adds a note and saves; returns all notes, newest last.
    public func add(_ text: String) throws -> [Note] {
        let note = Note(text: text, created: ISO8601DateFormatter().string(from: Date()))
        let updated = notes + [note]
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(updated).write(to: file, options: .atomic)
        notes = updated
        return notes
    }
}
