"""Search speed: our ismcts against OpenSpiel's Python IS-MCTS on the same positions.

For each game, plays ``--positions`` random playouts to a decision with a choice, then times
our ``Ismcts.search`` and OpenSpiel's ``ismcts.ISMCTSBot.step`` (random-rollout evaluator, one
rollout, through tavola's OpenSpiel adapter, so on the very same tavola game) for
``--iterations`` iterations each, and prints iterations per second and the ratio. Needs the
``ai`` extra. Not measured here: a head-to-head at equal time (the two bots in one game).
Run:  python benchmarks/search.py [--iterations 200] [--positions 4]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import tavola
from tavola.agents import Ismcts, SeatHandle
from tavola.cli import run_script, whole_arg
from tavola.interop import openspiel

GAMES = [("testa-di-pecora", 4), ("renaissance-man-2d6", 4)]


def positions(game_id: str, players: int, count: int) -> list[tuple[int, list[int]]]:
    """``(seed, action codes)`` of random playouts stopped where the seat to act has a choice."""
    out = []
    rng = random.Random(1)
    seed = 0
    while len(out) < count:
        seed += 1
        g = tavola.new_game(game_id, players=players, seed=seed)
        codes = []
        for _ in range(rng.randrange(5, 40)):
            seat = min(g.to_act)
            action = rng.choice(g.legal_actions(seat))
            g.act(seat, action)
            codes.append(action.code)
        if not g.is_over and len(g.legal_actions(min(g.to_act))) > 1:
            out.append((seed, codes))
    return out


def ours(game_id: str, players: int, seed: int, codes: list[int], iterations: int) -> float:
    g = tavola.new_game(game_id, players=players, seed=seed)
    for code in codes:
        seat = min(g.to_act)
        g.act(seat, g.catalog.actions[code])
    seat = min(g.to_act)
    bot = Ismcts(game_id, iterations=iterations)
    start = time.perf_counter()
    bot.search(g.legal_actions(seat), random.Random(0), SeatHandle(g, seat))
    return iterations / (time.perf_counter() - start)


def theirs(game_id: str, players: int, seed: int, codes: list[int], iterations: int) -> float:
    game = openspiel.load(game_id, players, seed=seed)
    state = game.new_initial_state()
    for code in codes:
        state.apply_action(code)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 1.0, iterations, random_state=rng)
    start = time.perf_counter()
    bot.step(state)
    return iterations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--iterations", type=whole_arg(1), default=200)
    parser.add_argument("--positions", type=whole_arg(1), default=4)
    args = parser.parse_args()
    print(f"{'game':22s} {'ours it/s':>10s} {'OpenSpiel it/s':>15s} {'ratio':>6s}")
    for game_id, players in GAMES:
        a = b = 0.0
        found = positions(game_id, players, args.positions)
        for seed, codes in found:
            a += ours(game_id, players, seed, codes, args.iterations) / len(found)
            b += theirs(game_id, players, seed, codes, args.iterations) / len(found)
        print(f"{game_id + f' ({players}p)':22s} {a:10.0f} {b:15.0f} {a / b:6.1f}x")


if __name__ == "__main__":
    raise SystemExit(run_script(main))
