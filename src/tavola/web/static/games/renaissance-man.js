// Renaissance Man (2013) on the web: the Recruit board with its face-up recruits and knights,
// every seat's pyramid of workers (five at level one, one Master at level five; each card's
// offers drawn at its top corners, its needs at its bottom corners), tokens, your hand, and the
// steps of your secret commitment. Every icon is drawn here (original SVG) and named in text.
import {
  h, fill, icon, seatBadges, seatLabel, seatPanelLabel, who, whose, isYou, list, capital, legalMatching, playable, chipList,
} from '../dom.js';

const AREAS = ['coin', 'book', 'bread', 'shield'];
const WORKER = { merchant: 'Merchant', scholar: 'Scholar', baker: 'Baker', knight: 'Knight', renaissance: 'Renaissance Man' };
/** The large icon of each worker type (a Renaissance Man has none). */
const ICON_OF = { merchant: 'coin', scholar: 'book', baker: 'bread', knight: 'shield' };
const ICON_OF_ACTION = { hire: 'coin', teach: 'book', barter: 'bread', recruit: 'shield' };
/** The slots of a structure, top row (level five) first, as the view numbers them. */
const ROWS = [[14], [12, 13], [9, 10, 11], [5, 6, 7, 8], [0, 1, 2, 3, 4]];

// Original 24x24 drawings, filled with the even-odd rule (holes are cut by inner paths).
const PATHS = {
  coin: ['M12 1.5a10.5 10.5 0 1 0 0 21a10.5 10.5 0 1 0 0-21z', 'M12 4a8 8 0 1 1 0 16a8 8 0 1 1 0-16z',
    'M12 5.8a6.2 6.2 0 1 1 0 12.4a6.2 6.2 0 1 1 0-12.4z', 'M10.6 8h2.8v8h-2.8z'],
  book: ['M1.5 5.2C4.6 3.6 8.3 3.8 11 6v14.2c-2.8-1.9-6.4-2.1-9.5-.8z', 'M22.5 5.2C19.4 3.6 15.7 3.8 13 6v14.2c2.8-1.9 6.4-2.1 9.5-.8z'],
  bread: ['M3.5 18.5V12C1 11.2.7 6.6 5 5.5c3-.8 11-.8 14 0 4.3 1.1 4 5.7 1.5 6.5v6.5z',
    'M7.2 8.4l2.6 3.8-1.4 1-2.6-3.8z', 'M11.2 8.4l2.6 3.8-1.4 1-2.6-3.8z', 'M15.2 8.4l2.6 3.8-1.4 1-2.6-3.8z'],
  shield: ['M12 1.5l9 3.2v6.1c0 6-3.9 10.1-9 11.7-5.1-1.6-9-5.7-9-11.7V4.7z', 'M10.8 5h2.4v5h4.6v2.4h-4.6V19h-2.4v-6.6H6.2V10h4.6z'],
  any: ['M12 1.5l2.4 6.3 6.6-1.6-4.3 5.3 4.3 5.3-6.6-1.6L12 22.5l-2.4-6.3L3 17.8l4.3-5.3L3 7.2l6.6 1.6z'],
  knight: ['M5 22h14v-2.6H5z', 'M7 18.6h10.5c-.3-3.4-2.3-5.2-1.6-8.4.8-3.7-1.5-7.4-6.4-7.7L8.3 1 7.4 3.4C5.3 4.6 4 7 3.6 10.2l1.8 1.6 3.3-1.3 1.8-1.2c.2 2.8-3 4.6-3.5 9.3z'],
  down: ['M12 2.5l2.4 4.4 4.9-.9-.9 4.9 4.1 2.1-4.1 2.1.9 4.9-4.9-.9L12 23.5l-2.4-4.4-4.9.9.9-4.9L1.5 13l4.1-2.1-.9-4.9 4.9.9z'],
};

const NAME = { coin: 'coin', book: 'book', bread: 'bread', shield: 'shield', any: 'any icon' };

/** An icon: its paths joined into one, so that inner paths cut holes (even-odd). */
function draw(kind, cls = 'rm13-ico') {
  return icon([PATHS[kind].join(' ')], cls);
}

/** A resource icon on a coloured disc; `named` gives it its own text alternative. */
function resource(kind, cls = '', named = true) {
  const attrs = { class: `rm13-res r-${kind} ${cls}` };
  if (named) Object.assign(attrs, { role: 'img', 'aria-label': NAME[kind], title: NAME[kind] });
  return h('span', attrs, draw(kind));
}

