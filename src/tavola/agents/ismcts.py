"""Information-set Monte Carlo tree search: a strong bot that never peeks.

Single-observer-per-seat IS-MCTS (Cowling, Powley and Whitehouse, 2012): every iteration plays one
world drawn by ``handle.resample(rng)`` (all the bot's seat cannot see re-dealt), so the search
knows exactly what a person in that seat knows. Tree nodes are keyed by ``(seat, info_key(seat))``
of the seat to act, so each seat in the tree decides on what it could see there, and one node
gathers every world that looks the same to it. Selection is UCB1 over the actions legal in the
current world, with availability counts (a subset-armed bandit); one node is added per iteration;
the rest of the game is played by the rollout policy; every seat on the path is credited with its
own reward (a vector: 1 to 6 players, general sum).

Simultaneous phases need nothing special: a seat commits on its own view, which never shows what
the others committed. Dice and shuffles come from the world's seed, which ``resample`` re-draws.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.errors import TavolaError
from ..core.protocol import Action, Game, GameResult
from ..core.registry import get_spec
from .base import SeatHandle, refuse_decision
from .names import AgentNameError, Param, agent_name

PARAMS = {
    "iterations": Param(int, 400, "iterations per move", low=1),
    "seconds": Param(float, None, "seconds per move", low=0.01, high=600),
    "c": Param(float, 0.7, "UCB exploration constant", low=0, high=10),
    "rollout": Param(
        str, "random", "playout policy", choices=("random", "mast", "heuristic", "playout")
    ),
    "reward": Param(str, "place", "what a playout is worth", choices=("place", "score")),
    "prior": Param(float, 0.0, "UCB bonus of the heuristic's move at the root", low=0, high=10),
    "horizon": Param(
        int, 0, "rollout decisions before the game's standing is scored (0: to the end)", low=0
    ),
}
"""What ``ismcts:...`` takes. With ``seconds`` alone the search runs for that time; with both,
it stops at whichever comes first; with neither, 400 iterations."""

Rollout = Callable[[Game, random.Random, float], None]
"""Plays a world on, ``limit`` decisions at most or to its end."""

MAST_EPSILON = 0.3
"""How often a MAST rollout plays at random instead of the best-averaging move."""


@dataclass(frozen=True)
class Option:
    """One root action as the search saw it: how often it was tried and its mean reward."""

    action: Action
    visits: int
    value: float

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "label": self.action.label,
            "visits": self.visits,
            "value": round(self.value, 4),
        }


@dataclass(frozen=True)
class Search:
    """What one search found: the options at the root, best first, and its size."""

    options: tuple[Option, ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> Action:
        return self.options[0].action


class Ismcts:
    """The search bot. ``choose`` is deterministic for a given rng when budgeted by iterations."""

    searches = True

    def __init__(
        self,
        game_id: str,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        reward: str = "place",
        prior: float = 0.0,
        horizon: int = 0,
    ) -> None:
        spec = get_spec(game_id)
        if (rollout == "heuristic" or prior) and spec.heuristic is None:
            raise AgentNameError(
                f"{spec.title} has no heuristic for ismcts to roll out with or prefer"
            )
        if horizon and spec.standing is None:
            raise AgentNameError(f"{spec.title} has no standing for ismcts to score a horizon by")
        self.horizon = horizon or math.inf
        self.standing = spec.standing
        if rollout == "playout" and spec.playout is None:
            raise AgentNameError(
                f"{spec.title} has no fast playout policy for ismcts to roll out with"
            )
        self.heuristic = spec.heuristic
        self.prior = prior
        self.iterations = iterations if iterations is not None or seconds else 400
        self.seconds = seconds
        self.c = c
        self.mast = rollout == "mast"
        self.rollout: Rollout = {
            "heuristic": _policy_rollout(spec),
            "playout": _playout_rollout(spec),
        }.get(rollout, _random_rollout)
        self.by_score = reward == "score"
        given = {
            "iterations": iterations,
            "seconds": seconds,
            "c": c,
            "rollout": rollout,
            "reward": reward,
            "prior": prior,
            "horizon": horizon,
        }
        self.name = agent_name("ismcts", given, PARAMS)

    def choose(
        self,
        view: dict[str, Any],
        legal: list[Action],
        rng: random.Random,
        handle: SeatHandle | None = None,
    ) -> Action:
        if not legal or view.get("seat", 0) is None:
            refuse_decision(self.name, legal)
        if len(legal) == 1:
            return legal[0]
        return self.search(legal, rng, handle).best

    def search(self, legal: list[Action], rng: random.Random, handle: SeatHandle | None) -> Search:
        """Search from the handle's seat, whose legal actions are ``legal``."""
        if handle is None:
            raise TavolaError("ismcts searches: it needs a SeatHandle for its seat")
        seat = handle.seat
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds else math.inf
        limit = self.iterations if self.iterations is not None else math.inf
        tree: dict[Any, dict[int, list[float]]] = {}
        world = handle.resample(rng)
        root_key = (seat, world.info_key(seat))
        reward = _reward(world, self.by_score)
        mast = Mast() if self.mast else None
        tree[root_key] = {}
        bias = None
        if self.prior:
            hint = self.heuristic(world.view(seat), legal, random.Random(rng.getrandbits(64)))
            bias = (tree[root_key], hint.code, self.prior)
        done = 0
        while done < limit and (done == 0 or time.perf_counter() < deadline):
            if done:
                world = handle.resample(rng)
            self._iterate(world, seat, tree, rng, reward, mast, bias)
            done += 1
        stats = tree[root_key]
        options = [
            Option(a, int(stats[a.code][0]), stats[a.code][1] / stats[a.code][0])
            if a.code in stats and stats[a.code][0]
            else Option(a, 0, 0.0)
            for a in legal
        ]
        options.sort(key=lambda o: (-o.visits, -o.value))
        return Search(tuple(options), done, time.perf_counter() - start)

    def _iterate(
        self,
        g: Game,
        root_seat: int,
        tree: dict[Any, dict[int, list[float]]],
        rng: random.Random,
        reward: Callable[[Game], list[float]],
        mast: Mast | None,
        bias: tuple[dict[int, list[float]], int, float] | None,
    ) -> None:
        """One iteration on the world ``g``: select, expand one node, roll out, back up."""
        path: list[tuple[list[float], int, int]] = []
        expanded = False
        c = self.c
        while not g.is_over:
            to_act = g.to_act
            seat = root_seat if not path and root_seat in to_act else min(to_act)
            key = (seat, g.info_key(seat))
            node = tree.get(key)
            if node is None:
                if expanded:
                    break
                node = tree[key] = {}
                expanded = True
            legal = g.legal_actions(seat)
            untried = []
            for a in legal:
                arm = node.get(a.code)
                if arm is None:
                    arm = node[a.code] = [0, 0.0, 0]
                arm[2] += 1
                if not arm[0]:
                    untried.append(a)
            if untried:
                action = untried[rng.randrange(len(untried))]
            else:
                best = -math.inf
                for a in legal:
                    n, w, avail = node[a.code]
                    score = w / n + c * math.sqrt(math.log(avail) / n)
                    if bias is not None and node is bias[0] and a.code == bias[1]:
                        score += bias[2] / (n + 1)
                    if score > best:
                        best, action = score, a
            path.append((node[action.code], seat, action.code))
            g.act(seat, action)
        if mast is None:
            self.rollout(g, rng, self.horizon)
            values = reward(g) if g.is_over else self._estimate(g, reward)
        else:
            played = mast.rollout(g, rng, self.horizon)
            values = reward(g) if g.is_over else self._estimate(g, reward)
            mast.update(played, values)
            mast.update([(seat, code) for _, seat, code in path], values)
        for arm, seat, _ in path:
            arm[0] += 1
            arm[1] += values[seat]

    def _estimate(self, g: Game, reward: Callable[[Game], list[float]]) -> list[float]:
        """A world stopped at the horizon, scored as if it ended now with its standing."""
        return reward(_Ended(GameResult.from_scores(self.standing(g))))  # type: ignore[misc,arg-type]


