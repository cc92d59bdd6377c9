import Foundation

/// One note as the page sees it and as the file stores it.
struct Note: Codable, Equatable, Sendable {
    var text: String
    /// When it was written, ISO 8601.
    var created: String
}

/// The notes, kept in one JSON file (an array of `Note`), rewritten atomically on each change.
@MainActor
final class NotesStore {
    let file: URL
    private(set) var notes: [Note]

    /// Reads `file`; a missing file is an empty notebook.
    init(file: URL) {
        self.file = file
        notes = (try? JSONDecoder().decode([Note].self, from: Data(contentsOf: file))) ?? []
    }

    /// Adds a note and saves; returns all notes, newest last.
    func add(_ text: String) throws -> [Note] {
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
