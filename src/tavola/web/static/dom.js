// Small shared helpers: DOM building without innerHTML (every name and card is untrusted
// text), seat labels, and matching a drawn thing to one of the legal actions.

/** An element: h('p', {class: 'x', text: 'hi'}, child, ...). `on<event>` adds a listener. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  add(el, children);
  return el;
}

/** The page's "Skip to the content" link moves the focus to the content without changing the
 *  address's fragment, where a table keeps its seat's key and a replay its seat and move (a
 *  fragment of "#main" dropped them). */
export function skipKeepingFragment() {
  const main = document.getElementById('main');
  document.querySelector('a.skip')?.addEventListener('click', (event) => {
    event.preventDefault();
    main.tabIndex = -1;
    main.focus();
  });
}

/** Appends children (nodes, strings, numbers, arrays; null and false are skipped). */
export function add(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Replaces the children of `el` (null and false are skipped, unlike replaceChildren). */
export function fill(el, ...children) {
  el.replaceChildren();
  return add(el, children);
}

/**
 * Draw into `container` with `draw(el)` (a game's render) without rebuilding what has not
 * changed: the new drawing is made apart, then `container` is made like it node by node, so
 * the keyboard focus and a screen reader's place stay where they were.
 */
export function redraw(container, draw) {
  const opened = new Set(panels(container).filter(([panel]) => panel.open).map(([, key]) => key));
  const fresh = container.cloneNode(false);
  draw(fresh);
  for (const [panel, key] of panels(fresh)) {
    panel.open = opened.has(key);
    const summary = panel.querySelector(':scope > summary');
    if (summary) summary.dataset.focusKey = `panel:${key}`; // the table's keepFocus finds it again
  }
  morph(container, fresh);
}

/** Make `old`'s children `fresh`'s: a node equal to its new self is kept; an element of the
 *  same tag and attributes is kept and its children made right in turn (a control's handler is
 *  fixed by its attributes: playable() names its action in them); anything else is replaced. */
function morph(old, fresh) {
  const prev = [...old.childNodes];
  const next = [...fresh.childNodes];
  next.forEach((node, i) => {
    const was = prev[i];
    if (!was) old.append(node);
    else if (was.isEqualNode(node)) return;
    else if (sameShell(was, node)) morph(was, node);
    else old.replaceChild(node, was);
  });
  for (const extra of prev.slice(next.length)) extra.remove();
}

function sameShell(a, b) {
  if (a.nodeType !== Node.ELEMENT_NODE || a.nodeName !== b.nodeName) return false;
  const own = [...a.attributes].filter(({ name }) => name !== 'data-more'); // the page's, not the drawing's
  if (own.length !== b.attributes.length) return false;
  return [...b.attributes].every(({ name, value }) => a.getAttribute(name) === value);
}

/**
 * Keep a sticky side column (`.side`) inside the window before it sticks too: its top is set
 * in `--side-top` as the page scrolls or resizes, and the stylesheet takes it from its height
 * (else the column's foot, the log's newest lines, lay below the fold until the page scrolled).
 */
export function fitSideToWindow() {
  const side = document.querySelector('.side');
  if (!side) return;
  let asked = false;
  const fit = () => {
    asked = false;
    side.style.setProperty('--side-top', `${Math.max(0, side.getBoundingClientRect().top)}px`);
  };
  const ask = () => { if (!asked) { asked = true; requestAnimationFrame(fit); } };
  addEventListener('scroll', ask, { passive: true });
  new ResizeObserver(ask).observe(document.body);
  fit();
}

/** Run `work` with `button` marked busy, its clicks ignored meanwhile: aria-disabled, not
 *  disabled, which would drop the focus to the page. Nothing if it is busy already. */
export async function whileBusy(button, work) {
  if (button.getAttribute('aria-disabled') === 'true') return;
  button.setAttribute('aria-disabled', 'true');
  try {
    await work();
  } finally {
    button.removeAttribute('aria-disabled');
  }
}

/** The boxes that scroll their content sideways (or, the move list on a wide screen, down). */
const SCROLLERS = '.scroll-x, .action-buttons, .rr-market-scroll, .rm13-pyr-wrap';
const resized = new ResizeObserver((entries) => entries.forEach(({ target }) => markMore(target)));
const watched = new WeakSet();

/**
 * Mark each scroll box under `root` with the edges that have more beyond them: `data-more`
 * holds "left", "right", "up", "down" (the stylesheet fades those edges, a hint to scroll).
 * Kept up to date as a box scrolls or changes size; call again when its content changes.
 */
export function hintScrolling(root) {
  for (const box of root.querySelectorAll(SCROLLERS)) {
    markMore(box);
    if (watched.has(box)) continue;
    watched.add(box);
    box.addEventListener('scroll', () => markMore(box), { passive: true });
    resized.observe(box);
  }
}

function markMore(box) {
  const more = [];
  if (box.scrollWidth > box.clientWidth + 1) {
    if (box.scrollLeft > 1) more.push('left');
    if (box.scrollLeft + box.clientWidth < box.scrollWidth - 1) more.push('right');
  }
  if (box.scrollHeight > box.clientHeight + 1 && getComputedStyle(box).overflowY !== 'visible') {
    if (box.scrollTop > 1) more.push('up');
    if (box.scrollTop + box.clientHeight < box.scrollHeight - 1) more.push('down');
  }
  if (more.length) box.dataset.more = more.join(' ');
  else delete box.dataset.more;
}

/** The folded panels (`<details>`) under `root`, each with its key: its `data-panel` (a panel
 *  that comes and goes among others of its class), else its class and place among those of that
 *  class. A drawing never opens one: the player does, and it stays open. */
function panels(root) {
  const seen = {};
  return [...root.querySelectorAll('details')].map((panel) => {
    if (panel.dataset.panel) return [panel, panel.dataset.panel];
    seen[panel.className] = (seen[panel.className] ?? -1) + 1;
    return [panel, `${panel.className}#${seen[panel.className]}`];
  });
}

const SVG = 'http://www.w3.org/2000/svg';

/** An inline SVG icon from path data: decorative, hidden from screen readers. */
export function icon(paths, cls = 'icon', box = '0 0 24 24') {
  const el = document.createElementNS(SVG, 'svg');
  el.setAttribute('viewBox', box);
  el.setAttribute('class', cls);
  el.setAttribute('aria-hidden', 'true');
  el.setAttribute('focusable', 'false');
  for (const d of [paths].flat()) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    el.append(path);
  }
  return el;
}

