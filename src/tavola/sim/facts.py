"""The games' own breakdowns (each spec's ``breakdown`` observations), averaged by table and
row with 95% intervals taken over the games (over the deals under duplicate seating), since
the observations of one game depend on each other.

A table is of one kind, whatever its rows' values: a *lift* (its title says ``× players``, as
:func:`tavola.core.words.lift_title` writes it: a share of the game's win times the player
count, from 0 to P, 1 meaning no edge), a *rate* (every observation of the table yes or no, 1
or 0: shown as a percentage), else a *mean*.
A lift's or a rate's interval is Wilson's (:func:`grouped_wilson`), so it stays in range; a
mean's is ± 1.96 standard errors. A row seen in fewer than ``MIN_GAMES`` games gets none.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.words import LIFT_MARK
from .outcome import GameOutcome
from .stats import MIN_GAMES, Z95, grouped_wilson, ratio


@dataclass(frozen=True)
class Row:
    """A row of a breakdown: its observations' count, the games (deals) they came from, their
    mean and 95% interval (None when seen in fewer than ``MIN_GAMES``)."""

    label: str
    n: int
    games: int
    mean: float
    low: float | None
    high: float | None


@dataclass(frozen=True)
class Breakdown:
    """A table's kind (``lift``, ``rate`` or ``mean``), its scale (the player count for a lift,
    else 1), its rows (sorted by label), and ``unseen``: for a table that sorts every game into
    one of its rows (how a game ended), the rows no game fell into, left out of ``rows``."""

    kind: str
    scale: int
    rows: list[Row]
    unseen: list[str]


def breakdown_tables(
    outcomes: Sequence[GameOutcome], players: int, deals: Sequence[int] | None = None
) -> dict[str, Breakdown]:
    """Each table of the outcomes' facts, in the order the tables first appear; ``deals``
    gives each outcome's deal (default: each game its own)."""
    deals = range(len(outcomes)) if deals is None else deals
    by_game: defaultdict[str, defaultdict[str, dict[int, list[float]]]] = defaultdict(
        lambda: defaultdict(dict)
    )
    for i, o in enumerate(outcomes):
        for table, label, value in o.facts:
            by_game[table][label].setdefault(i, []).append(value)
    return {table: _table(table, rows, players, deals) for table, rows in by_game.items()}


def _table(
    title: str, rows: dict[str, dict[int, list[float]]], players: int, deals: Sequence[int]
) -> Breakdown:
    values = [x for row in rows.values() for xs in row.values() for x in xs]
    kind = (
        "lift" if LIFT_MARK in title else "rate" if all(x in (0.0, 1.0) for x in values) else "mean"
    )
    scale = players if kind == "lift" else 1
    unseen = []
    if kind == "rate" and _sorts_games(rows):
        unseen = sorted(label for label, row in rows.items() if not any(map(any, row.values())))
    shown = [
        _row(label, rows[label], deals, kind, scale)
        for label in sorted(rows)
        if label not in unseen
    ]
    return Breakdown(kind, scale, shown, unseen)


def _sorts_games(rows: dict[str, dict[int, list[float]]]) -> bool:
    """Whether each game gives every row one yes-or-no and exactly one of them is yes."""
    games = set().union(*rows.values())
    return all(
        all(len(row.get(g, ())) == 1 for row in rows.values())
        and sum(row[g][0] for row in rows.values()) == 1
        for g in games
    )


def _row(
    label: str, by_game: dict[int, list[float]], deals: Sequence[int], kind: str, scale: int
) -> Row:
    """The row's figures, its values divided by ``scale`` and summed by deal."""
    by_deal: dict[int, tuple[float, int]] = {}
    for game, xs in by_game.items():
        total, count = by_deal.get(deals[game], (0.0, 0))
        by_deal[deals[game]] = (total + sum(xs) / scale, count + len(xs))
    groups = list(by_deal.values())
    n = sum(m for _, m in groups)
    mean = sum(w for w, _ in groups) / n
    if len(groups) < MIN_GAMES:
        return Row(label, n, len(groups), mean * scale, None, None)
    if kind == "mean":
        half = Z95 * math.sqrt(ratio(groups)[1])
        return Row(label, n, len(groups), mean, mean - half, mean + half)
    _, low, high = grouped_wilson(groups)
    return Row(label, n, len(groups), mean * scale, low * scale, high * scale)
