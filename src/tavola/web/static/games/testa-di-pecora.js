// Testa di Pecora on the web: the seats around the table, the trade, your hand, the seasons.
import {
  h, fill, seatBadges, icon, seatLabel, seatPanelLabel, who, whose, isYou, list, capital, legalMatching, playable, chipList,
} from '../dom.js';

// Suit emblems (24x24): a cross for the Church, a gondola on the lagoon for Venice, the lily
// of Florence, Vesuvius for Naples.
const EMBLEMS = [
  ['M10 2h4v6h6v4h-6v10h-4V12H4V8h6z'],
  ['M2 11q10 6 20-3v2q-10 10-20 3z', 'M20 5l2 3-2 1z', 'M2 18q2.5-2 5 0t5 0 5 0 5 0v2q-2.5-2-5 0t-5 0-5 0-5 0z'],
  ['M12 2c2.5 3 3 7 0 11-3-4-2.5-8 0-11z', 'M11 14C9 10 5 8 2 10c3 0 5 2 6 5z', 'M13 14c2-4 6-6 9-4-3 0-5 2-6 5z', 'M6 15h12v2H6z', 'M11 17h2v5h-2z'],
  ['M1 22L9 9h6l8 13z', 'M10 7c-1-2 1-3 0-5 2 1 4 2 3 5z'],
];

/** The deck's faces, sent by the server (a table's first message). */
function deckOf(msg) {
  return msg.cards || { suits: [], cards: {} };
}

/** A card's data; a card of an unknown deck gets its id as a name. */
function card(deck, id) {
  return deck.cards[id] || { name: id.replace(/-/g, ' '), suit: -1, ducats: null, influence: null };
}

function cardText(deck, id) {
  const c = card(deck, id);
  return c.ducats ? `${c.name} (${c.ducats} ducat${c.ducats === 1 ? '' : 's'})` : c.name;
}

/** A card drawn in CSS: emblem and suit, rank name, ducats in a coin. `extra`: players, class,
 *  entry and act (the legal action it plays), barred (a card of a hand that cannot play it). */
function drawCard(deck, id, extra = {}) {
  const c = card(deck, id);
  const suit = deck.suits[c.suit] || '';
  const of = ` of ${suit}`;
  const rank = suit && c.name.endsWith(of) ? c.name.slice(0, -of.length) : c.name;
  const partner = c.role && (extra.players === 5) === (c.role === 'abbot');
  const influence = c.influence ? `, influence ${c.influence}` : '';
  const label = `${c.name}, ${suit || 'unknown suit'}, ${c.ducats ?? '?'} ducats${influence}${partner ? ', a partner card' : ''}`;
  const parts = [
    h('span', { class: 'suit' }, EMBLEMS[c.suit] ? icon(EMBLEMS[c.suit], 'emblem') : null, h('span', { text: suit })),
    h('span', { class: `rank${rank.length > 8 ? ' longer' : rank.length > 6 ? ' long' : ''}`, text: rank }),
    partner ? h('span', { class: 'role', text: '✦ partner card' }) : null,
    h('span', { class: 'foot' },
      // a cleric's influence decides between clerics: on the card, not in a tooltip a touch screen never shows
      c.influence ? h('span', { class: 'influence', title: `influence ${c.influence}: of two clerics, the more wins` },
        h('span', { class: 'k', text: 'inf ' }), c.influence) : null,
      h('span', { class: `coin${c.ducats ? '' : ' none'}`, title: `${c.ducats ?? '?'} ducats` },
        h('span', { text: c.ducats ?? '?' }), h('span', { class: 'visually-hidden', text: ' ducats' }))),
  ];
  const said = extra.entry?.action?.kind === 'play' ? `Play ${label}` : label; // says what a click does
  const attrs = {
    class: `tcard suit-${c.suit} ${extra.class || ''}`,
    'aria-label': extra.barred ? `${label}: cannot be played now` : said,
    title: label,
    dataset: { card: id },
  };
  return playable('div', attrs, extra.entry, extra.act, parts);
}

function backs(n, label) {
  return h('div', { class: 'backs', role: 'img', 'aria-label': label },
    Array.from({ length: Math.min(n, 8) }, () => h('span', { class: 'back' })));
}

