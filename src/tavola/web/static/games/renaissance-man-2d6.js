// Renaissance Man (2006) on the web: the face-up Challenges, the attempt or Event under way,
// the dice, your Creative Reserves and every seat's points, cards and Success pile.
import {
  h, fill, seatBadges, seatLabel, seatPanelLabel, who, whose, isYou, capital, legalMatching, playable, chipList,
} from '../dom.js';

const KINDS = ['C', 'F', 'G', 'M', 'W'];
const ENDED = {
  declared: 'the declared last turn is over',
  'no-challenges': 'no Challenge is left to win',
  'turn-limit': 'the turn limit is reached',
};
// The pips of a die face on a 3x3 grid, cells numbered 1-9.
const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

/** The card set's faces, sent by the server (a table's first message). */
function setOf(msg) {
  return msg.cards || { kinds: {}, cards: {} };
}

function kindName(set, k) {
  return set.kinds[k] || k;
}

function challenge(set, id) {
  return set.cards[id] || { name: id.replace(/-/g, ' '), letters: '', points: null };
}

const points = (n) => (n === 1 ? '1 point' : `${n ?? '?'} points`);

/** One kind as a coloured chip: its letter, and its name unless `short`. */
function kindChip(set, k, { short = false, cls = '' } = {}) {
  return h('span', { class: `kind k-${k}${short ? ' short' : ''} ${cls}`, title: kindName(set, k) },
    h('b', { 'aria-hidden': short ? null : 'true', text: k }),
    short ? h('span', { class: 'visually-hidden', text: ` ${kindName(set, k)}` }) : h('span', { class: 'kname', text: kindName(set, k) }));
}

/** Counts per kind as chips: "2 × C Cooking" (kinds with none are left out). */
function counts(set, byKind, empty = 'none') {
  const shown = KINDS.filter((k) => byKind?.[k]);
  if (!shown.length) return h('span', { class: 'help', text: empty });
  return h('span', { class: 'chips' }, shown.map((k) =>
    h('span', { class: 'count' }, h('span', { class: 'times', text: `${byKind[k]}×` }), kindChip(set, k, { short: true }))));
}

/** A Challenge (or Event) card: points, name, requirement chips, badges; clickable if legal. */
function drawChallenge(msg, set, id, act, extra = {}) {
  const c = challenge(set, id);
  const letters = [...(c.letters || '')];
  const turned = msg.view.turned === id;
  const label = `${c.name}, ${c.event ? 'an Event matching' : 'requires'} ${letters.map((k) => kindName(set, k)).join(', ') || 'nothing'}, ${points(c.points)}${turned ? ', turned up this turn: +1' : ''}`;
  const entry = act ? legalMatching(msg, { kind: 'attempt', challenge: id }) : null;
  return playable('div', {
    class: `rmcard${c.event ? ' event' : ''}${turned ? ' turned' : ''} ${extra.class || ''}`,
    'aria-label': label,
    dataset: { challenge: id },
  }, entry, act,
  h('span', { class: 'points', title: points(c.points) }, h('b', { text: c.points ?? '?' }), h('small', { text: ' pts' })),
  h('span', { class: 'name', text: c.name }),
  h('span', { class: 'reqs' }, letters.map((k) => kindChip(set, k, { short: true }))),
  c.event ? h('span', { class: 'benefit', text: `Event: ${c.benefit_text || c.benefit}` }) : null,
  turned ? h('span', { class: 'badge turned', text: 'turned up this turn +1' }) : null);
}

function die(n) {
  const on = PIPS[n] || [];
  return h('span', { class: 'die', role: 'img', 'aria-label': String(n) },
    Array.from({ length: 9 }, (_, i) => h('span', { class: on.includes(i + 1) ? 'pip' : '' })));
}

/** The rolls of the last roll or contest event told: each with its modifier and total (the
 *  view's dice have neither). */
function rollsTold(msg) {
  const told = (msg.history || []).findLast((e) => e.kind === 'roll' || e.kind === 'contest');
  if (!told) return [];
  return told.kind === 'roll' ? [told] : told.rolls;
}

const signed = (n) => (n < 0 ? `−${-n}` : `+${n}`);

