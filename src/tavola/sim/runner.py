"""Games between agents: one (:func:`play_game`), or many in parallel (:func:`simulate`).

Everything is derived from the run's seed ``S``: game ``i`` is started with ``derive_seed(S, i)``,
and the agent at seat ``s`` draws from its own secret stream ``derive_seed(S, AGENT_STREAM, i,
s)`` (see :func:`agent_seeds`), so knowing a game's seed does not predict its bots. A game's
outcome therefore depends on ``(S, i)`` only, never on the process that played it, and results
are gathered in game order: the same seed gives the same numbers whatever the number of jobs.
Workers (and Ray tasks) send each game back as soon as it is over; a results file gets it once
every earlier game is in it.

With several jobs, games run in worker processes that ignore SIGINT; on Ctrl-C (or any
error) the parent stops and reaps every worker before the exception goes on, so one Ctrl-C ends
the run at once and leaves no process behind, whatever the start method.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import random
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from ..agents import SeatHandle, make_agent, split_agents
from ..core.errors import TavolaError, quote
from ..core.registry import get_spec, new_game
from ..core.rng import MAX_SEED, derive_seed
from .outcome import GameOutcome
from .results import ResultsFile

DEFAULT_SEED = 0
"""The seed of a simulation when none is given, so that runs are repeatable."""

MAX_DECISIONS = 100_000
"""A game still running after this many decisions is stopped and reported as capped."""

AGENT_STREAM = 0xA6E7
"""The key under the run's seed from which each game's agent RNGs are derived."""

MAX_GAMES = 1_000_000
"""The most games of one run: every game's outcome is held for the figures (a few KB each), and
a million already give a win share to within 0.1%; a larger count is a slip of the keyboard (a
run of 10**20 games hung before its first game, filling the memory with their numbers)."""

MAX_JOBS = 256
"""The most worker processes a simulation starts (a typo must not start thousands)."""

_MAX_CHUNK = 50
"""The most games of one Ray task (it streams each back as soon as it is over)."""

_MAX_HANDED = 4
"""The most games handed to a local worker at once. Each is sent back as soon as it is over,
but written only once every earlier game is: few at a time keep the workers on neighbouring
games, so few finished games wait (and are lost to Ctrl-C) behind one still being played."""


class SimulationError(TavolaError):
    """Settings a simulation cannot run with (agent count, number of games, jobs, seed)."""


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
    seating: str = "rotate"
    resumed: int = 0
    """Games read back from the results file of an earlier, interrupted run."""
    out: str | None = None
    """The results file, if the run keeps one."""
    in_file: int = 0
    """The games the results file held when the run began (more than ``resumed`` when it holds
    games past the number asked for)."""

    @property
    def deal_size(self) -> int:
        """Consecutive games dealt alike (:func:`deal_size`)."""
        return deal_size(self.players, self.seating)

    @property
    def seat_cycle(self) -> int:
        """Games after which every agent has sat in every seat equally often: P, or P! when
        permuted (:func:`seating`)."""
        return math.factorial(self.players) if self.seating == "permute" else self.players

    @property
    def balanced(self) -> bool:
        """Whether every agent sat in every seat equally often (so seat figures are not agent
        figures in disguise), or the agents are all one."""
        return len(set(self.agents)) == 1 or len(self.outcomes) % self.seat_cycle == 0


def agent_seeds(run_seed: int, game: int, players: int) -> tuple[int, ...]:
    """The seeds of the agents' RNGs, by seat, in game ``game`` of a run seeded ``run_seed``."""
    return tuple(derive_seed(run_seed, AGENT_STREAM, game, s) for s in range(players))


def play_game(
    game_id: str,
    agents: Sequence[str],
    seed: int,
    agent_seeds: Sequence[int],
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
    keep_record: bool = False,
) -> GameOutcome:
    """Play one game with agent ``agents[s]`` at seat ``s`` (as many seats as agents).

    The game is dealt from ``seed``; the agent at seat ``s`` draws from
    ``random.Random(agent_seeds[s])``. Agents see only their seat's view and legal actions, plus
    a :class:`SeatHandle`. With ``keep_record`` the outcome holds the game's record.
    """
    if len(agent_seeds) != len(agents):
        raise SimulationError(f"{len(agents)} agents need as many agent seeds")
    g = new_game(game_id, players=len(agents), seed=seed, variant=variant, options=options)
    bots = [make_agent(name, game_id) for name in agents]
    rngs = [random.Random(s) for s in agent_seeds]
    standing = g.spec.standing
    lead = _Lead() if standing and len(agents) > 1 else None  # alone, no lead to lose
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
            if lead is not None:
                lead.after(decisions, standing(g))  # type: ignore[misc]
    result = g.result
    breakdown = g.spec.breakdown
    return GameOutcome(
        seed=seed,
        agents=tuple(agents),
        winners=result.winners if result else (),
        scores=result.scores if result else None,
        decisions=decisions,
        hit_cap=result is None,
        record=g.record() if keep_record else None,
        lead_changes=lead.changes if lead and result else None,
        clear_from=lead.clear_from(result.winners, decisions) if lead and result else None,
        facts=tuple(breakdown(g)) if breakdown and result else (),
        at_limit=g.at_limit,
    )


