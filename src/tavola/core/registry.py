"""The registry of games: metadata as data, plug-ins found by entry point, ``new_game``.

Games are found through the package entry point group ``tavola.games`` (the built-in ones too:
see ``pyproject.toml``), so a game installed from another distribution exists in every process,
whatever the multiprocessing start method. ``core`` imports no game.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol

from .errors import UnknownGameError, meant, quote
from .options import Option, resolve_options, whole
from .protocol import Game
from .rng import check_seed, fresh_seed

ENTRY_POINT_GROUP = "tavola.games"

GameFactory = Callable[[int, int, str, dict[str, Any]], Game]


class TextUI(Protocol):
    """How a game shows itself on a terminal (a game's ``text`` module satisfies this)."""

    RULES: str
    """The rules in brief, for ``help`` (paragraphs parted by blank lines). A game for one
    player may also have ``SOLO``, its one-player rules (the rules page shows both)."""

    def render(self, view: dict[str, Any]) -> str:
        """A view as plain text."""
        ...


@dataclass(frozen=True)
class GameInfo:
    """What tools need to size things for a game at a player count (OpenSpiel's GameInfo)."""

    num_distinct_actions: int
    max_game_length: int
    """A bound on the number of decisions (``act`` calls) in one game."""
    min_score: float
    max_score: float
    observation_shape: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "num_distinct_actions": self.num_distinct_actions,
            "max_game_length": self.max_game_length,
            "min_score": self.min_score,
            "max_score": self.max_score,
            "observation_shape": list(self.observation_shape),
        }