function face(msg, id) {
  return msg.cards?.cards?.[id] || null;
}

/** What a card (or slot content) is: type, name, offers, needs; null for an empty slot. */
function describe(msg, id) {
  if (id === null || id === undefined) return null;
  if (id === 'down') return { type: 'renaissance', name: 'Renaissance Man', down: true, offers: ['any', 'any'], needs: ['any', 'any'] };
  if (id.startsWith('foundation-')) {
    const type = id.slice(11);
    const mark = ICON_OF[type] || 'any';
    return { type, name: WORKER[type] || capital(type), foundation: true, offers: [mark, mark], needs: null };
  }
  const c = face(msg, id);
  if (!c) return { type: 'unknown', name: id, offers: null, needs: null };
  return {
    type: c.type,
    name: c.name || WORKER[c.type] || id,
    offers: c.offers || ['any', 'any'],
    needs: c.needs || ['any', 'any'],
  };
}

function pair(icons) {
  if (!icons) return '';
  if (icons[0] === 'any' && icons[1] === 'any') return 'any icons';
  return `${NAME[icons[0]]} and ${NAME[icons[1]]}`;
}

/** "Scholar #4, offers coin and book, needs bread and shield" */
function cardWords(msg, id) {
  const d = describe(msg, id);
  if (!d) return 'empty';
  if (d.down) return 'Renaissance Man, face down, wild: offers and needs any icons';
  if (d.foundation) {
    return `Foundation ${WORKER[d.type] || d.type}, offers ${d.type === 'renaissance' ? 'any icons' : pair(d.offers)}`;
  }
  if (d.type === 'renaissance') return `${d.name}, wild: offers and needs any icons`;
  if (!d.offers) return d.name;
  return `${d.name}, offers ${pair(d.offers)}, needs ${pair(d.needs)}`;
}

/** A short name for lists: "Scholar #4" (or the id on an unknown set). */
function cardName(msg, id) {
  return describe(msg, id)?.name || id;
}

function corners(icons, cls) {
  if (!icons) return h('span', { class: `rm13-corners ${cls} none`, 'aria-hidden': 'true' });
  return h('span', { class: `rm13-corners ${cls}`, 'aria-hidden': 'true' }, icons.map((x) => resource(x, '', false)));
}

/**
 * A card drawn in CSS: offers at the top corners, the worker's large icon and name, needs at
 * the bottom corners. `opts`: label (its aria-label), entry and act (a legal action it plays),
 * class, tag (a verb shown on a playable card).
 */
function drawCard(msg, id, opts = {}) {
  const d = describe(msg, id);
  const label = opts.label || cardWords(msg, id);
  const big = d.down ? 'down' : ICON_OF[d.type] || 'any';
  const short = d.type === 'renaissance' ? (d.down ? 'face down' : 'Ren. Man') : WORKER[d.type] || d.name;
  const parts = [
    corners(d.offers, 'offers'),
    h('span', { class: 'rm13-type', 'aria-hidden': 'true' },
      h('span', { class: 'rm13-big' }, draw(big)),
      h('span', { class: 'rm13-name', text: short }),
      d.foundation ? h('span', { class: 'rm13-found', text: 'Foundation' }) : null,
      !d.foundation && !d.down && d.name !== short ? h('span', { class: 'rm13-no', text: d.name.replace(/^\D+/, '#') }) : null),
    d.foundation ? h('span', { class: 'rm13-corners needs base', 'aria-hidden': 'true' }) : corners(d.needs, 'needs'),
    opts.tag ? h('span', { class: 'rm13-tag', 'aria-hidden': 'true', text: opts.tag }) : null,
  ];
  const cls = `rm13-card t-${d.type}${d.down ? ' down' : ''}${d.foundation ? ' foundation' : ''} ${opts.class || ''}`;
  return playable('div', { class: cls, 'aria-label': label, title: label, dataset: { card: id } }, opts.entry, opts.act, parts);
}

// -- seats, knights and tokens ------------------------------------------------------------------

function knights(n, seatClass, label) {
  if (!n) return null;
  return h('span', { class: `rm13-knights ${seatClass}`, role: 'img', 'aria-label': label, title: label },
    Array.from({ length: Math.min(n, 6) }, () => draw('knight', 'rm13-knight')),
    n > 1 ? h('span', { class: 'rm13-times', 'aria-hidden': 'true', text: `×${n}` }) : null);
}

