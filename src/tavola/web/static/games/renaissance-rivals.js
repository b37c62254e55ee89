// Renaissance Rivals on the web: the 4 x 4 market of Commission stacks with every pawn, this
// turn's points, your hand as cards with their uses, and every seat's Palette, City slots
// (Masterpieces in progress), completed Masterpieces and score. Its look is in
// renaissance-rivals.css, which the page links in its head; cards, badges and arrows are drawn in CSS and inline SVG.
import {
  h, fill, icon, seatBadges, seatLabel, seatPanelLabel, who, whose, isYou, capital, list, legalMatching, playable, chipList,
} from '../dom.js';

const CITIES = ['milan', 'florence', 'rome'];
const ROW_CITY = ['Milan', 'Florence', 'Florence', 'Rome'];
const COLS = 'ABCD';
const PILE_LEVEL = [4, 3, 2, 1]; // the Red pile beside each row holds cards of this level
const ENDED = {
  masterpieces: 'six Masterpieces, the major among them, are complete',
  'st-peters': "St. Peter's has been acquired",
  'solo-lost': 'column A is empty: the solo game is lost',
  'turn-limit': 'the turn limit is reached',
};
const SKILL_NAMES = {
  ANAT: 'Anatomy', ANTIQ: 'Antiquities', GOLD: 'Goldsmithing', PERSP: 'Perspective', PORT: 'Portraiture',
  LAND: 'Landscape', SCULP: 'Sculpture', ARCH: 'Architecture', BRONZ: 'Bronze-casting', COLOR: 'Colorito',
  ENGIN: 'Military Engineering',
};
const SKILL_LEVEL = { ANAT: 1, ANTIQ: 1, GOLD: 1, PERSP: 1, PORT: 1, LAND: 2, SCULP: 2, ARCH: 3, BRONZ: 3, COLOR: 3, ENGIN: 4 };

// Skill emblems (24x24, drawn even-odd so inner shapes are holes).
const SKILL_ICONS = {
  // a figure with outstretched arms
  ANAT: ['M12 1.5a2.6 2.6 0 1 1 0 5.2 2.6 2.6 0 1 1 0-5.2z', 'M3 8h18v2.2h-6.3V14l2.8 8h-2.4L12 16.3 8.9 22H6.5l2.8-8v-3.8H3z'],
  // an amphora
  ANTIQ: ['M8.5 2h7v1.8h-1.4v2.4c3 1.2 4.9 4 4.9 7.6 0 4.3-3 8.2-7 8.2s-7-3.9-7-8.2c0-3.6 1.9-6.4 4.9-7.6V3.8H8.5z', 'M8 12h8v1.6H8z'],
  // a cut gem
  GOLD: ['M6 3h12l4.5 6L12 21.5 1.5 9z', 'M8 5.2 5.3 8.6h3.6L10.6 5.2zM13.4 5.2l1.7 3.4h3.6L16 5.2z'],
  // lines running to a vanishing point
  PERSP: ['M2 2.5 12 11 22 2.5v3L14.4 12l7.6 6.5v3L12 13 2 21.5v-3L9.6 12 2 5.5z'],
  // a framed head and shoulders
  PORT: ['M3 1.5h18v21H3zM5.2 3.7v16.6h13.6V3.7z', 'M12 6a3.2 3.2 0 1 1 0 6.4A3.2 3.2 0 1 1 12 6zM6.8 19.4c.3-3.9 2.5-5.8 5.2-5.8s4.9 1.9 5.2 5.8z'],
  // hills under the sun
  LAND: ['M1 21 8 10.5l4.6 5.6 3.2-4.1L23 21z', 'M18.5 2.5a3 3 0 1 1 0 6 3 3 0 1 1 0-6z'],
  // a bust on its plinth
  SCULP: ['M12 1.5a4 4 0 1 1 0 8 4 4 0 1 1 0-8z', 'M5.5 17c.3-3.8 3.2-6.2 6.5-6.2s6.2 2.4 6.5 6.2z', 'M4.5 18.3h15v3.9h-15z'],
  // a domed church
  ARCH: ['M11 1.5h2v2.2c4.2.6 7.3 4 7.3 8.8H3.7c0-4.8 3.1-8.2 7.3-8.8z', 'M2.5 13.6h19v1.8h-19zM4.5 16.4h2.3V21H4.5zM10.85 16.4h2.3V21h-2.3zM17.2 16.4h2.3V21h-2.3zM2.5 21h19v1.5h-19z'],
  // a cast bell
  BRONZ: ['M12 1.5a1.6 1.6 0 0 1 1.6 1.6v.8c3.2.9 4.9 3.9 4.9 7.9v3.7l2.3 3.5H3.2l2.3-3.5v-3.7c0-4 1.7-7 4.9-7.9v-.8A1.6 1.6 0 0 1 12 1.5z', 'M9.6 20h4.8a2.4 2.4 0 0 1-4.8 0z'],
  // a painter's palette
  COLOR: ['M12 2C6.2 2 1.8 6.1 1.8 11.4c0 5.3 4.1 9.6 9.4 9.6 1.6 0 2.4-.9 2.4-2.1 0-1.3-1.1-1.7-1.1-2.8 0-1.1.9-1.7 2-1.7h3.3c2.7 0 4.4-2 4.4-4.7C22.2 5.1 17.6 2 12 2zM6.5 9.2a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 1 0 0-3.4zM9.8 4.9a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 1 0 0-3.4zM14.8 4.9a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 1 0 0-3.4zM18 8.9a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 1 0 0-3.4z'],
  // a cannon on its wheel
  ENGIN: ['M2.5 9.6 17.8 4.3l1.6 4.6L4.1 14.2z', 'M19.4 4.4h2.4v4.2h-2.4z', 'M9 11.5a5 5 0 1 1 0 10 5 5 0 1 1 0-10zm0 3a2 2 0 1 0 0 4 2 2 0 1 0 0-4z'],
};
// Arrows (24x24): a straight one pointing right, a broken one going up then right; CSS turns
// and mirrors them for the other directions.
const STRAIGHT = 'M2.5 9.8h11.3V5l7.7 7-7.7 7v-4.8H2.5z';
const BROKEN = 'M4 22V6.5h10.5V2.5l7 6-7 6v-4H8.3V22z';
const ARROW_WORDS = {
  U: 'up', D: 'down', L: 'left', R: 'right', UL: 'up and left', UR: 'up and right', DL: 'down and left', DR: 'down and right',
};
const DIR_ARROW = { up: 'U', down: 'D', left: 'L', right: 'R' };
const CITY_ICON = ['M3 21V9l3-2 3 2v12z', 'M10 21V5l2-3 2 3v16z', 'M15 21v-8h6v8z']; // towers

