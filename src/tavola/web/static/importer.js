// Opening a record file: the server checks it and keeps it as a finished table, whose replay
// this then opens (and "my tables" lists, with the key that deletes it from the server if this
// browser imported it first). A file it refuses gets the server's sentence saying why.
import { findTable, rememberTable } from './store.js';

/** Wire the file input `input`; `showError(text)` shows a refusal ('' hides it). */
export function wireImport(input, showError) {
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    showError('');
    let text;
    try {
      text = await file.text();
    } catch {
      showError('This file could not be read.');
      return;
    }
    try {
      const answer = await fetch('/api/replays', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: text,
      });
      const data = await answer.json().catch(() => ({}));
      if (answer.ok && typeof data.replay === 'string') { // 201, or 200: imported before
        const key = data.key ?? findTable(data.table)?.key; // opened again: the key kept
        rememberTable({
          table: data.table, game: data.game, title: data.title, replay: data.replay,
          file: file.name, created: new Date().toISOString(), ...(key ? { key } : {}),
        });
        location.href = data.replay;
        return;
      }
      showError(`This record cannot be replayed: ${data.error || `the server answered ${answer.status}`}.`);
    } catch (err) {
      showError(`Could not reach the server (${err.message}).`);
    }
    input.value = '';
  });
}
