// A finished game's replay: a seat (or a spectator) and a move chosen, the server sends what
// that seat saw then; the game's own module draws it (without actions), beside the log up to
// that move. Keys: arrows a move back or on, Home and End (which in the log scroll it). The seat
// and move are kept in the fragment (#seat=2&step=40), so a link opens the same moment.
import { h, fill, redraw, gameRenderer, appendEvents, turnText, nameSeats, isYou, seatLabel, hintScrolling, fitSideToWindow, whileBusy, skipKeepingFragment } from './dom.js';
import { rankingTable } from './result.js';
import { wireImport } from './importer.js';
import { findTable } from './store.js';
import * as generic from './games/generic.js';

const $ = (id) => document.getElementById(id);
const main = $('main');
const tableId = main.dataset.table;
const steps = Number(main.dataset.steps);
const viewer = $('viewer');
const slider = $('step');
const board = $('board');
const log = $('log');
// the seat this browser played at this table, if any: the only one a replay calls "you"
const reader = findTable(tableId)?.seats?.find((s) => s.kind === 'me')?.seat ?? null;

const LOG_TITLE = $('log-title').textContent;
const LOG_LABEL = log.getAttribute('aria-label');

let renderer = generic;
let step = 0;
let asked = 0; // requests made; only the newest one's answer is drawn
let shown = null; // the message drawn

function showError(text) {
  $('error-text').textContent = text || '';
  $('error').hidden = !text;
}

/** Go to move `to` as seen by the viewer chosen. */
async function go(to) {
  step = Math.max(0, Math.min(steps, to));
  slider.value = String(step);
  const seat = viewer.value;
  const ask = ++asked;
  let msg;
  try {
    const answer = await fetch(`/api/replays/${encodeURIComponent(tableId)}?seat=${encodeURIComponent(seat)}&step=${step}`);
    msg = await answer.json();
    if (!answer.ok) throw new Error(msg.error || `the server answered ${answer.status}`);
  } catch (err) {
    if (ask === asked) showError(`This move could not be shown: ${err.message}.`);
    return;
  }
  if (ask !== asked) return;
  showError('');
  draw(msg);
  history.replaceState(null, '', `#seat=${seat}&step=${step}`);
}

function draw(msg) {
  nameSeats(msg);
  msg.reader = reader;
  msg.history = msg.events; // every event up to this move, as a table's state has them
  const before = shown;
  shown = msg;
  const news = before && before.seat === msg.seat && msg.step === before.step + 1
    ? msg.events.slice(before.events.length).map((e) => e.text).filter(Boolean) : [];
  // the move's events, then "Next: move 5", which ties the position to the review's "Move 5",
  // decided here (after it, the events read as the next move's)
  const next = msg.step < msg.steps ? [`Next: move ${msg.step + 1}.`] : [];
  $('step-text').textContent = [`Move ${msg.step} of ${msg.steps}.`, ...news, ...next].join(' ');
  slider.setAttribute('aria-valuetext', `move ${msg.step} of ${msg.steps}`);
  for (const [id, off] of [['first', msg.step === 0], ['back', msg.step === 0], ['forward', msg.step === msg.steps], ['last', msg.step === msg.steps]]) {
    $(id).setAttribute('aria-disabled', String(off));
  }
  $('turn').textContent = turnText(msg);
  redraw(board, (el) => renderer.render(el, msg, null));
  log.replaceChildren();
  appendEvents(log, msg.events);
  logVoice(msg);
  log.scrollTop = log.scrollHeight;
  $('end').hidden = !msg.result;
  if (msg.result) fill($('end-body'), rankingTable(msg));
  hintScrolling(main);
}

/** The log is told to the seat whose view is shown: its heading says so when that seat's
 *  "you" is not this browser's player. */
function logVoice(msg) {
  const other = msg.seat !== null && !isYou(msg, msg.seat);
  const label = other ? seatLabel(msg, msg.seat) : '';
  $('log-title').textContent = other
    ? `The game as ${label} saw it (“you”: ${label})` : LOG_TITLE;
  log.setAttribute('aria-label', other ? `Game log up to this move, as ${label} saw it, newest at the bottom` : LOG_LABEL);
}

/** The seat and move of the fragment, if any. */
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get('seat');
  if (seat !== null && [...viewer.options].some((o) => o.value === seat)) viewer.value = seat;
  const at = Number(params.get('step'));
  return Number.isInteger(at) ? at : 0;
}

/** The search bot's review of the chosen seat's decisions, each a link to its move. The button
 *  says it is busy (and ignores clicks) until the answer comes. */
