"""A seat's view of Renaissance Rivals as a flat float32 array, seats counted from its own.

Layout (n players, NC card numbers): the seat to act, relative (n); the market: for each of the
16 stacks its size and its top card's cost, level, influence and advancement (5 x 16); per seat,
relative: pawn one-hot (16), hand and deck sizes, score, Mastery (11 skills), Masterpieces in
progress (3 cities x 4: the step done, one-hot), completed count (n x 47); where each card is
for the seat: own hand, own deck, own discards, own Palette, own Elevated, used this turn, top
of a market stack (7 x NC); this turn's influence, advancement, Elevations, moves, flags (6);
turns played. Counts are scaled to about 0..1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .rules import NC

if TYPE_CHECKING:
    from .rules import RenaissanceRivals

_SCALE = 0.1
_PER_SEAT = 16 + 3 + 11 + 12 + 1


def observation_size(n: int) -> int:
    return n + 5 * 16 + _PER_SEAT * n + 7 * NC + 6 + 1


def observe(g: RenaissanceRivals, seat: int) -> np.ndarray:
    n = g.n
    t = g.t
    out = np.zeros(observation_size(n), dtype=np.float32)
    if g.phase == 0:
        out[(g.cur - seat) % n] = 1
    i = n
    for p, stack in enumerate(g.stacks):
        out[i + p] = len(stack) * _SCALE
        if stack:
            top = stack[-1]
            out[i + 16 + p] = t.cost[top] * _SCALE
            out[i + 32 + p] = t.level[top] * 0.25
            out[i + 48 + p] = t.inf[top] * _SCALE
            out[i + 64 + p] = t.adv[top] * _SCALE
    i += 80
    for j in range(n):
        s = (seat + j) % n
        base = i + j * _PER_SEAT
        out[base + g.pawn[s]] = 1
        out[base + 16] = len(g.hands[s]) * _SCALE
        out[base + 17] = len(g.decks[s]) * _SCALE
        out[base + 18] = g.score(s) * _SCALE
        for k in range(11):
            if g.mastery[s] >> k & 1:
                out[base + 19 + k] = 1
        for city in range(3):
            if g.working[s][city] >= 0:
                out[base + 30 + 4 * city + 1 + g.progress[s][city]] = 1
            else:
                out[base + 30 + 4 * city] = 1
        out[base + 42] = len(g.completed[s]) * _SCALE
    i += _PER_SEAT * n
    for j, cards in enumerate(
        (
            g.hands[seat],
            g.decks[seat],
            g.discards[seat],
            g.palettes[seat],
            g.elevated[seat],
            g.used,
            [x[-1] for x in g.stacks if x],
        )
    ):
        for card in cards:
            out[i + j * NC + card] = 1
    i += 7 * NC
    out[i] = g.inf_pool * _SCALE
    out[i + 1] = g.adv_pool * _SCALE
    out[i + 2] = g.charges * _SCALE if seat == g.cur else 0.0  # [D19] the hand's secret
    out[i + 3] = g.bonus * _SCALE
    out[i + 4] = g.acted
    out[i + 5] = g.free_used
    out[i + 6] = g.turns / (g.turn_limit * n)
    return out
