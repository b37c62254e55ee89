// The lobby: choose a game and its settings, fill the seats, create the table, keep its links.
import { h, seatLabel } from './dom.js';
import { wireImport } from './importer.js';
import { loadTables, saveTables, rememberTable, withoutCardData, MAX_TABLES } from './store.js';

const $ = (id) => document.getElementById(id);
const form = $('new-table');
const gameSelect = $('game');
const playersInput = $('players');
const variantSelect = $('variant');
const seatsList = $('seats');
const KINDS = [['me', 'me'], ['invite', 'invite a friend'], ['bot', 'bot']];
const MAX_CARD_FILE = 60 * 1024; // the server takes a table's settings up to 64 KiB
let games = [];
let prefill = readPrefill();
let clampedAt = -Infinity; // when the players' number was last set to one the game takes
let chosenVariant = null; // the variant chosen, kept while the players' number leaves it out
const parked = new Map(); // option fields left out at the players' number, kept as they were
const parkedSeats = []; // the seats' rows left out likewise, in seat order

/** Settings to start from: ?settings=<JSON> ("new table with the same settings"). */
function readPrefill() {
  const raw = new URLSearchParams(location.search).get('settings');
  if (!raw) return null;
  try {
    const data = JSON.parse(raw);
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

function currentGame() {
  return games.find((g) => g.id === gameSelect.value);
}

function showError(text) {
  const box = $('lobby-error');
  box.textContent = text || '';
  box.hidden = !text;
}

/** Say why the table was not made: the field at fault (`field`, or the one the server's
 *  sentence names, said by its label) marked invalid and focused, else the Create button. */
function refuse(message, field = null, option = null) {
  const fault = field ? { field, text: message } : faultOf(message, option);
  showError(fault.text);
  markInvalid(fault.field);
  (fault.field || $('create')).focus();
}

/** The field a refusal names (the server's `option` whose value it refused, as a card file's
 *  "deck.toml, line 3: ..."; "option 'round_limit' is ...", "seat 1: a name is ..."), if the
 *  form has it, and the sentence with the field's label for its key. */
function faultOf(message, refused) {
  const option = /^option '(\w+)'/.exec(message);
  const input = (refused && $(`opt-${refused}`)) || (option && $(`opt-${option[1]}`));
  if (input) return { field: input, text: option ? message.replace(option[0], pretty(option[1])) : message };
  const seat = /^seat (\d+): /.exec(message);
  const named = seat && /\bname\b/.test(message);
  const control = seat && $(`seat-${seat[1]}-${named ? 'name' : 'kind'}`);
  if (control) return { field: control, text: message.replace(seat[0], `Seat ${seat[1]}${named ? ', name' : ''}: `) };
  return { field: null, text: message };
}

/** Mark `field` (or none) as the one the error is about: aria-invalid, described by it. */
function markInvalid(field) {
  for (const el of form.querySelectorAll('[aria-invalid]')) {
    el.removeAttribute('aria-invalid');
    describedBy(el, false);
  }
  if (!field) return;
  field.setAttribute('aria-invalid', 'true');
  describedBy(field, true);
}

function describedBy(el, error) {
  const ids = (el.getAttribute('aria-describedby') || '').split(' ').filter((id) => id && id !== 'lobby-error');
  if (error) ids.push('lobby-error');
  if (ids.length) el.setAttribute('aria-describedby', ids.join(' '));
  else el.removeAttribute('aria-describedby');
}

async function start() {
  drawMyTables();
  try {
    const answer = await fetch('/api/games');
    if (!answer.ok) throw new Error(`the server answered ${answer.status}`);
    games = await answer.json();
  } catch (err) {
    showError(`Could not load the games: ${err.message}. Reload the page to try again.`);
    return;
  }
  gameSelect.replaceChildren(...games.map((g) => h('option', { value: g.id, text: g.title })));
  if (prefill && games.some((g) => g.id === prefill.game)) gameSelect.value = prefill.game;
  gameSelect.addEventListener('change', () => { prefill = null; showGame(); });
  playersInput.addEventListener('change', () => keepFormFocus(() => {
    if (settlePlayers()) clampedAt = performance.now();
  }));
  variantSelect.addEventListener('change', () => {
    chosenVariant = variantSelect.value;
    drawOptions(true); // an option may be for some variants only
    $('players-note').textContent = leftOut().join(' ');
  });
  showGame();
}

/** The form made right for the players' number (made one the game takes, and said so); the
 *  choices it leaves out, said, come back with a number they are for. Whether the number was
 *  changed to one the game takes. */
function settlePlayers() {
  const clamped = clampPlayers();
  drawVariants(); drawSeats(); drawOptions(true);
  $('players-note').textContent = [clamped, ...leftOut()].filter(Boolean).join(' ');
  return Boolean(clamped);
}

/** Redraw the whole form for the chosen game (with the prefill if it is for this game). */
function showGame() {
  const game = currentGame();
  if (!game) return;
  $('game-description').textContent = game.description || '';
  playersInput.min = game.min_players;
  playersInput.max = game.max_players;
  const wanted = prefill?.players ?? game.max_players; // as the API's and the command line's default
  playersInput.value = Math.min(game.max_players, Math.max(game.min_players, Number(wanted) || 0));
  $('players-help').textContent = `${game.min_players} to ${game.max_players}`;
  $('players-note').textContent = '';
  seatsList.replaceChildren();
  chosenVariant = prefill?.variant ?? null;
  parked.clear();
  parkedSeats.length = 0;
  drawVariants();
  drawSeats();
  drawOptions(false);
}

/** Whether a variant or option that is for `counts` ([lowest, highest] players, or none: all)
 * makes a difference at the players chosen. */
function appliesNow(counts) {
  return !counts || (counts[0] <= players() && players() <= counts[1]);
}

/** Whether an option (its JSON) makes a difference at the players and the variant chosen. */
function optionApplies(opt) {
  return appliesNow(opt.players) && (!opt.variants || opt.variants.includes(variantSelect.value));
}

/** What an option left out is for: "1 player", "the easier or tougher variant". */
function optionFor(opt) {
  return appliesNow(opt.players) ? `the ${opt.variants.join(' or ')} variant` : playersRange(opt.players);
}

/** The variants that make a difference at the players chosen, the one chosen if it is one. */
function drawVariants() {
  const game = currentGame();
  const shown = game.variants.filter((v) => appliesNow(game.variant_players?.[v]));
  variantSelect.replaceChildren(...shown.map((v) => h('option', { value: v, text: v })));
  if (shown.includes(chosenVariant)) variantSelect.value = chosenVariant;
  $('variant-field').hidden = shown.length < 2;
}

/** The players' number made one the game takes: what to say if it was not (else ''). */
function clampPlayers() {
  const game = currentGame();
  const typed = playersInput.value;
  const n = Math.round(Number(typed));
  playersInput.value = typed === '' || !Number.isFinite(n) ? game.max_players
    : Math.min(game.max_players, Math.max(game.min_players, n));
  return playersInput.value === typed ? ''
    : `${game.title} takes ${game.min_players} to ${game.max_players} players: set to ${playersInput.value}.`;
}

/** What the players' number leaves out of the choices made: the variant, a named seat, a seat
 *  option's seat that is gone, an option only for other numbers ("The tougher variant is for
 *  1 player: …"). */
function leftOut() {
  const game = currentGame();
  const n = players();
  const out = [];
  if (chosenVariant && variantSelect.value !== chosenVariant) {
    out.push(`The ${chosenVariant} variant is for ${playersRange(game.variant_players?.[chosenVariant])}: this table plays ${variantSelect.value}.`);
  }
  for (const [name, field] of parked) {
    if (changedFromDefault(field, game.options[name])) out.push(`${pretty(name)} is for ${optionFor(game.options[name])}: left out.`);
  }
  parkedSeats.forEach((row, i) => {
    const name = row.querySelector('.seat-name').value.trim();
    if (name) out.push(`Seat ${seatsList.children.length + i} (${name}) is left out.`);
  });
  for (const select of $('option-fields').querySelectorAll('select[data-type="SeatOption"]')) {
    const chosen = select.dataset.chosen;
    if (chosen && Number(chosen) >= n) out.push(`${pretty(select.dataset.option)}: seat ${chosen} is not at a table of ${n}, so random.`);
  }
  return out;
}

/** "1 player", "2 to 4 players". */
function playersRange([low, high]) {
  return low === high ? `${low} player${low === 1 ? '' : 's'}` : `${low} to ${high} players`;
}

/**
 * Redraw part of the form with `draw`, on a change of the players' number (made as the focus
 * leaves that field): if the control the focus was going to is now hidden (the variants, at
 * some numbers) or gone, the focus goes to the next control shown instead of the page. A number
 * changed as the focus went to Create takes it back to Players, to be read (the note's line can
 * move the button from under the click).
 */
function keepFormFocus(draw) {
  draw();
  setTimeout(() => { // the focus has moved on once the change is handled
    const active = document.activeElement;
    if (active === $('create') && justClamped()) {
      playersInput.focus();
      return;
    }
    if (active && active !== document.body && shown(active)) return;
    const controls = [...form.querySelectorAll('input, select, button')].filter(shown);
    const next = controls.find((el) => playersInput.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    (next || playersInput).focus();
  });
}

/** Whether the players' number was set to one the game takes in the last moment: the same
 *  click or key press as Create. */
const justClamped = () => performance.now() - clampedAt < 1000;

const shown = (el) => el.isConnected && el.getClientRects().length > 0;

function players() {
  return Number(playersInput.value);
}

// -- options ---------------------------------------------------------------------------

/**
 * One field per option that applies at the players and variant chosen, from its JSON. With
 * `keep` (a new number of players, or variant) the fields still shown stay the same elements,
 * in place: a click or keys on one of them as the focus leaves Players are not lost, and a
 * chosen file stays chosen; a field left out is kept aside, as it was, for a number or variant
 * it applies at. A seat option's choices follow the number of seats.
 */
function drawOptions(keep) {
  const game = currentGame();
  const box = $('option-fields');
  const had = keep ? new Map([...parked, ...[...box.children].map((f) => [f.dataset.for, f])]) : new Map();
  const before = prefill?.options || {};
  parked.clear();
  const fields = Object.entries(game.options).map(([name, opt]) => {
    const field = had.get(name) || optionField(name, opt, name in before ? before[name] : opt.default);
    if (field && !optionApplies(opt)) parked.set(name, field);
    return optionApplies(opt) ? field : null;
  }).filter(Boolean);
  for (const field of [...box.children]) if (!fields.includes(field)) field.remove();
  fields.forEach((field, i) => { if (box.children[i] !== field) box.insertBefore(field, box.children[i] || null); });
  for (const select of box.querySelectorAll('select[data-type="SeatOption"]')) {
    if (select.options.length !== players() + 1) seatChoices(select);
  }
  $('options').hidden = box.children.length === 0;
}

/** A seat option's choices: random, or one of the seats; the seat chosen while it is there
 *  (one that is gone: random, until it comes back). */
function seatChoices(select, value = select.dataset.chosen) {
  const seats = Array.from({ length: players() }, (_, s) => h('option', { value: s, text: `seat ${s}` }));
  select.replaceChildren(h('option', { value: '', text: 'random' }), ...seats);
  const seat = value === null || value === undefined || value === '' ? NaN : Number(value);
  select.dataset.chosen = Number.isInteger(seat) ? String(seat) : '';
  select.value = Number.isInteger(seat) && seat < players() ? String(seat) : '';
}

const pretty = (name) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

function optionField(name, opt, value) {
  const id = `opt-${name}`;
  const help = h('span', { class: 'help', text: opt.help });
  const attrs = { id, name, dataset: { option: name, type: opt.type } };
  let input;
  if (opt.type === 'IntOption') {
    input = h('input', { ...attrs, type: 'number', inputmode: 'numeric', min: opt.low, max: opt.high, value: value ?? opt.default });
    help.textContent = `${opt.help} (${opt.low}–${opt.high})`;
  } else if (opt.type === 'BoolOption') {
    input = h('input', { ...attrs, type: 'checkbox' });
    input.checked = Boolean(value);
    return h('div', { class: 'field check', dataset: { for: name } }, input, h('label', { for: id }, h('span', { class: 'opt-name', text: pretty(name) }), ' ', help));
  } else if (opt.type === 'ChoiceOption') {
    input = h('select', attrs, opt.choices.map((c) => h('option', { value: c, text: opt.labels?.[c] ?? c })));
    if (opt.choices.includes(value)) input.value = value;
  } else if (opt.type === 'SeatOption') {
    input = h('select', attrs);
    seatChoices(input, value);
    input.addEventListener('change', () => { input.dataset.chosen = input.value; });
  } else if (opt.type === 'CardsOption') {
    input = h('input', { ...attrs, type: 'file', accept: '.toml,text/plain' });
    help.textContent = `${opt.help}: the standard set, or a card file of your own (TOML, at most ${MAX_CARD_FILE / 1024} KiB)`;
    const before = prefill?.game === currentGame().id ? prefill?.card_files?.[name] : null;
    const again = typeof before === 'string' // "same settings" of a table with its own cards
      ? h('p', { class: 'help card-again', id: `${id}-again`, text: `The table these settings come from used your card file ${before}: choose it again, or the standard set is used.` })
      : null;
    if (again) {
      input.setAttribute('aria-describedby', again.id);
      input.addEventListener('change', () => again.remove(), { once: true });
    }
    return h('div', { class: 'field cards', dataset: { for: name } },
      h('label', { for: id }, h('span', { class: 'opt-name', text: pretty(name) }), ' ', help), input, again);
  } else {
    return null; // a kind of option the lobby does not know: the game's default is used
  }
  return h('div', { class: 'field', dataset: { for: name } },
    h('label', { for: id }, h('span', { class: 'opt-name', text: pretty(name) }), ' ', help), input);
}

function optionValues() {
  const out = {};
  for (const input of $('option-fields').querySelectorAll('[data-option]')) {
    if (input.dataset.type !== 'CardsOption') out[input.dataset.option] = optionValue(input);
  }
  return out;
}

/** An option field's value as the API takes it (undefined: the default); a card file's name. */
function optionValue(input) {
  const type = input.dataset.type;
  if (type === 'IntOption') return input.value === '' ? undefined : Number(input.value); // empty: the default
  if (type === 'BoolOption') return input.checked;
  if (type === 'SeatOption') return input.value === '' ? null : Number(input.value);
  if (type === 'CardsOption') return input.files[0]?.name;
  return input.value;
}

/** Whether an option's field holds a value other than its default. */
function changedFromDefault(field, opt) {
  const value = optionValue(field.querySelector('[data-option]'));
  return value !== undefined && value !== (opt.default ?? null);
}

/** The card files chosen, as the option values that give card data by content
 * (`{name, toml}`); an Error saying why (its `field` the file's) if one is too large to send. */
async function cardValues() {
  const out = {};
  for (const input of $('option-fields').querySelectorAll('[data-type="CardsOption"]')) {
    const file = input.files[0];
    if (!file) continue;
    if (file.size > MAX_CARD_FILE) {
      const err = new Error(`${file.name} is larger than ${MAX_CARD_FILE / 1024} KiB: the lobby takes card files up to that size (tavola simulate and play take larger ones, with --cards)`);
      err.field = input;
      throw err;
    }
    out[input.dataset.option] = { name: file.name, toml: utf8Text(file.name, await file.arrayBuffer(), input) };
  }
  return out;
}

/** A card file's text; an Error naming its first line that is not UTF-8 (as `--cards` does),
 * where `file.text()` would turn the bad bytes into replacement characters without a word. */
function utf8Text(name, buffer, input) {
  const bytes = new Uint8Array(buffer);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    return decoder.decode(bytes);
  } catch {
    let line = 1;
    for (let start = 0; start <= bytes.length; line++) {
      const newline = bytes.indexOf(10, start);
      const end = newline < 0 ? bytes.length : newline;
      try {
        decoder.decode(bytes.subarray(start, end));
      } catch {
        break;
      }
      start = end + 1;
    }
    const err = new Error(`${name}, line ${line}: the card file is not UTF-8 text (save it as UTF-8 and choose it again)`);
    err.field = input;
    throw err;
  }
}

// -- seats -----------------------------------------------------------------------------

/** One row per seat; rows already there keep their choices, and rows a smaller number of
 *  players leaves out are kept aside as they were, for a larger one. */
function drawSeats() {
  const game = currentGame();
  const n = players();
  while (seatsList.children.length > n) {
    const row = seatsList.lastElementChild;
    row.remove();
    parkedSeats.unshift(row); // parkedSeats[i] is seat seatsList.children.length + i
  }
  for (let s = seatsList.children.length; s < n; s++) {
    const given = prefill?.seats?.[s];
    const kind = KINDS.some(([k]) => k === given?.kind) ? given.kind : s === 0 ? 'me' : 'bot';
    seatsList.append(parkedSeats.shift() || seatRow(game, s, kind, levelOf(game, given), given?.name));
  }
  oneMe(null);
  const words = Object.entries(game.level_words || {});
  $('level-words').replaceChildren(...(words.length ? ['Bots: ', ...words.flatMap(([level, what], i) => [
    h('strong', { text: level }), ` ${what}${i < words.length - 1 ? '; ' : '.'}`])] : []));
  showLevelWords();
}

/** The bot levels' line shows only while a seat is a bot. */
function showLevelWords() {
  $('level-words').hidden = ![...seatsList.querySelectorAll('select.seat-kind')].some((s) => s.value === 'bot');
}

/** A prefilled bot's difficulty, given as such or as the agent it maps to. */
function levelOf(game, seat) {
  const levels = game.difficulties || {};
  return seat?.difficulty ?? Object.keys(levels).find((l) => levels[l] === seat?.agent);
}

function seatRow(game, s, kind, difficulty, name) {
  const kindSelect = h('select', { id: `seat-${s}-kind`, class: 'seat-kind', 'aria-label': `Seat ${s}: who plays` },
    KINDS.map(([value, text]) => h('option', { value, text })));
  kindSelect.value = kind;
  const levels = Object.keys(game.difficulties || { easy: 1, medium: 1 });
  const level = h('select', { id: `seat-${s}-level`, class: 'seat-level', 'aria-label': `Seat ${s}: bot difficulty` },
    levels.map((l) => h('option', { value: l, text: l })));
  level.value = levels.includes(difficulty) ? difficulty : (levels.includes('medium') ? 'medium' : levels[0]);
  const nameInput = h('input', {
    id: `seat-${s}-name`, class: 'seat-name', type: 'text', maxlength: 40, autocomplete: 'off',
    placeholder: 'name (optional)', 'aria-label': `Seat ${s}: name (optional)`,
  });
  nameInput.value = typeof name === 'string' ? name : '';
  const row = h('li', { class: 'seat-row' },
    h('label', { for: kindSelect.id, class: 'seat-no', text: `Seat ${s}` }),
    kindSelect, level, nameInput);
  const sync = () => { level.hidden = kindSelect.value !== 'bot'; };
  kindSelect.addEventListener('change', () => { oneMe(kindSelect); sync(); showLevelWords(); });
  sync();
  return row;
}

/** At most one seat is "me": choosing it elsewhere turns the other into an invitation. */
function oneMe(chosen) {
  const selects = [...seatsList.querySelectorAll('select.seat-kind')];
  let seen = chosen?.value === 'me' ? chosen : null;
  for (const select of selects) {
    if (select.value !== 'me' || select === seen) continue;
    if (seen) {
      select.value = 'invite';
      select.dispatchEvent(new Event('change'));
    } else {
      seen = select;
    }
  }
}

function seatValues() {
  return [...seatsList.children].map((row) => {
    const kind = row.querySelector('select.seat-kind').value;
    const seat = { kind };
    if (kind === 'bot') seat.difficulty = row.querySelector('select.seat-level').value;
    const name = row.querySelector('input.seat-name').value.trim();
    if (name) seat.name = name;
    return seat;
  });
}

// -- creating ----------------------------------------------------------------------------

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  showError('');
  markInvalid(null);
  const game = currentGame();
  if (!game) return;
  if (justClamped() || settlePlayers()) { // say so before creating a table of another size
    clampedAt = -Infinity;
    playersInput.focus();
    return;
  }
  const garbled = [...$('option-fields').querySelectorAll('input[type="number"]')].find((input) => input.validity.badInput);
  if (garbled) { // "1e", "5-": the field's value reads as empty, which would mean the default
    refuse(`${pretty(garbled.dataset.option)} is a whole number from ${garbled.min} to ${garbled.max}: what is typed there is not a number.`, garbled);
    return;
  }
  let cards;
  try {
    cards = await cardValues();
  } catch (err) {
    refuse(err.message, err.field);
    return;
  }
  const body = {
    game: game.id,
    players: players(),
    variant: variantSelect.value || undefined,
    options: { ...optionValues(), ...cards },
    seats: seatValues(),
  };
  const button = $('create');
  button.disabled = true;
  button.textContent = 'Creating…';
  let refusal = null;
  let refusedOption = null;
  let data = null;
  try { // only the request: a fault of this page's own is not the server's to be blamed for
    const answer = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    data = await answer.json().catch(() => ({}));
    if (answer.status !== 201) {
      refusal = data.error || `The server answered ${answer.status}.`;
      refusedOption = typeof data.option === 'string' ? data.option : null;
    }
  } catch (err) {
    refusal = `Could not reach the server (${err.message}).`;
  }
  button.disabled = false; // the focus left it when it went off: refuse() puts it back
  button.textContent = 'Create table';
  if (refusal) {
    refuse(refusal, null, refusedOption);
    return;
  }
  const entry = {
    table: data.table,
    game: game.id,
    title: game.title,
    players: body.players,
    created: new Date().toISOString(),
    seats: data.seats,
    spectator: data.spectator,
    creator: data.creator, // lets this browser hand an empty seat to a bot
    settings: withoutCardData(body),
  };
  rememberTable(entry);
  showCreated(entry);
  drawMyTables();
});

