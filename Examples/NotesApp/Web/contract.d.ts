// Generated from the Swift contract "Notes" by `swift run webview-contract`: do not edit.
// A page types `window.bridge` with it (JSDoc in a script; a global of its own
// named `bridge` also works: it shadows window.bridge, and window.webkit.bridge stays):
//   /** @type {import("./contract").NotesBridge} */ const notes = window.bridge;

export interface AddNoteRequest {
  text: string;
}

export interface DeleteNoteRequest {
  id: string;
}

export interface EditNoteRequest {
  id: string;
  text: string;
}

export type ListNotesRequest = Record<string, never>;

export interface Note {
  id: string;
  text: string;
  created: string;
}

export interface NotesLink {
  url: string;
}

/** `window.bridge` with the handlers and events of "Notes". */
export interface NotesBridge {
  /** Adds a note (empty text is refused as invalid-payload); resolves with all notes. */
  invoke(name: "addNote", payload: AddNoteRequest): Promise<Note[]>;
  post(name: "addNote", payload: AddNoteRequest): void;
  /** Replaces the text of the note with this id (empty text is refused as invalid-payload, a note no longer there as handler-failed); resolves with all notes. */
  invoke(name: "editNote", payload: EditNoteRequest): Promise<Note[]>;
  post(name: "editNote", payload: EditNoteRequest): void;
  /** Deletes the note with this id (one no longer there is refused as handler-failed); resolves with the notes left. */
  invoke(name: "deleteNote", payload: DeleteNoteRequest): Promise<Note[]>;
  post(name: "deleteNote", payload: DeleteNoteRequest): void;
  /** Resolves with all notes, oldest first. */
  invoke(name: "listNotes", payload: ListNotesRequest): Promise<Note[]>;
  post(name: "listNotes", payload: ListNotesRequest): void;
  /** The app was opened with a webviewhost-notes: link (an add link's note is already stored). */
  on(event: "url", listener: (payload: NotesLink) => void): void;
  off(event: "url", listener: (payload: NotesLink) => void): void;
}

/** `window.webkit.messageHandlers` with the handlers of "Notes", for WKWebView-style pages. */
export type NotesMessageHandlers = {
  /** Adds a note (empty text is refused as invalid-payload); resolves with all notes. */
  readonly addNote: { postMessage(message: AddNoteRequest): Promise<Note[]> };
  /** Replaces the text of the note with this id (empty text is refused as invalid-payload, a note no longer there as handler-failed); resolves with all notes. */
  readonly editNote: { postMessage(message: EditNoteRequest): Promise<Note[]> };
  /** Deletes the note with this id (one no longer there is refused as handler-failed); resolves with the notes left. */
  readonly deleteNote: { postMessage(message: DeleteNoteRequest): Promise<Note[]> };
  /** Resolves with all notes, oldest first. */
  readonly listNotes: { postMessage(message: ListNotesRequest): Promise<Note[]> };
};
