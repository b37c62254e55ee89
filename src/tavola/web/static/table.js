// A table: the WebSocket (hello, actions, reconnecting), the header, the legal actions, who is
// at the table (connected, or away for how long; the creator may hand an empty seat to a bot,
// and so may the other players once it has been away a while),
// the log and the end screen. The board itself is drawn by the game's module,
// static/games/<id>.js.
import { h, fill, redraw, seatLabel, sameAction, gameRenderer, appendEvents, turnText, awayBadge, clock, nameSeats, hintScrolling, fitSideToWindow, whileBusy, withoutRepeats, botsToAct, skipKeepingFragment, distinctLabels } from './dom.js';
import { rankingTable } from './result.js';
import { findTable, rememberTable, withoutCardData } from './store.js';
import * as generic from './games/generic.js';

const $ = (id) => document.getElementById(id);
const main = $('main');
const tableId = main.dataset.table;
const gameId = main.dataset.game;
const board = $('board');
const actionsBox = $('actions');
const log = $('log');
let secret = readSecret(); // null once the server refused it: the page then watches
let linkRefused = false;
const garbled = !secret && /(^|[#&;])(seat|key)=/.test(location.hash); // a link cut or mangled
const creator = findTable(tableId)?.creator || null; // this browser made the table
const difficulties = JSON.parse(main.dataset.difficulties || '[]');
const handOverAfter = Number(main.dataset.handOverAfter) * 1000; // ms away before a player may hand a seat over

let renderer = generic;
let socket = null;
let failures = 0; // connections lost in a row, for the backoff
let fresh = true; // the next state is the first of a connection: rebuild the log
let pending = false; // an action was sent and its answer has not come
let last = null; // the last state message
let history = []; // every event of this connection, oldest first: a state's `history`
let cards = null; // the faces of the game's cards, by id
let endShown = false;
let focusMemo = null; // see keepFocus
let playersDrawn = ''; // what the players' list shows, to redraw it only when that changes
let wasMine = false;

/** The seat and key from the fragment (#seat=2&key=...), or null for a spectator. A link an
 *  e-mail program escaped (#seat=2&amp;key=...) works too. */
function readSecret() {
  const params = new URLSearchParams(location.hash.slice(1).replaceAll('&amp;', '&'));
  const seat = params.get('seat');
  const key = params.get('key');
  return seat !== null && /^\d{1,2}$/.test(seat) && key ? { seat: Number(seat), key } : null;
}

// -- the connection ------------------------------------------------------------------------

/** This page's connection, said in the header and at its own seat in *At the table*. */
function setConnection(text, state) {
  for (const el of [$('connection'), ...document.querySelectorAll('.own-conn')]) {
    el.textContent = text;
    el.dataset.state = state;
  }
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
      nameSeats(msg);
      const now = Date.now();
      for (const seat of msg.seats) {
        if (seat.connected === false) seat.awaySince = now - seat.away * 1000;
      }
      onState(msg);
    }
    else if (msg.type === 'error') onError(msg.message, msg.refused, msg.retry);
  });
  ws.addEventListener('close', (event) => {
    if (socket !== ws) return;
    socket = null;
    pending = false;
    if (event.code === 4404 || event.code === 4409) { // no table, or one this tavola cannot open
      setConnection(event.code === 4404 ? 'no such table' : 'cannot be opened', 'closed');
      setButtons(false);
      return;
    }
    const delay = Math.min(10, 2 ** failures);
    failures += 1;
    setConnection(event.code === 4429 ? 'busy: reconnecting…' : 'reconnecting…', 'connecting');
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
  if (last?.legal?.some((entry) => sameAction(entry.action, action))) sendMove({ type: 'act', action });
}

/** Take back this seat's last step of its secret choice. */
function takeBack() {
  if (last?.take_back) sendMove({ type: 'take_back' });
}

/** Send a move (one at a time: the buttons are off until its answer comes). */
function sendMove(data) {
  if (pending) return;
  if (!send(data)) {
    showError('Not connected: that move was not sent. The page is reconnecting; try again then.');
    return;
  }
  focusMemo = focusNow();
  pending = true;
  hideError();
  setButtons(false);
}

function showError(message) {
  $('error-text').textContent = message;
  $('error').hidden = false;
}

/** An error from the server; `seatRefused`: the hello's seat and key open no seat; `retry`:
 *  the seconds after which it is past (too many messages), when its banner goes. */
function onError(message, seatRefused = false, retry = null) {
  pending = false;
  showError(message || 'The server refused that.');
  if (Number.isFinite(retry)) {
    const shown = $('error-text').textContent;
    setTimeout(() => { if ($('error-text').textContent === shown) hideError(); }, retry * 1000);
  }
  if (seatRefused) refused();
  else if (last) setButtons(true);
  if (focusMemo !== null) keepFocus(() => {});
}

/** A seat's link the server refused (a wrong key): nothing more comes on this connection, so
 *  it is closed, and the page shows the table as a spectator sees it (the refusal still said),
 *  with a link to the spectator's own page. */
function refused() {
  const ws = socket;
  socket = null; // this connection is over: the next one watches
  ws?.close();
  secret = null;
  linkRefused = true;
  connect();
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
    history = [];
    setConnection('connected', 'open');
    if (!linkRefused) hideError(); // what went wrong before this connection is past (not a refused link)
  }
  const follow = stillFollowing() || first; // read before the new lines come
  appendEvents(log, msg.events || []);
  history.push(...(msg.events || []));
  msg.history = history; // a renderer may look back (the 2006 game's last roll, as told)
  const news = first ? [] : withoutRepeats((msg.events || []).map((e) => e.text).filter(Boolean));
  if (!first) news.push(...playersNews(last, msg));
  if (!first && msg.rematch && !last?.rematch) news.push('A rematch has started.');
  last = msg;
  const said = whoAmI(msg);
  const whoEl = $('who-am-i');
  if (whoEl.textContent !== said.map((part) => part.textContent ?? part).join('')) whoEl.replaceChildren(...said);
  if (first && msg.seat !== null) rememberSeat(msg);
  if (drawTurn(msg) && !/your turn\.?$/i.test(news.at(-1) ?? '')) news.push('Your turn.');
  if (news.length) say(announcement(news));
  keepFocus(() => {
    redraw(board, (el) => renderer.render(el, msg, act));
    drawActions(msg);
    drawPlayers(msg);
  });
  if (msg.result) drawEnd(msg, !first);
  hintScrolling(main);
  // once all is drawn: a move list that came shrinks the log, and were the log scrolled before,
  // at its size in between, that size and the scroll would be lost within the frame (the
  // ResizeObserver compares only the sizes it saw)
  if (follow) toBottom();
}

