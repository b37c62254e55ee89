"""How the simulator scales with worker processes: games/s with --jobs 1 and --jobs N on the
same games (same seed), their ratio, and a check that the figures are equal.

Each configuration runs twice and the faster is kept, so a stray process on the machine costs
less. The games are long enough (default: Testa di Pecora with the heuristic bot, 2000 games)
that starting workers is a small part of the run.

Run:  python benchmarks/sim_scaling.py [--game testa-di-pecora] [--games 2000]
      [--agents heuristic,random,random,random] [--jobs 2] [--repeat 2]
"""

from __future__ import annotations

import argparse

from tavola import TavolaError
from tavola.cli import games_arg, jobs_arg, run_script, whole_arg
from tavola.sim import check_run, simulate, to_json


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="testa-di-pecora")
    parser.add_argument("--games", type=games_arg(1), default=2000)
    parser.add_argument("--agents", default="heuristic,random,random,random")
    parser.add_argument("--jobs", type=jobs_arg, default=2)
    parser.add_argument("--repeat", type=whole_arg(1), default=2)
    args = parser.parse_args()
    agents = args.agents.split(",")
    try:  # what the runs would refuse, refused before the first
        check_run(args.game, args.games, agents)
    except TavolaError as exc:
        parser.error(str(exc))
    best: dict[int, float] = {}
    figures = {}
    for jobs in (1, args.jobs):
        for _ in range(args.repeat):
            sim = simulate(args.game, args.games, agents, jobs=jobs)
            rate = len(sim.outcomes) / sim.seconds
            best[jobs] = max(best.get(jobs, 0.0), rate)
            report = to_json(sim)
            report.pop("games_per_second")
            figures[jobs] = report
        print(f"--jobs {jobs}: {best[jobs]:.1f} games/s (best of {args.repeat})", flush=True)
    print(f"speed-up with {args.jobs} workers: {best[args.jobs] / best[1]:.2f}x")
    print(f"same figures: {figures[1] == figures[args.jobs]}")


if __name__ == "__main__":
    raise SystemExit(run_script(main))
