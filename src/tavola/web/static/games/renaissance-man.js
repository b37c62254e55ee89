// Renaissance Man (2013) on the web: the Recruit board with its knights, every pyramid (level
// five on top, needs and offers on each card, face-down Renaissance Men as such), tokens, your
// hand, and the steps of your secret commitment (removals, action, card, choice, Ready).
import { h, fill, seatBadges, seatLabel, who, capital, legalMatching, playable } from '../dom.js';

const ICON = { coin: '$', book: 'B', bread: 'b', shield: 'S' };
const AREAS = ['coin', 'book', 'bread', 'shield'];
const SHORT = { merchant: 'Merchant', scholar: 'Scholar', baker: 'Baker', knight: 'Knight', renaissance: 'Renaissance Man' };
const ROWS = [[14], [12, 13], [9, 10, 11], [5, 6, 7, 8], [0, 1, 2, 3, 4]];
const ENDED = {
  master: 'a Master completes a pyramid',
  'round-limit': 'the round limit is reached',
  'deck-out': 'the deck had to be reshuffled: the one-player game is lost',
};

function slotName(p) {
  const level = p < 5 ? 1 : p < 9 ? 2 : p < 12 ? 3 : p < 14 ? 4 : 5;
  const first = [0, 5, 9, 12, 14][level - 1];
  return `${level}.${p - first + 1}`;
}

function face(msg, id) {
  return (msg.cards && msg.cards.cards && msg.cards.cards[id]) || null;
}

/** A card's text: type, offers above, needs below. */
function cardText(msg, id) {
  if (id === null || id === undefined) return '·';
  if (id === 'down') return 'Renaissance Man (face down)';
  if (id.startsWith('foundation-')) return `${SHORT[id.slice(11)]} (Foundation)`;
  const c = face(msg, id);
  if (!c) return id;
  if (!c.offers) return `${SHORT[c.type]} (wild)`;
  return `${SHORT[c.type]} offers ${c.offers.map((x) => ICON[x]).join('')} needs ${c.needs.map((x) => ICON[x]).join('')}`;
}

function board(msg, act) {
  const v = msg.view;
  const rows = AREAS.map((area, a) => h('tr', {},
    h('th', { scope: 'row', text: capital(area) }),
    h('td', { text: v.recruits[a] ? `${v.recruits[a]}: ${cardText(msg, v.recruits[a])}` : 'empty' }),
    h('td', { text: v.knights[a].map((k, s) => (k ? `${who(msg, s)} ${k}` : null)).filter(Boolean).join(', ') || '—' }),
    v.opposing ? h('td', { text: `opposing ${v.opposing[a]}` }) : null));
  return h('section', { class: 'panel', 'aria-labelledby': 'rm-board' },
    h('h2', { id: 'rm-board', text: 'The Recruit board' }),
    h('table', {}, h('tbody', {}, rows)),
    h('p', { class: 'help', text: `Deck ${v.deck} · discards ${v.discards} · supply ${Object.entries(v.supply).map(([k, n]) => `${k} ${n}`).join(', ')}` }));
}

function pyramid(msg, s, act) {
  const st = msg.view.structures[s];
  return h('div', { class: 'rm-pyramid' }, ROWS.map((row) => h('div', { class: 'rm-row' }, row.map((p) => {
    const label = `${slotName(p)}: ${cardText(msg, st[p])}`;
    const entry = act && s === msg.seat
      ? legalMatching(msg, { kind: 'place', slot: slotName(p) }) || legalMatching(msg, { kind: 'remove', slot: slotName(p) })
      : null;
    const cell = h('span', { class: `rm-slot${st[p] ? '' : ' empty'}`, text: label });
    return entry ? playable('span', {}, entry, act, cell) : cell;
  }))));
}

function seatPanel(msg, s, act) {
  const v = msg.view;
  const tokens = (list) => list.map((t) => t.face).join(' ') || '—';
  return h('section', { class: `seat${v.to_act.includes(s) ? ' acting' : ''}${s === msg.seat ? ' me' : ''}`, 'aria-label': seatLabel(msg, s) },
    h('h3', {}, seatLabel(msg, s), seatBadges(msg, s)),
    h('p', { text: `Hand ${v.hand_sizes[s]} · stored ${tokens(v.stored[s])} · Renaissance Man area ${tokens(v.rm_tokens[s])}` }),
    v.known[s].length ? h('p', { text: `Known in hand: ${v.known[s].join(', ')}` }) : null,
    pyramid(msg, s, act));
}

function hand(msg, act) {
  const v = msg.view;
  if (!v.hand) return null;
  const cards = v.hand.map((id) => {
    const entry = act ? legalMatching(msg, { kind: 'card', card: id }) || legalMatching(msg, { kind: 'discard', card: id }) : null;
    const body = h('span', { class: 'rm-card', text: `${id}: ${cardText(msg, id)}` });
    return entry ? playable('span', {}, entry, act, body) : body;
  });
  return h('section', { class: 'panel', 'aria-labelledby': 'rm-hand' },
    h('h2', { id: 'rm-hand', text: `Your hand (${v.hand.length})` }), h('div', { class: 'rm-hand' }, cards),
    v.mine && v.mine.length ? h('p', { class: 'help', text: `Chosen so far (secret): ${v.mine.map((m) => Object.values(m).join(' ')).join(' → ')}` }) : null);
}

function others(msg, act) {
  const shown = new Set(['card', 'discard', 'place', 'remove']);
  const rest = (msg.legal || []).filter((e) => !shown.has(e.action.kind));
  if (!act || !rest.length) return null;
  return h('section', { class: 'panel' }, h('h2', { text: 'Your choices' }),
    h('div', { class: 'rm-actions' }, rest.map((e) => playable('span', {}, e, act, h('span', { text: e.label })))));
}

export function render(container, msg, act) {
  const v = msg.view;
  const phase = v.phase === 'action' ? `Action ${v.level}` : capital(v.phase);
  const line = v.phase === 'over' ? `The game is over: ${ENDED[v.ended] || v.ended}.` : `${phase}.`;
  fill(container,
    h('p', { class: 'phase' }, h('strong', { text: `Round ${v.round}. ` }), line,
      v.recruit ? ` ${capital(who(msg, v.recruit.seat))} won ${v.recruit.card}: hand or structure.` : ''),
    board(msg, act),
    hand(msg, act),
    others(msg, act),
    h('div', { class: 'seats-grid' }, v.structures.map((_, s) => seatPanel(msg, s, act))));
}

/** A seat's final view on the end screen. */
export function revealed(view, msg, s) {
  const built = view.structures[s].filter((x) => x !== null).length;
  return h('p', { text: `${built} workers${view.winners && view.winners.includes(s) ? ', winner' : ''}.` });
}
