// Generated from the Swift contract "Notes" by `swift run webview-contract`: do not edit.
// A page types `window.bridge` with it (JSDoc in a script; a global const named
// `bridge` would not run, as window.bridge is not configurable):
//   /** @type {import("./contract").NotesBridge} */ const notes = window.bridge;

export interface AddNoteRequest {
  text: string;
}

export type ListNotesRequest = Record<string, never>;

export interface Note {
  text: string;
  created: string;
}

/** `window.bridge` with the handlers and events of "Notes". */
export interface NotesBridge {
  /** Adds a note (empty text is refused as invalid-payload); resolves with all notes. */
  invoke(name: "addNote", payload: AddNoteRequest): Promise<Note[]>;
  post(name: "addNote", payload: AddNoteRequest): void;
  /** Resolves with all notes, oldest first. */
  invoke(name: "listNotes", payload: ListNotesRequest): Promise<Note[]>;
  post(name: "listNotes", payload: ListNotesRequest): void;
}

/** `window.webkit.messageHandlers` with the handlers of "Notes", for WKWebView-style pages. */
export type NotesMessageHandlers = {
  /** Adds a note (empty text is refused as invalid-payload); resolves with all notes. */
  readonly addNote: { postMessage(message: AddNoteRequest): Promise<Note[]> };
  /** Resolves with all notes, oldest first. */
  readonly listNotes: { postMessage(message: ListNotesRequest): Promise<Note[]> };
};
