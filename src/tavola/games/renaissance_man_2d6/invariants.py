"""Invariants of a Renaissance Man (2006) game, checked by the conformance suite after each act."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import EVENT, OVER, SELECT, K

if TYPE_CHECKING:
    from ...core.protocol import Game


def invariants(game: Game) -> list[str]:
    """Broken invariants of ``game`` (empty when all hold)."""
    g = game
    c = g.c  # type: ignore[attr-defined]
    bad = []
    for k in range(K):
        total = (
            g.cr_deck.count(k)
            + g.discards[k]
            + g.played[k]
            + sum(h[k] for h in g.hands)
            + sum(p[k] for p in g.ev_played)
        )
        if total != c.reserve_counts[k]:
            bad.append(f"{total} CR cards of kind {k}, expected {c.reserve_counts[k]}")
    for s in range(g.n):
        if any(g.known[s][k] > g.hands[s][k] or g.hands[s][k] < 0 for k in range(K)):
            bad.append(f"seat {s}: known cards {g.known[s]} exceed its hand {g.hands[s]}")
        if g.scores[s] != sum(c.points[i] for i in g.success[s]):
            bad.append(f"seat {s}: score {g.scores[s]} is not its Success pile's points")
    places = g.ch_deck + g.table + [i for pile in g.success for i in pile]
    if g.ev >= 0:
        places.append(g.ev)
    if sorted(places) != list(range(c.n_cards)):
        bad.append("the Challenge deck, table, Event and Success piles do not hold each card once")
    if any(c.is_event[i] for i in g.table):
        bad.append("an Event lies face up on the table")
    if (g.phase == SELECT) != (g.target >= 0):
        bad.append("an attempt is under way outside the card phase, or none inside it")
    if (g.phase == EVENT) != (g.ev >= 0):
        bad.append("an Event is under way outside the Event phase, or none inside it")
    if g.phase != SELECT and any(g.played):
        bad.append("cards lie played outside an attempt")
    if g.phase == OVER and g.ended < 0:
        bad.append("the game is over with no reason")
    return bad