/** A link of this server, whole (to be copied and sent). */
const fullLink = (link) => new URL(link, location.origin).href;

/** The links of a new table: open my seat, copy each friend's link, the spectator's. */
function showCreated(entry) {
  const box = $('created-links');
  const items = [];
  const mine = entry.seats.find((s) => s.kind === 'me');
  if (mine) {
    items.push(h('p', {}, h('a', { class: 'button primary', href: mine.link, text: `Open my seat (${seatName(entry, mine.seat)})` })));
  }
  const friends = entry.seats.filter((s) => s.kind === 'invite');
  if (friends.length) {
    items.push(h('p', { text: 'Send each friend their own link (it is the key to their seat):' }));
    items.push(h('ul', { class: 'links' }, friends.map((s) => linkRow(seatName(entry, s.seat), fullLink(s.link)))));
  }
  items.push(h('ul', { class: 'links' }, linkRow('Spectators', fullLink(entry.spectator))));
  box.replaceChildren(...items);
  const section = $('created');
  section.hidden = false;
  section.focus();
}

/** "Seat 1 · Bob" with the name the creator gave the seat, if any. */
function seatName(entry, seat) {
  return seatLabel({ seats: entry.settings?.seats }, seat);
}

function linkRow(label, url) {
  const id = `link-${Math.random().toString(36).slice(2)}`;
  const input = h('input', { id, type: 'text', readonly: true, value: url, class: 'link-text' });
  const status = h('span', { class: 'copied', role: 'status' });
  const copy = h('button', { type: 'button', class: 'small', text: 'Copy link', 'aria-label': `Copy the link for ${label}` });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = 'copied';
    } catch {
      input.select();
      status.textContent = 'selected: press Ctrl+C (⌘C) to copy';
    }
  });
  return h('li', {}, h('label', { for: id, text: label }), input, copy, status);
}

