"""What must hold in every Testa di Pecora state; checked by the conformance suite."""

from __future__ import annotations

from ...core.protocol import Game
from .deck import N_CARDS, TOTAL_DUCATS
from .rules import OVER, START_RENOWN, TestaGame


def invariants(g: Game) -> list[str]:
    """Broken invariants of ``g`` (a TestaGame), as messages; empty when all hold."""
    assert isinstance(g, TestaGame)
    problems = []
    places = [*g.hands, g.inherit, g.savings]
    played = [c for _, cards, _ in g.trades for c in cards] + list(g.trick)
    seen = 0
    count = 0
    for m in places:
        if seen & m:
            problems.append("a card is in two places")
        seen |= m
        count += m.bit_count()
    for c in played:
        if seen >> c & 1:
            problems.append(f"card {c} was played and is still held")
        seen |= 1 << c
    count += len(played)
    if count != N_CARDS or seen != (1 << N_CARDS) - 1:
        problems.append(f"{count} cards accounted for, not {N_CARDS}")
    if g.phase != OVER:
        won_cards = 0
        for _, cards, _ in g.trades:
            for c in cards:
                won_cards |= 1 << c
        held = sum(g.won) + g.ducats_of(((1 << N_CARDS) - 1) & ~won_cards)
        if held != TOTAL_DUCATS:
            problems.append(f"ducats won plus ducats in play make {held}, not {TOTAL_DUCATS}")
    punished = sum(len(p["punished"]) for p in g.passouts)
    if sum(g.renown) != START_RENOWN * g.n - punished:
        problems.append("renown is not zero-sum apart from the pass-out penalties")
    for entry in g.seasons_log:
        if sum(entry["renown_change"]) != 0:
            problems.append(f"season {entry['season']} renown changes do not sum to zero")
    return problems
