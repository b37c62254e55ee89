"""What a designer asks of a tournament beyond win shares: is there a seat advantage, and how
strong is each agent (Bradley-Terry ratings on the Elo scale, with bootstrap intervals).

Both are computed from outcomes in game order, with a seeded bootstrap, so the same run gives
the same figures whatever the jobs or backend.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .outcome import GameOutcome
from .stats import MIN_GAMES

ELO = 400 / math.log(10)
"""Natural-log strength to Elo points: a 400-point gap is 10:1 odds."""
BOOTSTRAP = 200
"""Resamples of the games behind each rating's interval."""
PRIOR = 0.5
"""Half a win each way added to every pair that met, so an agent that never lost stays finite."""


@dataclass(frozen=True)
class SeatTest:
    """Pearson's chi-square test that every seat wins equally often (no seat advantage)."""

    statistic: float
    df: int
    p_value: float


def seat_test(by_seat_wins: Sequence[float]) -> SeatTest:
    """The test on win credits by seat (ties split). Agents rotated or permuted evenly over the
    seats make equal wins the hypothesis of no seat advantage.

    >>> round(seat_test([30, 30, 30]).p_value, 3)
    1.0
    >>> seat_test([60, 20, 10]).p_value < 0.001
    True
    """
    from scipy.stats import chi2

    total = sum(by_seat_wins)
    k = len(by_seat_wins)
    if k < 2 or total <= 0:
        return SeatTest(0.0, max(k - 1, 0), 1.0)
    expected = total / k
    statistic = sum((w - expected) ** 2 / expected for w in by_seat_wins)
    return SeatTest(statistic, k - 1, float(chi2.sf(statistic, k - 1)))


@dataclass(frozen=True)
class Rating:
    agent: str
    elo: float
    low: float | None  # no interval from fewer than MIN_GAMES games (deals)
    high: float | None


def _pairs(outcomes: Sequence[GameOutcome], index: dict[str, int]) -> np.ndarray:
    """Per game, a matrix ``w[a, b]``: times agent a finished above agent b (ties half each)."""
    n = len(index)
    out = np.zeros((len(outcomes), n, n))
    for g, o in enumerate(outcomes):
        if o.scores is None:
            continue
        for s, a in enumerate(o.agents):
            for t in range(s + 1, len(o.agents)):
                b = o.agents[t]
                if a == b:
                    continue
                i, j = index[a], index[b]
                if o.scores[s] > o.scores[t]:
                    out[g, i, j] += 1
                elif o.scores[s] < o.scores[t]:
                    out[g, j, i] += 1
                else:
                    out[g, i, j] += 0.5
                    out[g, j, i] += 0.5
    return out


def _strengths(w: np.ndarray) -> np.ndarray:
    """Bradley-Terry log-strengths from win counts ``w`` (MM algorithm), mean zero."""
    met = (w + w.T) > 0
    w = w + PRIOR * met
    games = w + w.T
    wins = w.sum(axis=1)
    p = np.ones(len(w))
    for _ in range(500):
        denom = (games / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denom > 0, wins / np.where(denom > 0, denom, 1), p)
        new /= math.exp(np.log(new).mean())
        if np.abs(new - p).max() < 1e-10:
            p = new
            break
        p = new
    logs = np.log(p)
    return logs - logs.mean()


@dataclass(frozen=True)
class Sweep:
    """A pair of agents in which ``loser`` never finished above ``winner`` in ``meetings``
    meetings (ties count as neither): their rating gap is set by ``PRIOR``, not measured."""

    winner: str
    loser: str
    meetings: int


def sweeps(outcomes: Sequence[GameOutcome]) -> list[Sweep]:
    """The pairs of agents in which one never finished above the other (and was below it at
    least once), in the order the agents first appear.

    >>> from tavola.sim.outcome import GameOutcome as G
    >>> won = G(seed=0, agents=("a", "b"), winners=(0,), scores=(2, 1), decisions=1, hit_cap=False)
    >>> sweeps([won] * 3)
    [Sweep(winner='a', loser='b', meetings=3)]
    """
    names = list(dict.fromkeys(a for o in outcomes for a in o.agents))
    w = _pairs(outcomes, {name: i for i, name in enumerate(names)}).sum(axis=0)
    return [
        Sweep(a, b, int(w[i, j] + w[j, i]))  # a meeting counts 1 (a tie: half each)
        for i, a in enumerate(names)
        for j, b in enumerate(names)
        if w[j, i] == 0 and w[i, j] > 0
    ]


def ratings(
    outcomes: Sequence[GameOutcome], seed: int, deals: Sequence[int] | None = None
) -> list[Rating]:
    """Each agent's Bradley-Terry rating in Elo points (mean 0) from who finished above whom
    in each finished game, with a 95% bootstrap interval over the games (seeded by ``seed``),
    or over the deals when ``deals`` gives each game's (duplicate seating: the games of a
    deal are resampled together); none from fewer than ``MIN_GAMES`` of them, whose resamples
    are too few to show the spread (four deals won alike gave an interval of no width). Empty
    when fewer than two agents took part."""
    names = list(dict.fromkeys(a for o in outcomes for a in o.agents))
    if len(names) < 2 or not outcomes:
        return []
    index = {name: i for i, name in enumerate(names)}
    per_game = _pairs(outcomes, index)
    point = _strengths(per_game.sum(axis=0)) * ELO
    if deals is not None:  # one row per deal: the sum of its games'
        _, group = np.unique(np.asarray(deals), return_inverse=True)
        per_deal = np.zeros((group.max() + 1, *per_game.shape[1:]))
        np.add.at(per_deal, group, per_game)
        per_game = per_deal
    n = len(per_game)
    if n < MIN_GAMES:
        return [Rating(name, float(point[i]), None, None) for i, name in enumerate(names)]
    rng = np.random.default_rng(seed)
    draws = np.array(
        [_strengths(per_game[rng.integers(0, n, n)].sum(axis=0)) for _ in range(BOOTSTRAP)]
    )
    low, high = np.percentile(draws * ELO, [2.5, 97.5], axis=0)
    return [
        Rating(name, float(point[i]), float(low[i]), float(high[i])) for i, name in enumerate(names)
    ]
