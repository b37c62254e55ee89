"""The dice of Renaissance Man (2006): a roll's modifier and the exact odds of a success.

One place computes an attempt's modifier, for the rules and for the bots alike: "Add 1 to your
roll if it's the card you turned face-up this turn", "Subtract 2 from your roll for every
requirement you don't match", "Add 1 to your roll for every extra matching CR card you play",
plus the Event benefits (a standing bonus; requirements waived).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

TARGET = 7
"""'You need to roll a 7 or better on 2d6.'"""

TWO_DICE = tuple(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) for t in range(13))
"""Ways (out of 36) to roll each total 0..12 on 2d6."""


def at_least(total: int) -> Fraction:
    """The chance that 2d6 shows ``total`` or more.

    >>> at_least(7), at_least(2), at_least(13)
    (Fraction(7, 12), Fraction(1, 1), Fraction(0, 1))
    """
    lo = max(total, 0)
    return Fraction(sum(TWO_DICE[lo:]), 36)


def least_roll(modifier: int) -> int:
    """The least 2d6 total that succeeds with ``modifier`` (2 when any does).

    >>> least_roll(-1), least_roll(6)
    (8, 2)
    """
    return max(2, TARGET - modifier)


@lru_cache(maxsize=64)
def success_chance(modifier: int) -> float:
    """The chance that 2d6 + ``modifier`` reaches 7."""
    return float(at_least(TARGET - modifier))


def shortfall(needs: Sequence[int], played: Sequence[int]) -> tuple[int, int]:
    """(requirements not matched, extra matching cards) for cards ``played`` of each kind.

    >>> shortfall((2, 1, 0, 0, 0), (1, 3, 0, 0, 0))
    (1, 2)
    >>> shortfall((1, 0, 0, 0, 0), (1, 0, 2, 0, 0))  # Gamers do not match a Cooking Challenge
    (0, 0)
    """
    unmet = extra = 0
    for need, have in zip(needs, played, strict=True):
        if have < need:
            unmet += need - have
        elif need:  # a card of a kind not required matches nothing: no extra
            extra += have - need
    return unmet, extra


def modifier_parts(
    needs: Sequence[int], played: Sequence[int], turned: bool, bonus: int = 0, waive: int = 0
) -> tuple[int, int, int, int, int]:
    """What makes up a Challenge roll's modifier, as the log tells it: (1 for the card turned up
    this turn, else 0; requirements unmet and not waived; requirements waived; extra matching
    cards; the standing ``bonus``).

    >>> modifier_parts((1, 2, 0, 0, 0), (1, 0, 0, 0, 0), turned=True, waive=1)
    (1, 1, 1, 0, 0)
    """
    unmet, extra = shortfall(needs, played)
    waived = min(unmet, waive)
    return int(turned), unmet - waived, waived, extra, bonus


def parts_sum(parts: tuple[int, int, int, int, int]) -> int:
    """The modifier that :func:`modifier_parts` make up: each unmet requirement counts -2."""
    turned, unmet, _, extra, bonus = parts
    return turned - 2 * unmet + extra + bonus


def parts_json(parts: tuple[int, int, int, int, int]) -> dict[str, Any]:
    """:func:`modifier_parts` by name, as a roll event and a view's attempt carry them (``why``).

    >>> parts_json((1, 1, 0, 2, 0))
    {'turned': True, 'unmet': 1, 'waived': 0, 'extra': 2, 'bonus': 0}
    """
    turned, unmet, waived, extra, bonus = parts
    return {
        "turned": bool(turned),
        "unmet": unmet,
        "waived": waived,
        "extra": extra,
        "bonus": bonus,
    }


def modifier(
    needs: Sequence[int], played: Sequence[int], turned: bool, bonus: int = 0, waive: int = 0
) -> int:
    """What is added to a Challenge roll: +1 for the card turned up this turn, -2 per unmet
    requirement (``waive`` of them free), +1 per extra matching card, plus a standing ``bonus``.

    >>> modifier((1, 1, 0, 0, 0), (1, 0, 0, 0, 0), turned=True)
    -1
    >>> modifier((1, 1, 0, 0, 0), (1, 0, 0, 0, 0), turned=False, waive=1)
    0
    """
    return parts_sum(modifier_parts(needs, played, turned, bonus, waive))
