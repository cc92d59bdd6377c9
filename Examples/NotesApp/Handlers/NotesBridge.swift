import WebBridge

/// The notes page's side of the bridge in one place: the handlers a window adds, and the
/// contract `swift run webview-contract` writes to `Web/contract.d.ts` for the page's script.
@MainActor
public enum NotesBridge {
    /// Adds the notes' handlers to a window's bridge.
    public static func install(on bridge: WebViewBridge, store: NotesStore) {
        bridge.add(AddNote(store: store))
        bridge.add(EditNote(store: store))
        bridge.add(DeleteNote(store: store))
        bridge.add(ListNotes(store: store))
    }

    public static var contract: BridgeContract {
        BridgeContract("Notes", [
            .invoke("addNote", AddNote.self, summary: "Adds a note (empty text is refused as invalid-payload); resolves with all notes."),
            .invoke("editNote", EditNote.self, summary: "Replaces the text of the note with this id (empty text is refused as invalid-payload, a note no longer there as handler-failed); resolves with all notes."),
            .invoke("deleteNote", DeleteNote.self, summary: "Deletes the note with this id (one no longer there is refused as handler-failed); resolves with the notes left."),
            .invoke("listNotes", ListNotes.self, summary: "Resolves with all notes, oldest first."),
            .event("url", NotesLink.self, summary: "The app was opened with a webviewhost-notes: link (an add link's note is already stored)."),
        ])
    }
}
