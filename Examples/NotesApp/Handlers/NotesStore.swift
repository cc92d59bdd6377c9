import Foundation

/// One note as the page sees it and as the file stores it.
public struct Note: Codable, Equatable, Sendable {
    public var text: String
    /// When it was written, ISO 8601.
    public var created: String
}

/// The notes file exists but cannot be read as notes: it is kept as it is and never written.
public struct UnreadableNotesFile: Error, CustomStringConvertible {
    public let file: URL
    public let reason: String
    public var description: String {
        "cannot read \(file.path): \(reason). The file is kept as it is and no note is saved until it is repaired or moved away."
    }
}

/// The notes, kept in one JSON file (an array of `Note`), rewritten atomically on each change.
/// A file that is there but unreadable or not notes is never overwritten: every call then
/// fails with `UnreadableNotesFile`, so the page can tell the user.
@MainActor
public final class NotesStore {
    public let file: URL
    private var stored: Result<[Note], UnreadableNotesFile>

    /// Reads `file`; a missing file is an empty notebook.
    public init(file: URL) {
        self.file = file
        stored = Self.read(file)
    }

    /// Why the file cannot be used, if it cannot.
    public var problem: UnreadableNotesFile? {
        if case .failure(let problem) = stored { return problem }
        return nil
    }

    /// All notes, oldest first.
    public func notes() throws -> [Note] {
        try stored.get()
    }

    /// Adds a note and saves; returns all notes, newest last.
    public func add(_ text: String) throws -> [Note] {
        let note = Note(text: text, created: ISO8601DateFormatter().string(from: Date()))
        let updated = try stored.get() + [note]
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(updated).write(to: file, options: .atomic)
        stored = .success(updated)
        return updated
    }

    private static func read(_ file: URL) -> Result<[Note], UnreadableNotesFile> {
        guard FileManager.default.fileExists(atPath: file.path) else { return .success([]) }
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            return .failure(UnreadableNotesFile(file: file, reason: (error as NSError).localizedDescription))
        }
        do { return .success(try JSONDecoder().decode([Note].self, from: data)) } catch {
            return .failure(UnreadableNotesFile(file: file, reason: "it is not a list of notes (\(error))"))
        }
    }
}
