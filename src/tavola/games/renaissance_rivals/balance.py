"""Balance figures for Renaissance Rivals by simulation: ``python -m
tavola.games.renaissance_rivals.balance --games 200``.

For each player count it plays seeded games between the game's own agents (the heuristic of
heuristic.py, or uniformly random moves) and prints the games, mean rounds (turns per player),
the end reasons (with every game that hit the safety cap, ``turn_limit``), the win share by seat
and by artist (ties split the win), and where the seats' shares come from: the games each seat
ended and how, the seats' shares in them, and the mean number of turns each seat had begun when
the game ended (the game ends at once, on the ender's turn). ``--red-deck yes`` adds the Red deck
at two players. The figures on docs/rules/renaissance-rivals.md come from this command (their
intervals from its win shares, with ``tavola.sim.stats.wilson``). It imports only the game and
the core.
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


def play(
    players: int, seed: int, agents: list[str], turn_limit: int, red_deck: str = "rules"
) -> Any:
    g = new_game(
        "renaissance-rivals",
        players=players,
        seed=seed,
        options={"turn_limit": turn_limit, "red_deck": red_deck},
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


def report(
    players: int, games: int, agents: list[str], turn_limit: int, red_deck: str = "rules"
) -> dict[str, Any]:
    rounds = []
    ends: Counter[str] = Counter()
    seat: Counter[int] = Counter()
    artist: Counter[str] = Counter()
    by_ender: Counter[tuple[int, str]] = Counter()
    share_by_ender: Counter[tuple[int, int]] = Counter()
    turns_had = [0] * players
    caps = []
    start = time.perf_counter()
    for seed in range(games):
        g = play(players, seed, agents, turn_limit, red_deck)
        n_turns, ender = g.turns, g.cur  # type: ignore[attr-defined]
        rounds.append(n_turns / players)
        reason = END_REASONS[g.ended]  # type: ignore[attr-defined]
        ends[reason] += 1
        if reason == "turn-limit":
            caps.append(seed)
            ender = -1  # every seat had its turns; nobody ended it
        by_ender[ender, reason] += 1
        for s in range(players):  # the turns begun: the ender's last one is cut short
            turns_had[s] += n_turns // players + (s <= ender)
        r = g.result
        assert r is not None
        for w in r.winners:
            seat[w] += 1 / len(r.winners)
            share_by_ender[ender, w] += 1 / len(r.winners)
            artist[g.c.artist_ids[g.artist[w]]] += 1 / len(r.winners)  # type: ignore[attr-defined]
    enders = sorted({e for e, _ in by_ender})
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
        "ended_by_seat": {f"{e}/{why}": k for (e, why), k in sorted(by_ender.items())},
        "win_share_by_seat_when_ended_by": {
            e: {
                s: round(share_by_ender[e, s] / sum(by_ender[e, w] for w in END_REASONS), 3)
                for s in range(players)
            }
            for e in enders
        },
        "mean_turns_by_seat": [round(x / games, 2) for x in turns_had],
        "win_share_by_artist": {a: round(v / games, 3) for a, v in sorted(artist.items())},
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    parser.add_argument("--agents", default="heuristic", help="comma-separated, one per seat")
    parser.add_argument("--turn-limit", type=int, default=60)
    parser.add_argument("--red-deck", default="rules", help="rules, or yes (2 players)")
    args = parser.parse_args(argv)
    import tavola.games.renaissance_rivals  # noqa: F401  (registers the game)

    for n in args.players:
        print(report(n, args.games, args.agents.split(","), args.turn_limit, args.red_deck))


if __name__ == "__main__":
    main()
