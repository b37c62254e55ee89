"""Every tavola game as a PettingZoo environment (the ``ai`` extra; see docs/interop.md).

``env(game_id, players)`` is an AEC environment: agents ``player_0`` ... ``player_{n-1}`` act one
at a time as ``to_act`` says (in a simultaneous phase, the seats that must act one after the
other: the game hides their commitments until all are in). ``parallel_env`` steps every agent
at once; only the actions of the seats in ``to_act`` are applied. An agent observes
``observe(seat)`` and ``action_mask(seat)`` of its own seat; actions are the catalog's codes;
rewards come at the end (:func:`tavola.interop.common.rewards`). An illegal action raises
:class:`tavola.IllegalActionError` and changes nothing.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import TavolaError, quote
from ..core.protocol import Game
from ..core.registry import get_spec, new_game
from .common import Seeds, legal_action, rewards, table_text

if TYPE_CHECKING:
    import numpy as np
    from pettingzoo import AECEnv, ParallelEnv

RENDER_MODES = ("human", "ansi")


def env(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
) -> AECEnv:
    """An AEC environment of ``game_id``; ``max_steps`` (default: the game's
    ``max_game_length``) is the number of decisions after which a game is truncated."""
    return _classes()[0](game_id, players, variant, options, render_mode, max_steps)


def parallel_env(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
) -> ParallelEnv:
    """A parallel environment of ``game_id``: each step takes one decision of every seat in
    ``to_act``; the other agents' actions are ignored (send anything, e.g. 0)."""
    return _classes()[1](game_id, players, variant, options, render_mode, max_steps)


def _observation(game: Game, seat: int) -> dict[str, np.ndarray]:
    """What the agent of ``seat`` observes: ``observe(seat)`` and ``action_mask(seat)``."""
    return {"observation": game.observe(seat), "action_mask": game.action_mask(seat)}


