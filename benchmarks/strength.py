"""How strong a bot is: its win share against a field of other bots, with the time it takes.

For each candidate, plays ``--games`` games of GAME with the candidate in one seat and the
opponent in every other (seats rotated game by game, so the candidate sits everywhere equally),
and prints its win share with a 95% interval beside the share of an equal player (1 / players),
and its mean seconds per game. Ties share the win.
Run:  python benchmarks/strength.py testa-di-pecora --players 4 --games 200 \\
          --against heuristic ismcts:iterations=200 ismcts:iterations=200,rollout=heuristic
"""

from __future__ import annotations

import argparse
import time

from tavola.sim import simulate
from tavola.sim.stats import summarize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("candidates", nargs="+", help="agent names to measure")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--against", default="heuristic", help="the opponents' agent name")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    fair = 1 / args.players
    print(f"{args.game}, {args.players} players, {args.games} games each, against {args.against}")
    print(f"an equal player wins {fair:.1%}")
    for name in args.candidates:
        agents = [name] + [args.against] * (args.players - 1)
        start = time.perf_counter()
        sim = simulate(
            args.game, args.games, agents, players=args.players, seed=args.seed, jobs=args.jobs
        )
        seconds = time.perf_counter() - start
        share = summarize(sim.outcomes, args.players).by_agent[name]
        low, high = share.ci95
        print(
            f"{name:45s} {share.share:6.1%} [{low:.1%}-{high:.1%}]"
            f"  {seconds * args.jobs / args.games:6.2f} s/game"
        )


if __name__ == "__main__":
    main()
