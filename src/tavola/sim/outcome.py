"""One played game of a simulation, as the runner, the statistics and the results file see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One played game. ``winners`` is empty and ``scores`` is None if it hit the decision cap;
    ``record`` is the game's record (:meth:`tavola.Game.record`) when the run keeps them."""

    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None
    decisions: int
    hit_cap: bool
    record: dict[str, Any] | None = None
