"""Agents (bots) and the registry of agent names used by the CLI, the simulator and servers."""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import UnknownGameError
from .base import Agent, PolicyAgent, SeatHandle
from .heuristic import heuristic_agent
from .random import random_agent

AGENTS: dict[str, Callable[[str], Agent]] = {
    "random": random_agent,
    "heuristic": heuristic_agent,
}


def make_agent(name: str, game_id: str) -> Agent:
    """A new agent called ``name`` for ``game_id``; UnknownGameError lists the names there are."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise UnknownGameError(f"no agent {name!r}; agents: {', '.join(sorted(AGENTS))}") from None
    return factory(game_id)


__all__ = ["AGENTS", "Agent", "PolicyAgent", "SeatHandle", "make_agent"]
