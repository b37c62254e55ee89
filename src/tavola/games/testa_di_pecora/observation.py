"""A seat's view of Testa di Pecora as a fixed-size float32 vector (for RL and networks).

Seats are relative to the observer (0 = itself, 1 = the next seat clockwise, ...). Layout, in
order: own hand (32), own savings if Heir (32), cards played this season by each seat (n x 32),
the trade on the table by seat (n x 32), phase (4), suit led (4), then per seat (n each): to act,
dealer, leader of the trade, Heir, passed, known member of the Heir's or Pope's side, known
opponent of it, cards in hand / 8, ducats won / 120, renown / 10; then face-down Inheritance / 2,
savings count / 2, seasons played / seasons, pass-outs this season / (re-deals + 1).
Everything comes from what the seat's view shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .deck import N_CARDS, TOTAL_DUCATS
from .rules import CLAIM, OVER, PLAY
from .views import known_coalition

if TYPE_CHECKING:
    from .rules import TestaGame

_PER_SEAT_BLOCKS = 10
# Row m: the 8 bits of byte m as 0/1 floats, lowest first (a 32-card mask is 4 rows).
_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(
    np.float32
)


def observation_size(players: int) -> int:
    return 2 * N_CARDS + 2 * N_CARDS * players + 8 + _PER_SEAT_BLOCKS * players + 4


def observe(g: TestaGame, seat: int) -> np.ndarray:
    """The observation of ``seat`` (see the module docstring for the layout)."""
    g._query_seat(seat)
    n = g.n
    in_season = g.phase != OVER
    played = [0] * n
    trick = [0] * n
    own = savings = 0
    if in_season:
        own = g.hands[seat]
        if seat == g.heir:
            savings = g.savings
        for leader, cards, _ in g.trades:
            for i, c in enumerate(cards):
                played[(leader + i - seat) % n] |= 1 << c
        for i, c in enumerate(g.trick):
            r = (g.leader + i - seat) % n
            played[r] |= 1 << c
            trick[r] |= 1 << c
    # The card masks come first, 4 bytes each: one table lookup turns them all into bits.
    masks = [own, savings, *played, *trick]
    rows = [m >> shift & 255 for m in masks for shift in (0, 8, 16, 24)]
    out = np.empty(observation_size(n), dtype=np.float32)
    cut = len(rows) * 8
    out[:cut] = _BITS[rows].ravel()
    tail = [0.0] * (8 + _PER_SEAT_BLOCKS * n + 4)
    tail[g.phase] = 1.0
    if g.trick:
        tail[4 + g.deck.suit_of[g.trick[0]]] = 1.0

    def one(block: int, s: int, value: float = 1.0) -> None:
        tail[8 + block * n + (s - seat) % n] = value

    if in_season:
        one(0, g.cur)
        one(1, g.dealer)
        if g.trick:
            one(2, g.leader)
        elif g.phase == PLAY:
            one(2, g.cur)
        if g.heir >= 0:
            one(3, g.heir)
        for s in g.passed:
            one(4, s)
        if not (g.phase == CLAIM and n == 5):
            coalition = known_coalition(g, seat)
            for s in coalition["members"]:
                one(5, s)
            for s in coalition["opponents"]:
                one(6, s)
    for s in range(n):
        if in_season:
            one(7, s, g.hands[s].bit_count() / 8)
            one(8, s, g.won[s] / TOTAL_DUCATS)
        one(9, s, g.renown[s] / 10)
    k = 8 + _PER_SEAT_BLOCKS * n
    if in_season:
        tail[k] = g.inherit.bit_count() / 2
        tail[k + 1] = g.savings.bit_count() / 2
    tail[k + 2] = len(g.seasons_log) / g.seasons
    tail[k + 3] = sum(p["season"] == g.season + 1 for p in g.passouts) / (g.redeals + 1)
    out[cut:] = tail
    return out