function token(tok, opts = {}) {
  const other = tok.token ? tok.token.split('/').find((x) => x !== tok.face) : null;
  const label = `${NAME[tok.face]} token${other ? ` (its other face ${other})` : ''}`;
  return playable('span', { class: `rm13-token r-${tok.face} ${opts.class || ''}`, 'aria-label': label, title: label },
    opts.entry, opts.act, draw(tok.face));
}

/** A double-sided token of the supply: both faces. */
function supplyToken(faces, n, opts = {}) {
  const [a, b] = faces.split('/');
  const label = `${NAME[a]}/${NAME[b]} tokens: ${n} in the supply`;
  return playable('span', { class: `rm13-pair${n ? '' : ' none'}`, 'aria-label': label, title: label }, opts.entry, opts.act,
    h('span', { class: `rm13-token r-${a}` }, draw(a)),
    h('span', { class: `rm13-token r-${b}` }, draw(b)),
    h('span', { class: 'rm13-count', 'aria-hidden': 'true', text: `×${n}` }));
}

// -- the Recruit board ----------------------------------------------------------------------------

function board(msg, act) {
  const v = msg.view;
  const mine = act && msg.seat !== null;
  const areas = AREAS.map((area, a) => {
    const id = v.recruits[a];
    const pending = v.recruit && v.recruit.area === area;
    const seats = v.knights[a].map((k, s) => {
      if (!k) return null;
      const entry = mine && s === msg.seat ? legalMatching(msg, { kind: 'knight', from: area }) : null;
      const label = `${capital(who(msg, s))}: ${k} knight${k === 1 ? '' : 's'}`;
      const body = knights(k, `seat-${s}`, label);
      return h('li', {}, entry ? playable('span', { class: 'rm13-move', 'aria-label': label }, entry, act, body) : body,
        h('span', { class: 'rm13-by', 'aria-hidden': 'true', text: isYou(msg, s) ? 'you' : `seat ${s}` }));
    }).filter(Boolean);
    if (v.opposing && v.opposing[a]) {
      const label = `Opposing knights: ${v.opposing[a]}`;
      seats.push(h('li', {}, knights(v.opposing[a], 'opposing', label), h('span', { class: 'rm13-by', 'aria-hidden': 'true', text: 'opposing' })));
    }
    return h('li', { class: `rm13-area r-${area}${pending ? ' won' : ''}` },
      h('h3', { class: 'rm13-area-name' }, resource(area, 'small', false), h('span', { text: `${capital(area)} area` })),
      id ? drawCard(msg, id, { label: `${capital(area)} area recruit: ${cardWords(msg, id)}` })
        : h('div', { class: 'rm13-card empty', role: 'img', 'aria-label': `${capital(area)} area: no recruit` }, h('span', { class: 'rm13-empty', text: 'empty' })),
      seats.length ? h('ul', { class: 'rm13-knight-list', 'aria-label': `Knights in the ${area} area` }, seats)
        : h('p', { class: 'rm13-none', text: 'no knights' }));
  });
  const supply = Object.entries(v.supply).map(([faces, n]) => supplyToken(faces, n,
    { entry: act ? legalMatching(msg, { kind: 'token', faces }) : null, act }));
  return h('section', { class: 'panel rm13-board', 'aria-labelledby': 'rm13-board-title' },
    h('h2', { id: 'rm13-board-title', text: 'The Recruit board' }),
    recruitWon(msg, act),
    h('ul', { class: 'rm13-areas' }, areas),
    h('div', { class: 'rm13-piles' },
      h('p', {}, h('span', { class: 'rm13-pile', role: 'img', 'aria-label': `Deck: ${v.deck} cards`, title: `Deck: ${v.deck} cards` },
        h('span', { class: 'rm13-back', 'aria-hidden': 'true' }), h('span', { 'aria-hidden': 'true', text: `Deck ${v.deck}` })),
      h('span', { class: 'rm13-pile', role: 'img', 'aria-label': `Discard pile: ${v.discards} cards`, title: `Discard pile: ${v.discards} cards` },
        h('span', { class: 'rm13-back discard', 'aria-hidden': 'true' }), h('span', { 'aria-hidden': 'true', text: `Discards ${v.discards}` })),
      v.aside ? h('span', { class: 'rm13-note', text: `${v.aside} set aside` }) : null,
      v.solo_cards ? h('span', { class: 'rm13-note', text: `one-player ${v.variant} game: ${v.solo_cards} cards` }) : null),
      h('div', { class: 'rm13-supply' }, h('span', { class: 'rm13-label', text: 'Token supply' }), supply)),
    faceUpDiscards(msg));
}