// -- my tables ---------------------------------------------------------------------------

function drawMyTables() {
  const list = $('my-tables');
  const tables = loadTables();
  list.replaceChildren(...tables.map((t) => {
    const mine = t.seats?.find((s) => s.kind === 'me');
    const link = t.replay || mine?.link || t.spectator || `/t/${t.table}`; // a record opened: its replay
    const when = t.created ? new Date(t.created).toLocaleString() : '';
    const forget = h('button', { type: 'button', class: 'small quiet', text: 'Forget', 'aria-label': `Forget table ${t.table}` });
    forget.addEventListener('click', () => askToForget(t, forget));
    const friends = (t.seats || []).filter((s) => s.kind === 'invite' && s.link);
    const details = friends.length
      ? h('details', {}, h('summary', { text: 'Friends’ links' }),
        h('ul', { class: 'links' }, friends.map((s) => linkRow(seatName(t, s.seat), fullLink(s.link)))))
      : null;
    const title = `${t.title || t.game}${t.rematch_of ? ' (rematch)' : ''}${t.replay ? ' (replay)' : ''}`;
    const rematch = t.rematch_of ? ` · rematch of table ${t.rematch_of}` : '';
    const role = t.replay ? `opened from ${t.file || 'a record file'}` : mine ? `seat ${mine.seat}` : 'watching';
    return h('li', { class: 'my-table', dataset: { table: t.table } },
      h('div', { class: 'my-table-head' },
        h('a', { href: link, text: title, 'aria-label': `${title}, table ${t.table}${when ? `, ${when}` : ''}` }),
        h('span', { class: 'help', text: ` ${role} · table ${t.table}${rematch}${when ? ` · ${when}` : ''}` }),
        h('span', { class: 'table-status' }),
        forget),
      details);
  }));
  $('no-tables').hidden = tables.length > 0;
  const fullNote = $('tables-full');
  fullNote.hidden = tables.length < MAX_TABLES - 10;
  fullNote.textContent = `This browser keeps the ${MAX_TABLES} newest tables here (${tables.length} now): each new one past that drops the oldest, its links with it. Forget those you no longer need.`;
  if (tables.length) showStatuses(tables);
}

