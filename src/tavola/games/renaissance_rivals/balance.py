"""Balance figures for Renaissance Rivals by simulation: ``python -m
tavola.games.renaissance_rivals.balance --games 200``.

For each player count it plays seeded games between the game's own agents (the heuristic of
heuristic.py, or uniformly random moves) and prints the games, mean rounds (turns per player),
the end reasons (with every game that hit the safety cap, ``turn_limit``), and the win share by
seat and by artist (ties split the win). The figures on docs/rules/renaissance-rivals.md come
from this command. It imports only the game and the core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from ...core.registry import new_game
from .heuristic import choose
from .rules import END_REASONS


def play(players: int, seed: int, agents: list[str], turn_limit: int) -> Any:
    g = new_game(
        "renaissance-rivals", players=players, seed=seed, options={"turn_limit": turn_limit}
    )
    rng = random.Random(seed)
    while not g.is_over:
        s = g.cur  # type: ignore[attr-defined]
        legal = g.legal_actions(s)
        if agents[s % len(agents)] == "random":
            g.act(s, rng.choice(legal))
        else:
            g.act(s, legal[0] if len(legal) == 1 else choose(g.view(s), legal, rng))
    return g


def report(players: int, games: int, agents: list[str], turn_limit: int) -> dict[str, Any]:
    rounds = []
    ends: Counter[str] = Counter()
    seat: Counter[int] = Counter()
    artist: Counter[str] = Counter()
    caps = []
    start = time.perf_counter()
    for seed in range(games):
        g = play(players, seed, agents, turn_limit)
        rounds.append(g.turns / players)  # type: ignore[attr-defined]
        reason = END_REASONS[g.ended]  # type: ignore[attr-defined]
        ends[reason] += 1
        if reason == "turn-limit":
            caps.append(seed)
        r = g.result
        assert r is not None
        for w in r.winners:
            seat[w] += 1 / len(r.winners)
            artist[g.c.artist_ids[g.artist[w]]] += 1 / len(r.winners)  # type: ignore[attr-defined]
    return {
        "players": players,
        "agents": agents,
        "games": games,
        "mean_rounds": round(sum(rounds) / games, 1),
        "min_rounds": min(rounds),
        "max_rounds": max(rounds),
        "ends": dict(ends),
        "cap_hits": caps,
        "win_share_by_seat": {s: round(seat[s] / games, 3) for s in range(players)},
        "win_share_by_artist": {a: round(v / games, 3) for a, v in sorted(artist.items())},
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    parser.add_argument("--agents", default="heuristic", help="comma-separated, one per seat")
    parser.add_argument("--turn-limit", type=int, default=60)
    args = parser.parse_args(argv)
    import tavola.games.renaissance_rivals  # noqa: F401  (registers the game)

    for n in args.players:
        print(report(n, args.games, args.agents.split(","), args.turn_limit))


if __name__ == "__main__":
    main()