@dataclass(frozen=True)
class GameSpec:
    """What a game is: id, title, player range, variants, options, rules version, metadata.

    ``factory(players, seed, variant, options)`` builds a new game from checked options (every
    declared option present); ``info(players, variant, options)`` gives its :class:`GameInfo`;
    ``invariants(game)`` returns broken invariants (empty if fine); ``heuristic(view, legal,
    rng)`` is the game's hand-written policy, if it has one; ``text`` renders views for
    terminals. ``playout(game, seat, legal, rng)`` is a fast policy for search rollouts: it
    reads the game's state directly, so it is only ever given a search's sampled worlds, never
    a real game (the conformance suite checks it plays legal moves to the end). For the
    simulator's reports, ``standing(game)`` gives each seat's score so far
    (for lead changes), and ``breakdown(game)``, on a finished game, gives observations
    ``(table, row, value)`` that a report averages by table and row (e.g. ``("Game won by the
    seat that won the Challenge", "Write an Opera", 1.0)``). ``hard`` is the agent name the
    ``hard`` difficulty plays in this game, where the default (an ``ismcts``) is not the
    strongest bot measured there. ``values`` is the folder of the learned values it ships, and
    ``features(view)`` what such a value reads of a seat's position, from that seat's view
    (default: ``observe(seat)``), where the raw observation is too much for it.
    ``score_unit`` says what a result's scores count, in a player's words ("renown"), for the
    pages that show them.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    factory: GameFactory = field(repr=False, compare=False)
    info_of: Callable[[int, str, dict[str, Any]], GameInfo] = field(repr=False, compare=False)
    variants: tuple[str, ...] = ("standard",)
    variant_players: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    options: Mapping[str, Option] = field(default_factory=dict)
    simultaneous: bool = False
    hidden_information: bool = False
    chance: bool = True
    description: str = ""
    score_unit: str = ""
    invariants: Callable[[Game], list[str]] | None = field(default=None, repr=False, compare=False)
    heuristic: Callable[..., Any] | None = field(default=None, repr=False, compare=False)
    text: TextUI | None = field(default=None, repr=False, compare=False)
    playout: Callable[..., Any] | None = field(default=None, repr=False, compare=False)
    standing: Callable[[Game], Sequence[float]] | None = field(
        default=None, repr=False, compare=False
    )
    breakdown: Callable[[Game], Iterable[tuple[str, str, float]]] | None = field(
        default=None, repr=False, compare=False
    )
    hard: str | None = None
    values: Path | None = None
    features: Callable[[dict[str, Any]], Any] | None = field(
        default=None, repr=False, compare=False
    )

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def variants_for(self, players: int) -> tuple[str, ...]:
        """The variants that make a difference at ``players``: ``variant_players`` gives
        (lowest, highest) for those that do not at every count (elsewhere they play as the
        first variant, and forms do not offer them)."""
        return tuple(
            v
            for v in self.variants
            if v not in self.variant_players
            or self.variant_players[v][0] <= players <= self.variant_players[v][1]
        )

    def check(
        self, players: object, variant: object, options: object
    ) -> tuple[int, str, dict[str, Any]]:
        """Players, variant and every option checked (defaults filled in), or UnknownGameError."""
        count = self.max_players if players is None else whole(players)
        if count not in self.player_counts:
            raise UnknownGameError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {quote(players)}"
            )
        players = count
        if variant is None:
            variant = self.variants[0]
        if not isinstance(variant, str) or variant not in self.variants:
            raise UnknownGameError(
                f"{self.title} has no variant {quote(variant)}{meant(variant, self.variants)}; "
                "variants: "
                f"{', '.join(self.variants)}"
            )
        return players, variant, resolve_options(self.options, options, players, self.title)

    def info(
        self, players: int, variant: str | None = None, options: Mapping[str, Any] | None = None
    ) -> GameInfo:
        """The :class:`GameInfo` of this game at ``players`` (with a variant and options)."""
        players, variant, opts = self.check(players, variant, options)
        return self.info_of(players, variant, opts)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "variants": list(self.variants),
            "variant_players": {v: list(c) for v, c in self.variant_players.items()},
            "options": {name: option.to_json() for name, option in self.options.items()},
            "rules_version": self.rules_version,
            "simultaneous": self.simultaneous,
            "hidden_information": self.hidden_information,
            "chance": self.chance,
            "description": self.description,
            "score_unit": self.score_unit,
        }


_REGISTRY: dict[str, GameSpec] = {}
_plugins_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (a later spec with the same id replaces the earlier one)."""
    _REGISTRY[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game from the registry (for tests)."""
    _REGISTRY.pop(game_id, None)


def load_plugins() -> None:
    """Import every game of the ``tavola.games`` entry point group (once per process).

    A plug-in that fails to load is reported as a warning and left out; it never stops the
    others. An entry point names a ``GameSpec`` or a module with ``SPEC``.
    """
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            found = ep.load()
        except Exception as exc:  # a broken plug-in must not break the others
            warnings.warn(
                f"tavola: the game plug-in {ep.name!r} ({ep.value}) failed to load: {exc!r}",
                stacklevel=2,
            )
            continue
        spec = found if isinstance(found, GameSpec) else getattr(found, "SPEC", None)
        if not isinstance(spec, GameSpec):
            warnings.warn(
                f"tavola: the game plug-in {ep.name!r} ({ep.value}) is not a GameSpec",
                stacklevel=2,
            )
            continue
        register(spec)


def list_games() -> list[GameSpec]:
    """Every registered game, by id."""
    load_plugins()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def get_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``; UnknownGameError names the games there are."""
    load_plugins()
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGameError(
            f"no game {quote(game_id)}{meant(game_id, _REGISTRY)}; the games are: {known}"
        ) from None


def new_game(
    game_id: str,
    players: int | None = None,
    seed: int | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game. ``players`` defaults to the spec's maximum, ``seed`` to a fresh random one.

    Every option is checked by its declaration (see :mod:`tavola.core.options`); the game's
    ``options`` hold every option's value, defaults included, so a record is explicit.
    """
    spec = get_spec(game_id)
    players, variant, opts = spec.check(players, variant, options)
    seed = fresh_seed() if seed is None else check_seed(seed)
    return spec.factory(players, seed, variant, opts)