class _Table:
    """What both environments share: spaces, seats, dealing from seeds, outcome, rendering."""

    def __init__(
        self,
        game_id: str,
        players: int | None,
        variant: str | None,
        options: Mapping[str, Any] | None,
        render_mode: str | None,
        max_steps: int | None,
    ) -> None:
        import numpy as np
        from gymnasium import spaces

        spec = get_spec(game_id)
        players, variant, checked = spec.check(players, variant, options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise TavolaError(f"render_mode is None, 'human' or 'ansi', not {quote(render_mode)}")
        info = spec.info(players, variant, checked)
        if max_steps is None:
            max_steps = info.max_game_length
        elif isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise TavolaError(f"max_steps is a whole number of at least 1, not {quote(max_steps)}")
        self.spec, self.info, self.variant, self.options = spec, info, variant, checked
        self.render_mode, self.max_steps = render_mode, max_steps
        self.metadata = {
            "name": f"tavola_{spec.id.replace('-', '_')}",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        n = info.num_distinct_actions
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, info.observation_shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.game: Game | None = None
        """The true game, hidden parts included (for tools and tests; agents observe)."""
        self._seeds = Seeds()
        self._steps = 0

    def observation_space(self, agent: str) -> Any:
        self._seat(agent)
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        self._seat(agent)
        return self._action_spaces[agent]

    def _seat(self, agent: object) -> int:
        try:
            return self.possible_agents.index(agent)  # type: ignore[arg-type]
        except ValueError:
            raise TavolaError(
                f"there is no agent {quote(agent)}: agents are player_0 to "
                f"player_{len(self.possible_agents) - 1}"
            ) from None

    def _deal(self, seed: int | None) -> Game:
        """A new game: the one of ``seed`` if given, else the next of the seeds so far."""
        if seed is not None:
            self._seeds = Seeds(seed)
        self.game = new_game(
            self.spec.id,
            players=len(self.possible_agents),
            seed=self._seeds.next(),
            variant=self.variant,
            options=self.options,
        )
        self._steps = 0
        return self.game

    def _playing(self) -> Game:
        if self.game is None:
            raise TavolaError("reset() the environment before playing")
        return self.game

    def _outcome(self) -> tuple[dict[str, float], bool, bool]:
        """Every agent's reward now, whether the game is over, and whether it is truncated."""
        game = self._playing()
        result = game.result
        if result is not None:
            won = rewards(result, self.info)
            return dict(zip(self.possible_agents, won, strict=True)), True, False
        return dict.fromkeys(self.possible_agents, 0.0), False, self._steps >= self.max_steps

    def __getstate__(self) -> dict[str, Any]:
        """The environment's state for pickle and deepcopy (the game's spec by its id: it
        holds modules)."""
        return {**self.__dict__, "spec": self.spec.id}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, spec=get_spec(state["spec"]))

    def render(self) -> str | None:
        """The table as a spectator sees it: printed ("human") or returned ("ansi")."""
        if self.render_mode is None:
            warnings.warn("render() needs render_mode 'human' or 'ansi'", stacklevel=2)
            return None
        text = table_text(self._playing())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


class _AEC(_Table):
    """A tavola game as a PettingZoo AEC environment (see :func:`env`)."""

    _selected: str | None = None

    @property
    def agent_selection(self) -> str:
        """The agent to act (``last()`` before ``reset()`` says to reset)."""
        if self._selected is None:
            raise TavolaError("reset() the environment before playing")
        return self._selected

    @agent_selection.setter
    def agent_selection(self, agent: str) -> None:
        self._selected = agent

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new game: the game of ``seed`` (``tavola.new_game(..., seed=seed)``) if given.
        ``options`` is accepted for the API and unused: game options go to :func:`env`."""
        self._deal(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        return self.possible_agents[min(self._playing().to_act)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return _observation(self._playing(), self._seat(agent))

    def step(self, action: int | None) -> None:
        """Take ``action`` (an action code) for ``agent_selection``; None for a finished agent."""
        game = self._playing()
        if not self.agents:
            raise TavolaError("the game is over: reset() the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # type: ignore[attr-defined]
            return
        seat = self._seat(agent)
        game.act(seat, legal_action(game, seat, action, agent))
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards, over, truncated = self._outcome()
        if over or truncated:
            self.terminations = dict.fromkeys(self.agents, over)
            self.truncations = dict.fromkeys(self.agents, truncated)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._next_agent()
        self._accumulate_rewards()  # type: ignore[attr-defined]
        if self.render_mode == "human":
            self.render()


class _Parallel(_Table):
    """A tavola game as a PettingZoo parallel environment (see :func:`parallel_env`)."""

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Deal a new game as :meth:`_AEC.reset` does; every agent's observation and info."""
        game = self._deal(seed)
        self.agents = self.possible_agents[:]
        return self._observations(game), {a: {} for a in self.agents}

    def _observations(self, game: Game) -> dict[str, dict[str, np.ndarray]]:
        return {a: _observation(game, self._seat(a)) for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        """Apply the actions of the seats in ``to_act`` (all checked first, then taken in seat
        order); observations, rewards, terminations, truncations and infos of every agent."""
        game = self._playing()
        if not self.agents:
            raise TavolaError("the game is over: reset() the environment")
        if not isinstance(actions, Mapping):
            raise TavolaError(f"actions are a dict from agent to action, not {quote(actions)}")
        for agent in actions:
            if agent not in self.agents:
                raise TavolaError(f"there is no agent {quote(agent)} in the game")
        moves = []
        for seat in sorted(game.to_act):
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise TavolaError(f"{agent} must act now: its action is missing")
            moves.append((seat, legal_action(game, seat, actions[agent], agent)))
        for seat, move in moves:
            game.act(seat, move)
        self._steps += len(moves)
        reward, over, truncated = self._outcome()
        result = (
            self._observations(game),
            reward,
            dict.fromkeys(self.agents, over),
            dict.fromkeys(self.agents, truncated),
            {a: {} for a in self.agents},
        )
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return result


def __getattr__(name: str) -> type:
    """The environment classes by name, as pickle looks them up (they are made on first use)."""
    classes = {"TavolaAECEnv": 0, "TavolaParallelEnv": 1}
    if name in classes:
        return _classes()[classes[name]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def _classes() -> tuple[type, type]:
    """The environment classes: the shared code above on PettingZoo's base classes, made when
    first needed so that this module imports without PettingZoo."""
    try:
        from pettingzoo import AECEnv, ParallelEnv
    except ImportError as exc:
        raise ImportError(
            "the PettingZoo adapter needs the ai extra: pip install 'tavola[ai]'"
        ) from exc
    return (
        type("TavolaAECEnv", (_AEC, AECEnv), {"__module__": __name__, "__doc__": _AEC.__doc__}),
        type(
            "TavolaParallelEnv",
            (_Parallel, ParallelEnv),
            {"__module__": __name__, "__doc__": _Parallel.__doc__},
        ),
    )