class _Lead:
    """Who leads a game as it goes, from each seat's standing after every decision."""

    __slots__ = ("changes", "last", "leader")

    def __init__(self) -> None:
        self.leader = -1  # the last seat that led alone
        self.changes = 0
        self.last: dict[tuple[int, ...], int] = {}  # the last decision each set of leaders led

    def after(self, decision: int, standing: Sequence[float]) -> None:
        best = max(standing)
        leaders = tuple(s for s, x in enumerate(standing) if x == best)
        self.last[leaders] = decision
        if len(leaders) == 1 and leaders[0] != self.leader:
            if self.leader >= 0:
                self.changes += 1
            self.leader = leaders[0]

    def clear_from(self, winners: Sequence[int], decisions: int) -> float:
        """The fraction of the game after which the winners, and they alone, led."""
        final = tuple(sorted(winners))
        others = [d for leaders, d in self.last.items() if leaders != final]
        return max(others, default=0) / decisions if decisions else 0.0


BACKENDS = ("local", "ray")
"""Where games are played: this machine's processes, or a Ray cluster."""

SEATING_MOVES = {
    "rotate": "rotated by one each game",
    "permute": "one permutation each game",
    "duplicate": "rotated by one over each deal, played once per seat",
}
"""How agents change seats from game to game (:func:`seating`), in words for reports."""
SEATINGS = tuple(SEATING_MOVES)


def seating(agents: Sequence[str], game: int, mode: str = "rotate") -> tuple[str, ...]:
    """The agents by seat in game ``game``. ``rotate`` (and ``duplicate``): seat ``s`` gets
    ``agents[(s + game) % P]``, so P games seat every agent in every seat once. ``permute``: the
    seats of game ``game`` are permutation ``game % P!`` of ``agents`` (in
    :func:`itertools.permutations` order), so P! games seat every agent beside every other in
    every order."""
    if mode == "permute":
        orders = _permutations(tuple(agents))
        return orders[game % len(orders)]
    p = len(agents)
    return tuple(agents[(s + game) % p] for s in range(p))


def deal_size(players: int, mode: str = "rotate") -> int:
    """Consecutive games dealt alike: the player count under ``duplicate`` seating, else 1."""
    return players if mode == "duplicate" else 1


def deal_of(game: int, players: int, mode: str = "rotate") -> int:
    """The deal game ``game`` is played from: its own, or under ``duplicate`` seating that of
    its group of ``players`` consecutive games (the game's seed and the seats' random streams),
    so that each agent plays every seat's cards of the deal once, as in duplicate bridge."""
    return game // deal_size(players, mode)