/** Since when a bot plays a seat handed over: " since 14:05" (with the day if not today),
 *  " from the start" (none for a seat that was a bot's from the lobby). */
function botSince(info) {
  if (!info.bot_since) return '';
  if (info.bot_since === 'start') return ' from the start';
  const at = new Date(info.bot_since);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const today = at.toDateString() === new Date().toDateString();
  return today ? ` since ${time}` : ` since ${at.toLocaleDateString([], { day: 'numeric', month: 'short' })}, ${time}`;
}

/** The header's "You are", in parts (text and controls): a seat (and whether a bot now plays
 *  it, with a way to "At the table", far down a phone's page, where it is taken back) or a
 *  spectator. Redrawn only when it changes: a control may have the focus. */
function whoAmI(msg) {
  if (linkRefused) {
    return ['a spectator: this seat link was refused; ',
      h('a', { href: `/t/${encodeURIComponent(tableId)}`, text: 'watch as a spectator' })];
  }
  if (msg.seat === null) {
    return [garbled ? 'a spectator: this link\'s seat or key is cut off or changed; copy the whole link again' : 'a spectator'];
  }
  const info = msg.seats[msg.seat];
  if (info.kind !== 'bot') return [seatLabel(msg, msg.seat)];
  if (msg.result) return [`${seatLabel(msg, msg.seat)}, played by a bot${botSince(info)}`]; // over: none to take back
  // from the start: kept from the last game's hand-over, or handed over before the first move
  const why = info.bot_since === 'start' ? '' : 'handed over while you were away; ';
  return [`${seatLabel(msg, msg.seat)}, played by a bot${botSince(info)} (${why}"Play my seat again" under `,
    h('button', { type: 'button', class: 'link', text: 'At the table', onclick: toPlayers }), ' takes it back)'];
}

