"""What the simulator's reports show of a Testa di Pecora game beyond who won: each seat's
renown so far, and per season how often the side that claimed wins, by how it was made up and
by the seat of its leader after the dealer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import TestaGame


def standing(g: TestaGame) -> list[int]:
    """Each seat's renown so far."""
    return g.renown


def breakdown(g: TestaGame) -> Iterator[tuple[str, str, float]]:
    """Per season: whether the claiming side (the Pope's, or the Heir's) won it, by coalition
    (with a partner, or alone) and by its leader's seat after the dealer."""
    n = g.n
    leader = "Heir" if n == 5 else "Pope"
    for season in g.seasons_log:
        side = season["side"]
        won = float(season["side_won"])
        partner = "alone" if season["alone"] else "with a partner"
        yield (f"Seasons won by the {leader}'s side", f"{n} players, {partner}", won)
        after = (side[0] - season["dealer"]) % n
        yield (
            f"Seasons won by the {leader}'s side, by the {leader}'s seat after the dealer",
            f"{n} players, {after} after the dealer",
            won,
        )
