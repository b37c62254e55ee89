// Renaissance Rivals on the web: the 4 x 4 market with the pawns, this turn's points, your
// hand, and every seat's Palette, Masterpieces in progress, completed ones and score.
import { h, fill, seatBadges, seatLabel, who, capital, legalMatching, playable } from '../dom.js';

const ROWS = ['Milan', 'Florence', 'Florence', 'Rome'];
const ENDED = {
  masterpieces: 'six Masterpieces, the major among them, are complete',
  'st-peters': "St. Peter's has been acquired",
  'solo-lost': 'column A is empty: the solo game is lost',
  'turn-limit': 'the turn limit is reached',
};

function setOf(msg) {
  return msg.cards || { cards: {}, skills: {}, artists: {} };
}

function face(set, id) {
  return set.cards[id] || { name: id, kind: 'commission' };
}

/** A card as a small block: name, and what its kind shows. */
function cardBody(set, id) {
  const c = face(set, id);
  if (c.kind === 'masterpiece') {
    return [
      h('span', { class: 'name', text: c.name }),
      h('span', { class: 'meta', text: `${c.skill} · ${c.city} · steps ${c.steps.join('-')} · ${c.vp} VP · ${c.influence}/${c.advancement}` }),
    ];
  }
  if (c.kind === 'start') {
    return [h('span', { class: 'name', text: c.name }), h('span', { class: 'meta', text: `start · ${c.influence}/${c.advancement}` })];
  }
  return [
    h('span', { class: 'name', text: c.name }),
    h('span', { class: 'meta', text: `L${c.level} ${c.skill} · cost ${c.cost} · ${c.influence}/${c.advancement} · arrow ${c.arrow}` }),
  ];
}

function names(set, ids) {
  return ids.length ? ids.map((id) => face(set, id).name).join(', ') : '—';
}

function market(msg, set, act) {
  const v = msg.view;
  const pawns = {};
  v.seats.forEach((p, s) => { (pawns[p.pawn] ||= []).push(s); });
  const rows = [0, 1, 2, 3].map((r) => h('tr', {},
    h('th', { scope: 'row', text: ROWS[r] }),
    [0, 1, 2, 3].map((c) => {
      const m = v.market[r * 4 + c];
      const here = (pawns[m.stack] || []).map((s) => h('span', { class: 'chip pawn', text: capital(who(msg, s)) }));
      const buttons = ['deck', 'palette'].map((to) => {
        const entry = act ? legalMatching(msg, { kind: 'acquire', stack: m.stack, to }) : null;
        return entry ? playable('span', { class: 'acquire' }, entry, act, h('span', { text: `→ ${to}` })) : null;
      });
      return h('td', { class: `stack level-${m.level}`, 'aria-label': `${m.stack}, level ${m.level}, ${m.count} cards` },
        h('span', { class: 'where', text: `${m.stack} (${m.count})` }), here,
        m.top ? h('div', { class: 'rrcard' }, cardBody(set, m.top)) : h('p', { class: 'help', text: 'empty' }),
        buttons);
    })));
  return h('section', { class: 'panel', 'aria-labelledby': 'market-title' },
    h('h2', { id: 'market-title', text: 'The market' }),
    v.red_piles ? h('p', { class: 'help', text: `Red piles (rows 1-4): ${v.red_piles.join(', ')}` }) : null,
    v.removed ? h('p', { class: 'help', text: `Removed from column A: ${v.removed.length}` }) : null,
    h('table', { class: 'rr-market' }, h('tbody', {}, rows)));
}

function hand(msg, set, act) {
  const me = msg.seat;
  if (me === null || me === undefined) return null;
  const v = msg.view;
  const mine = v.seats[me].hand || [];
  const used = new Set(v.this_turn.used);
  const cards = mine.map((id) => {
    const uses = ['influence', 'advancement', 'down'].map((as) => {
      const entry = act ? legalMatching(msg, { kind: 'use', card: id, as }) : null;
      return entry ? playable('span', { class: 'use' }, entry, act, h('span', { text: as })) : null;
    });
    const start = act ? legalMatching(msg, { kind: 'start', card: id }) : null;
    return h('div', { class: `rrcard${used.has(id) ? ' used' : ''}` }, cardBody(set, id), uses,
      start ? playable('span', { class: 'use' }, start, act, h('span', { text: 'start' })) : null);
  });
  return h('section', { class: 'panel', 'aria-labelledby': 'hand-title' },
    h('h2', { id: 'hand-title', text: `Your hand (${mine.length})` }), h('div', { class: 'rr-hand' }, cards));
}

function others(msg, act) {
  const shown = new Set(['acquire', 'use', 'start']);
  const rest = (msg.legal || []).filter((e) => !shown.has(e.action.kind));
  if (!act || !rest.length) return null;
  return h('section', { class: 'panel' }, h('h2', { text: 'Other actions' }),
    h('div', { class: 'rr-actions' }, rest.map((e) => playable('span', {}, e, act, h('span', { text: e.label })))));
}

function seatPanel(msg, set, s) {
  const v = msg.view;
  const p = v.seats[s];
  const work = Object.entries(p.in_progress).map(([city, w]) => `${face(set, w.card).name} in ${capital(city)} (${w.steps_done}/3)`);
  return h('section', { class: `seat${v.to_act.includes(s) ? ' acting' : ''}${s === msg.seat ? ' me' : ''}`, 'aria-label': seatLabel(msg, s) },
    h('h3', {}, seatLabel(msg, s), seatBadges(msg, s)),
    h('p', { text: `${set.artists[p.artist] || p.artist} · pawn ${p.pawn} · ${p.score} VP` }),
    h('p', { text: `Hand ${p.hand_size} · deck ${p.deck_size} · discards ${p.discards.length}` }),
    h('p', { text: `Mastery: ${p.mastery.join(' ') || '—'}; cross-linked: ${p.cross_linked.join(' ')}` }),
    h('p', { text: `In progress: ${work.join('; ') || '—'}` }),
    h('p', { text: `Completed: ${names(set, p.completed)}` }),
    h('p', { text: `Elevated: ${names(set, p.elevated)}` }));
}

export function render(container, msg, act) {
  const v = msg.view;
  const set = setOf(msg);
  const t = v.this_turn;
  const line = v.phase === 'over'
    ? `The game is over: ${ENDED[v.ended] || v.ended}.`
    : `${capital(who(msg, v.current))} to play: ${t.influence} Influence, ${t.advancement} Advancement, ${t.elevations} Elevation(s), ${t.bonus_moves} bonus move(s)${t.free_move ? ', free move available' : ''}.`;
  fill(container,
    h('p', { class: 'phase' }, h('strong', { text: `Round ${v.round}. ` }), line),
    market(msg, set, act),
    hand(msg, set, act),
    others(msg, act),
    h('div', { class: 'seats-grid' }, v.seats.map((_, s) => seatPanel(msg, set, s))));
}

/** A seat's final view on the end screen. */
export function revealed(view, msg, s) {
  const set = setOf(msg);
  const p = view.seats[s];
  return h('div', {},
    h('p', { text: `${p.score} VP: completed ${names(set, p.completed)}.` }),
    h('p', { text: `Palette: ${names(set, p.palette)}` }));
}