/** Bring "At the table" into view, the focus on its list (a link to its id would change the
 *  fragment, which holds this seat's key). */
function toPlayers() {
  $('players-title').scrollIntoView({ block: 'start' });
  $('players').tabIndex = -1;
  $('players').focus({ preventScroll: true });
}

/* The log follows new events until the reader scrolls up. A box that shrinks (the "Your move"
   panel appearing beside it) hides the bottom too, but leaves scrollTop where it was; one that
   grows and shrinks again within a frame (the panel going and coming back) lowers scrollTop
   with no reader at all. So only a scroll up just after the reader's own wheel, touch, key or
   drag on the log stops the following. The position is read again before each update: a
   scroll event may not have come yet. */
let following = true;
let lastTop = 0;
let touched = -Infinity; // when the reader last worked the log

for (const type of ['wheel', 'touchmove', 'keydown', 'pointerdown']) {
  log.addEventListener(type, () => { touched = performance.now(); }, { passive: true });
}
log.addEventListener('pointermove', (event) => { if (event.buttons) touched = performance.now(); }, { passive: true });

function stillFollowing() {
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  const byReader = performance.now() - touched < 1000;
  following = atBottom || (following && !(byReader && log.scrollTop < lastTop));
  lastTop = log.scrollTop;
  return following;
}

function toBottom() {
  log.scrollTop = log.scrollHeight;
  lastTop = log.scrollTop;
}

log.addEventListener('scroll', stillFollowing);
new ResizeObserver(() => {
  if (stillFollowing()) toBottom();
}).observe(log);

/** Tell screen readers (the page's polite live region). */
function say(text) {
  $('announce').textContent = text;
}

const ANNOUNCED = 600; // characters: a reveal of the 2013 game is a dozen events

/** One update's news in order, from the first (what was revealed comes before who drew):
 *  all of it up to ANNOUNCED characters, then a pointer to the log. */
function announcement(news) {
  let text = '';
  for (const [i, item] of news.entries()) {
    if (text && text.length + item.length > ANNOUNCED) {
      return `${text} And ${news.length - i} more in the game log.`;
    }
    text = text ? `${text} ${item}` : item;
  }
  return text;
}

/** The turn line and the page's title; whether it has just become this seat's turn. */
function drawTurn(msg) {
  const el = $('turn');
  const mine = msg.seat !== null && msg.to_act.includes(msg.seat) && msg.legal.length > 0;
  el.textContent = turnText(msg, true);
  el.classList.toggle('mine', mine);
  el.classList.toggle('thinking', botsToAct(msg));
  document.title = `${mine ? '● ' : ''}${msg.title} — tavola`;
  const turnNow = mine && !wasMine;
  wasMine = mine;
  return turnNow;
}

// -- who is at the table -------------------------------------------------------------------

/** What to say when a person's seat loses or finds its connection, or goes to a bot; nothing
 *  once the game is over (nobody waits for anyone: players leave for the rematch). */
function playersNews(before, msg) {
  if (!before || msg.result) return [];
  return msg.seats.map((seat, s) => {
    const was = before.seats[s];
    if (was.kind !== seat.kind && s === msg.seat) return seat.kind === 'bot' ? 'A bot now plays your seat.' : 'You play your seat again.';
    if (was.kind !== seat.kind) return `${seatLabel(msg, s)} is now played by ${seat.kind === 'bot' ? 'a bot' : 'its player again'}.`;
    if (was.connected && seat.connected === false) return `${seatLabel(msg, s)} lost the connection.`;
    if (was.connected === false && seat.connected) return `${seatLabel(msg, s)} ${was.joined ? 'is back' : 'has joined'}.`;
    return null;
  }).filter(Boolean);
}

/** Each seat: a person (connected, or away for how long) or a bot; for this table's creator,
 *  a way to hand a person's empty seat to a bot. */
