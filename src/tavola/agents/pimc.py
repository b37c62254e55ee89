"""Rollouts of the heuristic over sampled worlds: a bot that improves on the game's own policy.

Perfect-information Monte Carlo with policy improvement (Tesauro and Galperin's rollout
algorithm; determinized rollouts as in Skat and bridge programs). At a decision it draws worlds
with ``handle.resample(rng)`` (what its seat cannot see re-dealt, never the real game), and for
each candidate move plays it in each world and then the game's heuristic for every seat, to the
end or to a horizon scored by the game's standing (or by its learned value: :mod:`.value`).
Every candidate is played in the same worlds with the same rollout seeds (common random
numbers), the budget goes to the better candidates by sequential halving (Karnin, Koren and
Somekh, 2013), and the heuristic's own move is kept unless the best of the others beats it,
world by world in the last round's worlds (fresh, so not those it was picked on), by ``margin``
standard errors of the paired difference.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.errors import TavolaError
from ..core.protocol import Action, Game, GameResult
from ..core.registry import get_spec
from .base import SeatHandle, refuse_decision
from .ismcts import Option, Search
from .names import AgentNameError, Param, agent_name

if TYPE_CHECKING:
    from .value import LinearValue

PARAMS = {
    "rollouts": Param(int, 96, "rollouts per move", low=1),
    "seconds": Param(float, None, "seconds per move", low=0.01, high=600),
    "width": Param(int, 8, "most candidate moves searched (the heuristic's among them)", low=2),
    "horizon": Param(
        int, 0, "rollout decisions before the game's standing is scored (0: to the end)", low=0
    ),
    "margin": Param(
        float, 2.0, "standard errors by which a move must beat the heuristic's", low=0, high=10
    ),
    "reward": Param(str, "place", "what a rollout is worth", choices=("place", "win")),
    "value": Param(
        str,
        "standing",
        "what a rollout cut at the horizon is worth: a place by the game's standing, or the "
        "chance to win by its learned value (with reward=win; the standing where none is trained)",
        choices=("standing", "learned"),
    ),
    "policy": Param(str, "heuristic", "who plays the rollouts", choices=("heuristic", "playout")),
    "others": Param(
        str,
        "uniform",
        "how a world draws the other seats' hidden commitments of an open phase",
        choices=("heuristic", "uniform"),
    ),
}
"""What ``pimc:...`` takes. With ``seconds`` the search also stops when that time is up: the
clock is read before every rollout, a world not yet played by every candidate is then left out,
and with no world played the move is the heuristic's."""


