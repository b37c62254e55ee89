"""Win shares with ties split, and 95% Wilson score intervals, per agent and per seat.

A finished game credits ``1 / len(winners)`` to each of its winners, so the credits of a game
sum to 1. Games stopped at the decision cap have no winner and are left out of the shares.
Games played in groups that are not independent (one deal played with the seats turned, as in
duplicate bridge) get :func:`grouped_wilson` instead: Wilson's interval on as many trials as
the spread between the groups is worth, which a few groups that all agree do not narrow to
nothing (:func:`clustered` would).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .outcome import GameOutcome

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""
MIN_GAMES = 10
"""The fewest games (deals) a figure measured over groups is seen in for an interval taken
from their spread: fewer cannot measure it."""


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional).

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials)) / (1 + z2n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratio(groups: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """The ratio estimate (successes over trials) of at least two non-empty groups, and its
    linearised variance (cluster sampling): as large as the spread between groups."""
    trials = sum(n for _, n in groups)
    share = sum(w for w, _ in groups) / trials
    k = len(groups)
    spread = sum((w - share * n) ** 2 for w, n in groups)
    return share, spread * k / ((k - 1) * trials * trials)


def clustered(groups: Sequence[tuple[float, int]], z: float = Z95) -> tuple[float, float, float]:
    """A proportion measured in independent groups of trials that may depend on each other
    within a group: ``groups`` holds each group's (successes, trials). Returns the share and its
    95% interval, by the ratio estimator and its linearised standard error (cluster sampling):
    the interval is as wide as the spread between groups, whatever the dependence within them,
    so groups that all agree leave none (right for an exact copy of the field, which wins its
    fair share of every deal: the benchmarks' duplicate strength runs).

    >>> [round(x, 4) for x in clustered([(1, 4), (1, 4), (2, 4), (0, 4)])]
    [0.25, 0.05, 0.45]
    """
    groups = [(w, n) for w, n in groups if n > 0]
    trials = sum(n for _, n in groups)
    if len(groups) < 2:
        return (sum(w for w, _ in groups) / trials if trials else 0.0, 0.0, 1.0)
    share, variance = ratio(groups)
    half = z * math.sqrt(variance)
    return (share, max(0.0, share - half), min(1.0, share + half))


def grouped_wilson(
    groups: Sequence[tuple[float, int]], z: float = Z95
) -> tuple[float, float, float]:
    """Like :func:`clustered` (each group's sum and count of values from 0 to 1; at least two
    groups), but Wilson's interval, on the trials cut to as many independent ones as the
    spread between groups is worth (the design effect; never more than there are, and as many
    as the groups when all or none succeeded): it stays between 0 and 1, and a share of all or
    none still gets a width.

    >>> [round(x, 3) for x in grouped_wilson([(2, 2)] * 12)]  # 24 successes, worth 12
    [1.0, 0.758, 1.0]
    >>> [round(x, 3) for x in grouped_wilson([(2, 2), (0, 2)] * 6)]  # 24 trials, alike in pairs
    [0.5, 0.246, 0.754]
    """
    groups = [(w, n) for w, n in groups if n > 0]
    share, variance = ratio(groups)
    trials: float = sum(n for _, n in groups)
    independent = share * (1 - share) / trials  # the variance if no trials depended
    if variance > independent:
        trials = independent / variance * trials
    elif independent == 0:  # every trial a success, or none: the spread says nothing
        trials = len(groups)  # so a group counts as one
    low, high = wilson(share * trials, trials, z)
    return share, low, high


@dataclass
class Tally:
    """Win credits over a number of trials (seat-games played)."""

    wins: float = 0.0
    played: int = 0
    deals: dict[int, tuple[float, int]] | None = None
    """Under duplicate seating, the credits and trials in each deal: the interval is then
    taken over deals (:func:`grouped_wilson`), which are independent where their games are
    not. Deals that all agree still leave a width: a few deals won throughout are not a
    certainty."""

    def add(self, credit: float, deal: int | None = None) -> None:
        self.wins += credit
        self.played += 1
        if deal is not None:
            if self.deals is None:
                self.deals = {}
            wins, played = self.deals.get(deal, (0.0, 0))
            self.deals[deal] = (wins + credit, played + 1)

    @property
    def share(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        if self.deals is not None:
            if len(self.deals) < 2:  # one deal: no spread to measure
                return (0.0, 1.0)
            _, low, high = grouped_wilson(list(self.deals.values()))
            return low, high
        return wilson(self.wins, self.played)


@dataclass
class Summary:
    """Aggregates of a simulation's outcomes, computed in game order."""

    games: int
    capped: int
    at_limit: int  # finished at the game's own safety limit (and counted)
    by_agent: dict[str, Tally]
    by_seat: list[Tally]
    mean_decisions: float


def summarize(outcomes: Iterable[GameOutcome], players: int, deal_size: int = 1) -> Summary:
    """Win credits per agent (over the seat-games it played) and per seat (over games).

    ``deal_size``: consecutive games dealt alike (duplicate seating), over whose deals the
    intervals are taken: an agent's games of one deal share the deal, and a seat's its cards.
    ``mean_decisions`` is over finished games; capped games are only counted.
    """
    by_agent: dict[str, Tally] = {}
    by_seat = [Tally() for _ in range(players)]
    games = capped = at_limit = decisions = 0
    for i, o in enumerate(outcomes):
        games += 1
        at_limit += o.at_limit
        if o.hit_cap:
            capped += 1
            continue
        decisions += o.decisions
        deal = i // deal_size if deal_size > 1 else None
        credit = 1 / len(o.winners) if o.winners else 0.0  # a one-player game can be lost
        for seat, name in enumerate(o.agents):
            won = credit if seat in o.winners else 0.0
            by_agent.setdefault(name, Tally()).add(won, deal)
            by_seat[seat].add(won, deal)
    finished = games - capped
    return Summary(
        games=games,
        capped=capped,
        at_limit=at_limit,
        by_agent=by_agent,
        by_seat=by_seat,
        mean_decisions=decisions / finished if finished else 0.0,
    )
