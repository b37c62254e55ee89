"""What every conformance check shares: the case under test, random play, JSON and id scans."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, NoReturn

from ..core.errors import quote
from ..core.protocol import Action, Game
from ..core.registry import GameInfo, GameSpec, get_spec, new_game

SEEDS: tuple[int, ...] = (0, 1, 2)
"""The seeds of the random playouts a check runs by default."""

BAD_SEATS: tuple[object, ...] = (-1, 99, True, False, 1.5, "0", [0])
"""Seats no game has (``players`` itself is added per case); None is added where it is bad."""


class ConformanceError(AssertionError):
    """A game broke the contract; the message names the check, game, players, seed and step."""


@dataclass
class Case:
    """One check on one game, variant and player count; ``seed`` and ``step`` say where it is."""

    check: str
    spec: GameSpec
    variant: str
    players: int
    seed: int | None = None
    step: int | None = None
    info: GameInfo = field(init=False)

    def __post_init__(self) -> None:
        self.info = self.spec.info(self.players, self.variant)

    def __str__(self) -> str:
        where = [f"{self.spec.id} ({self.variant}, {self.players} players)"]
        if self.seed is not None:
            where.append(f"seed {self.seed}")
        if self.step is not None:
            where.append(f"step {self.step}")
        return f"{self.check}: {', '.join(where)}"

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def viewers(self) -> list[int | None]:
        """Every seat, then None (a spectator)."""
        return [*range(self.players), None]

    def new(self, seed: int) -> Game:
        return new_game(self.spec.id, players=self.players, seed=seed, variant=self.variant)

    def fail(self, message: str) -> NoReturn:
        raise ConformanceError(f"{self}: {message}")

    def invariants(self, g: Game) -> None:
        """Fail if the game's own invariants (``spec.invariants``) are broken in ``g``."""
        if self.spec.invariants is not None:
            broken = self.spec.invariants(g)
            if broken:
                self.fail(f"invariants broken: {'; '.join(broken)}")


CheckBody = Callable[[Case, tuple[int, ...]], None]
Check = Callable[..., None]


def check(body: CheckBody) -> Check:
    """Make ``body(case, seeds)`` a public check ``(game_id, variant, players, *, seeds)``.

    Any exception the game raises where none was expected becomes a :class:`ConformanceError`
    naming where it happened.
    """

    @wraps(body)
    def run(
        game_id: str,
        variant: str | None = None,
        players: int | None = None,
        *,
        seeds: Iterable[int] = SEEDS,
    ) -> None:
        spec = get_spec(game_id)
        players, variant, _ = spec.check(players, variant, None)
        case = Case(body.__name__, spec, variant, players)
        try:
            body(case, tuple(seeds))
        except ConformanceError:
            raise
        except Exception as exc:
            raise ConformanceError(f"{case}: unexpected {type(exc).__name__}: {exc}") from exc

    return run


def random_move(g: Game, rng: random.Random) -> tuple[int, Action]:
    """A seat to act and one of its legal actions, both drawn from ``rng``."""
    seat = rng.choice(sorted(g.to_act))
    return seat, rng.choice(g.legal_actions(seat))


def playout(case: Case, seed: int) -> Iterator[Game]:
    """The game of ``seed`` before each random move (drawn from ``Random(seed)``) and at the end.

    It is the same live object each time (clone it to keep a state); ``case.seed`` and
    ``case.step`` follow the play, and a game not over within ``max_game_length`` fails.
    """
    g = case.new(seed)
    rng = random.Random(seed)
    limit = case.info.max_game_length
    case.seed, case.step = seed, 0
    yield g
    while not g.is_over:
        if case.step >= limit:
            case.fail(f"not over after max_game_length = {limit} decisions")
        g.act(*random_move(g, rng))
        case.step += 1
        yield g


def states(case: Case, seed: int, every: int = 1) -> list[tuple[int, Game]]:
    """``(step, clone)`` of every ``every``-th state of a playout, and of its last state."""
    out = []
    for g in playout(case, seed):
        if case.step % every == 0 or g.is_over:
            out.append((case.step, g.clone()))
    return out


def play_out(case: Case, g: Game, rng: random.Random, budget: int) -> None:
    """Play ``g`` to its end at random, checking invariants, within ``budget`` decisions."""
    case.invariants(g)
    for _ in range(budget):
        if g.is_over:
            return
        g.act(*random_move(g, rng))
        case.invariants(g)
    if not g.is_over:
        case.fail(f"a game went past max_game_length = {case.info.max_game_length} decisions")


def random_record(
    game_id: str,
    players: int | None = None,
    seed: int = 0,
    variant: str | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a game played to its end with random moves drawn from ``Random(seed)``
    (``tavola.replay`` gives the finished game)."""
    g = new_game(game_id, players=players, seed=seed, variant=variant, options=options)
    rng = random.Random(seed)
    while not g.is_over:
        g.act(*random_move(g, rng))
    return g.record()


def json_problem(value: object, path: str = "$") -> str | None:
    """Where ``value`` is not plain JSON (str keys; no tuple, NaN, numpy number...), or None."""
    if value is None or isinstance(value, bool | str):
        return None
    if type(value) is int:
        return None
    if type(value) is float:
        return None if math.isfinite(value) else f"{path} is {value}"
    if type(value) is list:
        for i, item in enumerate(value):
            problem = json_problem(item, f"{path}[{i}]")
            if problem:
                return problem
        return None
    if type(value) is dict:
        for key, item in value.items():
            if type(key) is not str:
                return f"{path} has the key {quote(key)}, not a string"
            problem = json_problem(item, f"{path}.{key}")
            if problem:
                return problem
        return None
    return f"{path} is a {type(value).__name__}: {quote(value)}"


def strings(value: object, out: set[str] | None = None) -> set[str]:
    """Every string in nested JSON data, dict keys included: what a server would scan."""
    if out is None:
        out = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            strings(key, out)
            strings(item, out)
    elif isinstance(value, list | tuple):
        for item in value:
            strings(item, out)
    return out


def who(t: int | None) -> str:
    """A seat in a message: "seat 2", or "the spectator" for None."""
    return "the spectator" if t is None else f"seat {t}"


def text(value: object) -> str:
    """A canonical JSON text of ``value``: equal texts exactly when equal JSON values."""
    return json.dumps(value, sort_keys=True)


def derived(*keys: int) -> random.Random:
    """A reproducible RNG for one use within a check (seed, step, seat, ...)."""
    return random.Random(":".join(map(str, keys)))
