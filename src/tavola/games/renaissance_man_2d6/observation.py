"""A seat's view of Renaissance Man (2006) as a flat float32 array, seats counted from its own.

Layout (n players, N Challenge-deck cards, K = 5 kinds): phase one-hot (6); the seat to act and
the current player, relative (2n); own hand by kind (K); per seat: hand size, score, bonus, waive
(4n), known cards (nK), Success pile (nN), Event cards played (nK); CR deck size, discards (K),
Challenge deck size; face-up table, turned card, attempted card, Event card (4N); cards played to
the attempt (K); the declarer, relative (n); turns left before the declared end, and turns played
(2). Counts are scaled to about 0..1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .rules import EVENT, PHASES, K

if TYPE_CHECKING:
    from .rules import RenaissanceMan2d6

_SCALE = 0.1


def observation_size(n: int, n_cards: int) -> int:
    """The length of the array at ``n`` players with ``n_cards`` Challenge-deck cards."""
    return (
        len(PHASES) + 2 * n + K + 4 * n + 2 * n * K + n * n_cards + 2 + K + 4 * n_cards + K + n + 2
    )


def observe(g: RenaissanceMan2d6, seat: int) -> np.ndarray:
    n, N = g.n, g.c.n_cards
    out = np.zeros(observation_size(n, N), dtype=np.float32)
    rel = [(seat + i) % n for i in range(n)]  # rel[i]: the seat i places after ``seat``
    out[g.phase] = 1
    i = len(PHASES)
    actor = g.ev_seat if g.phase == EVENT else g.cur
    if g.phase < len(PHASES) - 1:
        out[i + (actor - seat) % n] = 1
    out[i + n + (g.cur - seat) % n] = 1
    i += 2 * n
    out[i : i + K] = g.hands[seat]
    out[i : i + K] *= _SCALE
    i += K
    for j, s in enumerate(rel):
        out[i + j] = sum(g.hands[s]) * _SCALE
        out[i + n + j] = g.scores[s] * _SCALE
        out[i + 2 * n + j] = g.bonus[s]
        out[i + 3 * n + j] = g.waive[s]
    i += 4 * n
    for j, s in enumerate(rel):
        out[i + j * K : i + (j + 1) * K] = np.multiply(g.known[s], _SCALE)
        out[i + n * K + j * K : i + n * K + (j + 1) * K] = np.multiply(g.ev_played[s], _SCALE)
    i += 2 * n * K
    for j, s in enumerate(rel):
        for card in g.success[s]:
            out[i + j * N + card] = 1
    i += n * N
    out[i] = len(g.cr_deck) * _SCALE
    out[i + 1 : i + 1 + K] = np.multiply(g.discards, _SCALE)
    out[i + 1 + K] = len(g.ch_deck) * _SCALE
    i += 2 + K
    for card in g.table:
        out[i + card] = 1
    for j, card in enumerate((g.turned, g.target, g.ev)):
        if card >= 0:
            out[i + (j + 1) * N + card] = 1
    i += 4 * N
    out[i : i + K] = np.multiply(g.played, _SCALE)
    i += K
    if g.declared >= 0:
        out[i + (g.declared - seat) % n] = 1
        out[i + n] = (g.end_turn - g.turns) / n
    out[i + n + 1] = g.turns / g.turn_limit
    return out
