// "My tables": the links of this browser's tables, kept in localStorage (never sent anywhere).
const KEY = 'tavola.tables';
export const MAX_TABLES = 200; // the newest kept: a new one past it drops the oldest

export function loadTables() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(data) ? data.filter((t) => t && typeof t.table === 'string') : [];
  } catch {
    return [];
  }
}

export function saveTables(tables) {
  try {
    localStorage.setItem(KEY, JSON.stringify(tables.slice(0, MAX_TABLES)));
  } catch {
    // storage full or disabled: the links are only lost from this list
  }
}

/** Adds or updates a table (newest first). */
export function rememberTable(entry) {
  const others = loadTables().filter((t) => t.table !== entry.table);
  saveTables([entry, ...others]);
}

export function findTable(id) {
  return loadTables().find((t) => t.table === id);
}

/** A table's settings without card data given by content (a file's text, tens of KiB): kept
 * and carried into "same settings" links as the standard cards, with the files' names in
 * `card_files` (option: name), for the lobby to ask for them again. */
export function withoutCardData(settings) {
  const entries = Object.entries(settings.options || {});
  const plain = (value) => value === null || typeof value !== 'object';
  const options = Object.fromEntries(entries.filter(([, value]) => plain(value)));
  const files = Object.fromEntries(entries.filter(([, value]) => !plain(value))
    .map(([name, value]) => [name, String(value.name || 'a card file')]));
  const out = { ...settings, options };
  if (Object.keys(files).length) out.card_files = { ...settings.card_files, ...files };
  return out;
}