/** Each table of "My tables" as the server has it now: in play (and this browser's turn, as
 *  far as the server knows: a table it has loaded), finished (and rematched), or no longer on
 *  this server. Nothing is said when the server cannot be asked. */
async function showStatuses(tables) {
  let found;
  try {
    const ids = tables.map((t) => encodeURIComponent(t.table)).join(',');
    const answer = await fetch(`/api/tables/status?ids=${ids}`);
    if (!answer.ok) return;
    found = (await answer.json()).tables;
  } catch {
    return;
  }
  const kept = new Map(tables.map((t) => [t.table, t]));
  for (const row of $('my-tables').children) {
    const box = row.querySelector('.table-status');
    const status = found[row.dataset.table];
    if (!box) continue;
    const seat = kept.get(row.dataset.table)?.seats?.find((s) => s.kind === 'me')?.seat;
    const mine = !status?.over && status?.to_act?.includes(seat);
    box.dataset.state = !status ? 'gone' : status.over ? 'over' : mine ? 'turn' : 'playing';
    box.textContent = !status ? 'not on this server' : mine ? 'in play, your turn' : !status.over ? 'in play'
      : status.rematch ? 'finished, rematched' : 'finished';
  }
}

/** "Forget" asks first, in place: this browser keeps the table's links, and the creator's key
 *  that hands seats to bots, nowhere else. A record this browser imported may be deleted from
 *  the server too. Then the focus goes to the next table's link. */