/** The card set, with the VP this game scores a card at where it differs from the card's
 *  face (the solo game's St. Peter's: the view's card_vp). */
function setOf(msg) {
  const c = msg.cards || {};
  const cards = { ...(c.cards || {}) };
  Object.entries(msg.view?.card_vp || {}).forEach(([id, vp]) => { if (cards[id]) cards[id] = { ...cards[id], vp }; });
  return { cards, skills: c.skills || {}, artists: c.artists || {} };
}

function face(set, id) {
  return set.cards[id] || { name: id, kind: 'commission' };
}

function skillName(set, k) {
  return set.skills[k] || SKILL_NAMES[k] || k;
}

function artistName(set, id) {
  return set.artists[id] || capital(String(id));
}

/** "Anatomical Studies for the Chigi" as its subject and its patron. */
function splitName(name) {
  const at = name.indexOf(' for the ');
  return at > 0 ? [name.slice(0, at), name.slice(at + 1)] : [name, ''];
}

const VOWEL = /[aeiouyàèéìòù]/i;
const PAIRS = new Set(['ch', 'ck', 'gh', 'ph', 'sh', 'th', 'gn', 'qu']);

/** Soft hyphens in long words (V-CV and VC-CV breaks), so a narrow card breaks "Annun-ciation"
 * rather than "Annunciati-on". Only for the drawn text: the card's label says the name whole. */
function hyphenate(text) {
  return text.split(' ').map((w) => {
    if (w.length < 9) return w;
    let out = w.slice(0, 4);
    for (let i = 4; i < w.length; i += 1) {
      const [a, b, c] = [w[i - 1], w[i], w[i + 1] || ''];
      const room = i >= 4 && w.length - i >= 3;
      const vcv = VOWEL.test(a) && !VOWEL.test(b) && VOWEL.test(c);
      const vccv = !VOWEL.test(a) && !VOWEL.test(b) && VOWEL.test(c) && VOWEL.test(w[i - 2] || '') && !PAIRS.has((a + b).toLowerCase());
      if (room && (vcv || vccv) && /[a-z]/i.test(b)) out += '\u00ad';
      out += w[i];
    }
    return out;
  }).join(' ');
}