/** The last dice: each seat's two dice, and its modifier and total as the log told them. */
function dice(msg) {
  const rolls = msg.view.dice || [];
  if (!rolls.length) return null;
  const told = rollsTold(msg);
  return h('section', { class: 'panel dice-box', 'aria-labelledby': 'dice-title' },
    h('h2', { id: 'dice-title', text: 'Last dice' }),
    h('ul', { class: 'rolls' }, rolls.map((r) => {
      const t = told.find((x) => x.seat === r.seat && x.dice[0] === r.dice[0] && x.dice[1] === r.dice[1]);
      return h('li', {},
        h('span', { class: 'by', text: capital(who(msg, r.seat)) }), die(r.dice[0]), die(r.dice[1]),
        t ? h('span', { class: 'mod' }, h('span', { class: 'visually-hidden', text: 'modifier ' }), signed(t.modifier)) : null,
        t ? h('span', { class: 'sum' }, h('span', { 'aria-hidden': 'true', text: '= ' }), h('span', { class: 'visually-hidden', text: 'total ' }), t.total) : null);
    })));
}

// -- the parts of the board -------------------------------------------------------------------

function phaseLine(msg) {
  const v = msg.view;
  if (v.phase === 'over') return `The game is over${v.ended ? `: ${ENDED[v.ended] || v.ended}` : ''}.`;
  const actor = capital(who(msg, v.to_act[0] ?? v.current));
  const line = {
    turn: `${actor} to draw a Creative Reserves card or turn up a Challenge.`,
    pick: `${actor} may attempt a face-up Challenge, or pass.`,
    select: `${actor} to play cards to the attempt, then roll.`,
    event: `${actor} may play matching cards to the Event.`,
    declare: `${actor} may declare their next turn the last.`,
  }[v.phase];
  return line || `${actor} to act.`;
}

function attemptPanel(msg, set) {
  const v = msg.view;
  const a = v.attempt;
  const c = challenge(set, a.challenge);
  const s = v.current;
  const needed = Object.fromEntries(KINDS.map((k) => [k, [...(c.letters || '')].filter((x) => x === k).length]));
  const reqs = KINDS.filter((k) => needed[k]).map((k) => {
    const met = Math.min(needed[k], a.played[k] || 0);
    return h('li', { class: met === needed[k] ? 'met' : 'unmet' }, kindChip(set, k, { short: true }), ` ${met} of ${needed[k]} played`);
  });
  return h('section', { class: 'panel under-way', 'aria-labelledby': 'attempt-title' },
    h('h2', { id: 'attempt-title', text: `${capital(who(msg, s))} ${isYou(msg, s) ? 'attempt' : 'attempts'} a Challenge` }),
    h('div', { class: 'under-way-body' },
      drawChallenge(msg, set, a.challenge, null),
      h('div', {},
        h('p', {}, 'Played: ', counts(set, a.played, 'nothing yet')),
        reqs.length ? h('ul', { class: 'reqs-status' }, reqs) : null,
        oddsLine(a))));
}

/** The modifier, what makes it up and the chance of success, as the view gives them. */
function oddsLine(a) {
  return h('p', { class: 'odds' }, h('strong', { text: `Modifier ${signed(a.modifier)}` }),
    a.why_words ? ` (${a.why_words})` : null,
    `: a roll of ${a.least_roll} or more succeeds (${Math.round(a.chance * 100)}%).`);
}

function eventPanel(msg, set) {
  const v = msg.view;
  const e = v.event;
  const n = v.players;
  const first = e.turned_by;
  const done = v.event_next === null ? n : (v.event_next - first + n) % n;
  const rows = Array.from({ length: n }, (_, k) => (first + k) % n).map((s, k) => h('li', {},
    h('span', { class: 'by', text: `${capital(who(msg, s))}${s === first ? ' (+1)' : ''}` }),
    k < done ? counts(set, e.played[s], 'no card') : h('span', { class: 'help', text: s === v.event_next ? 'to play' : 'waiting' })));
  return h('section', { class: 'panel under-way', 'aria-labelledby': 'event-title' },
    h('h2', { id: 'event-title', text: `An Event, turned up by ${who(msg, first)}` }),
    h('div', { class: 'under-way-body' },
      drawChallenge(msg, set, e.card, null),
      h('div', {},
        h('p', { class: 'help', text: 'Each player from the one who turned it up plays matching cards; all roll 2d6 + cards played (+1 for that player); the highest takes the Event.' }),
        h('ol', { class: 'event-plays' }, rows))));
}

