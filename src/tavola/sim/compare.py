"""Two configurations of a game played on the same seeds: the difference in each headline
figure, with a 95% interval from the paired games, and whether it is significant.

Game ``i`` of both runs is dealt from the same seed and seats the same agents (when the lineups
match), so each figure is compared game by game: the difference of the two runs' values in game
``i`` has a mean (the difference shown) and a standard error, which is much smaller than the
two runs' own spreads would give. Games capped in either run are left out of both.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .outcome import GameOutcome
from .runner import Simulation, SimulationError
from .stats import Z95


@dataclass(frozen=True)
class Difference:
    """One headline figure in run A and run B, B - A, its 95% interval, and whether that
    interval leaves out zero."""

    figure: str
    a: float
    b: float
    difference: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, Any]:
        return {
            "figure": self.figure,
            "a": round(self.a, 6),
            "b": round(self.b, 6),
            "difference": round(self.difference, 6),
            "ci95": [round(self.low, 6), round(self.high, 6)],
            "significant": self.significant,
        }


def _agent_share(name: str) -> Callable[[GameOutcome], float | None]:
    """The agent's share of the win in one game (over the seats it holds), None if absent."""

    def value(o: GameOutcome) -> float | None:
        seats = [s for s, a in enumerate(o.agents) if a == name]
        if not seats:
            return None
        won = sum(1 / len(o.winners) for s in seats if s in o.winners)
        return won / len(seats)

    return value


def _edge(name: str) -> Callable[[GameOutcome], float | None]:
    """The agent's share of the win in one game less an even share (1 / players)."""
    share = _agent_share(name)

    def value(o: GameOutcome) -> float | None:
        v = share(o)
        return None if v is None else v - 1 / len(o.agents)

    return value


def _seat_win(seat: int) -> Callable[[GameOutcome], float | None]:
    return lambda o: (1 / len(o.winners)) if seat in o.winners else 0.0


def _paired(
    figure: str,
    pairs: Sequence[tuple[int, GameOutcome, GameOutcome]],
    value: Callable[..., Any],
) -> Difference | None:
    """The figure's mean in each run over the paired games, and the difference with its
    interval over the deals (``pairs`` holds each game's deal and its outcome in both runs):
    games of one deal may depend on each other, deals do not."""
    got = [(deal, value(a), value(b)) for deal, a, b in pairs]
    got = [(deal, x, y) for deal, x, y in got if x is not None and y is not None]
    if not got:
        return None
    n = len(got)
    mean_a = sum(x for _, x, _ in got) / n
    mean_b = sum(y for _, _, y in got) / n
    mean = mean_b - mean_a
    by_deal: dict[int, list[float]] = {}
    for deal, x, y in got:
        by_deal.setdefault(deal, []).append(y - x)
    groups = [(sum(d), len(d)) for d in by_deal.values()]
    k = len(groups)
    if k < 2:
        return Difference(figure, mean_a, mean_b, mean, -math.inf, math.inf)
    spread = sum((s - mean * m) ** 2 for s, m in groups) / (k * (k - 1))
    half = Z95 * math.sqrt(spread) / (n / k)
    return Difference(figure, mean_a, mean_b, mean, mean - half, mean + half)


def check_players(a: int, b: int) -> None:
    """SimulationError for a run of one player against a run of several: a player alone has
    no even share, so its win rate is no win share above one."""
    if (a == 1) != (b == 1):
        counts = " and ".join(f"{n} player{'s' * (n > 1)}" for n in (a, b))
        raise SimulationError(
            f"compare a one-player run with another one only: a player alone has no even share "
            f"to set a win share against ({counts})"
        )


def compare(a: Simulation, b: Simulation) -> list[Difference]:
    """The headline figures of ``a`` and ``b`` (runs of the same game, seed and number of
    games), game by game: each agent's win share (above an even share, when the player counts
    differ), each seat's (when they match) and the mean game length. Raises SimulationError
    for runs that cannot be paired."""
    if (a.game, a.seed, len(a.outcomes)) != (b.game, b.seed, len(b.outcomes)):
        raise SimulationError("compare runs of the same game, seed and number of games")
    if a.deal_size != b.deal_size:
        raise SimulationError(
            "compare runs dealt alike: both with duplicate seating (and as many players), or "
            "neither"
        )
    check_players(a.players, b.players)
    size = a.deal_size
    pairs = [
        (i // size, x, y)
        for i, (x, y) in enumerate(zip(a.outcomes, b.outcomes, strict=True))
        if not (x.hit_cap or y.hit_cap)
    ]
    out: list[Difference | None] = []
    for name in dict.fromkeys((*a.agents, *b.agents)):
        if a.players == b.players:
            out.append(_paired(f"win share of {name}", pairs, _agent_share(name)))
        else:  # an even share differs: 25% against 20% says nothing of the agent
            out.append(_paired(f"win share of {name} above an even one", pairs, _edge(name)))
    if a.players == b.players:
        out += [_paired(f"win share of seat {s}", pairs, _seat_win(s)) for s in range(a.players)]
    out.append(_paired("mean game length (decisions)", pairs, lambda o: float(o.decisions)))
    return [d for d in out if d is not None]