function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

// -- small drawn pieces -------------------------------------------------------------------------

/** A skill badge: its emblem and abbreviation (rectangular for level 1, oval above). */
function skillBadge(set, k, extra = '') {
  const level = SKILL_LEVEL[k] || 1;
  return h('span', { class: `rr-skill sk-${k} lv${level}${extra ? ` ${extra}` : ''}`, title: skillName(set, k) },
    SKILL_ICONS[k] ? icon(SKILL_ICONS[k], 'rr-icon') : null,
    h('span', { class: 'abbr', 'aria-hidden': 'true', text: k }),
    h('span', { class: 'visually-hidden', text: skillName(set, k) }));
}

function arrowIcon(arrow) {
  const broken = arrow.length === 2;
  return h('span', { class: `rr-arrow ${broken ? 'broken' : 'straight'} to-${arrow}`, title: `arrow: ${ARROW_WORDS[arrow] || arrow}` },
    icon(broken ? BROKEN : STRAIGHT, 'rr-icon'));
}

function arrowWords(arrow) {
  const words = ARROW_WORDS[arrow] || arrow;
  return arrow.length === 2 ? `broken arrow ${words}, two spaces` : `arrow ${words}, one space`;
}

/** A point token: Influence (a gold coin) or Advancement (a blue square), with its number. */
function token(kind, n, words = false) {
  const name = kind === 'inf' ? 'Influence' : 'Advancement';
  return h('span', { class: `rr-token ${kind}`, title: `${n} ${name}` },
    h('b', { text: n }), words ? h('span', { class: 'word', text: name }) : h('span', { class: 'visually-hidden', text: ` ${name}` }));
}

function gives(c) {
  return h('span', { class: 'rr-gives' }, token('inf', c.influence), h('span', { class: 'or', text: 'or' }), token('adv', c.advancement));
}

/** A seat's pawn: its number on a disc, and "you" or its artist; named as a whole. */
function pawn(msg, s, where = '') {
  const v = msg.view;
  const artist = artistName(setOf(msg), v.seats[s].artist);
  const mine = isYou(msg, s);
  const label = `${capital(who(msg, s))}: ${artist}${where}`;
  return h('span', { class: `rr-pawn seat-${s}${mine ? ' mine' : ''}`, role: 'img', 'aria-label': label, title: label },
    h('span', { class: 'dot', text: s }),
    h('span', { class: 'who', text: mine ? 'you' : capital(String(v.seats[s].artist)) }));
}

// -- the card faces ----------------------------------------------------------------------------

/** What a card is, said in words (a card's aria-label). */
function cardWords(set, id) {
  const c = face(set, id);
  if (c.kind === 'masterpiece') {
    return `Masterpiece ${c.name}${c.date ? ` (${c.date})` : ''} by ${artistName(set, c.artist)}: ${skillName(set, c.skill)}, in ${c.city}, steps of ${c.steps.join(', ')} Advancement, ${c.vp} VP${c.vp === 8 ? ' (the major)' : ''}; in hand gives ${c.influence} Influence or ${c.advancement} Advancement`;
  }
  if (c.kind === 'start') return `Starting Commission ${c.name}: gives ${c.influence} Influence or ${c.advancement} Advancement`;
  return `${c.name}${c.red ? ' (Red deck)' : ''}: level ${c.level} ${skillName(set, c.skill)}, costs ${c.cost} Influence, gives ${c.influence} Influence or ${c.advancement} Advancement, ${arrowWords(c.arrow)}, worth ${c.vp} VP`;
}