function askToForget(t, forget) {
  const kept = t.replay ? 'its link' : `its links${t.creator ? ', and your key to hand its empty seats to bots,' : ''}`;
  const question = h('span', {
    id: `forget-${t.table}`,
    text: `Forget this ${t.replay ? 'record' : 'table'}? This browser keeps ${kept} nowhere else.${t.key ? ' Deleting it takes it off this server as well, for anyone with the link.' : ''}`,
  });
  const yes = h('button', { type: 'button', class: 'small', text: 'Forget it', 'aria-describedby': question.id });
  const drop = t.key ? h('button', { type: 'button', class: 'small', text: 'Delete it from the server', 'aria-describedby': question.id }) : null;
  const keep = h('button', { type: 'button', class: 'small', text: 'Keep it', 'aria-describedby': question.id });
  const ask = h('span', { class: 'forget-ask', role: 'group', 'aria-label': `Forget table ${t.table}?` }, question, yes, drop, keep);
  forget.replaceWith(ask);
  keep.addEventListener('click', () => { ask.replaceWith(forget); forget.focus(); });
  const done = (said) => {
    const row = [...$('my-tables').children].indexOf(ask.closest('li'));
    saveTables(loadTables().filter((x) => x.table !== t.table));
    drawMyTables();
    $('forgotten').textContent = said;
    const rows = $('my-tables').children;
    (rows[Math.min(row, rows.length - 1)]?.querySelector('a') || $('mine-title')).focus();
  };
  yes.addEventListener('click', () => done(`Table ${t.table} forgotten.`));
  drop?.addEventListener('click', async () => {
    let refusal;
    try {
      const answer = await fetch(`/api/replays/${encodeURIComponent(t.table)}`, {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key: t.key }),
      });
      // 404: gone already, which is what was asked
      if (!answer.ok && answer.status !== 404) refusal = (await answer.json().catch(() => ({}))).error || `the server answered ${answer.status}`;
    } catch (err) {
      refusal = `could not reach the server (${err.message})`;
    }
    if (refusal) {
      $('forgotten').textContent = `Table ${t.table} was not deleted: ${refusal}.`;
      drop.focus();
      return;
    }
    done(`Table ${t.table} deleted from this server, and forgotten.`);
  });
  keep.focus();
}

wireImport($('import-file'), (text) => {
  const box = $('import-error');
  box.textContent = text;
  box.hidden = !text;
});
start();
