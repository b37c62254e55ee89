"""A fast playout policy for search rollouts: card-play rules of thumb on the game's own state.

It is for the worlds a search bot plays out (sampled for its seat, so every hidden card and
the sides in them are guesses): it reads the state directly instead of building views.

- claim: claim the Inheritance with at least half the hand in the Church;
- save: save the plain card worth the most ducats (never a cleric);
- play: when a partner is winning the trade, give it the card worth the most ducats; else win
  it with the cheapest card that beats the best so far, if any; else throw the card worth the
  fewest ducats (the weakest among equals). Leading, play the weakest card.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.protocol import Action
from .rules import CLAIM, PLAY, SAVE, SAVE_BASE

if TYPE_CHECKING:
    from .rules import TestaGame


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def playout(g: TestaGame, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The policy's move for ``seat`` (one of ``legal``)."""
    if len(legal) == 1:
        return legal[0]
    t = g.t
    ducats = t.deck.ducats
    phase = g.phase
    if phase == CLAIM:
        hand = g.hands[seat]
        clerics = (hand & t.trump_mask).bit_count()
        return legal[0] if 2 * clerics >= hand.bit_count() else legal[-1]
    if phase == SAVE:
        plain = [c for c in _bits(g.hands[seat]) if not t.trump_mask >> c & 1]
        pick = max(plain or _bits(g.hands[seat]), key=lambda c: (ducats[c], c))
        return t.actions[SAVE_BASE + pick]
    assert phase == PLAY
    cards = [a.code for a in legal]  # lower code: a stronger card in its suit
    trick = g.trick
    if not trick:
        return t.actions[max(cards)]
    m = 0
    for c in trick:
        m |= 1 << c
    best = m & t.trump_mask or m & g.lead_mask
    top = (best & -best).bit_length() - 1
    winner = (g.leader + trick.index(top)) % g.n
    side = g.side
    if (winner in side) == (seat in side):
        return t.actions[max(cards, key=lambda c: (ducats[c], c))]
    top_trump = t.trump_mask >> top & 1

    def beats(c: int) -> bool:
        if t.trump_mask >> c & 1:
            return not top_trump or c < top
        return not top_trump and g.lead_mask >> c & 1 and c < top

    winning = [c for c in cards if beats(c)]
    if winning:
        return t.actions[max(winning)]
    return t.actions[min(cards, key=lambda c: (ducats[c], -c))]