/** A card drawn as a card: a role="img" block named by its words. */
function drawCard(set, id, extra = '') {
  const c = face(set, id);
  const label = cardWords(set, id);
  const attrs = { class: `rrcard ${c.kind}${extra ? ` ${extra}` : ''}`, role: 'img', 'aria-label': label, title: label, dataset: { card: id } };
  if (c.kind === 'masterpiece') {
    return h('div', { ...attrs, class: `${attrs.class}${c.vp === 8 ? ' major' : ''}` },
      h('span', { class: 'top' }, skillBadge(set, c.skill), h('span', { class: 'vp', text: `${c.vp} VP` })),
      h('span', { class: 'name', text: c.name }),
      h('span', { class: 'sub', text: `Masterpiece · ${c.city}${c.date ? ` · ${c.date}` : ''}${c.vp === 8 ? ' · ★ major' : ''}` }),
      h('span', { class: 'mp-steps' }, h('small', { text: 'Steps' }),
        h('span', { class: 'rr-steps' }, c.steps.map((n) => h('span', { class: 'step', text: n })))),
      h('span', { class: 'bottom' }, gives(c)));
  }
  if (c.kind === 'start') {
    return h('div', attrs,
      h('span', { class: 'top' }, h('span', { class: 'lvl', text: 'L0' }), h('span', { class: 'tag', text: 'start' })),
      h('span', { class: 'name', text: c.name }),
      h('span', { class: 'sub', text: 'Starting Commission' }),
      h('span', { class: 'bottom' }, gives(c)));
  }
  const [subject, patron] = splitName(c.name);
  return h('div', { ...attrs, class: `${attrs.class} level-${c.level}${c.red ? ' red' : ''}` },
    h('span', { class: 'top' },
      h('span', { class: 'lvl', text: `L${c.level}` }),
      skillBadge(set, c.skill),
      h('span', { class: 'cost', title: `costs ${c.cost} Influence` }, h('b', { text: c.cost }), h('small', { text: 'cost' }))),
    h('span', { class: 'name', text: hyphenate(subject) }),
    patron ? h('span', { class: 'sub', text: hyphenate(patron) }) : null,
    h('span', { class: 'bottom' }, gives(c), c.vp !== c.level ? h('span', { class: 'vp', text: `${c.vp} VP` }) : null, arrowIcon(c.arrow)));
}

// -- the status strip --------------------------------------------------------------------------

function status(msg) {
  const v = msg.view;
  const t = v.this_turn;
  const round = h('span', { class: 'round' }, h('strong', { text: `Round ${v.round}` }),
    h('span', { text: v.solo ? ` · turn ${v.turn}` : ` · turn ${v.turn} · limit ${v.turn_limit} rounds` }));
  if (v.phase === 'over') {
    return h('div', { class: 'rr-status over', role: 'status' }, round,
      h('span', { class: 'ended', text: `The game is over: ${ENDED[v.ended] || v.ended}.` }));
  }
  const mine = isYou(msg, v.current);
  const player = who(msg, v.current); // 'you', or 'the bot in your seat' while one plays it
  const stat = (cls, n, word) => h('span', { class: `rr-stat ${cls}${n ? '' : ' zero'}` }, h('b', { text: n }), h('span', { text: ` ${word}` }));
  return h('div', { class: 'rr-status', role: 'group', 'aria-label': 'This turn' },
    round,
    h('span', { class: `to-play${mine ? ' mine' : ''}` }, h('span', { 'aria-hidden': 'true' }, pawn(msg, v.current)), // the words say whose
      h('span', { text: player === 'you' ? 'Your turn' : `${capital(player)} to play` })),
    h('span', { class: 'pool' },
      token('inf', t.influence, true),
      token('adv', t.advancement, true),
      t.elevations === null ? null : stat('elev', t.elevations, t.elevations === 1 ? 'Elevation' : 'Elevations'), // the hand's secret
      stat('moves', t.bonus_moves, t.bonus_moves === 1 ? 'bonus move' : 'bonus moves'),
      t.free_move ? h('span', { class: 'rr-stat free', text: 'free move available' }) : null,
      t.free_move && mine ? h('span', { class: 'rr-stat', text: 'Taking it ends acquiring, starting and advancing this turn.' }) : null, // [D10]
      t.free_move_taken ? h('span', { class: 'rr-stat zero', text: 'free move taken' }) : null));
}

/** The solo game's goal, said while it is played (the table of more seats needs none). */
function soloGoal(v) {
  if (!v.solo || v.phase === 'over') return null;
  return h('p', { class: 'help rr-goal' }, h('strong', { text: 'Solo: ' }),
    'complete six Masterpieces, your major among them, before column A runs out. The top card of column A (from A1 down) is removed at the end of each turn, and each card removed costs a VP.');
}

// -- the market --------------------------------------------------------------------------------

function square(name) {
  return [Number(name[1]) - 1, COLS.indexOf(name[0])];
}

/** The stack the solo game removes a card from next: the first non-empty one of column A. */
function nextRemoval(v) {
  if (!v.solo || v.phase === 'over') return null;
  for (let r = 0; r < 4; r += 1) if (v.market[r * 4].count) return v.market[r * 4].stack;
  return null;
}