/** "Seat 2", with its name if it has one: "Seat 2 · Anna". */
export function seatLabel(msg, seat) {
  const info = msg.seats?.[seat];
  // the name isolated (U+2068 ... U+2069): a right-to-left one leaves the sentence's order alone
  return info?.name ? `Seat ${seat} · \u2068${info.name}\u2069` : `Seat ${seat}`;
}

/** Each event's sentence with the seats it names ("Seat 2", "seat 2") named as the table names
 *  them ("Seat 2 · Anna"): the game writes its sentences knowing no names. */
export function nameSeats(msg) {
  if (msg.seatsNamed) return; // a message kept and shown again
  msg.seatsNamed = true;
  for (const event of msg.events || []) {
    if (!event.text) continue;
    event.text = event.text.replace(/\b([Ss])eat (\d+)\b/g, (all, s, n) => {
      const label = seatLabel(msg, Number(n));
      return s === 's' ? `s${label.slice(1)}` : label;
    });
  }
}

/** Whether seat `s` is the reader's, "you": the seat a table's page plays; in a replay (which
 *  sets `msg.reader`), the seat this browser played, if any, whichever seat's view is shown. */
export function isYou(msg, s) {
  const reader = msg.reader === undefined ? msg.seat : msg.reader;
  return reader !== null && reader !== undefined && s === reader;
}

/** "you" for the reader's own seat (but "the bot in your seat" once a bot plays it), else the
 *  seat label. */
export function who(msg, seat) {
  if (!isYou(msg, seat)) return seatLabel(msg, seat);
  return msg.seats?.[seat]?.kind === 'bot' ? 'the bot in your seat' : 'you';
}

