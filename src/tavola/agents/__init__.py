"""Agents (bots) and the registry of agent names used by the CLI, the simulator and servers."""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import UnknownGameError
from .base import Agent, SeatHandle
from .heuristic import HeuristicAgent
from .random import RandomAgent

AGENTS: dict[str, Callable[[str], Agent]] = {
    "random": lambda game_id: RandomAgent(),
    "heuristic": HeuristicAgent,
}


def make_agent(name: str, game_id: str) -> Agent:
    """A new agent called ``name`` for ``game_id``; UnknownGameError lists the names there are."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise UnknownGameError(f"no agent {name!r}; agents: {', '.join(sorted(AGENTS))}") from None
    return factory(game_id)


__all__ = ["AGENTS", "Agent", "HeuristicAgent", "RandomAgent", "SeatHandle", "make_agent"]
