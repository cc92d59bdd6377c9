// @ts-check
'use strict';
// The notes page: lists, adds, edits and deletes notes through the app's bridge handlers
// (`listNotes`, `addNote`, `editNote`, `deleteNote`), which keep them in a JSON file. Typed
// against the app's contract (contract.d.ts, generated from the Swift handlers by
// `swift run webview-contract`). Failures are told as sentences, never as error codes.

/** @type {import('./contract').NotesBridge} */
const notes = window.bridge;
const form = /** @type {HTMLFormElement} */ (document.getElementById('new-note'));
const input = /** @type {HTMLInputElement} */ (document.getElementById('text'));
const list = /** @type {HTMLOListElement} */ (document.getElementById('notes'));
const error = /** @type {HTMLElement} */ (document.getElementById('error'));
const empty = /** @type {HTMLElement} */ (document.getElementById('empty'));
// Every bridge rejection is an Error with a code.
/** @typedef {Error & { code: string }} BridgeFailure */

/**
 * What to tell the user about a failed call.
 * @param {unknown} thrown
 * @returns {string}
 */
function sentence(thrown) {
  const failure = /** @type {BridgeFailure} */ (thrown);
  switch (failure.code) {
    case 'invalid-payload': return 'Type something first.';
    // The app's own words: a note no longer there, or a notes file it cannot read.
    case 'handler-failed': return failure.message.charAt(0).toUpperCase() + failure.message.slice(1);
    case 'timeout': return 'The app took too long to answer. Try again.';
    case 'payload-too-large': return 'That note is too long to save.';
    default: return 'Something went wrong, and the notes were not changed. Try again.';
  }
}

/** @param {string} message */
function tell(message) {
  error.textContent = message;
}

/**
 * Runs a call that answers with all notes, shows them, and tells the user if it failed.
 * @param {() => Promise<import('./contract').Note[]>} call
 * @returns {Promise<boolean>} whether it worked
 */
async function change(call) {
  try {
    show(await call());
    tell('');
    return true;
  } catch (thrown) {
    tell(sentence(thrown));
    return false;
  }
}

/** @param {import('./contract').Note} note */
function noteItem(note) {
  const item = document.createElement('li');
  item.dataset.id = note.id;
  const text = document.createElement('span');
  text.className = 'text';
  text.textContent = note.text;
  text.title = new Date(note.created).toLocaleString();
  const edit = button('Edit', 'edit', () => startEditing(item, note));
  const remove = button('Delete', 'delete', () => change(() => notes.invoke('deleteNote', { id: note.id })));
  remove.setAttribute('aria-label', `Delete “${note.text}”`);
  edit.setAttribute('aria-label', `Edit “${note.text}”`);
  item.append(text, edit, remove);
  return item;
}

/**
 * @param {string} label @param {string} className @param {() => void} action
 * @returns {HTMLButtonElement}
 */
function button(label, className, action) {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = label;
  element.addEventListener('click', action);
  return element;
}

/** @param {HTMLLIElement} item @param {import('./contract').Note} note */
function startEditing(item, note) {
  const editor = document.createElement('form');
  editor.className = 'editor';
  const field = document.createElement('input');
  field.value = note.text;
  field.setAttribute('aria-label', 'Note text');
  const cancel = button('Cancel', 'cancel', () => item.replaceWith(noteItem(note)));
  const save = document.createElement('button');
  save.type = 'submit';
  save.className = 'save';
  save.textContent = 'Save';
  editor.append(field, save, cancel);
  editor.addEventListener('submit', (event) => {
    event.preventDefault();
    change(() => notes.invoke('editNote', { id: note.id, text: field.value })).then((saved) => {
      if (!saved) field.focus();
    });
  });
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') item.replaceWith(noteItem(note));
  });
  item.replaceChildren(editor);
  field.focus();
  field.select();
}

/** @param {import('./contract').Note[]} all */
function show(all) {
  list.replaceChildren(...all.map(noteItem));
  empty.hidden = all.length > 0;
  document.title = `Notes (${all.length})`;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (await change(() => notes.invoke('addNote', { text: input.value }))) input.value = '';
  input.focus();
});

// "From File…": the window's file chooser, a page service the app grants (`desktop.openFile`);
// the chosen file's text becomes a note. A cancelled chooser answers null.
document.getElementById('from-file')?.addEventListener('click', async () => {
  try {
    const bytes = await notes.invokeBinary('desktop.openFile', new ArrayBuffer(0),
      { title: 'Add a Note From a File', filters: [{ name: 'Text', patterns: ['*.txt'], mimeTypes: ['text/plain'] }] });
    if (bytes === null) return;
    await change(() => notes.invoke('addNote', { text: new TextDecoder().decode(bytes).trim() }));
  } catch (thrown) {
    tell(sentence(thrown));
  }
});

// A file dropped onto the page is the app's to import (NotesFileButtons), not a link to follow.
addEventListener('dragover', (event) => event.preventDefault());
addEventListener('drop', (event) => event.preventDefault());

// Notes imported in any window reach every window's page.
window.bridge.on('notesChanged', (/** @type {import('./contract').Note[]} */ all) => show(all));

notes.invoke('listNotes', {}).then(show, (/** @type {unknown} */ thrown) => {
  // The file is kept as it is; adding is refused too, with the same sentence.
  tell(sentence(thrown));
  document.title = 'Notes: cannot read the notes';
});
input.focus();

// A webviewhost-notes://add?text=… link (from anywhere on the desktop) added a note: show it.
notes.on('url', () => { change(() => notes.invoke('listNotes', {})); });
