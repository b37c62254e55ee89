"""Train a game's learned value (``tavola.agents.value``) on games of its heuristic against itself.

Run:  python benchmarks/train_value.py renaissance-rivals --players 3 [--games 1500] [--seed 0]
          [--every 7] [--jobs 2] [--cards FILE] [--option KEY=VALUE ...] [--out FILE]

Plays --games games with the game's heuristic in every seat, keeps every --every-th position
(each seat's observation, and which seats won the game), fits the conditional logit on the
first 80% of the games and prints, on the other 20%, how often it picks the game's winner
against the game's standing (the leader now), by how far the game had gone. Writes the value
with what it was trained on to the game's values folder (``GameSpec.values``); with your own
--cards or --option, to your data folder, where ``pimc:value=learned`` finds it for games
played with them (``tavola.agents.value.user_file``); or to --out.
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import numpy as np

from tavola.agents.value import file_name, fit, save, trained_on, user_file, value_key
from tavola.cli import UsageError, add_game_options, game_options
from tavola.core.errors import TavolaError
from tavola.core.registry import get_spec, new_game
from tavola.core.rng import derive_seed

QUARTERS = ((0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01))


def positions(
    game_id: str, players: int, options: dict, every: int, seed: int, number: int
) -> tuple:
    """Game ``number``'s kept positions: observations (positions x seats x features), each
    seat's standing, how far the game had gone (0-1), and each seat's share of the win."""
    spec = get_spec(game_id)
    g = new_game(game_id, players=players, seed=derive_seed(seed, number), options=options)
    rng = random.Random(derive_seed(seed, number, 1))
    kept: list[tuple[list[np.ndarray], list[float], int]] = []
    decisions = 0
    while not g.is_over:
        seat = min(g.to_act)
        legal = g.legal_actions(seat)
        g.act(seat, legal[0] if len(legal) == 1 else spec.heuristic(g.view(seat), legal, rng))
        decisions += 1
        if decisions % every == 0 and not g.is_over:
            seats = range(players)
            kept.append(([g.observe(s) for s in seats], list(spec.standing(g)), decisions))
    winners = g.result.winners
    wins = [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    return (
        np.array([k[0] for k in kept], dtype=np.float32),
        np.array([k[1] for k in kept], dtype=np.float64),
        np.array([k[2] / decisions for k in kept]),
        np.array([wins] * len(kept)),
    )


def picked(scores: np.ndarray, wins: np.ndarray) -> float:
    """The mean share of the win of the seat each position's scores rank first (seats tied
    first: the mean of theirs)."""
    first = scores == scores.max(1, keepdims=True)
    return float(((wins * first).sum(1) / first.sum(1)).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=7, help="keep every N-th position")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="where to write it (default: where it is found)")
    add_game_options(parser)
    args = parser.parse_args()
    spec = get_spec(args.game)
    try:
        options = game_options(spec, args)
        sample = new_game(args.game, players=args.players, seed=0, options=options)
    except (UsageError, TavolaError) as exc:
        sys.exit(str(exc))
    if spec.heuristic is None or spec.standing is None:
        sys.exit(f"{spec.title} has no heuristic and standing to train a value with")
    if args.players < 2:
        sys.exit("a value ranks the seats: it needs 2 players or more")
    if spec.values is None:
        sys.exit(f"{spec.title} has no values folder (GameSpec.values): pimc would not look")
    out = args.out or (
        spec.values / file_name(args.players)
        if not options
        else user_file(args.game, args.players, value_key(sample))
    )
    play = partial(positions, args.game, args.players, options, args.every, args.seed)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(play, range(args.games), chunksize=10))
    split = int(len(games) * 0.8)
    train = [np.concatenate(part) for part in zip(*games[:split], strict=True)]
    test = [np.concatenate(part) for part in zip(*games[split:], strict=True)]
    weights, mean, scale = fit(train[0], train[3])
    scores = ((test[0] - mean) / scale) @ weights
    print(f"{spec.title}, {args.players} players: {len(train[0])} positions of {split} games")
    print(
        f"winner picked in the other {len(games) - split} games' positions, by the game's progress:"
    )
    print("  progress     standing  learned")
    for low, high in QUARTERS:
        sel = (test[2] >= low) & (test[2] < high)
        print(
            f"  {low:.2f}-{min(high, 1):.2f}    {picked(test[1][sel], test[3][sel]):.3f}"
            f"     {picked(scores[sel], test[3][sel]):.3f}"
        )
    meta = {
        "game": args.game,
        "players": args.players,
        "trained_on": trained_on(sample),
        "rules_version": spec.rules_version,
        "made_by": "python benchmarks/train_value.py " + shlex.join(sys.argv[1:]),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    save(out, weights, mean, scale, meta)
    print(f"written to {out}")


if __name__ == "__main__":
    main()
