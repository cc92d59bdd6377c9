import WebBridge

/// `bridge.invoke("addNote", {text})` → all notes. Empty text is refused as `invalid-payload`;
/// an unreadable notes file as `handler-failed`, and the file is left alone.
struct AddNote: RespondingHandler {
    struct Request: Decodable {
        let text: String
    }

    let name = "addNote"
    let store: NotesStore

    func respond(to request: Request) async throws -> [Note] {
        let text = request.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw BridgeError(.invalidPayload, "a note needs some text") }
        return try store.add(text)
    }
}

/// `bridge.invoke("listNotes", {})` → all notes; `handler-failed` naming the file when it cannot be read.
struct ListNotes: RespondingHandler {
    struct Request: Decodable {}

    let name = "listNotes"
    let store: NotesStore

    func respond(to request: Request) async throws -> [Note] {
        try store.notes()
    }
}
