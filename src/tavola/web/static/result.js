// A finished game's ranking, as the end screen and the last move of a replay show it.
import { h, seatLabel, who } from './dom.js';

/** The final ranking: place, seat (and winner badge), score. */
export function rankingTable(msg) {
  const result = msg.result;
  const rows = (result.ranking || [...msg.seats.keys()]).map((s) => h('tr', {},
    h('td', { text: result.places?.[s] ?? '' }),
    h('th', { scope: 'row' }, who(msg, s) === 'you' ? `${seatLabel(msg, s)} (you)` : seatLabel(msg, s),
      result.winners?.includes(s) ? h('span', { class: 'badge win', text: 'winner' }) : null),
    h('td', { text: result.scores?.[s] ?? '' })));
  return h('table', { class: 'ranking' },
    h('caption', { text: 'Final ranking' }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Place' }), h('th', { scope: 'col', text: 'Seat' }), h('th', { scope: 'col', text: 'Score' }))),
    h('tbody', {}, rows));
}