function stackCell(msg, set, act, m, pawns, reach, removal) {
  const v = msg.view;
  const [r] = square(m.stack);
  const here = pawns[m.stack] || [];
  const buys = ['deck', 'palette'].map((to) => [to, act ? legalMatching(msg, { kind: 'acquire', stack: m.stack, to }) : null]);
  const buyable = buys.some(([, e]) => e);
  const words = [`Stack ${m.stack}, ${ROW_CITY[r]}, level ${m.level}, ${plural(m.count, 'card')}`];
  if (here.length) words.push(`pawns: ${list(here.map((s) => who(msg, s)))}`);
  if (reach) words.push(`within ${whose(msg)} reach`);
  if (removal === m.stack) words.push('the solo game removes its top card next');
  const cls = ['rr-stack', `level-${m.level}`, m.top ? '' : 'empty', reach ? 'reach' : '', buyable ? 'buyable' : '',
    here.includes(msg.seat) ? 'here' : ''].filter(Boolean).join(' ');
  return h('div', { class: cls, role: 'group', 'aria-label': words.join('; '), dataset: { stack: m.stack } },
    h('span', { class: 'head' },
      h('span', { class: 'where', text: m.stack }),
      h('span', { class: 'count', title: `${plural(m.count, 'card')} in the stack`, text: `×${m.count}` })),
    here.length ? h('span', { class: 'pawns' }, here.map((s) => pawn(msg, s, ` on ${m.stack}`))) : null,
    m.top ? h('div', { class: `pile${m.count > 2 ? ' deep' : m.count > 1 ? ' two' : ''}` }, drawCard(set, m.top))
      : h('div', { class: 'rr-empty', text: 'empty' }),
    removal === m.stack ? h('span', { class: 'removal', text: 'removed next' }) : null,
    buyable ? h('span', { class: 'buy' }, buys.map(([to, e]) => (e
      ? playable('span', { class: `rr-buy to-${to}`, 'aria-label': `${e.label}: ${face(set, m.top).name}` }, e, act, h('span', { class: 'arrowhead', 'aria-hidden': 'true', text: '+' }), h('span', { text: capital(to) }))
      : null))) : null);
}

function market(msg, set, act) {
  const v = msg.view;
  const pawns = {};
  v.seats.forEach((p, s) => { (pawns[p.pawn] ||= []).push(s); });
  const me = msg.seat !== null && msg.seat !== undefined && v.seats[msg.seat] ? square(v.seats[msg.seat].pawn) : null;
  const removal = nextRemoval(v);
  const red = Array.isArray(v.red_piles);
  const cells = [h('span', { class: 'corner', 'aria-hidden': 'true' })];
  COLS.split('').forEach((c) => cells.push(h('span', { class: 'col-head', 'aria-hidden': 'true', text: c })));
  if (red) cells.push(h('span', { class: 'col-head red-head', 'aria-hidden': 'true', text: 'Red' }));
  for (let r = 0; r < 4; r += 1) {
    cells.push(h('span', { class: `row-head city-${ROW_CITY[r].toLowerCase()}`, 'aria-hidden': 'true' },
      h('span', { class: 'n', text: r + 1 }), h('span', { class: 'city', text: ROW_CITY[r] })));
    for (let c = 0; c < 4; c += 1) {
      const m = v.market[r * 4 + c];
      const reach = me && Math.abs(me[0] - r) <= 1 && Math.abs(me[1] - c) <= 1 && v.phase !== 'over';
      cells.push(stackCell(msg, set, act, m, pawns, reach, removal));
    }
    if (red) {
      const n = v.red_piles[r];
      cells.push(h('div', { class: `rr-red${n ? '' : ' gone'}`, role: 'img', 'aria-label': `Red pile beside row ${r + 1}: ${plural(n, 'card')} of level ${PILE_LEVEL[r]}`, title: `Red deck, level ${PILE_LEVEL[r]}: ${plural(n, 'card')}` },
        h('span', { class: 'lvl', text: `L${PILE_LEVEL[r]}` }), h('b', { text: n })));
    }
  }
  const removed = v.solo && Array.isArray(v.removed) ? v.removed.length : null;
  const columnA = [0, 4, 8, 12].reduce((n, i) => n + v.market[i].count, 0);
  return h('section', { class: 'panel rr-market-box', 'aria-labelledby': 'market-title' },
    h('div', { class: 'rr-market-head' },
      h('h2', { id: 'market-title', text: 'The market' }),
      h('p', { class: 'help legend' },
        h('span', { class: 'card-key', text: 'On a card: its level (L1, its VP too unless it shows VP), cost in Influence (circled), what it gives (Influence, gold, or Advancement, blue) and its arrow’s move.' }),
        me && v.phase !== 'over' ? h('span', { class: 'key reach-key', text: `within ${whose(msg)} reach` }) : null,
        act && msg.legal?.some((e) => e.action.kind === 'acquire') ? h('span', { class: 'key buy-key', text: 'you can acquire' }) : null,
        removed !== null ? h('span', { class: 'key removed-key', text: `column A: ${plural(columnA, 'card')} left, ${removed} removed${removed ? ` (−${removed} VP)` : ''}` }) : null)),
    h('div', { class: 'rr-market-scroll' },
      h('div', { class: `rr-market${red ? ' with-red' : ''}` }, cells)),
    red ? h('p', { class: 'help rr-red-line', text: `Red deck piles, rows 1-4 (levels 4, 3, 2, 1): ${v.red_piles.join(', ')} cards.` }) : null);
}