function roleCardName(deck, role) {
  const found = Object.values(deck.cards).find((c) => c.role === role);
  return `the ${found ? found.name : capital(role)}`;
}

// -- the parts of the board --------------------------------------------------------------------

function phaseLine(msg) {
  const v = msg.view;
  const actor = v.to_act.length ? who(msg, v.to_act[0]) : '';
  if (v.phase === 'claim') return `The Inheritance is offered to ${actor}: claim it or pass.`;
  if (v.phase === 'save') {
    const left = 2 - v.savings.count;
    const cards = left === 1 ? '1 more card' : `${left} cards`;
    return actor === 'you' ? `You are the Heir: save ${cards} face down.` : `The Heir (${actor}) saves ${cards} face down.`;
  }
  if (v.phase === 'play') {
    const days = v.trades.length + Math.max(...v.hand_sizes);
    return `Trading day ${v.trades.length + 1} of ${days}: ${actor} to play.`;
  }
  return 'The game is over.';
}

function notes(msg, deck, s) {
  const v = msg.view;
  const out = [];
  if (s === v.dealer && v.phase !== 'over') out.push('dealer');
  if (v.phase === 'claim' && v.inheritance.passed.includes(s)) out.push('passed');
  const pope = roleCardName(deck, 'pope').slice(4);
  if (s === v.inheritance.heir) out.push('Heir');
  else if (v.coalition.members.includes(s)) out.push(v.players === 5 ? 'Heir’s partner' : `${pope}’s side`);
  else if (v.coalition.opponents.includes(s)) out.push(`against the ${v.players === 5 ? 'Heir' : pope}`);
  return out;
}

function seatPanel(msg, deck, s, pos) {
  const v = msg.view;
  const acting = v.to_act.includes(s);
  return h('section', {
    class: `seat pos-${pos}${acting ? ' acting' : ''}${s === msg.seat ? ' me' : ''}`,
    'aria-label': seatPanelLabel(msg, s),
  },
  h('h3', {}, seatLabel(msg, s), seatBadges(msg, s)),
  h('dl', { class: 'stats' },
    h('div', {}, h('dt', { text: 'Renown' }), h('dd', { class: 'big', text: v.renown[s] })),
    h('div', {}, h('dt', { text: 'Cards' }), h('dd', { text: v.hand_sizes[s] })),
    h('div', {}, h('dt', { text: 'Ducats' }), h('dd', { text: v.ducats_won[s] }))),
  chipList([acting ? ['to act', 'acting'] : null, ...notes(msg, deck, s)]));
}

function centre(msg, deck) {
  const v = msg.view;
  const parts = [];
  if (v.phase === 'play' || (v.phase === 'over' && v.trade.cards.length)) {
    const trade = v.trade;
    parts.push(h('h3', { text: trade.cards.length ? `A trade in ${trade.suit === deck.suits[0] ? `the ${trade.suit}` : trade.suit}` : `${capital(who(msg, trade.leader))} to lead` })); // the trumps: "the Church"
    parts.push(h('ol', { class: 'trick' }, trade.cards.map(([s, id]) =>
      h('li', {}, drawCard(deck, id, { players: v.players }), h('span', { class: 'by', text: who(msg, s) })))));
  }
  if (v.players === 5 && v.phase !== 'over' && v.phase !== 'play') parts.push(inheritance(msg));
  const lastTrade = v.trades.at(-1);
  if (lastTrade && v.phase !== 'over') {
    const [, winning] = lastTrade.cards.find(([s]) => s === lastTrade.winner);
    parts.push(h('p', { class: 'last-trade' },
      `Last trade: ${who(msg, lastTrade.winner)} won with ${card(deck, winning).name}, ${lastTrade.ducats} ducats.`));
  }
  if (v.phase === 'over') parts.push(h('p', { class: 'big', text: 'The game is over.' }));
  return h('div', { class: 'centre' }, parts);
}

function inheritance(msg) {
  const v = msg.view;
  const inh = v.inheritance;
  if (inh.heir === null) {
    const passed = inh.passed.length ? list(inh.passed.map((s) => who(msg, s))) : 'nobody yet';
    return h('div', { class: 'inheritance' }, h('h3', { text: 'The Inheritance' }),
      backs(inh.face_down, `${inh.face_down} cards face down`),
      h('p', { text: `${inh.face_down} cards face down. Passed: ${passed}.` }));
  }
  return h('div', { class: 'inheritance' }, h('h3', { text: 'The Inheritance' }),
    backs(v.savings.count, `${v.savings.count} cards saved`),
    h('p', { text: `Claimed by ${who(msg, inh.heir)}, the Heir; ${v.savings.count} of 2 cards saved face down.` }));
}

