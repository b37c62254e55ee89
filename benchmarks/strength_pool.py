"""Pool the per-deal results that ``strength.py --groups FILE`` kept, over runs and seeds.

Deals of different seeds are independent, so one interval over all of a candidate's deals
(:func:`tavola.sim.stats.clustered`) is as sound as a single longer run's. A seed's deals are
counted once, whichever runs repeated them (the same seed deals the same games).
Run:  python benchmarks/strength_pool.py FILE
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

from tavola.sim.stats import clustered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a JSON-lines file written by strength.py --groups")
    args = parser.parse_args()
    runs: defaultdict[tuple, dict[int, list]] = defaultdict(dict)
    with open(args.file) as lines:
        for number, line in enumerate(lines, 1):
            try:
                run = json.loads(line)
                key = (run["game"], run["players"], run["candidate"], run["against"])
                seeds = runs[key]
                kept = seeds.get(run["seed"], [])
                if len(run["groups"]) > len(kept):  # a longer run of a seed holds the shorter
                    seeds[run["seed"]] = run["groups"]
            except (ValueError, KeyError, TypeError) as exc:
                raise SystemExit(
                    f"{args.file}, line {number}: not a strength.py run ({exc})"
                ) from None
    for (game, players, candidate, against), seeds in sorted(runs.items()):
        groups = [tuple(g) for kept in seeds.values() for g in kept]
        share, low, high = clustered(groups)
        print(
            f"{game}, {players} players, against {against}: {candidate} {share:.1%} "
            f"[{low:.1%}-{high:.1%}] over {len(groups)} deals (seeds {sorted(seeds)}); "
            f"an equal player wins {1 / players:.1%}"
        )


if __name__ == "__main__":
    main()
