"""The agent interface: an agent sees a view, the legal actions and its own RNG, nothing else.

Search agents (``searches = True``) also get a :class:`SeatHandle`, which lets them sample full
game states that look the same to their seat (``resample``); they never see the true hidden state.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any, NoReturn, Protocol

from ..core.errors import TavolaError
from ..core.protocol import Action, Game, WorldPolicy


class SeatHandle:
    """What a runner lends a search agent for one decision: determinizations for its seat.

    It never holds the real game: it keeps one world drawn at random among those the seat cannot
    tell from the real one. Since a resample depends only on the seat's view and the rng (the
    core contract), resampling that world gives exactly what resampling the real game would.
    """

    __slots__ = ("_world", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._world = game.resample(seat, random.Random(os.urandom(16)))
        self.seat = seat

    def resample(self, rng: random.Random, policy: WorldPolicy | None = None) -> Game:
        """A game that looks the same to this seat, all it cannot see re-dealt at random (the
        other seats' hidden commitments by ``policy``, if given: ``Game.resample``). Without a
        policy the game is asked as before it took one, so a plug-in game written then works."""
        if policy is None:
            return self._world.resample(self.seat, rng)
        return self._world.resample(self.seat, rng, policy)


class Agent(Protocol):
    """Anything with a ``name``, ``searches`` and a ``choose`` method is an agent.

    ``searches``: True if the agent wants a :class:`SeatHandle` (runners make one only then).
    """

    name: str
    searches: bool

    def choose(
        self,
        view: dict[str, Any],
        legal: list[Action],
        rng: random.Random,
        handle: SeatHandle | None = None,
    ) -> Action:
        """Pick one of ``legal`` for the seat whose ``view`` this is; a TavolaError if
        ``legal`` is empty or ``view`` a spectator's (:func:`refuse_decision`)."""
        ...


def refuse_decision(name: str, legal: list[Action]) -> NoReturn:
    """Raise the error for a decision no agent can make. Every agent's ``choose`` calls it when
    ``not legal or view.get("seat", 0) is None``: no legal action, or a spectator's view."""
    if not legal:
        raise TavolaError(f"{name}: no legal action to choose from (is the seat to act now?)")
    raise TavolaError(f"{name} plays a seat: give it that seat's view, not a spectator's")


Policy = Callable[[dict[str, Any], list[Action], random.Random], Action]


class PolicyAgent:
    """An agent that needs no search: a named function of (view, legal actions, rng)."""

    __slots__ = ("name", "policy")
    searches = False

    def __init__(self, name: str, policy: Policy) -> None:
        self.name = name
        self.policy = policy

    def choose(
        self,
        view: dict[str, Any],
        legal: list[Action],
        rng: random.Random,
        handle: SeatHandle | None = None,
    ) -> Action:
        if not legal or view.get("seat", 0) is None:
            refuse_decision(self.name, legal)
        return self.policy(view, legal, rng)