@dataclass(frozen=True)
class _Ended:
    """What a reward reads of a finished game: its result."""

    result: GameResult


class Mast:
    """Move-average sampling (Finnsson and Bjoernsson, 2008): each action code's mean reward for
    the seat that played it, over one search; rollouts play the best-averaging legal move (one
    never tried counts as best), or with probability ``MAST_EPSILON`` one at random."""

    __slots__ = ("table",)

    def __init__(self) -> None:
        self.table: dict[int, list[float]] = {}

    def rollout(self, g: Game, rng: random.Random, limit: float) -> list[tuple[int, int]]:
        """Play ``g`` on (``limit`` decisions at most); the ``(seat, code)`` of every move."""
        table = self.table
        played: list[tuple[int, int]] = []
        while not g.is_over and len(played) < limit:
            seat = min(g.to_act)
            legal = g.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            if len(legal) > 1 and rng.random() >= MAST_EPSILON:
                best = -1.0
                for a in legal:
                    stats = table.get(a.code)
                    mean = stats[1] / stats[0] if stats else 1.0
                    if mean > best:
                        best, action = mean, a
            played.append((seat, action.code))
            g.act(seat, action)
        return played

    def update(self, played: list[tuple[int, int]], values: list[float]) -> None:
        table = self.table
        for seat, code in played:
            stats = table.get(code)
            if stats is None:
                table[code] = [1, values[seat]]
            else:
                stats[0] += 1
                stats[1] += values[seat]


def _random_rollout(g: Game, rng: random.Random, limit: float) -> None:
    """Play uniformly at random."""
    played = 0
    while not g.is_over and played < limit:
        played += 1
        seat = min(g.to_act)
        legal = g.legal_actions(seat)
        g.act(seat, legal[rng.randrange(len(legal))])


def _policy_rollout(spec: Any) -> Rollout:
    """Play the game's heuristic to the end (each seat on its own view)."""
    policy = spec.heuristic

    def rollout(g: Game, rng: random.Random, limit: float) -> None:
        played = 0
        while not g.is_over and played < limit:
            played += 1
            seat = min(g.to_act)
            legal = g.legal_actions(seat)
            g.act(seat, legal[0] if len(legal) == 1 else policy(g.view(seat), legal, rng))

    return rollout


def _playout_rollout(spec: Any) -> Rollout:
    """Play the game's fast playout policy to the end (on the sampled world's own state)."""
    policy = spec.playout

    def rollout(g: Game, rng: random.Random, limit: float) -> None:
        played = 0
        while not g.is_over and played < limit:
            played += 1
            seat = min(g.to_act)
            g.act(seat, policy(g, seat, g.legal_actions(seat), rng))

    return rollout


def _reward(g: Game, by_score: bool = False) -> Callable[[Game], list[float]]:
    """Each seat's reward in [0, 1] for a finished world: :meth:`GameResult.rewards` (by place;
    for one player, won or lost, then by score) scaled from -1..1, or by score between the
    game's bounds."""
    info = g.spec.info(g.players, g.variant, g.options)
    low, high = info.min_score, info.max_score
    if by_score:
        span = (high - low) or 1.0
        return lambda end: [(s - low) / span for s in end.result.scores]  # type: ignore[union-attr]
    return lambda end: [(r + 1) / 2 for r in end.result.rewards(low, high)]  # type: ignore[union-attr]