async function review() {
  await whileBusy($('review-button'), async () => {
    const seat = viewer.value;
    const status = $('review-status');
    const list = $('review-list');
    list.replaceChildren();
    if (seat === 'spectator') {
      status.textContent = 'Choose a seat to review its decisions.';
      return;
    }
    const label = seatLabel(shown ?? {}, Number(seat)); // "Seat 1 · Anna", as the log names it
    status.textContent = `Reviewing the decisions of ${label}: the search takes from a few seconds to a few minutes, by the game's length…`;
    let data;
    try {
      const answer = await fetch(`/api/replays/${encodeURIComponent(tableId)}/review?seat=${encodeURIComponent(seat)}`);
      data = await answer.json();
      if (!answer.ok) throw new Error(data.error || `the server answered ${answer.status}`);
    } catch (err) {
      status.textContent = `The review failed: ${err.message}.`;
      return;
    }
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const agree = data.decisions.filter((d) => same(d.best, d.played)).length;
    // every option of every decision at 0.00: the search's playouts lost whatever was played
    const blank = data.decisions.every((d) => d.options.every((o) => o.value < 0.005));
    // a person's seat a bot played for a while: the bot's decisions are told apart
    const byBot = data.decisions.filter((d) => d.bot).length;
    const mixed = byBot > 0 && byBot < data.decisions.length;
    status.textContent = `${label}: ${agree} of ${data.decisions.length} decisions agree with the search bot (${data.agent}).`
      + (mixed ? ` A bot in the seat made ${byBot} of them.` : '')
      + (blank && data.decisions.length ? ' Every move is rated 0.00: in the search\'s playouts this seat lost whatever it played, so the ratings cannot tell its moves apart.' : '');
    list.replaceChildren(...data.decisions.map((d) => {
      const played = d.options.find((o) => same(o.action, d.played));
      const best = d.options[0];
      const move = `Move ${d.index + 1}${mixed && d.bot ? ' (the bot\'s)' : ''}: ${d.played_label} (${played.value.toFixed(2)})`;
      // the search's choice is the move it searched most; only a clearly higher value is a preference
      let text = `${move}, the search's choice too.`;
      if (!same(best.action, d.played)) {
        text = d.loss >= 0.01
          ? `${move}; the search prefers ${best.label} (${best.value.toFixed(2)}).`
          : `${move}; the search searched ${best.label} (${best.value.toFixed(2)}) more, but rates the move played about as high: nothing given up.`;
      }
      const link = h('button', { type: 'button', class: 'link', text });
      link.addEventListener('click', () => goFromReview(seat, d.index, link));
      return h('li', { class: d.loss >= 0.05 ? 'costly' : null }, link);
    }));
  });
}

/* Where the review is below the board (a narrow screen), a decision chosen in it brings the
   board into view, with a button back to the decision: the move drawn far above was unseen. */
const backToReview = h('button', { type: 'button', class: 'to-review', hidden: true, text: 'Back to the review' });
$('turn').before(backToReview);
let reviewed = null; // the review's entry last chosen, while the board was brought into view

async function goFromReview(seat, index, entry) {
  viewer.value = seat; // the decision is the reviewed seat's, whichever seat is shown now
  await go(index);
  const { top } = $('turn').getBoundingClientRect();
  if (top >= 0 && top < innerHeight) return; // in view already: side by side
  reviewed = entry;
  backToReview.textContent = `Back to the review (move ${index + 1})`;
  backToReview.hidden = false;
  backToReview.scrollIntoView({ block: 'start' });
}

backToReview.addEventListener('click', () => {
  backToReview.hidden = true;
  reviewed?.scrollIntoView({ block: 'center' });
  reviewed?.focus({ preventScroll: true });
  reviewed = null;
});

const moves = { first: () => 0, back: () => step - 1, forward: () => step + 1, last: () => steps };
for (const [id, target] of Object.entries(moves)) $(id).addEventListener('click', () => go(target()));
const keys = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last' };
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || !keys[event.key]) return;
  if (event.target.closest('input, select, textarea, [contenteditable]')) return;
  if (/^(Home|End)$/.test(event.key) && event.target.closest('#log')) return; // they scroll the log
  event.preventDefault();
  go(moves[keys[event.key]]());
});
slider.addEventListener('input', () => go(Number(slider.value)));
viewer.addEventListener('change', () => go(step));
wireImport($('import-file'), showError);
// the help and the record file: folded on a phone, where they pushed the board off the first
// screen; open (and no fold shown, by style.css) where there is room
const narrow = matchMedia('(max-width: 40rem)');
const foldMore = () => { $('replay-more').open = !narrow.matches; };
narrow.addEventListener('change', foldMore);
foldMore();
$('review-button').addEventListener('click', review);
skipKeepingFragment();

renderer = await gameRenderer(main.dataset.game, generic);
fitSideToWindow();
go(readFragment());
// a link to another seat or move opened in this tab changes only the fragment: show it
window.addEventListener('hashchange', () => go(readFragment()));
