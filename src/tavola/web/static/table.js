// A table: the WebSocket (hello, actions, reconnecting), the header, the legal actions, the log
// and the end screen. The board itself is drawn by the game's module, static/games/<id>.js.
import { h, fill, seatLabel, who, list, capital, sameAction } from './dom.js';
import { findTable, rememberTable } from './store.js';
import * as generic from './games/generic.js';

const $ = (id) => document.getElementById(id);
const main = $('main');
const tableId = main.dataset.table;
const gameId = main.dataset.game;
const board = $('board');
const actionsBox = $('actions');
const log = $('log');
const secret = readSecret();

let renderer = generic;
let socket = null;
let failures = 0; // connections lost in a row, for the backoff
let fresh = true; // the next state is the first of a connection: rebuild the log
let pending = false; // an action was sent and its answer has not come
let last = null; // the last state message
let cards = null; // the faces of the game's cards, by id
let endShown = false;
let focusMemo = null; // see keepFocus

/** The seat and key from the fragment (#seat=2&key=...), or null for a spectator. */
function readSecret() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get('seat');
  const key = params.get('key');
  return seat !== null && /^\d{1,2}$/.test(seat) && key ? { seat: Number(seat), key } : null;
}

async function loadRenderer() {
  if (!/^[a-z0-9-]+$/.test(gameId)) return;
  try {
    renderer = await import(`/static/games/${gameId}.js`);
  } catch {
    renderer = generic; // an unknown game: the view as a list
  }
}

// -- the connection ------------------------------------------------------------------------

function setConnection(text, state) {
  const el = $('connection');
  el.textContent = text;
  el.dataset.state = state;
}

function connect() {
  setConnection(failures ? 'reconnecting…' : 'connecting…', 'connecting');
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket = ws;
  ws.addEventListener('open', () => {
    fresh = true;
    const hello = secret ? { type: 'hello', seat: secret.seat, key: secret.key } : { type: 'hello' };
    ws.send(JSON.stringify(hello));
  });
  ws.addEventListener('message', (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (msg.type === 'state') {
      // the card faces come in a connection's first message only
      if (msg.cards) cards = msg.cards;
      else msg.cards = cards;
      onState(msg);
    }
    else if (msg.type === 'error') onError(msg.message);
  });
  ws.addEventListener('close', (event) => {
    if (socket !== ws) return;
    socket = null;
    pending = false;
    if (event.code === 4404) {
      setConnection('no such table', 'closed');
      return;
    }
    const delay = Math.min(10, 2 ** failures);
    failures += 1;
    setConnection('reconnecting…', 'connecting');
    setButtons(false);
    setTimeout(connect, delay * 1000);
  });
}

function send(data) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(data));
  return true;
}

/** Play an action (from a button, a key or a click on the board). */
function act(action) {
  if (pending || !last?.legal?.some((entry) => sameAction(entry.action, action))) return;
  if (!send({ type: 'act', action })) return;
  focusMemo = focusNow();
  pending = true;
  hideError();
  setButtons(false);
}

function onError(message) {
  pending = false;
  $('error-text').textContent = message || 'The server refused that.';
  $('error').hidden = false;
  if (last) setButtons(true);
  else if (secret) $('who-am-i').textContent = 'not seated: this link was refused';
  if (focusMemo !== null) keepFocus(() => {});
}

function hideError() {
  $('error').hidden = true;
}

// -- a new state -----------------------------------------------------------------------------

function onState(msg) {
  pending = false;
  const first = fresh;
  if (fresh) {
    fresh = false;
    failures = 0;
    log.replaceChildren(); // the server sends every event again on a new connection
    setConnection('connected', 'open');
  }
  addEvents(msg.events || [], !first);
  last = msg;
  $('who-am-i').textContent = msg.seat === null ? 'a spectator' : seatLabel(msg, msg.seat);
  if (first && msg.seat !== null) rememberSeat(msg);
  drawTurn(msg);
  keepFocus(() => {
    renderer.render(board, msg, act);
    drawActions(msg);
  });
  if (msg.result) drawEnd(msg, !first);
}

function addEvents(events, announce) {
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  for (const event of events) {
    log.append(h('li', { dataset: { kind: event.kind || '' }, text: event.text || event.kind }));
  }
  if (atBottom || !announce) log.scrollTop = log.scrollHeight;
  if (announce && events.length) {
    $('announce').textContent = events.map((e) => e.text).filter(Boolean).slice(-4).join(' ');
  }
}

function drawTurn(msg) {
  const el = $('turn');
  const mine = msg.seat !== null && msg.to_act.includes(msg.seat) && msg.legal.length > 0;
  let text;
  if (msg.result) text = 'The game is over.';
  else if (mine && msg.to_act.length === 1) text = 'Your turn.';
  else if (msg.to_act.length) text = `${capital(list(msg.to_act.map((s) => who(msg, s))))} to act.`;
  else text = 'Waiting…';
  const committed = commitments(msg.view);
  if (committed) text += ` Committed: ${list(committed.map((s) => who(msg, s)))}.`;
  el.textContent = text;
  el.classList.toggle('mine', mine);
  document.title = `${mine ? '● ' : ''}${msg.title} — tavola`;
}

/** The seats that have committed in a simultaneous phase, if the view says. */
function commitments(view) {
  const c = view?.commitments;
  if (Array.isArray(c)) return c.filter(Number.isInteger);
  if (c && typeof c === 'object') return Object.keys(c).filter((k) => c[k]).map(Number);
  return null;
}

