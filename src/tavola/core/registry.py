"""The registry of games: metadata as data, and ``new_game`` to start one."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import UnknownGameError
from .protocol import Game
from .rng import fresh_seed

GameFactory = Callable[[int, int, str, dict[str, Any]], Game]


class TextUI(Protocol):
    """How a game shows itself on a terminal (a game's ``text`` module satisfies this)."""

    RULES: str
    """The rules in brief, for ``help``."""

    def render(self, view: dict[str, Any]) -> str:
        """A view as plain text."""
        ...

    def narrate(
        self,
        before: dict[str, Any],
        after: dict[str, Any],
        seat: int,
        action: dict[str, Any],
        actor: str,
    ) -> list[str]:
        """What the viewer of ``before``/``after`` saw when ``seat`` (named ``actor``) took
        ``action`` (its JSON form): the move, then any events it caused."""
        ...


@dataclass(frozen=True)
class GameSpec:
    """What a game is: id, title, player range, variants, rules version, kind of information.

    ``factory(players, seed, variant, options)`` builds a new game; ``options`` documents each
    option the factory accepts; ``invariants(game)`` returns broken invariants (empty if fine);
    ``heuristic(view, legal, rng)`` is the game's hand-written policy, if it has one;
    ``text`` renders views and narrates moves for terminals.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    factory: GameFactory = field(repr=False, compare=False)
    variants: tuple[str, ...] = ("standard",)
    options: Mapping[str, str] = field(default_factory=dict)
    simultaneous: bool = False
    hidden_information: bool = False
    chance: bool = True
    description: str = ""
    invariants: Callable[[Game], list[str]] | None = field(default=None, repr=False, compare=False)
    heuristic: Callable[..., Any] | None = field(default=None, repr=False, compare=False)
    text: TextUI | None = field(default=None, repr=False, compare=False)

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "variants": list(self.variants),
            "options": dict(self.options),
            "rules_version": self.rules_version,
            "simultaneous": self.simultaneous,
            "hidden_information": self.hidden_information,
            "chance": self.chance,
            "description": self.description,
        }


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (a later spec with the same id replaces the earlier one)."""
    _REGISTRY[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game from the registry (for plug-ins and tests)."""
    _REGISTRY.pop(game_id, None)


def _load_builtin_games() -> None:
    from .. import games  # noqa: F401  (registers the built-in games on import)


def list_games() -> list[GameSpec]:
    """Every registered game, by id."""
    _load_builtin_games()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def get_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``; UnknownGameError names the games there are."""
    _load_builtin_games()
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGameError(f"no game {game_id!r}; the games are: {known}") from None


def new_game(
    game_id: str,
    players: int | None = None,
    seed: int | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game. ``players`` defaults to the spec's maximum, ``seed`` to a fresh random one."""
    spec = get_spec(game_id)
    if players is None:
        players = spec.max_players
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in spec.player_counts
    ):
        raise UnknownGameError(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players!r}"
        )
    variant = spec.variants[0] if variant is None else variant
    if variant not in spec.variants:
        raise UnknownGameError(
            f"{spec.title} has no variant {variant!r}; variants: {', '.join(spec.variants)}"
        )
    opts = dict(options or {})
    unknown = sorted(set(opts) - set(spec.options))
    if unknown:
        known = ", ".join(sorted(spec.options)) or "none"
        raise UnknownGameError(
            f"unknown option(s) {', '.join(unknown)}; {spec.title} takes: {known}"
        )
    if seed is None:
        seed = fresh_seed()
    elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise UnknownGameError(f"a seed is a non-negative integer, not {seed!r}")
    return spec.factory(players, seed, variant, opts)
