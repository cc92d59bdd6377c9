// @ts-check
'use strict';
// The notes page: lists the notes and adds new ones through the app's bridge handlers
// `listNotes` and `addNote`, which keep them in a JSON file. Typed against the app's
// contract (contract.d.ts, generated from the Swift handlers by `swift run webview-contract`).

// (Not `const bridge`: a global const cannot shadow window.bridge, which is not configurable.)
/** @type {import('./contract').NotesBridge} */
const notes = window.bridge;
const form = /** @type {HTMLFormElement} */ (document.getElementById('new-note'));
const input = /** @type {HTMLInputElement} */ (document.getElementById('text'));
const list = /** @type {HTMLOListElement} */ (document.getElementById('notes'));
const error = /** @type {HTMLElement} */ (document.getElementById('error'));
// Every bridge rejection is an Error with a code.
/** @typedef {Error & { code: string }} BridgeFailure */

/** @param {import('./contract').Note[]} notes */
function show(notes) {
  list.replaceChildren(...notes.map((note) => {
    const item = document.createElement('li');
    item.textContent = note.text;
    item.title = new Date(note.created).toLocaleString();
    return item;
  }));
  document.title = `Notes (${notes.length})`;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    show(await notes.invoke('addNote', { text: input.value }));
    input.value = '';
    error.textContent = '';
  } catch (thrown) {
    const failure = /** @type {BridgeFailure} */ (thrown);
    error.textContent = `${failure.code}: ${failure.message}`;
  }
  input.focus();
});

notes.invoke('listNotes', {}).then(show, (/** @type {BridgeFailure} */ failure) => {
  // The file is kept as it is; adding is refused too, with the same message.
  error.textContent = failure.message;
  document.title = 'Notes: cannot read the notes';
});
input.focus();