/** A seat's panel's name for screen readers: "Seat 1 · Bea", "Seat 0 (you)". */
export function seatPanelLabel(msg, seat) {
  return `${seatLabel(msg, seat)}${isYou(msg, seat) ? ' (you)' : ''}`;
}

/** Whose view is drawn, before a noun: "your", or "Seat 1’s" in a replay of another's seat. */
export function whose(msg) {
  return isYou(msg, msg.seat) ? 'your' : `${seatLabel(msg, msg.seat)}’s`;
}

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c" */
export function list(words) {
  if (words.length === 0) return 'nobody';
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The moves' labels, each made its own where two read the same (two copies of a card in
 *  hand: "Use Holy Family: 2 Influence (copy 2 of 2)"), so that no two buttons are named
 *  alike. */
export function distinctLabels(legal) {
  const count = new Map();
  for (const { label } of legal) count.set(label, (count.get(label) || 0) + 1);
  const seen = new Map();
  return legal.map(({ label }) => {
    if (count.get(label) === 1) return label;
    seen.set(label, (seen.get(label) || 0) + 1);
    return `${label} (copy ${seen.get(label)} of ${count.get(label)})`;
  });
}

/** The legal action whose JSON has every field of `partial`, if any. */
export function legalMatching(msg, partial) {
  return (msg.legal || []).find(({ action }) =>
    Object.entries(partial).every(([key, value]) => action?.[key] === value)) || null;
}

