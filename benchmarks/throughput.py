"""Random-playout throughput of every registered game, next to OpenSpiel's C++ hearts.

Each game is driven the same way from Python: ask who acts, list the legal actions, pick one
at random, apply it. A decision is one player action (OpenSpiel's chance nodes are not counted
as decisions, but their time is). Then the cost, in microseconds per call over states of random
games, of what search and learning pay per step: info_key(seat), observe(seat), view(seat),
clone() and resample(seat). Hearts is measured beside each game, in alternating slices, so
that a machine's drifting speed cancels out of the ratio. OpenSpiel needs the [ai] extra
(pip install -e '.[ai]').
Run:  python benchmarks/throughput.py [--seconds 5] [--game ID ...]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import tavola
from tavola.cli import number_arg, run_script


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}; Python {platform.python_version()} ({platform.python_implementation()})"


def tavola_rate(
    game_id: str, players: int, seconds: float, first: int = 0
) -> tuple[int, int, float]:
    """Play random games (seeds ``first``, ``first + 1``, ...) for ``seconds``; return (games,
    decisions, elapsed)."""
    rng = random.Random(first)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while not games or time.perf_counter() < deadline:  # one game at least: a rate
        g = tavola.new_game(game_id, players=players, seed=first + games)
        while not g.is_over:
            for seat in g.to_act:
                legal = g.legal_actions(seat)
                g.act(seat, legal[int(rng.random() * len(legal))])
                decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


COSTS = ("info_key", "observe", "view", "clone", "resample")


def per_call_costs(game_id: str, players: int, games: int = 200) -> dict[str, float]:
    """Mean microseconds of each call in COSTS over states sampled from random games."""
    rng = random.Random(1)
    states = []
    for seed in range(games):
        g = tavola.new_game(game_id, players=players, seed=seed)
        while not g.is_over:
            if rng.random() < 0.1:
                states.append((g.clone(), min(g.to_act)))
            seat = min(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
    calls = {
        "info_key": lambda g, s: g.info_key(s),
        "observe": lambda g, s: g.observe(s),
        "view": lambda g, s: g.view(s),
        "clone": lambda g, s: g.clone(),
        "resample": lambda g, s: g.resample(s, rng),
    }
    costs = {}
    for name in COSTS:
        call = calls[name]
        start = time.perf_counter()
        for g, s in states:
            call(g, s)
        costs[name] = (time.perf_counter() - start) / len(states) * 1e6
    return costs


def openspiel_rate(name: str, seconds: float, first: int = 0) -> tuple[int, int, float] | None:
    """The same loop over an OpenSpiel game (None if open_spiel is not installed)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(first)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while not games or time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def paired(
    game_id: str, players: int, seconds: float, slices: int = 5
) -> tuple[tuple[int, int, float], tuple[int, int, float] | None]:
    """The game's rate and hearts' rate, measured in alternating slices of the same window.

    A shared machine's speed drifts by tens of percent over seconds; measuring the reference
    right beside the game, slice by slice, keeps their ratio honest."""
    mine = [0, 0, 0.0]
    ref: list[float] | None = [0, 0, 0.0]
    for _ in range(slices):
        got = openspiel_rate("hearts", seconds / slices, first=int(ref[0]) if ref else 0)
        if got is None:
            ref = None
        elif ref is not None:
            ref = [a + b for a, b in zip(ref, got, strict=True)]
        part = tavola_rate(game_id, players, seconds / slices, first=int(mine[0]))
        mine = [a + b for a, b in zip(mine, part, strict=True)]
    return (int(mine[0]), int(mine[1]), mine[2]), (
        None if ref is None else (int(ref[0]), int(ref[1]), ref[2])
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--seconds", type=number_arg(0.01, 3600), default=5.0, help="time per measurement"
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=[spec.id for spec in tavola.list_games()],
        help="only this game (may be repeated)",
    )
    args = parser.parse_args()
    print(f"machine: {machine()}")
    header = f"{'game':<28} {'players':>7} {'games/s':>10} {'decisions/s':>12} {'dec/game':>9}"
    print(header + "".join(f" {name + ' us':>11}" for name in COSTS))
    rows = []
    total = [0, 0, 0.0]
    for spec in tavola.list_games():
        if args.game and spec.id not in args.game:
            continue
        for n in spec.player_counts:
            (games, decisions, elapsed), reference = paired(spec.id, n, args.seconds)
            costs = per_call_costs(spec.id, n)
            ratio = None
            if reference is not None:
                total = [a + b for a, b in zip(total, reference, strict=True)]
                ratio = decisions / elapsed / (reference[1] / reference[2])
            rows.append((spec.id, n, ratio))
            print(
                f"{spec.id:<28} {n:>7} {games / elapsed:>10,.0f} {decisions / elapsed:>12,.0f}"
                f" {decisions / games:>9.1f}" + "".join(f" {costs[k]:>11.1f}" for k in COSTS)
            )
    if not total[0]:
        print("open_spiel is not installed (pip install open-spiel): no reference figures")
        return
    games, decisions, elapsed = total
    print(
        f"{'open_spiel hearts (C++)':<28} {4:>7} {games / elapsed:>10,.0f}"
        f" {decisions / elapsed:>12,.0f} {decisions / games:>9.1f}"
    )
    print("(each ratio against hearts measured in the same window, in alternating slices)")
    for game_id, n, ratio in rows:
        print(f"ratio {game_id} {n}p / open_spiel hearts: {ratio:.2f}")


if __name__ == "__main__":
    raise SystemExit(run_script(main))
