"""What the simulator's reports show of a Renaissance Rivals game beyond who won: each seat's
Victory Points so far, the lift of playing each artist, and how each game ended."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...core.words import lift_title
from .rules import END_REASONS

if TYPE_CHECKING:
    from .rules import RenaissanceRivals


def standing(g: RenaissanceRivals) -> list[int]:
    """Each seat's Victory Points if the game ended now."""
    return [g.score(s) for s in range(g.n)]


def breakdown(g: RenaissanceRivals) -> Iterator[tuple[str, str, float]]:
    """Per seat, its artist's lift and its completed Masterpieces; per game, how it ended."""
    result = g.result
    assert result is not None, "a finished game"
    names = g.c.artist_names
    for s in range(g.n):
        share = 1 / len(result.winners) if s in result.winners else 0.0
        yield (lift_title("Artists: the artist's share", g.n), names[g.artist[s]], share * g.n)
        yield ("Masterpieces completed, by artist", names[g.artist[s]], float(len(g.completed[s])))
    for reason in END_REASONS:
        yield ("How games end (share of games)", reason, float(reason == END_REASONS[g.ended]))