function drawPlayers(msg) {
  const shown = JSON.stringify([msg.seats.map((x) => [x.kind, x.agent, x.name, x.connected]), Boolean(msg.result)]);
  if (shown === playersDrawn) return;
  playersDrawn = shown;
  refill($('players'), ...msg.seats.map((info, s) => {
    let state;
    if (info.kind === 'bot') {
      const bot = `bot (${info.level ?? info.agent})`; // the lobby's word for it, if it is one
      state = h('span', { class: 'help bot-agent', title: info.agent, text: bot + botSince(info) });
    } else if (msg.result) {
      state = null; // over: nobody waits for anyone
    } else if (s === msg.seat) { // this page's own connection (the server's word is a message late)
      const mine = $('connection');
      state = h('span', { class: 'conn own-conn', dataset: { state: mine.dataset.state }, text: mine.textContent });
    } else if (info.connected) {
      state = h('span', { class: 'conn', dataset: { state: 'open' }, text: 'connected' });
    } else {
      state = awayBadge(info);
    }
    let control = null;
    const empty = info.kind === 'human' && info.connected === false && !msg.result;
    if (empty && creator) control = handOverForm(s, { creator }, null);
    else if (empty && secret && s !== msg.seat && msg.seats[msg.seat]?.kind === 'human') {
      control = handOverForm(s, { seat: secret.seat, key: secret.key }, info.awaySince + handOverAfter);
    }
    if (s === msg.seat && info.kind === 'bot' && !msg.result) control = giveBackButton(s);
    return h('li', { class: 'player' }, h('span', { class: 'player-name', text: seatLabel(msg, s) + (s === msg.seat ? ' (you)' : '') }), ' ', state, control);
  }));
}

/** The way back to one's own seat, handed to a bot while one was away: the seat's key asks. */
function giveBackButton(s) {
  const button = h('button', { type: 'button', class: 'small', text: 'Play my seat again' });
  button.addEventListener('click', () => post(button, `/seats/${s}/person`, { key: secret.key }));
  return h('span', { class: 'hand-over' }, button);
}

/** A bot level and a button that hands seat `s` to it until its player takes it back, asked
 *  by `who` (the creator's secret, or another seat's key); a player's button waits until the
 *  seat has been away long enough (`from`, a time in ms: `tick` turns it on then). */
function handOverForm(s, who, from) {
  const level = h('select', { 'aria-label': `Seat ${s}: bot difficulty` }, // as the lobby says
    difficulties.map((l) => h('option', { value: l, text: l })));
  level.value = difficulties.includes('medium') ? 'medium' : difficulties[0];
  const button = h('button', { type: 'button', class: 'small', text: 'Hand to a bot', 'aria-label': `Hand to a bot: seat ${s}, until its player takes it back` });
  let wait = null;
  if (Number.isFinite(from) && Date.now() < from) {
    button.disabled = true;
    button.dataset.handOverAt = from;
    wait = h('span', { class: 'help hand-over-wait', text: ` once away ${clock(handOverAfter / 1000)}` });
  }
  button.addEventListener('click', () => post(button, `/seats/${s}/bot`, { ...who, difficulty: level.value }));
  return h('span', { class: 'hand-over' }, level, button, wait);
}

/** POST `body` to this table's API at `path` from `button` (busy meanwhile); an error shown. The
 *  change itself comes as a new state. */
async function post(button, path, body) {
  await whileBusy(button, async () => {
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) onError((await answer.json().catch(() => ({}))).error || `The server answered ${answer.status}.`);
    } catch (err) {
      onError(`Could not reach the server (${err.message}).`);
    }
  });
}

/** Fill `container` anew (as dom.js's fill); if the focus was inside, it stays there, on the
 *  container itself (rebuilt, the focused control is gone). */
function refill(container, ...children) {
  const had = container.contains(document.activeElement);
  fill(container, ...children);
  if (had && !container.contains(document.activeElement)) {
    container.tabIndex = -1;
    container.focus({ preventScroll: true });
  }
}

/** Every "away" clock counts on; a player's hand-over button is on once its seat has been
 *  away long enough. */
