"""One played game of a simulation, as the runner, the statistics and the results file see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One played game. ``winners`` is empty and ``scores`` is None if it hit the decision cap;
    ``record`` is the game's record (:meth:`tavola.Game.record`) when the run keeps them.

    For a game whose spec has a ``standing`` hook, ``lead_changes`` counts the times the lead
    (one seat ahead of all others) passed to another seat, and ``clear_from`` is the fraction
    of the game's decisions after which the winners, and they alone, led to the end (near 0:
    clear early; 1: decided by the last decision). ``facts`` are the spec's
    ``breakdown`` of the finished game. ``at_limit``: it ended at the game's own safety limit
    (:attr:`tavola.Game.at_limit`), with a result, but not by the rules."""

    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None
    decisions: int
    hit_cap: bool
    record: dict[str, Any] | None = None
    lead_changes: int | None = None
    clear_from: float | None = None
    facts: tuple[tuple[str, str, float], ...] = ()
    at_limit: bool = False
