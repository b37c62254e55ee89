"""A seat's view of Renaissance Man (2013) as a flat float32 array, seats counted from its own.

Layout (n players, N cards, A action codes): phase one-hot (6), level (4 one-hot), round
fraction; per seat from this one: 15 slots x (empty, Merchant, Scholar, Baker, Knight,
Renaissance Man, face down; offers left 4, right 4) = 15 x 15, stored tokens by face (4),
Renaissance Man tokens by face (4), knights by area (4), hand size, committed, has a
Renaissance Man to place, known hand cards (N); the Recruit board (4 x N) and opposing knights
(4); the supply (6); own hand (N); own commitment steps (A); public discards (N); own face-down
discards (N); cards shown by the last step (N); the recruit being placed (N) and who places it
(n); deck and discard sizes (2). After the easier one-player game's reshuffle, the face-up cards
of the pile then (the view's ``reshuffled_from``) are 0.5 in the public discards: each is in the
new deck or still in the pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .rules import DOWN, FOUND, PHASES, RESOLVE

if TYPE_CHECKING:
    from .rules import RenaissanceMan

PER_SLOT = 15


def observation_size(n: int, n_cards: int, n_actions: int) -> int:
    per_seat = 15 * PER_SLOT + 12 + 3 + n_cards
    return 11 + n * per_seat + 4 * n_cards + 4 + 6 + n_cards + n_actions + 4 * n_cards + n + 2


def observe(g: RenaissanceMan, seat: int) -> np.ndarray:
    n, N = g.players, g.c.n_cards
    t = g.t
    out = np.zeros(observation_size(n, N, len(t.actions)), dtype=np.float32)
    out[g.phase] = 1
    if g.level:
        out[len(PHASES) + g.level - 1] = 1
    out[10] = g.round / max(1, g.round_limit)
    i = 11
    committed = g.commits.done if g.commits.is_open else set()
    for j in range(n):
        s = (seat + j) % n
        for p, x in enumerate(g.st[s]):
            base = i + p * PER_SLOT
            if x < 0:
                out[base] = 1
                continue
            if DOWN <= x < FOUND:
                out[base + 6] = 1
            out[base + 1 + t.typ[x]] = 1
            for b in range(4):
                out[base + 7 + b] = (t.ol[x] >> b) & 1
                out[base + 11 + b] = (t.orr[x] >> b) & 1
        i += 15 * PER_SLOT
        for tok in g.stored[s]:
            out[i + tok % 4] += 0.25
        for tok in g.rm[s]:
            out[i + 4 + tok % 4] = 1
        for a in range(4):
            out[i + 8 + a] = g.board[a][s] / 4
        out[i + 12] = len(g.hands[s]) / 4
        out[i + 13] = s in committed
        out[i + 14] = g.pending[s] >= 0
        i += 15
        for x in g.known[s]:
            out[i + x] = 1
        i += N
    for a, x in enumerate(g.recruits):
        if x >= 0:
            out[i + a * N + x] = 1
    i += 4 * N
    out[i : i + 4] = np.multiply(g.opp, 0.5)
    i += 4
    out[i : i + 6] = np.multiply(g.supply, 0.125)
    i += 6
    for x in g.hands[seat]:
        out[i + x] = 1
    i += N
    if g.commits.is_open:
        for x in g.commits.mine(seat):
            out[i + x] = 1
    i += len(t.actions)
    for x in g.pool:  # [D24] the face-up cards of the easier game's reshuffled pile
        out[i + x] = 0.5
    for x in g.disc_pub:
        out[i + x] = 1
    for s, x in g.disc_sec:
        if s == seat:
            out[i + N + x] = 1
    for x in g.shown:
        out[i + 2 * N + x] = 1
    if g.phase == RESOLVE:
        out[i + 3 * N + g.rcard] = 1
        out[i + 4 * N + (g.rseat - seat) % n] = 1
    i += 4 * N + n
    out[i] = len(g.deck) / N
    out[i + 1] = (len(g.disc_pub) + len(g.disc_sec)) / N
    return out
