"""How strong a bot is: its win share against a field of other bots, with the time it takes.

Plays each candidate against ``--against`` in every other seat, in duplicate: every deal (a
game's seed, and the seats' random streams) is played once with the candidate in each seat, so
the candidate holds every hand of the deal once and the luck of the cards cancels out (as in
duplicate bridge); an exact copy of the opponent wins exactly 1 / players of every deal. Prints
the candidate's win share (ties split) with its 95% interval over deals (games of one deal are
not independent: :func:`tavola.sim.stats.clustered`), beside the share of an equal player, and
the mean seconds per game.
Run:  python benchmarks/strength.py testa-di-pecora --players 4 --games 200 \\
          --against heuristic ismcts:iterations=200 ismcts:iterations=200,rollout=heuristic
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from tavola import TavolaError
from tavola.cli import check_output, jobs_arg, run_script, seed_arg, whole_arg
from tavola.core.rng import derive_seed
from tavola.sim import agent_seeds, check_run, deal_of, play_game, seating
from tavola.sim.stats import clustered


def deal(game: str, players: int, candidate: str, against: str, seed: int, index: int) -> tuple:
    """Deal ``index`` played ``players`` times, the candidate in every seat once: the games
    ``index * players`` on of ``tavola simulate GAME --agents CANDIDATE,AGAINST,... --seats
    duplicate --seed SEED``. Returns the candidate's win credits over those games and the games
    that finished (a game at the decision cap counts for no one)."""
    lineup = [candidate] + [against] * (players - 1)
    credit, finished = 0.0, 0
    for i in range(index * players, (index + 1) * players):
        number = deal_of(i, players, "duplicate")
        outcome = play_game(
            game,
            seating(lineup, i, "duplicate"),
            derive_seed(seed, number),
            agent_seeds(seed, number, players),
        )
        seat = -i % players  # where the candidate sits
        if outcome.hit_cap:
            continue
        finished += 1
        if seat in outcome.winners:
            credit += 1 / len(outcome.winners)
    return credit, finished


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("candidates", nargs="+", help="agent names to measure")
    parser.add_argument(
        "--players",
        type=whole_arg(2),
        required=True,
        help="players (2 at least: a strength is measured against opponents)",
    )
    parser.add_argument(
        "--games",
        type=whole_arg(1),
        default=200,
        help="games per candidate (rounded up to whole deals)",
    )
    parser.add_argument("--against", default="heuristic", help="the opponents' agent name")
    parser.add_argument("--jobs", type=jobs_arg, default=2)
    parser.add_argument("--seed", type=seed_arg, default=0)
    parser.add_argument(
        "--groups",
        help="append each deal's result to this JSON-lines file as it ends (pool runs, stopped "
        "ones too, with strength_pool.py)",
    )
    args = parser.parse_args()
    if args.groups:
        check_output(args.groups)
    for name in args.candidates:  # what the deals would refuse, refused before the first
        try:
            lineup = [name] + [args.against] * (args.players - 1)
            check_run(args.game, args.games, lineup, players=args.players)
        except TavolaError as exc:
            parser.error(str(exc))
    deals = math.ceil(args.games / args.players)
    print(
        f"{args.game}, {args.players} players, {deals} deals of {args.players} games each, "
        f"against {args.against}; an equal player wins {1 / args.players:.1%}"
    )
    run = {"game": args.game, "players": args.players, "against": args.against, "seed": args.seed}
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in args.candidates:
            play = partial(deal, args.game, args.players, name, args.against, args.seed)
            start = time.perf_counter()
            groups = []
            for index, group in enumerate(pool.map(play, range(deals))):
                groups.append(group)
                if args.groups:  # as each deal ends: a run stopped early keeps its deals
                    credit, finished = group
                    line = run | {"candidate": name, "deal": index, "credit": credit}
                    with open(args.groups, "a") as out:
                        out.write(json.dumps(line | {"finished": finished}) + "\n")
                if len(groups) % 10 == 0 and len(groups) < deals:
                    share, low, high = clustered(groups)
                    print(
                        f"  after {len(groups)} deals: {share:.1%} [{low:.1%}-{high:.1%}]",
                        file=sys.stderr,
                        flush=True,
                    )
            seconds = time.perf_counter() - start
            share, low, high = clustered(groups)
            games = sum(n for _, n in groups)
            print(
                f"{name:45s} {share:6.1%} [{low:.1%}-{high:.1%}] of {games} games"
                f"  {seconds * args.jobs / (deals * args.players):6.2f} s/game",
                flush=True,
            )


if __name__ == "__main__":
    raise SystemExit(run_script(main))
