"""What the simulator's reports show of a Renaissance Man (2006) game beyond who won: each seat's
points so far, and per Challenge and Event how attempts go and how much winning one is worth."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...core.words import lift_title
from .rules import EV_ROLL, EV_WIN_EVENT

if TYPE_CHECKING:
    from .rules import RenaissanceMan2d6


def standing(g: RenaissanceMan2d6) -> list[int]:
    """Each seat's points so far (its Success pile)."""
    return g.scores


def breakdown(g: RenaissanceMan2d6) -> Iterator[tuple[str, str, float]]:
    """Per attempt, whether it succeeded; per Challenge or Event won (an Event's row marked so),
    the winner's share of the game's win (times the player count: 1 means no edge)."""
    result = g.result
    assert result is not None, "a finished game"
    share = [(1 / len(result.winners) if s in result.winners else 0.0) for s in range(g.n)]
    names = g.c.names
    lift = lift_title("Lift of winning it: the winner's share", g.n)
    for raw in g.log:
        if raw[0] == EV_ROLL:
            _, seat, card, *_, won = raw
            yield ("Attempts that succeed, by Challenge", names[card], float(won))
            if won:
                yield (lift, names[card], share[seat] * g.n)
        elif raw[0] == EV_WIN_EVENT:
            _, seat, card = raw
            yield (lift, f"{names[card]} (Event)", share[seat] * g.n)