/** The seat's role, as the view tells it to that seat (in a replay of another's seat, quoted). */
function roleLine(msg, deck) {
  const v = msg.view;
  const [abbot, pope, mendicant] = ['abbot', 'pope', 'mendicant'].map((r) => roleCardName(deck, r));
  const alone = v.coalition.complete && v.coalition.alone; // once known, there is no partner to find
  const line = {
    heir: `You are the Heir: your partner holds ${abbot}.`,
    'heir (alone)': `You are the Heir and hold ${abbot} yourself: you play alone.`,
    partner: `You hold ${abbot}: you are the Heir’s secret partner until you play it.`,
    pope: `You hold ${pope}: your partner holds ${mendicant}.`,
    mendicant: `You hold ${mendicant}: your partner holds ${pope}.`,
    'pope and mendicant (alone)': `You hold ${pope} and ${mendicant}: you play alone.`,
    opponent: v.players === 5 ? `You play against the Heir${alone ? ', who plays alone' : ' and partner'}.`
      : `You play against ${alone ? `the holder of both ${pope} and ${mendicant}, who plays alone` : `the holders of ${pope} and ${mendicant}`}.`,
  }[v.role] || '';
  return isYou(msg, msg.seat) || !line ? line : `${seatLabel(msg, msg.seat)} is told: “${line}”`;
}

function sides(msg, deck) {
  const v = msg.view;
  if (v.phase === 'over' || v.phase === 'claim') return null;
  const c = v.coalition;
  const names = (seats) => list(seats.map((s) => who(msg, s)));
  const side = v.players === 5 ? 'The Heir’s side' : `${capital(roleCardName(deck, 'pope'))}’s side`;
  const midSide = `${side.charAt(0).toLowerCase()}${side.slice(1)}`; // within a sentence
  const lines = [];
  if (v.role) lines.push(h('p', { class: 'role-line', text: roleLine(msg, deck) }));
  if (c.complete) {
    lines.push(h('p', { text: `Sides: ${names(c.members)}${c.alone ? ' alone' : ''} against ${names(c.opponents)}.` }));
    const ours = c.members.reduce((t, s) => t + v.ducats_won[s], 0);
    const theirs = c.opponents.reduce((t, s) => t + v.ducats_won[s], 0);
    const saved = v.savings.cards;
    const savings = saved ? saved.reduce((t, id) => t + (card(deck, id).ducats || 0), 0) : 0;
    const total = Object.values(deck.cards).reduce((t, x) => t + x.ducats, 0);
    const note = saved ? ` (with ${whose(msg)} savings, ${savings})` : v.players === 5 ? ' + the savings' : '';
    lines.push(h('p', { text: `Ducats this season: ${midSide} ${ours + savings}${note}, against it ${theirs}${total ? `; more than ${total / 2} of ${total} win` : ''}.` }));
  } else {
    const unknown = [...Array(v.players).keys()].filter((s) => !c.members.includes(s) && !c.opponents.includes(s));
    // a sentence for each part known: a spectator, or a seat against the side, knows no member
    const known = [
      c.members.length ? `${side}: ${names(c.members)}.` : '',
      c.opponents.length ? `Against ${c.members.length ? 'it' : midSide}: ${names(c.opponents)}.` : '',
    ];
    lines.push(h('p', { text: [...known, unknown.length ? `Sides not known yet: ${names(unknown)}.` : ''].filter(Boolean).join(' ') }));
  }
  return h('section', { class: 'panel sides', 'aria-label': 'Sides this season' }, lines);
}

/** Why some cards of the hand cannot be played now, from the legal actions: when every card
 *  they allow is of the suit the trade began with, the player must follow it. */
function barredWhy(msg, deck) {
  const trade = msg.view.trade;
  const allowed = msg.legal.filter((e) => e.action.card).map((e) => deck.suits[card(deck, e.action.card).suit]);
  const follow = trade?.cards.length && allowed.every((suit) => suit === trade.suit);
  return `${follow ? `You must follow ${trade.suit}: ` : ''}only the outlined cards can be played now.`;
}

