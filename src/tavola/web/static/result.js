// A finished game's ranking, as the end screen and the last move of a replay show it.
import { h, seatLabel, isYou } from './dom.js';

/**
 * The final ranking: place, seat (and winner badge), score. A game of one player has no
 * places: it is won or lost (a lost game's lone seat still ranks "first" in the core).
 */
export function rankingTable(msg) {
  const result = msg.result;
  const unit = document.getElementById('main')?.dataset.scoreUnit; // the game's: "renown", "VP"
  const alone = msg.seats.length === 1;
  const outcome = (s) => (result.winners?.includes(s) ? 'won' : 'lost');
  const rows = (result.ranking || [...msg.seats.keys()]).map((s) => h('tr', {},
    h('td', { text: alone ? outcome(s) : result.places?.[s] ?? '' }),
    h('th', { scope: 'row' }, isYou(msg, s) ? `${seatLabel(msg, s)} (you)` : seatLabel(msg, s),
      result.winners?.includes(s) ? h('span', { class: 'badge win', text: 'winner' }) : null),
    h('td', { text: result.scores?.[s] ?? '' })));
  return h('table', { class: 'ranking' },
    h('caption', { text: alone ? `The game is ${outcome(0)}` : 'Final ranking' }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: alone ? 'Outcome' : 'Place' }), h('th', { scope: 'col', text: 'Seat' }), h('th', { scope: 'col', text: unit ? `Score (${unit})` : 'Score' }))),
    h('tbody', {}, rows));
}
