'use strict';
// The notes page: lists the notes and adds new ones through the app's bridge handlers
// `listNotes` and `addNote`, which keep them in a JSON file.
const form = document.getElementById('new-note');
const input = document.getElementById('text');
const list = document.getElementById('notes');
const error = document.getElementById('error');

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
    show(await window.bridge.invoke('addNote', { text: input.value }));
    input.value = '';
    error.textContent = '';
  } catch (failure) {
    error.textContent = `${failure.code}: ${failure.message}`;
  }
  input.focus();
});

window.bridge.invoke('listNotes', {}).then(show, (failure) => {
  // The file is kept as it is; adding is refused too, with the same message.
  error.textContent = failure.message;
  document.title = 'Notes: cannot read the notes';
});
input.focus();