function tick() {
  for (const el of document.querySelectorAll('[data-away-since]')) {
    el.textContent = `away ${clock((Date.now() - Number(el.dataset.awaySince)) / 1000)}`;
  }
  for (const button of document.querySelectorAll('[data-hand-over-at]')) {
    if (Date.now() < Number(button.dataset.handOverAt)) continue;
    button.disabled = false;
    delete button.dataset.handOverAt;
    button.parentElement.querySelector('.hand-over-wait')?.remove();
  }
}

/** The keys of the move buttons, in order: a game may offer two dozen moves (Rivals' market). */
const ACTION_KEYS = '1234567890abcdefghijklmnopqrstuvwxyz';

let shownMoves = ''; // the moves the buttons offer (JSON)

function drawActions(msg) {
  const labels = distinctLabels(msg.legal);
  const buttons = msg.legal.map((entry, i) => h('button', {
    type: 'button',
    class: 'action',
    'aria-keyshortcuts': ACTION_KEYS[i] ?? null,
    dataset: { focusKey: `btn:${JSON.stringify(entry.action)}` },
    onclick: () => act(entry.action),
  }, ACTION_KEYS[i] ? h('kbd', { 'aria-hidden': 'true', text: ACTION_KEYS[i] }) : null, labels[i]));
  if (msg.take_back) { // a step of a secret choice not yet finished: nobody else saw it
    buttons.push(h('button', {
      type: 'button', class: 'action take-back', dataset: { focusKey: 'btn:take-back' },
      onclick: takeBack,
    }, 'Take back the last step'));
  }
  const list = $('action-buttons');
  const moves = JSON.stringify(msg.legal.map((entry) => entry.action));
  if (moves !== shownMoves) { // other moves: the list starts at its first again
    list.scrollLeft = 0;
    list.scrollTop = 0;
    shownMoves = moves;
  }
  list.replaceChildren(...buttons);
  $('actions-what').textContent = msg.legal.length > 1 ? `Your move: ${msg.legal.length} to choose from` : 'Your move';
  actionsBox.hidden = buttons.length === 0;
}

/** Turn the move buttons on or off while a move is on its way. The focused one is only marked
 *  aria-disabled (act() ignores it meanwhile): disabling it would drop the focus to the page. */
function setButtons(enabled) {
  for (const button of [...board.querySelectorAll('button.playable'), ...actionsBox.querySelectorAll('button')]) {
    const focused = !enabled && button === document.activeElement;
    button.disabled = !enabled && !focused;
    if (focused) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
  }
}

/** The control of the board or the actions that has the focus (or had it when an action was
 *  sent): itself, its key, and its place among the board's playable buttons (where the focus
 *  goes if it is gone). */
function focusNow() {
  const active = document.activeElement;
  if (!board.contains(active) && !actionsBox.contains(active)) return null;
  const index = [...board.querySelectorAll('button.playable')].indexOf(active);
  return { control: active, key: active.dataset.focusKey || '', index };
}

/**
 * Redraw with `draw`, keeping the keyboard focus on the same control if it is still there (a
 * folded panel's summary too), else on its twin drawn anew (the same focus key), else on the
 * playable card at its place on the board, or an action button.
 */
function keepFocus(draw) {
  const memo = focusMemo ?? focusNow();
  focusMemo = null;
  draw();
  if (memo === null || document.activeElement === memo.control) return;
  const { key, index } = memo;
  const again = key && [...main.querySelectorAll('[data-focus-key]')].find((el) => el.dataset.focusKey === key);
  const playable = [...board.querySelectorAll('button.playable')];
  const sameKind = key.startsWith('act:') && playable.length
    ? playable[Math.min(Math.max(index, 0), playable.length - 1)] : null;
  const target = again || sameKind || actionsBox.querySelector('button') || $('turn');
  target.focus({ preventScroll: true });
  // a card played far down a phone's page: the turn line is above. Not the moves, always on
  // the screen: scrolled to, a phone's bar along the bottom (sticky, under the page's scroll
  // padding) moved the page down at every move
  if (!actionsBox.contains(target)) target.scrollIntoView({ block: 'nearest' });
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
  if (event.target.closest('input, select, textarea, [contenteditable]')) return;
  const index = ACTION_KEYS.indexOf(event.key);
  const entry = index < 0 ? null : last?.legal?.[index];
  if (entry) {
    event.preventDefault();
    act(entry.action);
  }
});

