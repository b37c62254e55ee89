// The fallback renderer for a game without its own module: the view as a definition list.
import { h } from '../dom.js';

function value(v) {
  if (v === null || v === undefined) return h('span', { class: 'help', text: '—' });
  if (typeof v !== 'object') return String(v);
  const flat = JSON.stringify(v);
  return h('pre', { class: 'json', text: flat.length <= 80 ? flat : JSON.stringify(v, null, 1) });
}

function definitions(view) {
  return h('dl', { class: 'generic' }, Object.entries(view || {}).map(([key, v]) =>
    h('div', {}, h('dt', { text: key }), h('dd', {}, value(v)))));
}

export function render(container, msg) {
  container.replaceChildren(h('section', { class: 'panel' }, h('h2', { text: 'The view' }), definitions(msg.view)));
}

/** A seat's final view on the end screen. */
export function revealed(view) {
  return definitions(view);
}
