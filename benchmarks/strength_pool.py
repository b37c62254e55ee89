"""Pool the deals that ``strength.py --groups FILE`` kept, over runs, seeds and stopped runs.

Deals of different seeds are independent, so one interval over all of a candidate's deals
(:func:`tavola.sim.stats.clustered`) is as sound as a single longer run's. A deal (its seed and
number) is counted once, however many runs played it: the same seed deals the same games.
Run:  python benchmarks/strength_pool.py FILE
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

from tavola.cli import run_script
from tavola.sim.stats import clustered


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file", help="a JSON-lines file written by strength.py --groups")
    args = parser.parse_args()
    deals: defaultdict[tuple, dict[tuple[int, int], tuple[float, int]]] = defaultdict(dict)
    with open(args.file, encoding="utf-8", errors="replace") as lines:  # bytes: not a deal
        for number, line in enumerate(lines, 1):
            try:
                d = json.loads(line)
                key = (d["game"], d["players"], d["candidate"], d["against"])
                deals[key][d["seed"], d["deal"]] = (float(d["credit"]), int(d["finished"]))
            except (ValueError, KeyError, TypeError) as exc:
                raise SystemExit(
                    f"{args.file}, line {number}: not a strength.py deal ({exc})"
                ) from None
    for (game, players, candidate, against), kept in sorted(deals.items()):
        share, low, high = clustered(list(kept.values()))
        seeds = sorted({seed for seed, _ in kept})
        print(
            f"{game}, {players} players, against {against}: {candidate} {share:.1%} "
            f"[{low:.1%}-{high:.1%}] over {len(kept)} deals (seeds {seeds}); "
            f"an equal player wins {1 / players:.1%}"
        )


if __name__ == "__main__":
    raise SystemExit(run_script(main))
