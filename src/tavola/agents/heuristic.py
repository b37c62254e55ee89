"""The heuristic agent: each game's own hand-written policy (``GameSpec.heuristic``)."""

from __future__ import annotations

from ..core.errors import UnknownGameError
from ..core.registry import get_spec
from .base import PolicyAgent


def heuristic_agent(game_id: str) -> PolicyAgent:
    """The game's heuristic policy as an agent; UnknownGameError if the game has none."""
    spec = get_spec(game_id)
    if spec.heuristic is None:
        raise UnknownGameError(f"{spec.title} has no heuristic agent yet")
    return PolicyAgent("heuristic", spec.heuristic)