function hand(msg, deck, act) {
  const v = msg.view;
  if (v.hand === null || v.phase === 'over') return null;
  const choosing = msg.legal.some((e) => e.action.card);
  const entries = v.hand.map((id) => legalMatching(msg, { card: id }));
  const barred = choosing && entries.includes(null);
  const cards = v.hand.map((id, i) => drawCard(deck, id, { entry: entries[i], act, players: v.players, barred: choosing && !entries[i] }));
  const saved = v.savings.cards;
  return h('section', { class: 'panel hand-box', 'aria-labelledby': 'hand-title' },
    h('h2', { id: 'hand-title', text: `${capital(whose(msg))} hand (${v.hand.length})` }),
    barred ? h('p', { class: 'barred', text: capital(barredWhy(msg, deck)) }) : null,
    h('div', { class: `hand${choosing ? ' choosing' : ''}` },
      cards.length ? cards : h('p', { class: 'help', text: 'No cards.' })),
    saved && saved.length ? h('div', {}, h('h3', { text: `${capital(whose(msg))} savings (face down, ${isYou(msg, msg.seat) ? 'yours' : 'theirs'} at the end of the season)` }),
      h('div', { class: 'hand small' }, saved.map((id) => drawCard(deck, id, { players: v.players })))) : null);
}

function seasons(msg, deck) {
  const v = msg.view;
  if (!v.seasons_done.length && !v.passouts.length) return null;
  const seats = [...Array(v.players).keys()];
  const rows = v.seasons_done.map((s) => h('tr', {},
    h('th', { scope: 'row', text: s.season }),
    h('td', { text: `${capital(list(s.side.map((x) => who(msg, x))))} (${s.heir !== null ? 'the Heir' : roleCardName(deck, 'pope')}’s side${s.alone ? ', alone' : ''})` }),
    h('td', { text: `${s.side_won ? 'won' : 'lost'} ${s.ducats[0]}–${s.ducats[1]}` }),
    seats.map((x) => h('td', { class: 'num', text: s.renown_change[x] > 0 ? `+${s.renown_change[x]}` : s.renown_change[x] }))));
  return h('section', { class: 'panel seasons' },
    h('h2', { text: 'Seasons' }),
    v.seasons_done.length ? h('div', { class: 'scroll-x' }, h('table', {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Season' }), h('th', { scope: 'col', text: 'Side' }),
        h('th', { scope: 'col', text: 'Ducats' }), seats.map((x) => h('th', { scope: 'col', class: 'num', text: isYou(msg, x) ? 'You' : `Seat ${x}` })))),
      h('tbody', {}, rows))) : null,
    v.passouts.map((p) => h('p', { class: 'help', text: `Season ${p.season}: everyone passed; ${list(p.punished.map((x) => who(msg, x)))} lost 1 renown.` })));
}

// -- the module's interface ----------------------------------------------------------------------

export function render(container, msg, act) {
  const v = msg.view;
  const deck = deckOf(msg);
  const me = msg.seat ?? 0;
  const seats = [...Array(v.players).keys()].map((s) => seatPanel(msg, deck, s, `${v.players}-${(s - me + v.players) % v.players}`));
  fill(container,
    h('p', { class: 'phase' }, h('strong', { text: `Season ${v.season} of ${v.seasons}. ` }), phaseLine(msg)),
    h('div', { class: `ring ring-${v.players}` }, centre(msg, deck), seats),
    hand(msg, deck, act),
    sides(msg, deck),
    seasons(msg, deck),
  );
}

/** A seat's final view on the end screen: its renown and ducats season by season. */
export function revealed(view, msg, s) {
  const done = view.seasons_done.map((x) => `season ${x.season}: ${x.ducats_won[s]} ducats, ${x.renown_change[s] > 0 ? '+' : ''}${x.renown_change[s]} renown`);
  const left = view.hand?.length ? `Cards left: ${view.hand.map((id) => cardText(deckOf(msg), id)).join(', ')}.` : 'No cards left in hand.';
  return h('div', {}, h('p', { text: `Renown ${view.renown[s]}. ${left}` }), done.length ? h('p', { class: 'help', text: capital(done.join('; ')) + '.' }) : null);
}
