"""Game options, typed and validated in one place.

A game declares its options as a mapping of name to :class:`Option` in its ``GameSpec``;
:func:`resolve_options` checks a caller's options against it (names, types, ranges) and fills in
the defaults, so a game's factory only ever sees valid values and a record always says exactly
what was played. Every wrong value is an :class:`UnknownGameError` that says what is expected.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import TavolaError, UnknownGameError, meant, quote
from .words import players_words


@dataclass(frozen=True)
class Option:
    """An option: its help text and default; subclasses say which values are valid.
    ``players`` (lowest, highest) are the player counts it makes a difference at, where that is
    not all of them, and ``variants`` the variants it makes a difference in, where that is not
    all of them: forms offer it only there, elsewhere it is checked and plays no part.
    ``deal``: the option only picks one of the deals the game makes by itself (a seat, an
    artist), so what a position is worth does not depend on it (a learned value holds)."""

    help: str
    default: Any = None
    players: tuple[int, int] | None = field(default=None, kw_only=True)
    variants: tuple[str, ...] | None = field(default=None, kw_only=True)
    deal: bool = field(default=False, kw_only=True)

    def applies(self, players: int, variant: str | None = None) -> bool:
        """Whether the option makes a difference in a game of ``players`` (in ``variant``, if
        given)."""
        if self.players is not None and not self.players[0] <= players <= self.players[1]:
            return False
        return self.variants is None or variant is None or variant in self.variants

    def where(self) -> str:
        """Where the option makes a difference, in words ("only with 1 player and the easier
        or tougher variant"), or nothing where it always does."""
        parts = []
        if self.players is not None:
            parts.append(players_words(*self.players))
        if self.variants is not None:
            parts.append(f"the {' or '.join(self.variants)} variant")
        return f"only with {' and '.join(parts)}" if parts else ""

    def check(self, name: str, value: object, players: int) -> Any:
        """The value to play with (normalized), or an UnknownGameError naming ``name``."""
        raise NotImplementedError

    def describe(self) -> str:
        """The help text with the values allowed, for ``tavola games`` and forms."""
        return self.help + self._where()

    def _where(self) -> str:
        """Where the option makes a difference, after its help (or nothing)."""
        where = self.where()
        return f"; {where}" if where else ""

    def to_json(self) -> dict[str, Any]:
        """The option for a form: ``type`` is the core kind it is (a game's own subclass, with
        checks of its own, shows as the kind it refines, so a form knows how to ask for it)."""
        kind = next(c for c in type(self).__mro__ if c.__module__.startswith("tavola.core."))
        return {
            "type": kind.__name__,
            "help": self.help,
            "default": self.default,
            "players": None if self.players is None else list(self.players),
            "variants": None if self.variants is None else list(self.variants),
        }


def whole(value: object) -> int | None:
    """``value`` as an int if it is a whole number (numpy's integers too; not True or False),
    else None."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return None


@dataclass(frozen=True)
class IntOption(Option):
    """A whole number from ``low`` to ``high``."""

    low: int = 0
    high: int = 1

    def check(self, name: str, value: object, players: int) -> int:
        number = whole(value)
        if number is None or not self.low <= number <= self.high:
            raise UnknownGameError(
                f"option {name!r} is a whole number from {self.low} to {self.high}, "
                f"not {quote(value)}"
            )
        return number

    def describe(self) -> str:
        return f"{self.help} ({self.low}-{self.high}, default {self.default}){self._where()}"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "low": self.low, "high": self.high}


@dataclass(frozen=True)
class SeatOption(Option):
    """A seat (0 to players - 1), or None for the game's own choice."""

    deal: bool = field(default=True, kw_only=True)

    def check(self, name: str, value: object, players: int) -> int | None:
        if value is None:
            return None
        number = whole(value)
        if number is None or not 0 <= number < players:
            raise UnknownGameError(
                f"option {name!r} is a seat from 0 to {players - 1} (or null), not {quote(value)}"
            )
        return number


@dataclass(frozen=True)
class ChoiceOption(Option):
    """One of a fixed list of strings; ``labels`` may give some a name for forms to show
    (an artist's id, 'nelli', as 'Sister Plautilla Nelli')."""

    choices: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict, kw_only=True)

    def check(self, name: str, value: object, players: int) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise UnknownGameError(
                f"option {name!r} is one of {', '.join(self.choices)}, not {quote(value)}"
            )
        return value

    def describe(self) -> str:
        choices = " / ".join(self.choices)
        return f"{self.help} ({choices}, default {self.default}){self._where()}"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "choices": list(self.choices), "labels": dict(self.labels)}


@dataclass(frozen=True)
class BoolOption(Option):
    """true or false."""

    def check(self, name: str, value: object, players: int) -> bool:
        if not isinstance(value, bool):
            raise UnknownGameError(f"option {name!r} is true or false, not {quote(value)}")
        return value


def resolve_options(
    declared: Mapping[str, Option], options: object, players: int, title: str
) -> dict[str, Any]:
    """Every declared option with its checked value: the caller's, else the default."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise UnknownGameError(
            f"options are a mapping of option name to value, not {type(options).__name__}"
        )
    unknown = [k for k in options if k not in declared]
    if unknown:
        known = ", ".join(sorted(declared)) or "none"
        names = ", ".join(quote(k, 30) for k in unknown[:3])
        hint = meant(unknown[0], declared) if len(unknown) == 1 else ""
        raise UnknownGameError(f"unknown option {names}{hint}; {title} takes: {known}")
    resolved = {}
    for name, option in declared.items():
        value = options.get(name, option.default)
        try:
            resolved[name] = option.check(name, value, players)
        except TavolaError as exc:
            exc.option = name
            raise
    return resolved
