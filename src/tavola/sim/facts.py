"""The games' own breakdowns (each spec's ``breakdown`` observations), averaged by table and
row with 95% intervals: Wilson's for yes/no observations, the normal one for others."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from .outcome import GameOutcome
from .stats import Z95, wilson


@dataclass(frozen=True)
class Row:
    """A row of a breakdown: its observations' count, mean and 95% interval; ``share`` when
    every observation is yes or no (1 or 0), so the mean is a rate."""

    label: str
    n: int
    mean: float
    low: float
    high: float
    share: bool = False


def breakdown_tables(outcomes: Iterable[GameOutcome]) -> dict[str, list[Row]]:
    """Each table's rows (sorted by label), in the order the tables first appear."""
    values: defaultdict[str, defaultdict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for o in outcomes:
        for table, label, value in o.facts:
            values[table][label].append(value)
    return {
        table: [_row(label, rows[label]) for label in sorted(rows)]
        for table, rows in values.items()
    }


def _row(label: str, xs: list[float]) -> Row:
    n = len(xs)
    mean = sum(xs) / n
    if all(x in (0.0, 1.0) for x in xs):
        low, high = wilson(sum(xs), n)
        return Row(label, n, mean, low, high, share=True)
    if n > 1:
        half = Z95 * math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)
        low, high = mean - half, mean + half
    else:
        low, high = -math.inf, math.inf
    return Row(label, n, mean, low, high)