// -- your hand and the other actions -----------------------------------------------------------

const USE_TEXT = { influence: 'Influence', advancement: 'Advancement', down: 'Move down' };

function handCard(msg, set, act, id, used) {
  const c = face(set, id);
  const options = [];
  for (const as of ['influence', 'advancement', 'down']) {
    const e = act ? legalMatching(msg, { kind: 'use', card: id, as }) : null;
    if (!e) continue;
    const inner = as === 'down' ? [arrowIcon('D'), h('span', { text: 'Move down' })]
      : [token(as === 'influence' ? 'inf' : 'adv', as === 'influence' ? c.influence : c.advancement), h('span', { text: USE_TEXT[as] })];
    options.push(playable('span', { class: `rr-use as-${as}` }, e, act, ...inner));
  }
  for (const [kind, text] of [['start', 'Start'], ['elevate', 'Elevate'], ['transfer', 'End turn, to Palette']]) {
    const e = act ? legalMatching(msg, { kind, card: id }) : null;
    if (e) options.push(playable('span', { class: `rr-use as-${kind}` }, e, act, h('span', { text })));
  }
  return h('li', { class: `rr-hand-card${used ? ' used' : ''}` },
    drawCard(set, id),
    used || options.length ? h('span', { class: 'uses' }, used ? h('span', { class: 'used-tag', text: 'used this turn' }) : null, options) : null);
}

function hand(msg, set, act) {
  const me = msg.seat;
  const v = msg.view;
  if (me === null || me === undefined || !v.seats[me] || !Array.isArray(v.seats[me].hand) || v.phase === 'over') return null;
  const mine = v.seats[me].hand;
  const used = new Set(v.this_turn.used);
  return h('section', { class: 'panel rr-hand-box', 'aria-labelledby': 'hand-title' },
    h('h2', { id: 'hand-title', text: `${capital(whose(msg))} hand (${mine.length})` }),
    mine.length ? h('ul', { class: 'rr-hand' }, mine.map((id) => handCard(msg, set, act, id, v.current === me && used.has(id))))
      : h('p', { class: 'help', text: 'No cards in hand.' }));
}

function others(msg, set, act) {
  const v = msg.view;
  if (!act) return null;
  const mine = new Set(msg.seat !== null && msg.seat !== undefined ? v.seats[msg.seat]?.hand || [] : []);
  const rest = (msg.legal || []).filter((e) => {
    const a = e.action;
    if (a.kind === 'acquire' || a.kind === 'use' || a.kind === 'start') return false;
    if ((a.kind === 'elevate' || a.kind === 'transfer') && mine.has(a.card)) return false;
    return true;
  });
  if (!rest.length) return null;
  const order = { advance: 0, move: 1, elevate: 2, transfer: 3, end: 4 };
  rest.sort((a, b) => (order[a.action.kind] ?? 5) - (order[b.action.kind] ?? 5));
  return h('section', { class: 'panel rr-others', 'aria-labelledby': 'others-title' },
    h('h2', { id: 'others-title', text: 'Other actions' }),
    h('div', { class: 'rr-actions' }, rest.map((e) => {
      const a = e.action;
      let inner = [h('span', { text: e.label })];
      if (a.kind === 'move') inner = [arrowIcon(DIR_ARROW[a.dir] || 'R'), h('span', { text: e.label })];
      else if (a.kind === 'advance') inner = [h('span', { class: 'city-mark', 'aria-hidden': 'true' }, icon(CITY_ICON, 'rr-icon')), h('span', { text: e.label })];
      else if (a.kind === 'elevate') inner = [h('span', { text: `Elevate ${face(set, a.card).name} (discards)` })];
      return playable('span', { class: `rr-act act-${a.kind}` }, e, act, inner);
    })));
}