@cache
def _permutations(agents: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(itertools.permutations(agents))


@dataclass(frozen=True)
class _Settings:
    """What every game of a simulation shares: sent once to each worker process."""

    game_id: str
    agents: tuple[str, ...]
    seed: int
    variant: str
    options: dict[str, Any]
    max_decisions: int
    seating: str = "rotate"
    keep_records: bool = False

    def play(self, i: int) -> GameOutcome:
        """Game ``i`` of the run."""
        players = len(self.agents)
        deal = deal_of(i, players, self.seating)
        return play_game(
            self.game_id,
            seating(self.agents, i, self.seating),
            derive_seed(self.seed, deal),
            agent_seeds(self.seed, deal, players),
            self.variant,
            self.options,
            self.max_decisions,
            self.keep_records,
        )


def _work(settings: _Settings, channel: Connection, inherited: list[Connection]) -> None:
    """A worker process: play each range of games the parent sends, sending back each game as
    ``(i, outcome)`` as soon as it is over, until the parent sends ``None``.

    It ignores SIGINT: on Ctrl-C the parent stops it. An error is sent on as the exception.
    It first closes the parent's ends of the pipes it inherited (a forked worker has them all,
    its own included), so that if the parent is killed its pipe breaks and it ends, instead
    of waiting for ever on a pipe it holds open itself.
    """
    for end in inherited:
        end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        while (task := channel.recv()) is not None:
            for i in range(*task):
                channel.send((i, settings.play(i)))
    except Exception as exc:
        try:
            channel.send(exc)
        except Exception:  # an exception that does not pickle
            channel.send(RuntimeError(f"a simulation worker failed: {exc!r}"))


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread, where the OS allows: processes started meanwhile inherit the
    block, so a worker cannot be interrupted before it has made itself ignore SIGINT."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@dataclass
class _Sigint:
    """How the parent takes SIGINT while it has workers: only the first one counts.

    While ``holding``, it is only noted in ``caught`` (workers are being started and must all be
    known before anything can stop them); otherwise it raises KeyboardInterrupt. Once ``caught``,
    every later SIGINT is ignored, so a second Ctrl-C cannot break off the stopping of workers.
    """

    holding: bool = True
    caught: bool = False

    def __call__(self, signum: int, frame: object) -> None:
        if not self.caught:
            self.caught = True
            if not self.holding:
                raise KeyboardInterrupt

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Take SIGINT meanwhile, if this is the main thread and SIGINT has Python's default
        handler (an ignored SIGINT stays ignored)."""
        mine = (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        )
        if mine:
            signal.signal(signal.SIGINT, self)
        try:
            yield
        finally:
            if mine:
                signal.signal(signal.SIGINT, signal.default_int_handler)


_AHEAD = 2
"""The ranges a worker holds at once: the next is there when one ends, so it never waits."""


def _play_in_pool(
    settings: _Settings,
    ranges: list[tuple[int, int]],
    jobs: int,
    start_method: str | None,
    finished: Callable[[int, GameOutcome], None],
) -> None:
    """Play the ranges of games on ``jobs`` processes, calling ``finished(i, outcome)`` as each
    game ends.

    Each worker has its own pipe, on which it sends each game as it ends and the parent hands
    it the next range as it reports the last game of one, so a faster worker plays more and
    both end together; the workers share no queue or
    lock, so killing one can leave nothing locked. However this ends (done, an error in a
    worker, Ctrl-C), every worker is stopped and reaped before it returns or raises.
    """
    context = multiprocessing.get_context(start_method)
    if context.get_start_method() != "fork":
        resource_tracker.ensure_running()  # it unblocks SIGINT: start it before blocking
    todo = iter(ranges)
    workers: dict[Connection, BaseProcess] = {}
    held: dict[Connection, deque[tuple[int, int]]] = {}  # the ranges each worker has, in order
    sigint = _Sigint()

    told_to_stop: set[Connection] = set()

    def hand_out(channel: Connection) -> None:
        """Send the worker on ``channel`` the next range, or once ``None`` when all are out."""
        if channel not in told_to_stop:
            task = next(todo, None)
            if task is None:
                told_to_stop.add(channel)
            else:
                held[channel].append(task)
            channel.send(task)

    with sigint.installed():
        try:
            with _sigint_blocked():
                forked = context.get_start_method() == "fork"
                for _ in range(min(jobs, len(ranges))):
                    channel, theirs = context.Pipe()
                    inherited = [channel, *workers] if forked else []
                    worker = context.Process(
                        target=_work, args=(settings, theirs, inherited), daemon=True
                    )
                    worker.start()
                    workers[channel] = worker
                    held[channel] = deque()
                    theirs.close()
            sigint.holding = False
            if sigint.caught:
                raise KeyboardInterrupt
            for _ in range(_AHEAD):
                for channel in workers:
                    hand_out(channel)
            running = dict(workers)
            while running:
                for channel in wait(list(running)):
                    try:
                        message = channel.recv()  # type: ignore[union-attr]
                    except EOFError:
                        worker = running.pop(channel)  # type: ignore[arg-type]
                        worker.join()
                        if worker.exitcode:
                            raise RuntimeError(
                                f"a simulation worker stopped with exit code {worker.exitcode}"
                            ) from None
                        continue
                    if isinstance(message, BaseException):
                        raise message
                    i, outcome = message
                    ranges_held = held[channel]  # type: ignore[index]
                    if i == ranges_held[0][1] - 1:  # the last game of its range
                        ranges_held.popleft()
                        hand_out(channel)  # type: ignore[arg-type]
                    finished(i, outcome)
        finally:
            sigint.caught = True
            for worker in workers.values():
                worker.kill()
            for channel, worker in workers.items():
                worker.join()
                channel.close()


def _play_range(settings: _Settings, start: int, stop: int) -> Iterator[GameOutcome]:
    """A Ray task: games ``start`` to ``stop - 1``, each yielded as it ends (the function Ray
    ships to its workers, run as a streaming generator)."""
    for i in range(start, stop):
        yield settings.play(i)


def _play_on_ray(
    settings: _Settings,
    ranges: list[tuple[int, int]],
    address: str | None,
    finished: Callable[[int, GameOutcome], None],
) -> None:
    """Play the ranges of games as Ray tasks, calling ``finished(i, outcome)`` as each game
    ends (each task streams its games back as it plays them). However this ends, tasks still
    running are cancelled, and a Ray instance started here is stopped."""
    try:
        import ray
    except ImportError:
        raise SimulationError("the Ray backend needs Ray: pip install 'tavola[cluster]'") from None
    import logging

    started_here = not ray.is_initialized()
    if started_here:
        try:
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        except Exception as exc:  # Ray raises ConnectionError, ValueError, RuntimeError...
            where = "a local Ray instance" if address is None else f"Ray at {quote(address)}"
            raise SimulationError(f"could not start or reach {where}: {exc}") from None
    task = ray.remote(num_returns="streaming")(_play_range)
    shared = ray.put(settings)
    # each task's stream of games, and the number of its next game
    pending = {task.remote(shared, start, stop): start for start, stop in ranges}
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for games in ready:
                try:
                    ref = next(games)
                except StopIteration:  # the task has sent all its games
                    del pending[games]
                    continue
                try:
                    outcome = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    raise RuntimeError(f"a Ray task failed: {exc.cause!r}") from None
                i = pending[games]
                pending[games] = i + 1
                finished(i, outcome)
    finally:
        for games in pending:
            ray.cancel(games, force=True)
        if started_here:
            ray.shutdown()


def _check_count(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SimulationError(f"{name} must be a whole number of at least {least}, not {value!r}")
    return value


def check_run(
    game_id: str,
    games: int,
    agents: Sequence[str],
    players: int | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    seats: str = "rotate",
) -> tuple[str, ...]:
    """The agent names by seat for game 0 of a run of these settings (as :func:`simulate`
    takes them), or a :class:`TavolaError` saying what is wrong with them: what ``simulate``
    checks before it plays, for a caller that checks two runs before it plays either."""
    _check_count("the number of games", games, 1)
    if games > MAX_GAMES:
        raise SimulationError(f"the number of games is at most {MAX_GAMES:,}, not {quote(games)}")
    names = _seat_names(game_id, agents, players, variant, dict(options or {}))
    if seats == "duplicate" and games % len(names):
        raise SimulationError(
            f"duplicate seating plays each deal once per seat: the number of games is a "
            f"multiple of {len(names)}, not {games}"
        )
    return names


def _seat_names(
    game_id: str,
    agents: Sequence[str],
    players: int | None,
    variant: str | None,
    options: dict[str, Any],
) -> tuple[str, ...]:
    """The agent names by seat for game 0, checked against the game and its settings."""
    spec = get_spec(game_id)
    if isinstance(agents, str):  # "heuristic,random": read as the command line reads it
        agents = split_agents(agents)
    if not isinstance(agents, Sequence) or not all(isinstance(a, str) for a in agents):
        raise SimulationError(f"agents are a list of agent names, not {quote(agents)}")
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
    start_method: str | None = None,
    seats: str = "rotate",
    out: str | os.PathLike[str] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Simulation:
    """Play ``games`` games, moving ``agents`` over the seats, on ``jobs`` processes.

    ``agents`` is one name per seat, or a single name for every seat; ``players`` defaults to
    the number of names (or the game's maximum for a single name). ``seats`` is how they move
    (:func:`seating`). ``progress(done)`` is called in this process as games finish.
    ``start_method`` is the multiprocessing start method of the workers (default: the
    platform's). With ``out``, each game and its record is appended and flushed to that results
    file as soon as it is over and every earlier game is in the file, which so stays in game
    order (:mod:`tavola.sim.results`); a file left by an interrupted run of the same settings is
    resumed: only its missing games are played. Raises a :class:`TavolaError` for
    bad settings.

    ``backend`` ``"ray"`` plays the same ranges of games as Ray tasks, on the cluster at
    ``address`` (``"auto"``, ``"ray://host:10001"``) or, without one, on a Ray instance started
    for the run and stopped after it; ``jobs`` and ``start_method`` are then the cluster's
    business. The figures are the same whatever the backend.
    """
    _check_count("the number of jobs", jobs, 1)
    _check_count("the seed", seed, 0)
    _check_count("the decision cap", max_decisions, 1)
    if jobs > MAX_JOBS:
        raise SimulationError(f"the number of jobs is at most {MAX_JOBS}, not {jobs}")
    if seed > MAX_SEED:
        raise SimulationError(f"the seed is at most 2**64 - 1, not {seed}")
    if backend not in BACKENDS:
        raise SimulationError(f"the backend is one of {', '.join(BACKENDS)}, not {quote(backend)}")
    if seats not in SEATINGS:
        raise SimulationError(
            f"seats are moved by one of {', '.join(SEATINGS)}, not {quote(seats)}"
        )
    methods = multiprocessing.get_all_start_methods()
    if start_method is not None and start_method not in methods:
        raise SimulationError(
            f"the start method is one of {', '.join(methods)}, not {quote(start_method)}"
        )
    opts = dict(options or {})
    names = check_run(game_id, games, agents, players, variant, opts, seats)
    if address is not None and backend != "ray":
        raise SimulationError(
            f"an address is where Ray runs: it needs the ray backend, not {backend}"
        )
    variant = get_spec(game_id).variants[0] if variant is None else variant
    settings = _Settings(
        game_id, names, seed, variant, opts, max_decisions, seats, keep_records=out is not None
    )
    results: dict[int, GameOutcome] = {}
    file = None
    if out is not None:
        file = ResultsFile(
            out,
            {
                "game": game_id,
                "players": len(names),
                "variant": variant,
                "options": opts,
                "seed": seed,
                "agents": list(names),
                "seating": seats,
                "max_decisions": max_decisions,
            },
        )
        results = {i: o for i, o in file.done.items() if i < games}
    resumed = len(results)
    todo = [i for i in range(games) if i not in results]
    ranges = _ranges(todo, jobs, _MAX_CHUNK if backend == "ray" else _MAX_HANDED)
    waiting: dict[int, GameOutcome] = {}  # games over but not yet written: an earlier one is not
    written = 0  # the games of ``todo`` written to the file (always its first ones)

    def finished(i: int, outcome: GameOutcome) -> None:
        """Take game ``i`` as it ends: write it, with every game it held back, as soon as
        every earlier game is in the file (which so stays in game order, the order of an
        uninterrupted run, and holds every game up to the first one still being played)."""
        nonlocal written
        results[i] = outcome
        if file is not None:
            waiting[i] = outcome
            start = written
            while written < len(todo) and todo[written] in waiting:
                written += 1
            if written > start:
                file.append((j, waiting.pop(j)) for j in todo[start:written])
        if progress:
            progress(len(results))

    started = time.perf_counter()
    try:
        if progress and resumed:
            progress(resumed)
        if backend == "ray" and ranges:
            _play_on_ray(settings, ranges, address, finished)
        elif jobs == 1:
            for i in todo:
                finished(i, settings.play(i))
        elif ranges:
            _play_in_pool(settings, ranges, jobs, start_method, finished)
    finally:
        if file is not None:
            file.close()
    return Simulation(
        game=game_id,
        players=len(names),
        variant=variant,
        options=opts,
        seed=seed,
        agents=names,
        outcomes=[results[i] for i in range(games)],
        seconds=time.perf_counter() - started,
        seating=seats,
        resumed=resumed,
        out=None if out is None else str(out),
        in_file=0 if file is None else len(file.done),
    )


def _ranges(todo: list[int], jobs: int, most: int = _MAX_CHUNK) -> list[tuple[int, int]]:
    """The games ``todo`` (in order) as ranges ``(start, stop)`` of consecutive games, none
    longer than a worker's share of a quarter of them (nor ``most``)."""
    size = max(1, min(most, math.ceil(len(todo) / (jobs * 4))))
    out: list[tuple[int, int]] = []
    for _, run in itertools.groupby(enumerate(todo), lambda x: x[1] - x[0]):
        games = [i for _, i in run]
        out += [(a, min(a + size, games[-1] + 1)) for a in range(games[0], games[-1] + 1, size)]
    return out
