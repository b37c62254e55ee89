"""The uniformly random agent: the baseline every other agent must beat."""

from __future__ import annotations

import random
from typing import Any

from ..core.protocol import Action
from .base import SeatHandle


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(
        self,
        view: dict[str, Any],
        legal: list[Action],
        rng: random.Random,
        handle: SeatHandle | None = None,
    ) -> Action:
        return legal[rng.randrange(len(legal))]