// -- the seats ---------------------------------------------------------------------------------

/** The eleven skills by level: mastered (a Palette card of it), cross-linked, or locked. */
function palette(set, p) {
  const mastered = new Set(p.mastery);
  const linked = new Set(p.cross_linked);
  const levels = [1, 2, 3, 4].map((lv) => Object.keys(SKILL_LEVEL).filter((k) => SKILL_LEVEL[k] === lv));
  const state = (k) => (mastered.has(k) ? 'mastered' : linked.has(k) ? 'linked' : 'locked');
  const words = (k) => ({ mastered: 'Mastery', linked: 'cross-linked, no Mastery', locked: 'not cross-linked' })[state(k)];
  return h('div', { class: 'rr-palette' },
    h('h4', { text: `Palette (${plural(p.palette.length, 'card')})` }),
    h('ul', { class: 'skills', 'aria-label': `Skills: ${p.mastery.length ? `Mastery of ${p.mastery.map((k) => skillName(set, k)).join(', ')}` : 'no Mastery yet'}` },
      levels.map((ks, i) => h('li', { class: 'lv-row' },
        h('span', { class: 'lv', text: `L${i + 1}` }),
        ks.map((k) => h('span', { class: `slot ${state(k)}`, title: `${skillName(set, k)}: ${words(k)}` },
          skillBadge(set, k, state(k)),
          h('span', { class: 'visually-hidden', text: `: ${words(k)}` })))))));
}

function citySlots(msg, set, p) {
  return h('div', { class: 'rr-cities' },
    h('h4', { text: 'Masterpieces in progress' }),
    h('ul', { class: 'slots' }, CITIES.map((city) => {
      const w = p.in_progress[city];
      const name = capital(city);
      if (!w) return h('li', { class: `slot city-${city} free`, 'aria-label': `${name}: no Masterpiece in progress` },
        h('span', { class: 'city', text: name }), h('span', { class: 'none', text: 'free' }));
      const c = face(set, w.card);
      const steps = c.steps || [0, 0, 0];
      return h('li', { class: `slot city-${city} busy`, 'aria-label': `${name}: ${c.name}, ${w.steps_done} of 3 steps advanced (steps of ${steps.join(', ')} Advancement), ${c.vp} VP` },
        h('span', { class: 'city', text: name }),
        h('span', { class: 'mp' }, c.skill ? skillBadge(set, c.skill, 'small') : null, h('span', { class: 'mp-name', text: c.name })),
        h('span', { class: 'rr-steps', 'aria-hidden': 'true' },
          steps.map((n, i) => h('span', { class: `step${i < w.steps_done ? ' done' : i === w.steps_done ? ' next' : ''}`, text: i < w.steps_done ? '✓' : n }))),
        h('span', { class: 'progress', text: `${w.steps_done}/3 · ${c.vp} VP` }));
    })));
}

function chipsOf(set, ids, cls) {
  return h('ul', { class: `rr-chips ${cls}` }, ids.map((id) => {
    const c = face(set, id);
    return h('li', { class: `${c.vp === 8 && c.kind === 'masterpiece' ? 'major' : ''}`, title: cardWords(set, id) },
      c.skill ? skillBadge(set, c.skill, 'small') : null,
      h('span', { text: c.name }), c.vp !== undefined ? h('span', { class: 'vp', text: `${c.vp} VP` }) : null);
  }));
}

/** "Completed: 3 of 6, major done"; past six without the major, what is still to do. */
function completedWords(n, hasMajor) {
  if (n >= 6 && !hasMajor) return `Completed: ${n}, the major still to do`;
  return `Completed: ${n} of 6${hasMajor ? ', major done' : ''}`;
}

/** "8 from Masterpieces + 5 from Commissions − 4 removed from column A": a seat's VP in parts. */
function scoreWords(p) {
  const parts = p.score_parts;
  const words = [`${parts.masterpieces} from Masterpieces`, `${parts.commissions} from Commissions`];
  return `${words.join(' + ')}${parts.removed ? ` − ${parts.removed} removed from column A` : ''}`;
}

