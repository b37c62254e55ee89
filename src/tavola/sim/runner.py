"""Games between agents: one (:func:`play_game`), or many in parallel (:func:`simulate`).

Everything is derived from one seed: game ``i`` of a simulation with seed ``S`` is started with
``derive_seed(S, i)``, and the agent at seat ``s`` draws from its own stream
``derive_seed(game_seed, AGENT_STREAM, s)``. A game's outcome therefore depends on ``(S, i)``
only, never on the process that played it, and results are gathered in game order: the same
seed gives the same numbers whatever the number of jobs.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..agents import SeatHandle, make_agent
from ..core.errors import TavolaError
from ..core.registry import get_spec, new_game
from ..core.rng import derive_seed

DEFAULT_SEED = 0
"""The seed of a simulation when none is given, so that runs are repeatable."""

MAX_DECISIONS = 100_000
"""A game still running after this many decisions is stopped and reported as capped."""

AGENT_STREAM = 0xA6E7
"""The key under a game's seed from which each seat's agent RNG is derived."""

_MAX_CHUNK = 200


class SimulationError(TavolaError):
    """Settings a simulation cannot run with (agent count, number of games, jobs, seed)."""


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One played game. ``winners`` is empty and ``scores`` is None if it hit the decision cap."""

    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None
    decisions: int
    hit_cap: bool


@dataclass(frozen=True)
class Simulation:
    """The settings and outcomes (in game order) of a run of :func:`simulate`."""

    game: str
    players: int
    variant: str
    options: dict[str, Any]
    seed: int
    agents: tuple[str, ...]
    outcomes: list[GameOutcome] = field(repr=False)
    seconds: float


def play_game(
    game_id: str,
    agents: Sequence[str],
    seed: int,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> GameOutcome:
    """Play one game with agent ``agents[s]`` at seat ``s`` (as many seats as agents).

    Agents see only their seat's view and legal actions, plus a :class:`SeatHandle`.
    """
    g = new_game(game_id, players=len(agents), seed=seed, variant=variant, options=options)
    bots = [make_agent(name, game_id) for name in agents]
    rngs = [random.Random(derive_seed(seed, AGENT_STREAM, s)) for s in range(len(agents))]
    decisions = 0
    while not g.is_over and decisions < max_decisions:
        to_act = g.to_act
        if not to_act:
            raise RuntimeError(f"{game_id} (seed {seed}) is not over, yet no seat may act")
        for seat in sorted(to_act):
            view, legal = g.view(seat), g.legal_actions(seat)
            bot = bots[seat]
            handle = SeatHandle(g, seat) if bot.searches else None
            action = bot.choose(view, legal, rngs[seat], handle)
            try:
                g.act(seat, action)
            except TavolaError as exc:
                raise RuntimeError(
                    f"agent {agents[seat]!r} at seat {seat} of {game_id} (seed {seed}) "
                    f"chose {action!r} after {decisions} decisions: {exc}"
                ) from exc
            decisions += 1
    result = g.result
    return GameOutcome(
        seed=seed,
        agents=tuple(agents),
        winners=result.winners if result else (),
        scores=result.scores if result else None,
        decisions=decisions,
        hit_cap=result is None,
    )


def seating(agents: Sequence[str], game: int) -> tuple[str, ...]:
    """The agents by seat in game ``game``: seat ``s`` gets ``agents[(s + game) % P]``."""
    p = len(agents)
    return tuple(agents[(s + game) % p] for s in range(p))


@dataclass(frozen=True)
class _Chunk:
    """Games ``start`` to ``stop - 1`` of a simulation, as sent to a worker process."""

    game_id: str
    agents: tuple[str, ...]
    seed: int
    variant: str | None
    options: dict[str, Any]
    max_decisions: int
    start: int
    stop: int


def _play_chunk(chunk: _Chunk) -> list[GameOutcome]:
    return [
        play_game(
            chunk.game_id,
            seating(chunk.agents, i),
            derive_seed(chunk.seed, i),
            chunk.variant,
            chunk.options,
            chunk.max_decisions,
        )
        for i in range(chunk.start, chunk.stop)
    ]


def _check_count(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SimulationError(f"{name} must be a whole number of at least {least}, not {value!r}")
    return value


def _check_settings(
    game_id: str,
    agents: Sequence[str],
    players: int | None,
    variant: str | None,
    options: dict[str, Any],
) -> tuple[str, ...]:
    """The agent names by seat for game 0, checked against the game and its settings."""
    spec = get_spec(game_id)
    names = tuple(agents)
    if not names:
        raise SimulationError("give at least one agent name")
    for name in dict.fromkeys(names):
        make_agent(name, game_id)
    if players is None:
        players = len(names) if len(names) > 1 else spec.max_players
        if players not in spec.player_counts:
            raise SimulationError(
                f"{players} agents (one per seat) make {players} players, but {spec.title} "
                f"is for {spec.min_players} to {spec.max_players}"
            )
    new_game(game_id, players=players, seed=DEFAULT_SEED, variant=variant, options=options)
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise SimulationError(
            f"{len(names)} agents for {players} players: give one agent name for every seat, "
            f"or a single name to seat it everywhere"
        )
    return names


def simulate(
    game_id: str,
    games: int,
    agents: Sequence[str],
    players: int | None = None,
    seed: int = DEFAULT_SEED,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    max_decisions: int = MAX_DECISIONS,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Play ``games`` games, rotating ``agents`` over the seats, on ``jobs`` processes.

    ``agents`` is one name per seat, or a single name for every seat; ``players`` defaults to
    the number of names (or the game's maximum for a single name). ``progress(done)`` is called
    in this process as games finish. Raises a :class:`TavolaError` for bad settings.
    """
    _check_count("the number of games", games, 1)
    _check_count("the number of jobs", jobs, 1)
    _check_count("the seed", seed, 0)
    _check_count("the decision cap", max_decisions, 1)
    opts = dict(options or {})
    names = _check_settings(game_id, agents, players, variant, opts)
    variant = get_spec(game_id).variants[0] if variant is None else variant
    size = max(1, min(_MAX_CHUNK, math.ceil(games / (jobs * 4))))
    chunks = [
        _Chunk(game_id, names, seed, variant, opts, max_decisions, a, min(a + size, games))
        for a in range(0, games, size)
    ]
    started = time.perf_counter()
    results: list[list[GameOutcome]] = [[] for _ in chunks]
    done = 0
    if jobs == 1:
        for k, chunk in enumerate(chunks):
            results[k] = _play_chunk(chunk)
            done += len(results[k])
            if progress:
                progress(done)
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(chunks))) as pool:
            futures = {pool.submit(_play_chunk, chunk): k for k, chunk in enumerate(chunks)}
            try:
                for future in as_completed(futures):
                    k = futures[future]
                    results[k] = future.result()
                    done += len(results[k])
                    if progress:
                        progress(done)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    return Simulation(
        game=game_id,
        players=len(names),
        variant=variant,
        options=opts,
        seed=seed,
        agents=names,
        outcomes=[o for chunk_outcomes in results for o in chunk_outcomes],
        seconds=time.perf_counter() - started,
    )
