// Generated from the Swift contract "Notes" by `swift package generate-page-types`: do not edit.
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

export interface PageFileChooserRequest {
  title?: string;
  filters?: PageFileChooserRequestFilter[];
}

export interface PageFileChooserRequestFilter {
  name: string;
  patterns?: string[];
  mimeTypes?: string[];
}

/** What each handler takes (`invoke`, `post`) and answers. */
export interface NotesHandlers {
  /** Adds a note (empty text is refused as invalid-payload); resolves with all notes. */
  addNote: { payload: [payload: AddNoteRequest]; answer: Note[] };
  /** Replaces the text of the note with this id (empty text is refused as invalid-payload, a note no longer there as handler-failed); resolves with all notes. */
  editNote: { payload: [payload: EditNoteRequest]; answer: Note[] };
  /** Deletes the note with this id (one no longer there is refused as handler-failed); resolves with the notes left. */
  deleteNote: { payload: [payload: DeleteNoteRequest]; answer: Note[] };
  /** Resolves with all notes, oldest first. */
  listNotes: { payload: [payload: ListNotesRequest]; answer: Note[] };
}

/** What each binary handler takes (`invokeBinary`: bytes and meta, or a JSON request) and answers. */
export interface NotesBinaryHandlers {
  /** Asks the user for a file in the window's chooser; resolves with its bytes, or null when the user cancelled. */
  "desktop.openFile": { data: ArrayBuffer | ArrayBufferView | Blob | null; meta: [meta?: PageFileChooserRequest | null]; answer: ArrayBuffer | null };
}

/** What each stream takes (`stream`) and the chunks it yields. */
export interface NotesStreams {
}

/** The payload of each event (`on`, `off`). */
export interface NotesEvents {
  /** The app was opened with a webviewhost-notes: link (an add link's note is already stored). */
  url: NotesLink;
}

/** A name `Map` lists, else a string no name is: tsc then says "Unknown handler: NAME". */
type NotesKnown<Map, Name extends string, What extends string> = Name extends keyof Map ? Name : `Unknown ${What}: ${Name}`;

/** `window.bridge` with the handlers, binary handlers, streams and events of "Notes". */
export interface NotesBridge {
  invoke<Name extends string>(name: NotesKnown<NotesHandlers, Name, "handler">, ...payload: Name extends keyof NotesHandlers ? NotesHandlers[Name]["payload"] : [payload?: never]): Promise<Name extends keyof NotesHandlers ? NotesHandlers[Name]["answer"] : unknown>;
  post<Name extends string>(name: NotesKnown<NotesHandlers, Name, "handler">, ...payload: Name extends keyof NotesHandlers ? NotesHandlers[Name]["payload"] : [payload?: never]): void;
  invokeBinary<Name extends string>(name: NotesKnown<NotesBinaryHandlers, Name, "binary handler">, data: Name extends keyof NotesBinaryHandlers ? NotesBinaryHandlers[Name]["data"] : never, ...meta: Name extends keyof NotesBinaryHandlers ? NotesBinaryHandlers[Name]["meta"] : [meta?: never]): Promise<Name extends keyof NotesBinaryHandlers ? NotesBinaryHandlers[Name]["answer"] : unknown>;
  stream<Name extends string>(name: NotesKnown<NotesStreams, Name, "stream">, ...payload: Name extends keyof NotesStreams ? NotesStreams[Name]["payload"] : [payload?: never]): AsyncIterableIterator<Name extends keyof NotesStreams ? NotesStreams[Name]["chunk"] : unknown>;
  on<Name extends string>(event: NotesKnown<NotesEvents, Name, "event">, listener: (payload: Name extends keyof NotesEvents ? NotesEvents[Name] : never) => void): void;
  off<Name extends string>(event: NotesKnown<NotesEvents, Name, "event">, listener: (payload: Name extends keyof NotesEvents ? NotesEvents[Name] : never) => void): void;
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
