"""The uniformly random agent: the baseline every other agent must beat."""

from __future__ import annotations

import random
from typing import Any

from ..core.protocol import Action
from .base import PolicyAgent


def uniform(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """Any legal action, all equally likely."""
    return legal[rng.randrange(len(legal))]


def random_agent(game_id: str) -> PolicyAgent:
    """The random agent (the same for every game)."""
    return PolicyAgent("random", uniform)
