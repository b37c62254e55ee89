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
from .rules import CLAIM, OVER, PLAY, cards_of
from .views import known_coalition

if TYPE_CHECKING:
    from .rules import TestaGame

_PER_SEAT_BLOCKS = 10


def observation_size(players: int) -> int:
    return 2 * N_CARDS + 2 * N_CARDS * players + 8 + _PER_SEAT_BLOCKS * players + 4


def observe(g: TestaGame, seat: int) -> np.ndarray:
    """The observation of ``seat`` (see the module docstring for the layout)."""
    g._query_seat(seat)
    n = g.n
    out = np.zeros(observation_size(n), dtype=np.float32)
    in_season = g.phase != OVER

    def cards(offset: int, mask: int) -> None:
        for c in cards_of(mask):
            out[offset + c] = 1.0

    if in_season:
        cards(0, g.hands[seat])
        if seat == g.heir:
            cards(N_CARDS, g.savings)
    base = 2 * N_CARDS
    trick_base = base + N_CARDS * n
    if in_season:
        for leader, played, _ in g.trades:
            for i, c in enumerate(played):
                out[base + N_CARDS * ((leader + i - seat) % n) + c] = 1.0
        for i, c in enumerate(g.trick):
            r = (g.leader + i - seat) % n
            out[base + N_CARDS * r + c] = 1.0
            out[trick_base + N_CARDS * r + c] = 1.0
    k = trick_base + N_CARDS * n
    out[k + g.phase] = 1.0
    if g.trick:
        out[k + 4 + g.deck.suit_of[g.trick[0]]] = 1.0
    k += 8

    def one(block: int, s: int, value: float = 1.0) -> None:
        out[k + block * n + (s - seat) % n] = value

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
    k += _PER_SEAT_BLOCKS * n
    if in_season:
        out[k] = g.inherit.bit_count() / 2
        out[k + 1] = g.savings.bit_count() / 2
    out[k + 2] = len(g.seasons_log) / g.seasons
    out[k + 3] = sum(p["season"] == g.season + 1 for p in g.passouts) / (g.redeals + 1)
    return out