function drawActions(msg) {
  const buttons = msg.legal.map((entry, i) => h('button', {
    type: 'button',
    class: 'action',
    'aria-keyshortcuts': i < 9 ? String(i + 1) : null,
    dataset: { focusKey: `btn:${JSON.stringify(entry.action)}` },
    onclick: () => act(entry.action),
  }, i < 9 ? h('kbd', { 'aria-hidden': 'true', text: i + 1 }) : null, entry.label));
  $('action-buttons').replaceChildren(...buttons);
  actionsBox.hidden = buttons.length === 0;
}

function setButtons(enabled) {
  for (const button of [...board.querySelectorAll('button.playable'), ...actionsBox.querySelectorAll('button')]) {
    button.disabled = !enabled;
  }
}

/** The control that had the focus when an action was sent (disabling it drops the focus). */
function focusNow() {
  const active = document.activeElement;
  return board.contains(active) || actionsBox.contains(active) ? active.dataset.focusKey || '' : null;
}

/**
 * Redraw with `draw`, keeping the keyboard focus on the same control if it is still there,
 * else on the next one of its kind (a card of the board, or an action button).
 */
function keepFocus(draw) {
  const key = focusMemo ?? focusNow();
  focusMemo = null;
  draw();
  if (key === null) return;
  const again = key && [...main.querySelectorAll('[data-focus-key]')].find((el) => el.dataset.focusKey === key);
  const sameKind = key.startsWith('act:') ? board.querySelector('button.playable') : null;
  const target = again || sameKind || actionsBox.querySelector('button') || $('turn');
  target.focus({ preventScroll: true });
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || !/^[1-9]$/.test(event.key)) return;
  if (event.target.closest('input, select, textarea, [contenteditable]')) return;
  const entry = last?.legal?.[Number(event.key) - 1];
  if (entry) {
    event.preventDefault();
    act(entry.action);
  }
});

$('error-close').addEventListener('click', hideError);

// -- the end -------------------------------------------------------------------------------

function drawEnd(msg, justEnded) {
  const body = $('end-body');
  const result = msg.result;
  const rows = (result.ranking || [...msg.seats.keys()]).map((s) => h('tr', {},
    h('td', { text: result.places?.[s] ?? '' }),
    h('th', { scope: 'row' }, who(msg, s) === 'you' ? `${seatLabel(msg, s)} (you)` : seatLabel(msg, s),
      result.winners?.includes(s) ? h('span', { class: 'badge win', text: 'winner' }) : null),
    h('td', { text: result.scores?.[s] ?? '' })));
  const table = h('table', { class: 'ranking' },
    h('caption', { text: 'Final ranking' }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Place' }), h('th', { scope: 'col', text: 'Seat' }), h('th', { scope: 'col', text: 'Score' }))),
    h('tbody', {}, rows));
  const revealed = (msg.revealed || []).map((view, s) => h('details', { class: 'revealed' },
    h('summary', { text: `${seatLabel(msg, s)}: final view` }),
    (renderer.revealed || generic.revealed)(view, msg, s)));
  const again = h('button', { type: 'button', class: 'primary', text: 'New table with the same settings' });
  again.addEventListener('click', () => sameSettings(msg));
  fill(body,
    table,
    revealed.length ? h('section', { class: 'reveal-list', 'aria-label': 'Every seat, revealed' }, revealed) : null,
    h('p', {}, 'Seed: ', h('code', { text: String(msg.seed ?? '') })),
    h('p', { class: 'end-links' },
      h('a', { class: 'button', href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `tavola-${tableId}.json`, text: 'Download the record' }),
      again));
  const section = $('end');
  if (section.hidden) {
    section.hidden = false;
    if (justEnded && !endShown) section.focus({ preventScroll: false });
  }
  endShown = true;
}

/** Back to the lobby with this table's settings: ours if we created it, else as far as known. */
async function sameSettings(msg) {
  let settings = findTable(tableId)?.settings;
  if (!settings) {
    settings = {
      game: msg.game,
      players: msg.players,
      seats: msg.seats.map((seat, s) => {
        const out = s === msg.seat ? { kind: 'me' } : seat.kind === 'bot' ? { kind: 'bot', agent: seat.agent } : { kind: 'invite' };
        if (seat.name) out.name = seat.name;
        return out;
      }),
    };
    try {
      const record = await (await fetch(`/api/tables/${encodeURIComponent(tableId)}/record`)).json();
      settings.variant = record.variant;
      settings.options = record.options;
    } catch {
      // the game's defaults then
    }
  }
  location.href = `/?settings=${encodeURIComponent(JSON.stringify(settings))}`;
}

/** A seat opened from a link joins "my tables" in this browser. */
function rememberSeat(msg) {
  const known = findTable(tableId);
  if (known?.seats?.some((s) => s.kind === 'me' && s.seat === msg.seat)) return;
  if (known) return; // created here: its links are already kept
  rememberTable({
    table: tableId,
    game: msg.game,
    title: msg.title,
    players: msg.players,
    created: new Date().toISOString(),
    seats: [{ seat: msg.seat, kind: 'me', link: `/t/${tableId}${location.hash}` }],
    spectator: `/t/${tableId}`,
  });
}

await loadRenderer();
connect();