class Pimc:
    """The rollout bot. ``choose`` is deterministic for a given rng when not budgeted by time."""

    searches = True

    def __init__(
        self,
        game_id: str,
        rollouts: int = 96,
        seconds: float | None = None,
        width: int = 8,
        horizon: int = 0,
        margin: float = 2.0,
        reward: str = "place",
        value: str = "standing",
        policy: str = "heuristic",
        others: str = "uniform",
    ) -> None:
        spec = get_spec(game_id)
        if spec.heuristic is None:
            raise AgentNameError(f"{spec.title} has no heuristic for pimc to roll out with")
        if horizon and spec.standing is None:
            raise AgentNameError(f"{spec.title} has no standing for pimc to score a horizon by")
        if value == "learned" and spec.values is None:
            raise AgentNameError(
                f"{spec.title} has no learned value for pimc to score a horizon by"
            )
        if value == "learned" and reward != "win":
            raise AgentNameError("pimc's value=learned gives chances to win: it needs reward=win")
        if policy == "playout" and spec.playout is None:
            raise AgentNameError(
                f"{spec.title} has no fast playout policy for pimc to roll out with"
            )
        self.heuristic = spec.heuristic
        self.playout = spec.playout if policy == "playout" else None
        self.standing = spec.standing
        self.rollouts = rollouts
        self.seconds = seconds
        self.width = width
        self.horizon = horizon or math.inf
        self.margin = margin
        self.by_win = reward == "win"
        self.learned = value == "learned"
        self.others = self._commit_as_heuristic if others == "heuristic" else None
        given = {
            "rollouts": rollouts,
            "seconds": seconds,
            "width": width,
            "horizon": horizon,
            "margin": margin,
            "reward": reward,
            "value": value,
            "policy": policy,
            "others": others,
        }
        self.name = agent_name("pimc", given, PARAMS)

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
        return self.search(view, legal, rng, handle).best

    def search(
        self,
        view: dict[str, Any],
        legal: list[Action],
        rng: random.Random,
        handle: SeatHandle | None,
    ) -> Search:
        """Rate the candidates for the handle's seat, whose view and legal actions are given;
        the first option is the move to play."""
        if handle is None:
            raise TavolaError("pimc searches: it needs a SeatHandle for its seat")
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds else math.inf
        base = self.heuristic(view, legal, random.Random(rng.getrandbits(64)))
        others = [a for a in legal if a != base]
        if len(others) >= self.width:
            others = rng.sample(others, self.width - 1)
        arms = [_Arm(base)] + [_Arm(a) for a in others]
        worlds: list[tuple[Game, int]] = []
        survivors = arms
        rounds = math.ceil(math.log2(len(arms)))
        left = self.rollouts
        value = None
        for done in range(rounds):
            fresh = len(worlds)
            per = max(1, left // (len(survivors) * (rounds - done)))
            for _ in range(per):
                if time.perf_counter() >= deadline:
                    break
                world = (handle.resample(rng, self.others), rng.getrandbits(64))
                if self.learned and not worlds:
                    from .value import value_for  # numpy: imported only by those who need it

                    value = value_for(world[0])
                rewards = []
                for arm in survivors:  # the clock is read before each rollout
                    if time.perf_counter() >= deadline:
                        break
                    rewards.append(self._rollout(world, handle.seat, arm.action, value))
                if len(rewards) < len(survivors):  # out of time: a world is played by all or none
                    break
                worlds.append(world)
                for arm, reward in zip(survivors, rewards, strict=True):
                    arm.values.append(reward)
                left -= len(survivors)
            if len(survivors) > 2:
                ranked = sorted(survivors[1:], key=_Arm.mean, reverse=True)
                survivors = [arms[0], *ranked[: max(1, (len(survivors) + 1) // 2 - 1)]]
        best = max(survivors[1:], key=_Arm.mean)
        if not _beats(best.values[fresh:], arms[0].values[fresh:], self.margin):
            best = arms[0]
        arms.sort(key=lambda arm: (arm is not best, -len(arm.values), -arm.mean()))
        options = tuple(Option(arm.action, len(arm.values), arm.mean()) for arm in arms)
        return Search(options, len(worlds), time.perf_counter() - start)

    def _commit_as_heuristic(
        self, world: Game, seat: int, legal: list[Action], rng: random.Random
    ) -> Action:
        """A step of ``seat``'s hidden commitment in a world being drawn: the heuristic's, on
        that seat's view of the world (the rollouts' model of every seat)."""
        return self.heuristic(world.view(seat), legal, rng)

    def _rollout(
        self, world: tuple[Game, int], seat: int, action: Action, value: LinearValue | None
    ) -> float:
        """``seat``'s reward after ``action`` in a copy of the world, the heuristic playing on
        (cut at the horizon: its chance to win by ``value``, if given, else its place)."""
        g = world[0].clone()
        rng = random.Random(world[1])
        heuristic, playout = self.heuristic, self.playout
        g.act(seat, action)
        played = 0
        while not g.is_over and played < self.horizon:
            played += 1
            to_act = min(g.to_act)
            legal = g.legal_actions(to_act)
            if len(legal) == 1:
                g.act(to_act, legal[0])
            elif playout is None:
                g.act(to_act, heuristic(g.view(to_act), legal, rng))
            else:
                g.act(to_act, playout(g, to_act, legal, rng))
        if not g.is_over and value is not None:
            return value(g)[seat]
        result = g.result if g.is_over else GameResult.from_scores(self.standing(g))
        if self.by_win:
            return 1 / len(result.winners) if seat in result.winners else 0.0
        info = g.spec.info(g.players, g.variant, g.options)
        return (result.rewards(info.min_score, info.max_score)[seat] + 1) / 2


@dataclass
class _Arm:
    """A candidate move and its reward in each world it was played in (world order)."""

    action: Action
    values: list[float] = field(default_factory=list)

    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0


def _beats(values: list[float], base: list[float], margin: float) -> bool:
    """Whether ``values`` beat ``base``, world by world, by ``margin`` standard errors."""
    diffs = [v - b for v, b in zip(values, base, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * math.sqrt(var / n)