/** Two action JSONs are the same action (key order aside). */
export function sameAction(a, b) {
  const keys = Object.keys(a || {});
  return keys.length === Object.keys(b || {}).length
    && keys.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/**
 * A drawn thing (card, challenge) that plays `entry` (a legal action) when clicked: a real
 * button with the action's label, else a plain element.
 */
export function playable(tag, attrs, entry, act, ...children) {
  if (!entry) return h(tag, attrs['aria-label'] ? { role: 'img', ...attrs } : attrs, ...children);
  const described = attrs['aria-label'] || '';
  const label = described.includes(entry.label) ? described : [entry.label, described].filter(Boolean).join(': ');
  return h('button', {
    ...attrs,
    type: 'button',
    class: `${attrs.class || ''} playable`,
    'aria-label': label,
    title: entry.label,
    dataset: { ...(attrs.dataset || {}), focusKey: `act:${JSON.stringify(entry.action)}` },
    onclick: () => act(entry.action),
  }, ...children);
}

/** The game's own renderer, static/games/<id>.js, or `fallback` for a game without one. */
export async function gameRenderer(gameId, fallback) {
  if (!/^[a-z0-9-]+$/.test(gameId)) return fallback;
  try {
    return await import(`/static/games/${gameId}.js`);
  } catch {
    return fallback; // an unknown game: the fallback shows the view as a list
  }
}

/** One line of a game's log. */
function eventItem(event) {
  return h('li', { dataset: { kind: event.kind || '' }, text: event.text || event.kind });
}

/** A sentence told `times` in a row, as the log and the announcements give it once. */
function repeated(text, times) {
  return times > 1 ? `${text} (×${times})` : text;
}

/** Sentences with each run of one sentence told once, with its count. */
export function withoutRepeats(texts) {
  const runs = [];
  for (const text of texts) {
    const last = runs.at(-1);
    if (last?.text === text) last.times += 1;
    else runs.push({ text, times: 1 });
  }
  return runs.map((run) => repeated(run.text, run.times));
}

/** Add `events` to the game log `log`, the same sentence in a row told once with its count
 *  ("You drew a card. (×4)": the 2013 game deals a hand a card at a time). */
export function appendEvents(log, events) {
  for (const event of events) {
    const last = log.lastElementChild;
    const text = event.text || event.kind;
    if (last && last.said === text) {
      last.times += 1;
      last.textContent = repeated(text, last.times);
      continue;
    }
    const item = eventItem(event);
    item.said = text;
    item.times = 1;
    log.append(item);
  }
}

/** Who won, said to `msg.seat`: "You win.", "Seat 0 and Seat 1 win.", "The game is lost." (the
 *  end screen's heading and the game's last event say that the game is over, and why). */
function outcomeText(msg) {
  const winners = msg.result.winners || [];
  if (!winners.length) return msg.seats?.length === 1 ? 'The game is lost.' : 'Nobody wins.';
  const one = winners.length === 1 && who(msg, winners[0]) !== 'you';
  return `${capital(list(winners.map((s) => who(msg, s))))} ${one ? 'wins' : 'win'}.`;
}

/** Who is to act, said to `msg.seat`: "Your turn.", "Seat 2 · Anna to act.", ...; at a live
 *  table, "Seat 2 (bot) is thinking…" while only bots are to act; once over, who won. */
export function turnText(msg, live = false) {
  if (msg.result) return outcomeText(msg);
  const mine = msg.seat !== null && msg.to_act.includes(msg.seat) && msg.legal.length > 0;
  const names = capital(list(msg.to_act.map((s) => who(msg, s))));
  let text = 'Waiting…';
  if (mine && msg.to_act.length === 1) text = 'Your turn.';
  else if (live && botsToAct(msg)) {
    const one = msg.to_act.length === 1;
    const tag = msg.to_act.some((s) => isYou(msg, s)) ? '' : one ? ' (bot)' : ' (bots)'; // "the bot in your seat"
    text = `${names}${tag} ${one ? 'is' : 'are'} thinking…`;
  }
  else if (msg.to_act.length) text = `${names} to act.`;
  const committed = commitments(msg.view);
  if (committed?.length) { // in the log's words: "Seat 1 is ready."
    const one = committed.length === 1 && !isYou(msg, committed[0]);
    text += ` ${capital(list(committed.map((s) => who(msg, s))))} ${one ? 'is' : 'are'} ready.`;
  }
  return text;
}

/** Whether bots, and only bots, are to act now. */
export function botsToAct(msg) {
  return !msg.result && msg.to_act.length > 0 && msg.to_act.every((s) => msg.seats?.[s]?.kind === 'bot');
}

/** The seats that have committed in a simultaneous phase, if the view says. */
function commitments(view) {
  const c = view?.commitments;
  if (Array.isArray(c)) return c.filter(Number.isInteger);
  if (Array.isArray(c?.committed)) return c.committed.filter(Number.isInteger); // core's Commitments
  if (c && typeof c === 'object') return Object.keys(c).filter((k) => c[k]).map(Number);
  return null;
}

/** "02:05" (or "1:02:05") for a number of seconds. */
export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  return `${hours ? `${hours}:` : ''}${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/**
 * A person's seat without a connection: "away 02:05", counting on (the page's timer updates
 * every element with `data-away-since`, a time in ms); null for a connected seat or a bot.
 */
export function awayBadge(info) {
  if (info?.connected !== false || !Number.isFinite(info.awaySince)) return null;
  if (info.joined === false) return h('span', { class: 'badge away', text: 'not here yet' });
  const since = info.awaySince;
  return h('span', {
    class: 'badge away',
    dataset: { awaySince: since },
    text: `away ${clock((Date.now() - since) / 1000)}`,
  });
}

/** A seat's badges on the board: you, bot, away (while the game goes on). */
export function seatBadges(msg, s) {
  const info = msg.seats?.[s] || {};
  return [
    isYou(msg, s) ? h('span', { class: 'badge you', text: 'you' }) : null,
    info.kind === 'bot' ? h('span', { class: 'badge bot', text: 'bot' }) : null,
    msg.result ? null : awayBadge(info),
  ];
}

/** A seat's status words ("to act", "dealer") as a list, so that a screen reader says each
 *  apart; an item is its text, or [text, class]. An empty list is hidden from screen readers. */
export function chipList(items) {
  const shown = items.filter(Boolean).map((item) => [item].flat());
  return h('ul', { class: 'notes', 'aria-hidden': shown.length ? null : 'true' },
    shown.map(([text, cls]) => h('li', { class: cls ? `chip ${cls}` : 'chip', text })));
}