function works(msg, set, p) {
  const hasMajor = p.completed.some((id) => face(set, id).vp === 8);
  return [
    citySlots(msg, set, p),
    h('div', { class: 'rr-done' },
      h('h4', { text: completedWords(p.completed.length, hasMajor) }),
      p.completed.length ? chipsOf(set, p.completed, 'completed') : h('p', { class: 'help', text: 'None yet.' })),
    p.elevated.length ? h('div', { class: 'rr-done' },
      h('h4', { text: `Elevated (${p.elevated.length})` }), chipsOf(set, p.elevated, 'elevated')) : null,
  ];
}

function seatPanel(msg, set, s) {
  const v = msg.view;
  const p = v.seats[s];
  const acting = v.to_act.includes(s) && v.phase !== 'over';
  return h('section', { class: `seat rr-seat seat-${s}${acting ? ' acting' : ''}${s === msg.seat ? ' me' : ''}`, 'aria-label': `${seatPanelLabel(msg, s)}: ${artistName(set, p.artist)}` },
    h('h3', {}, h('span', { class: `rr-pawn seat-${s}`, 'aria-hidden': 'true' }, h('span', { class: 'dot', text: s })), seatLabel(msg, s), seatBadges(msg, s)),
    h('p', { class: 'artist', text: artistName(set, p.artist) }),
    h('dl', { class: 'stats' },
      h('div', {}, h('dt', { text: 'VP' }), h('dd', { class: 'big', text: p.score })),
      h('div', {}, h('dt', { text: 'Pawn' }), h('dd', { text: p.pawn })),
      h('div', {}, h('dt', { text: 'Hand' }), h('dd', { text: p.hand_size })),
      h('div', {}, h('dt', { text: 'Deck' }), h('dd', { text: p.deck_size })),
      h('div', {}, h('dt', { text: 'Discards' }), h('dd', { text: p.discards.length }))),
    acting ? chipList([['to play', 'acting']]) : null,
    h('p', { class: 'help rr-score-parts', text: `VP: ${scoreWords(p)}` }),
    palette(set, p),
    works(msg, set, p),
    p.discards.length || p.palette.length ? h('details', { class: 'pile', dataset: { panel: `pile-${s}` } },
      h('summary', {}, h('span', { class: 'visually-hidden', text: `${seatLabel(msg, s)}: ` }), `Cards: Palette ${p.palette.length}, discards ${p.discards.length}`),
      p.palette.length ? h('p', { class: 'help', text: `Palette: ${p.palette.map((id) => face(set, id).name).join('; ')}` }) : null,
      p.discards.length ? h('p', { class: 'help', text: `Discards: ${p.discards.map((id) => face(set, id).name).join('; ')}` }) : null) : null);
}

// -- the module's interface --------------------------------------------------------------------

export function render(container, msg, act) {
  const v = msg.view;
  const set = setOf(msg);
  fill(container,
    h('div', { class: 'rr-board' },
      status(msg),
      soloGoal(v),
      market(msg, set, act),
      hand(msg, set, act),
      others(msg, set, act),
      h('p', { class: 'help rr-palette-key' }, 'Palettes: ', skillBadge(set, 'ANAT', 'mastered'), ' Mastery, ',
        skillBadge(set, 'SCULP', 'linked'), ' cross-linked (may be acquired), ', skillBadge(set, 'ENGIN', 'locked'), ' not yet.'),
      h('div', { class: `seats-grid rr-seats n-${v.seats.length}` }, v.seats.map((_, s) => seatPanel(msg, set, s)))));
}

/** A seat's final view on the end screen: everything it held, its hand, deck and discards
 *  too (as the seat itself saw them), beside its works and Palette. */
export function revealed(view, msg, s) {
  const set = setOf(msg);
  const p = view.seats[s];
  const pile = (title, ids) => h('div', { class: 'rr-done' }, h('h4', { text: `${title} (${ids.length})` }),
    ids.length ? chipsOf(set, ids, 'held') : h('p', { class: 'help', text: 'None.' }));
  return h('div', { class: 'rr-revealed' },
    h('p', {}, h('strong', { text: `${p.score} VP` }), ` (${scoreWords(p)}) · ${artistName(set, p.artist)} · pawn on ${p.pawn}`),
    works(msg, set, p),
    palette(set, p),
    pile('Hand', p.hand || []),
    pile('Deck', p.deck || []),
    pile('Discards', p.discards));
}