function hand(msg, set, act) {
  const v = msg.view;
  if (!v.hand) return null;
  const total = KINDS.reduce((t, k) => t + v.hand[k], 0);
  const choosing = msg.legal.some((e) => e.action.kind === 'play');
  const chips = KINDS.map((k) => {
    const entry = legalMatching(msg, { kind: 'play', card: k });
    return playable('div', {
      class: `hand-kind k-${k}${v.hand[k] ? '' : ' none'}`,
      'aria-label': `${v.hand[k]} ${kindName(set, k)}${choosing && !entry ? ': cannot be played now' : ''}`,
      dataset: { kind: k },
    }, entry, act, h('b', { class: 'letter', text: k }), h('span', { class: 'kname', text: kindName(set, k) }), h('span', { class: 'n', text: `× ${v.hand[k]}` }));
  });
  return h('section', { class: 'panel hand-box', 'aria-labelledby': 'hand-title' },
    h('h2', { id: 'hand-title', text: `${capital(whose(msg))} Creative Reserves (${total})` }),
    h('div', { class: `rm-hand${choosing ? ' choosing' : ''}` }, chips));
}

function seatPanel(msg, set, s) {
  const v = msg.view;
  const acting = v.to_act.includes(s);
  const pile = v.success[s];
  const known = KINDS.some((k) => v.known[s][k]) && s !== msg.seat;
  return h('section', { class: `seat${acting ? ' acting' : ''}${s === msg.seat ? ' me' : ''}`, 'aria-label': seatPanelLabel(msg, s) },
    h('h3', {}, seatLabel(msg, s), seatBadges(msg, s)),
    h('dl', { class: 'stats' },
      h('div', {}, h('dt', { text: 'Points' }), h('dd', { class: 'big', text: v.scores[s] })),
      h('div', {}, h('dt', { text: 'Cards' }), h('dd', { text: v.hand_sizes[s] }))),
    chipList([
      acting ? ['to act', 'acting'] : null,
      s === v.first_player ? 'first player' : null,
      s === v.declared ? 'declared the last turn' : null,
      v.bonus[s] ? `+${v.bonus[s]} to rolls` : null,
      v.waive[s] ? `${v.waive[s]} requirement${v.waive[s] === 1 ? '' : 's'} waived` : null]),
    known ? h('p', { class: 'known' }, 'Known cards: ', counts(set, v.known[s])) : null,
    h('details', { class: 'pile' },
      h('summary', {}, h('span', { class: 'visually-hidden', text: `${seatLabel(msg, s)}: ` }), `Success pile: ${pile.length}`),
      pile.length ? h('ul', {}, pile.map((id) => h('li', { text: `${challenge(set, id).name} (${challenge(set, id).points ?? '?'})` })))
        : h('p', { class: 'help', text: 'empty' })));
}

function decks(msg, set) {
  const v = msg.view;
  return h('p', { class: 'decks' },
    h('span', { text: `Challenge deck: ${v.challenge_deck}` }),
    h('span', { text: `Creative Reserves deck: ${v.reserve_deck}` }),
    h('span', {}, 'Creative Reserves discards: ', counts(set, v.reserve_discards)));
}

// -- the module's interface ----------------------------------------------------------------------

export function render(container, msg, act) {
  const v = msg.view;
  const set = setOf(msg);
  const lastTurn = v.declared !== null
    ? h('p', { class: 'banner', text: `The last turn is turn ${v.last_turn} (${who(msg, v.declared)} declared).` }) : null;
  const table = v.table.length
    ? h('div', { class: 'challenges' }, v.table.map((id) => drawChallenge(msg, set, id, act)))
    : h('p', { class: 'help', text: 'No Challenge face up.' });
  fill(container,
    h('p', { class: 'phase' }, h('strong', { text: `Turn ${v.turn}. ` }), phaseLine(msg)),
    lastTurn,
    v.attempt ? attemptPanel(msg, set) : null,
    v.event ? eventPanel(msg, set) : null,
    dice(msg),
    hand(msg, set, act),
    h('section', { class: 'panel', 'aria-labelledby': 'table-title' },
      h('h2', { id: 'table-title', text: `Face-up Challenges (${v.table.length})` }),
      decks(msg, set), table),
    h('div', { class: 'seats-grid' }, [...Array(v.players).keys()].map((s) => seatPanel(msg, set, s))),
  );
}

/** A seat's final view on the end screen: its hand and Success pile. */
export function revealed(view, msg, s) {
  const set = setOf(msg);
  const pile = view.success[s].map((id) => challenge(set, id).name);
  return h('div', {},
    h('p', {}, 'Hand: ', counts(set, view.hand, 'empty')),
    h('p', { text: `${points(view.scores[s])}: ${pile.length ? pile.join(', ') : 'no Challenge won'}.` }));
}
