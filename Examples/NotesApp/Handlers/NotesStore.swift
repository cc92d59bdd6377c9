import FoundationEssentials
import Glibc

/// One note as the page sees it and as the file stores it.
public struct Note: Codable, Equatable, Sendable {
    /// Stable for the note's life: what the page names when it edits or deletes it.
    public var id: String
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

/// The page named a note that is not (or no longer) there.
public struct NoSuchNote: Error, CustomStringConvertible {
    public let id: String
    public var description: String { "That note is no longer there (it may have been deleted in another window)." }
}

/// The notes, kept in one JSON file (an array of `Note`), rewritten atomically on each change.
/// A file that is there but unreadable or not notes is never overwritten: every call then
/// fails with `UnreadableNotesFile`, so the page can tell the user. Notes of files written
/// before notes had ids get one when read, saved with the next change.
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
        let note = Note(id: UUID().uuidString, text: text, created: Date().ISO8601Format())
        return try save(try stored.get() + [note])
    }

    /// Replaces the text of the note `id` and saves; returns all notes.
    public func edit(id: String, text: String) throws -> [Note] {
        var notes = try stored.get()
        guard let index = notes.firstIndex(where: { $0.id == id }) else { throw NoSuchNote(id: id) }
        notes[index].text = text
        return try save(notes)
    }

    /// Deletes the note `id` and saves; returns the notes left.
    public func delete(id: String) throws -> [Note] {
        let notes = try stored.get()
        guard notes.contains(where: { $0.id == id }) else { throw NoSuchNote(id: id) }
        return try save(notes.filter { $0.id != id })
    }

    /// Adds the notes of another notes file (an export) that this notebook does not have yet
    /// (by id), and saves; returns all notes. A file that is no list of notes is refused.
    public func importNotes(from other: URL) throws -> [Note] {
        let notes = try stored.get()
        let imported = try Self.read(other).get()
        let known = Set(notes.map(\.id))
        return try save(notes + imported.filter { !known.contains($0.id) })
    }

    /// Writes all notes to `other`, as this notebook's own file is written.
    public func export(to other: URL) throws {
        try Self.write(try stored.get(), to: other)
    }

    private func save(_ notes: [Note]) throws -> [Note] {
        try Self.write(notes, to: file)
        stored = .success(notes)
        return notes
    }

    private static func write(_ notes: [Note], to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(notes).write(to: file, options: .atomic)
    }

    /// A note as files store it: those written before notes had ids have none.
    private struct StoredNote: Decodable {
        let id: String?
        let text: String
        let created: String
    }

    private static func read(_ file: URL) -> Result<[Note], UnreadableNotesFile> {
        guard FileManager.default.fileExists(atPath: file.path) else { return .success([]) }
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            // The system's words ("Permission denied"): `localizedDescription` would link ICU's data.
            let reason = ((error as? CocoaError)?.underlying as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
            return .failure(UnreadableNotesFile(file: file, reason: reason ?? "\(error)"))
        }
        do {
            let notes = try JSONDecoder().decode([StoredNote].self, from: data)
            return .success(notes.map { Note(id: $0.id ?? UUID().uuidString, text: $0.text, created: $0.created) })
        } catch {
            return .failure(UnreadableNotesFile(file: file, reason: "it is not a list of notes (\(error))"))
        }
    }
}