$('error-close').addEventListener('click', hideError);

// -- the end -------------------------------------------------------------------------------

function drawEnd(msg, justEnded) {
  const body = $('end-body');
  const revealed = (msg.revealed || []).map((view, s) => h('details', { class: 'revealed' },
    h('summary', { text: `${seatLabel(msg, s)}: final view` }),
    (renderer.revealed || generic.revealed)(view, msg, s)));
  const again = h('button', { type: 'button', text: 'New table with the same settings' });
  again.addEventListener('click', () => sameSettings(msg));
  refill(body,
    rankingTable(msg),
    revealed.length ? h('section', { class: 'reveal-list', 'aria-label': 'Every seat, revealed' }, revealed) : null,
    h('p', {}, 'Seed: ', h('code', { text: String(msg.seed ?? '') })),
    h('p', { class: 'end-links' },
      rematchControl(msg),
      h('a', { class: 'button', href: `/replay/${encodeURIComponent(tableId)}${msg.seat !== null ? `#seat=${msg.seat}` : ''}`, text: 'Watch the replay' }),
      h('a', { class: 'button', href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `tavola-${tableId}.json`, text: 'Download the record' }),
      again));
  const section = $('end');
  if (section.hidden) {
    section.hidden = false;
    if (justEnded && !endShown) section.focus({ preventScroll: false });
  }
  endShown = true;
}

/** The way to the rematch, once someone asked for it (the same seat's link with the new
 * table's id: a seat's key opens it there too); before that, a button asking for it, for a
 * seat's player or the table's creator. */
function rematchControl(msg) {
  if (msg.rematch) {
    if (!findTable(msg.rematch)) rememberRematch(msg.rematch); // whoever asked: ours too
    const seated = secret ? location.hash : '';
    return h('a', { class: 'button primary', href: `/t/${encodeURIComponent(msg.rematch)}${seated}`, text: secret ? 'Join the rematch' : 'Watch the rematch' });
  }
  if (!secret && !creator) return null;
  const button = h('button', { type: 'button', class: 'primary', text: 'Rematch' });
  button.addEventListener('click', async () => {
    button.disabled = true;
    const ask = secret ? { seat: secret.seat, key: secret.key } : { creator };
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ask),
      });
      const data = await answer.json().catch(() => ({}));
      if (!answer.ok) throw new Error(data.error || `the server answered ${answer.status}`);
      rememberRematch(data.table);
      location.href = `/t/${encodeURIComponent(data.table)}${secret ? location.hash : ''}`;
    } catch (err) {
      onError(`No rematch: ${err.message}.`);
      button.disabled = false;
    }
  });
  return button;
}

/** This browser's links to this table (a creator's secret and friends' links, or a seat's),
 *  kept for its rematch too (the same keys): the creator keeps the creator's controls there,
 *  whoever asked for the rematch. */
function rememberRematch(id) {
  const known = findTable(tableId);
  if (!known) return; // opened from a seat's link: the rematch's page remembers that seat
  const moved = (link) => link && link.replace(`/t/${tableId}`, `/t/${id}`);
  rememberTable({
    ...known,
    table: id,
    created: new Date().toISOString(),
    seats: (known.seats || []).map((seat) => ({ ...seat, link: moved(seat.link) })),
    spectator: `/t/${id}`,
    rematch_of: tableId,
  });
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
  location.href = `/?settings=${encodeURIComponent(JSON.stringify(withoutCardData(settings)))}`;
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

// a seat link pasted into this tab while it shows the table changes only the fragment (one
// that names no seat, an in-page link's, leaves this seat as it is)
addEventListener('hashchange', () => {
  const named = readSecret();
  if (named && JSON.stringify(named) !== JSON.stringify(secret)) location.reload();
});
skipKeepingFragment();

renderer = await gameRenderer(gameId, generic);
fitSideToWindow();
connect();
setInterval(tick, 1000);