function recruitWon(msg, act) {
  const v = msg.view;
  if (!v.recruit) return null;
  const text = isYou(msg, v.recruit.seat)
    ? `You won ${cardName(msg, v.recruit.card)} in the ${v.recruit.area} area: take it into your hand or hire it into your pyramid.`
    : `${capital(who(msg, v.recruit.seat))} won ${cardName(msg, v.recruit.card)} in the ${v.recruit.area} area and places it.`;
  const entry = act && v.recruit.seat === msg.seat ? legalMatching(msg, { kind: 'hand' }) : null;
  return h('div', { class: 'rm13-banner' },
    drawCard(msg, v.recruit.card, { class: 'small', entry, act, tag: entry ? 'to hand' : null }), h('p', { text }));
}

function faceUpDiscards(msg) {
  const v = msg.view;
  const seen = v.public_discards || [];
  if (!seen.length) return null;
  return h('details', { class: 'rm13-seen' },
    h('summary', { text: `Face-up discards (${seen.length})` }),
    h('p', { class: 'help', text: seen.map((id) => cardName(msg, id)).join(', ') }));
}

// -- pyramids -------------------------------------------------------------------------------------

function slotName(p) {
  const level = p < 5 ? 1 : p < 9 ? 2 : p < 12 ? 3 : p < 14 ? 4 : 5;
  const first = [0, 5, 9, 12, 14][level - 1];
  return { level, index: p - first + 1, name: `${level}.${p - first + 1}` };
}

/** A place of a pyramid by its name ("2.3") in the game's words, from its card table. */
function placeWords(msg, name) {
  return msg.cards?.words?.places?.[name] || String(name);
}

function slot(msg, s, p, act) {
  const id = msg.view.structures[s][p];
  const { name } = slotName(p);
  const label = `${capital(placeWords(msg, name))}: ${cardWords(msg, id)}`;
  const mine = act && s === msg.seat;
  const place = mine ? legalMatching(msg, { kind: 'place', slot: name }) : null;
  const remove = mine && !place ? legalMatching(msg, { kind: 'remove', slot: name }) : null;
  const entry = place || remove;
  if (id === null || id === undefined) {
    const attrs = { class: `rm13-card rm13-slot empty${place ? ' target' : ''}`, 'aria-label': label, title: label };
    return playable('div', attrs, entry, act, h('span', { class: 'rm13-where', 'aria-hidden': 'true', text: place ? 'place here' : name }));
  }
  return drawCard(msg, id, {
    label, entry, act, class: `rm13-slot${remove ? ' removable' : ''}${place ? ' target' : ''}`, tag: remove ? 'remove' : place ? 'place' : null,
  });
}

function pyramid(msg, s, act, extra = '') {
  const st = msg.view.structures[s];
  const built = st.filter((x) => x !== null).length;
  const level = msg.view.phase === 'action' ? msg.view.level : 0;
  const mine = act && s === msg.seat;
  const vacant = (row) => row.every((p) => st[p] === null
    && !(mine && legalMatching(msg, { kind: 'place', slot: slotName(p).name })));
  return h('div', { class: `rm13-pyr-wrap ${extra}` },
    h('div', { class: 'rm13-pyramid', role: 'group', 'aria-label': `${capital(who(msg, s))}: pyramid of ${built} of 15 workers, level 5 on top` },
      ROWS.map((row, r) => h('div', { class: `rm13-row${5 - r === level ? ' calling' : ''}${vacant(row) ? ' vacant' : ''}` },
        h('span', { class: 'rm13-lvl', 'aria-hidden': 'true', title: `Level ${5 - r}`, text: 5 - r }),
        h('div', { class: 'rm13-cards' }, row.map((p) => slot(msg, s, p, act)))))));
}

function rmArea(list_) {
  const have = new Set(list_.map((t) => t.face));
  const named = AREAS.filter((a) => have.has(a));
  const label = `Renaissance Man area: ${named.length ? list(named) : 'no tokens'} (${named.length} of 4)`;
  return h('span', { class: 'rm13-rm-area', role: 'img', 'aria-label': label, title: label },
    AREAS.map((a) => (have.has(a)
      ? h('span', { class: `rm13-token r-${a}` }, draw(a))
      : h('span', { class: `rm13-token hole r-${a}` }, draw(a)))));
}

