"""Agents (bots) and the registry of agent names used by the CLI, the simulator and servers.

An agent is named by a kind and parameters (``ismcts:iterations=400``; see
:mod:`tavola.agents.names`): :func:`make_agent` builds one for a game, and refuses a bad name
with a message listing what there is.
"""

from __future__ import annotations

from ..core.registry import get_spec
from .base import Agent, PolicyAgent, SeatHandle
from .heuristic import PARAMS as HEURISTIC_PARAMS
from .heuristic import heuristic_agent
from .ismcts import PARAMS as ISMCTS_PARAMS
from .ismcts import Ismcts, Search
from .names import (
    DIFFICULTIES,
    AgentKind,
    AgentNameError,
    difficulties,
    level_words,
    parse_agent,
    split_agents,
)
from .pimc import PARAMS as PIMC_PARAMS
from .pimc import Pimc
from .random import random_agent

KINDS: dict[str, AgentKind] = {
    kind.name: kind
    for kind in (
        AgentKind("random", "any legal move, all equally likely", random_agent, probes=("random",)),
        AgentKind(
            "heuristic",
            "the game's own hand-written policy",
            heuristic_agent,
            HEURISTIC_PARAMS,
            probes=("heuristic", "heuristic:slips=0.5"),
        ),
        AgentKind(
            "ismcts",
            "information-set Monte Carlo tree search (never sees hidden cards)",
            Ismcts,
            ISMCTS_PARAMS,
            probes=(
                "ismcts:iterations=16",
                "ismcts:iterations=4,rollout=heuristic",
                "ismcts:iterations=16,rollout=playout",
            ),
        ),
        AgentKind(
            "pimc",
            "rollouts of the game's heuristic over sampled worlds (never sees hidden cards)",
            Pimc,
            PIMC_PARAMS,
            probes=(
                "pimc:rollouts=6,width=3,horizon=8,policy=heuristic",
                "pimc:rollouts=6,width=3,horizon=8,policy=heuristic,reward=win,value=learned",
            ),
        ),
    )
}
"""Every kind of agent by name."""

AGENTS = sorted([*KINDS, *DIFFICULTIES])
"""Every agent name without parameters (kinds and difficulty levels)."""


def make_agent(name: str, game_id: str) -> Agent:
    """A new agent named ``name`` (parameters included) for ``game_id``; AgentNameError (a
    ValueError) says what is wrong with a bad name, UnknownGameError with a bad game."""
    get_spec(game_id)  # an unknown game is refused by every agent, not only those that read it
    kind, params = parse_agent(name, KINDS, game_id)
    return KINDS[kind].make(game_id, **params)


__all__ = [
    "AGENTS",
    "DIFFICULTIES",
    "KINDS",
    "Agent",
    "AgentKind",
    "AgentNameError",
    "Ismcts",
    "Pimc",
    "PolicyAgent",
    "Search",
    "SeatHandle",
    "difficulties",
    "level_words",
    "make_agent",
    "parse_agent",
    "split_agents",
]
