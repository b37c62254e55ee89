"""The heuristic agent: each game's own hand-written policy (``GameSpec.heuristic``)."""

from __future__ import annotations

import random
from typing import Any

from ..core.errors import UnknownGameError
from ..core.protocol import Action
from ..core.registry import get_spec
from .base import SeatHandle


class HeuristicAgent:
    """Plays the game's heuristic policy, a function of (view, legal actions, rng)."""

    name = "heuristic"

    def __init__(self, game_id: str) -> None:
        spec = get_spec(game_id)
        if spec.heuristic is None:
            raise UnknownGameError(f"{spec.title} has no heuristic agent yet")
        self._policy = spec.heuristic

    def choose(
        self,
        view: dict[str, Any],
        legal: list[Action],
        rng: random.Random,
        handle: SeatHandle | None = None,
    ) -> Action:
        return self._policy(view, legal, rng)
