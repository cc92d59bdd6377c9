import WebBridge

/// `bridge.invoke("addNote", {text})` → all notes. Empty text is refused as `invalid-payload`;
/// an unreadable notes file as `handler-failed`, and the file is left alone.
public struct AddNote: RespondingHandler {
    public struct Request: Decodable {
        let text: String
    }

    public let name = "addNote"
    let store: NotesStore

    public init(store: NotesStore) { self.store = store }

    public func respond(to request: Request) async throws -> [Note] {
        try store.add(try NoteText.required(request.text))
    }
}

/// `bridge.invoke("editNote", {id, text})` → all notes. Empty text is refused as
/// `invalid-payload`; a note that is not there (`NoSuchNote`) as `handler-failed`.
public struct EditNote: RespondingHandler {
    public struct Request: Decodable {
        let id: String
        let text: String
    }

    public let name = "editNote"
    let store: NotesStore

    public init(store: NotesStore) { self.store = store }

    public func respond(to request: Request) async throws -> [Note] {
        try store.edit(id: request.id, text: try NoteText.required(request.text))
    }
}

/// `bridge.invoke("deleteNote", {id})` → the notes left; a note that is not there as `handler-failed`.
public struct DeleteNote: RespondingHandler {
    public struct Request: Decodable {
        let id: String
    }

    public let name = "deleteNote"
    let store: NotesStore

    public init(store: NotesStore) { self.store = store }

    public func respond(to request: Request) async throws -> [Note] {
        try store.delete(id: request.id)
    }
}

/// `bridge.invoke("listNotes", {})` → all notes; `handler-failed` naming the file when it cannot be read.
public struct ListNotes: RespondingHandler {
    public struct Request: Decodable {}

    public let name = "listNotes"
    let store: NotesStore

    public init(store: NotesStore) { self.store = store }

    public func respond(to request: Request) async throws -> [Note] {
        try store.notes()
    }
}

/// A note's text as the handlers take it: trimmed, and never empty.
enum NoteText {
    static func required(_ text: String) throws -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
            throw BridgeError(.invalidPayload, "a note needs some text")
        }
        return String(text[first...last])
    }
}
