"""The heuristic agent: each game's own hand-written policy (``GameSpec.heuristic``), with an
optional share of slips (moves played at random instead) for a weaker bot: ``easy``."""

from __future__ import annotations

import random
from typing import Any

from ..core.errors import UnknownGameError
from ..core.protocol import Action
from ..core.registry import get_spec
from .base import PolicyAgent
from .names import Param
from .random import uniform

PARAMS = {
    "slips": Param(float, 0.0, "the share of moves played at random instead", 0.0, 1.0),
}


def heuristic_agent(game_id: str, slips: float = 0.0) -> PolicyAgent:
    """The game's heuristic policy as an agent, playing a random legal move instead with
    probability ``slips``; UnknownGameError if the game has none."""
    spec = get_spec(game_id)
    if spec.heuristic is None:
        raise UnknownGameError(f"{spec.title} has no heuristic agent yet")
    if not slips:
        return PolicyAgent("heuristic", spec.heuristic)
    policy = spec.heuristic

    def slipping(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if rng.random() < slips:
            return uniform(view, legal, rng)
        return policy(view, legal, rng)

    return PolicyAgent(f"heuristic:slips={slips:g}", slipping)
