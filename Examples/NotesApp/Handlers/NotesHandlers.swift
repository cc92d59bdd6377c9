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
        let text = request.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw BridgeError(.invalidPayload, "a note needs some text") }
        return try store.add(text)
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