function seatPanel(msg, s, act) {
  const v = msg.view;
  const acting = v.to_act.includes(s);
  const onBoard = v.knights.reduce((t, row) => t + row[s], 0);
  const committed = v.commitments?.committed?.includes(s);
  const stored = v.stored[s];
  const drop = (tok) => (act && s === msg.seat ? legalMatching(msg, { kind: 'drop', token: tok.face }) : null);
  const last = v.last_actions?.[s];
  const known = v.known[s] || [];
  const notes = [
    acting ? [committed ? 'to act · committed' : 'to act', 'acting'] : null,
    !acting && committed ? 'committed' : null,
    s === v.dealer && v.phase !== 'over' ? 'dealer' : null,
    v.to_place?.[s] ? 'places a Renaissance Man' : null,
    v.winners?.includes(s) ? ['winner', 'win'] : null,
  ];
  return h('section', {
    class: `seat rm13-seat seat-${s}${acting ? ' acting' : ''}${s === msg.seat ? ' me' : ''}`,
    'aria-label': seatPanelLabel(msg, s),
  },
  h('h3', {}, h('span', { class: `rm13-swatch seat-${s}`, 'aria-hidden': 'true' }), seatLabel(msg, s), seatBadges(msg, s)),
  h('dl', { class: 'stats rm13-stats' },
    h('div', {}, h('dt', { text: 'Workers' }), h('dd', { class: 'big', text: `${v.structures[s].filter((x) => x !== null).length}/15` })),
    h('div', {}, h('dt', { text: 'Hand' }), h('dd', { text: v.hand_sizes[s] })),
    h('div', {}, h('dt', { text: 'Knights out' }), h('dd', { text: `${onBoard}/4` })),
    v.scores ? h('div', {}, h('dt', { text: 'Score' }), h('dd', { text: v.scores[s] })) : null,
    last ? h('div', {}, h('dt', { text: 'Last action' }), h('dd', { text: capital(last) })) : null),
  h('div', { class: 'rm13-tokens' },
    h('span', { class: 'rm13-label', text: `Stored ${stored.length}/4` }),
    h('span', { class: 'rm13-chips' }, stored.length ? stored.map((t) => token(t, { entry: drop(t), act })) : h('span', { class: 'rm13-none', text: 'none' }))),
  h('div', { class: 'rm13-tokens' }, h('span', { class: 'rm13-label', text: 'Renaissance Man area' }), rmArea(v.rm_tokens[s])),
  known.length && s !== msg.seat ? h('p', { class: 'rm13-known', text: `Known in hand: ${known.map((id) => cardName(msg, id)).join(', ')}` }) : null,
  chipList(notes),
  pyramid(msg, s, act));
}

// -- your hand and your secret steps --------------------------------------------------------------

/** A step of your secret choice, in the game's words (the view's label for it). */
function stepChip(step) {
  const icon = step.kind === 'act' ? resource(ICON_OF_ACTION[step.type], 'small', false) : null;
  return h('li', { class: 'rm13-step' }, icon, step.label);
}

function secret(msg, act) {
  const v = msg.view;
  const c = v.commitments;
  if (!c) return null;
  const status = h('ul', { class: 'rm13-commits', 'aria-label': 'Who has committed' }, c.seats.map((s) => {
    const done = c.committed.includes(s);
    return h('li', { class: done ? 'done' : 'waiting' }, h('span', { class: `rm13-swatch seat-${s}`, 'aria-hidden': 'true' }),
      `${capital(who(msg, s))}: ${done ? 'committed' : 'choosing…'}`);
  }));
  const me = msg.seat !== null && c.seats.includes(msg.seat);
  const types = act ? (msg.legal || []).filter((e) => e.action.kind === 'act' || e.action.kind === 'pass') : [];
  const founds = act ? (msg.legal || []).filter((e) => e.action.kind === 'foundation') : [];
  return h('section', { class: 'panel rm13-secret', 'aria-labelledby': 'rm13-secret-title' },
    h('h2', { id: 'rm13-secret-title', text: v.phase === 'foundation' ? 'The Foundation (secret)' : 'Secret choices' }),
    status,
    me && v.mine ? h('div', { class: 'rm13-mine' }, h('span', { class: 'rm13-label', text: `${capital(whose(msg))} secret steps so far` }),
      v.mine.length ? h('ol', { class: 'rm13-steps' }, v.mine.map(stepChip)) : h('span', { class: 'rm13-none', text: 'none yet' })) : null,
    types.length ? h('div', { class: 'rm13-types' }, types.map((e) => {
      const kind = e.action.type;
      const via = kind ? ` (${ICON_OF_ACTION[kind]} action)` : '';
      return playable('span', { class: `rm13-type-btn${kind ? ` r-${ICON_OF_ACTION[kind]}` : ' pass'}`, 'aria-label': `${e.label}${via}` }, e, act,
        kind ? resource(ICON_OF_ACTION[kind], '', false) : null, h('span', { text: e.label }));
    })) : null,
    founds.length ? h('div', { class: 'rm13-found-choice' }, h('span', { class: 'rm13-label', text: 'Lay next at level 1:' }),
      h('div', { class: 'rm13-hand-cards' }, founds.map((e) => drawCard(msg, `foundation-${e.action.worker}`, { entry: e, act })))) : null);
}

