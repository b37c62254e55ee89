"""What the simulator's reports show of a Renaissance Man (2013) game beyond who won: each
seat's workers so far, the lift of having each worker type and each card in one's
structure at the end, and how each game ended (a Master, the round cap, or the solo loss)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...core.words import lift_title
from .cards import RM, WORKER_NAMES
from .rules import DOWN, END_REASONS, FOUND

if TYPE_CHECKING:
    from .rules import RenaissanceMan


def standing(g: RenaissanceMan) -> list[int]:
    """Each seat's workers in its structure (the 15th is the Master)."""
    return [sum(1 for x in st if x >= 0) for st in g.st]


def breakdown(g: RenaissanceMan) -> Iterator[tuple[str, str, float]]:
    """For each card built into a structure by the end (hired, recruited, or a Renaissance Man
    placed face down; not the Foundation cards, which everyone has): its type's and its own
    lift; and per game, how it ended.

    A face-down Renaissance Man counts as a Renaissance Man, whatever card lies face down: it
    plays as one (wild, no action; [D23]). It has no row of its own among the cards, as the card
    face down played no part as itself (it would credit, say, a Merchant with a wild worker's
    games)."""
    result = g.result
    assert result is not None, "a finished game"
    n, c = g.players, g.c
    by_type = lift_title("Workers in a structure at the end, by type: the holder's share", n)
    by_card = lift_title("Cards in a structure at the end: the holder's share", n)
    for s in range(n):
        lift = (1 / len(result.winners) if s in result.winners else 0.0) * n
        for slot in g.st[s]:
            if DOWN <= slot < FOUND:
                typ, x = RM, -1
            elif 0 <= slot < c.n_cards:
                typ, x = c.typ[slot], slot
            else:
                continue
            yield (by_type, WORKER_NAMES[typ], lift)
            if x >= 0:
                yield (by_card, c.ids[x], lift)
    for reason in END_REASONS:
        yield ("How games end (share of games)", reason, float(reason == END_REASONS[g.ended]))