function hand(msg, act) {
  const v = msg.view;
  if (!v.hand || v.phase === 'over') return null;
  const choosing = act && (msg.legal || []).some((e) => e.action.kind === 'card' || e.action.kind === 'discard');
  const cards = v.hand.map((id) => {
    const use = act ? legalMatching(msg, { kind: 'card', card: id }) : null;
    const discard = act && !use ? legalMatching(msg, { kind: 'discard', card: id }) : null;
    const barred = choosing && !use && !discard ? `${cardWords(msg, id)}: cannot be used now` : null;
    return drawCard(msg, id, { entry: use || discard, act, tag: use ? 'use' : discard ? 'discard' : null, label: barred });
  });
  return h('section', { class: 'panel rm13-hand', 'aria-labelledby': 'rm13-hand-title' },
    h('h2', { id: 'rm13-hand-title', text: `${capital(whose(msg))} hand (${v.hand.length})` }),
    h('div', { class: `rm13-hand-cards${choosing ? ' choosing' : ''}` }, cards.length ? cards : h('p', { class: 'help', text: 'No cards.' })),
    v.my_discards?.length ? h('p', { class: 'help', text: `${capital(whose(msg))} face-down discards: ${v.my_discards.map((id) => cardName(msg, id)).join(', ')}.` }) : null);
}

function phaseLine(msg) {
  const v = msg.view;
  if (v.phase === 'over') return `The game is over: ${msg.cards?.words?.ends?.[v.ended] || v.ended}.`;
  if (v.phase === 'foundation') return 'Lay the Foundation: each player orders the five workers of level 1, in secret.';
  if (v.phase === 'action') {
    return `Action ${v.level}: uncovered level ${v.level} workers (or stored tokens) give the actions; everyone chooses in secret, then all reveal.`;
  }
  if (v.phase === 'place') return 'Face-down Renaissance Men are placed.';
  if (v.phase === 'recruit') return 'The Recruit board is resolved.';
  if (v.phase === 'discard') return 'Players may discard cards face down, in secret.';
  return `${capital(v.phase)}.`;
}

// -- the module's interface ----------------------------------------------------------------------

export function render(container, msg, act) {
  const v = msg.view;
  const me = msg.seat;
  const order = [...v.structures.keys()];
  if (me !== null && me !== undefined) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  fill(container,
    h('p', { class: 'phase' }, v.round ? h('strong', { text: `Round ${v.round}. ` }) : null, phaseLine(msg)),
    secret(msg, act),
    hand(msg, act),
    board(msg, act),
    h('p', { class: 'rm13-legend help' }, 'On each card: ', h('b', { text: 'offers' }), ' at the top (filled discs), ',
      h('b', { text: 'needs' }), ' at the bottom (outlined discs); ', resource('any', 'small', false), h('span', { class: 'visually-hidden', text: 'the star' }), ' is any icon (a Renaissance Man is wild).'),
    h('div', { class: 'rm13-seats' }, order.map((s) => seatPanel(msg, s, act))));
}

/** A seat's final view on the end screen: its pyramid and score. */
export function revealed(view, msg, s) {
  const m = { ...msg, view };
  const built = view.structures[s].filter((x) => x !== null).length;
  const winner = view.winners && view.winners.includes(s);
  const score = view.scores ? `, score ${view.scores[s]}` : '';
  return h('div', { class: 'rm13-revealed' },
    h('p', { text: `${built} of 15 workers${score}${winner ? ', a winner' : ''}.` }),
    pyramid(m, s, null, 'small'),
    view.hand?.length ? h('p', { class: 'help', text: `Cards left in hand: ${view.hand.map((id) => cardName(m, id)).join(', ')}.` }) : null);
}
