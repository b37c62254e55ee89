"""Balance figures for Renaissance Man (2013) by simulation (not a test; run it by hand).

    python benchmarks/rm13_balance.py [games] [players] [agents]

``agents`` is a comma-separated list (default: heuristic at every seat); agents are rotated
over the seats game by game. Prints games, mean and median rounds, end reasons (safety-cap hits
included), win share by seat and by agent (with a 95% interval), and the share of each worker
type among the workers hired into the winners' pyramids and into all pyramids.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import statistics
import time

import tavola
import tavola.games.renaissance_man
from tavola.agents import make_agent
from tavola.cli import run_script, whole_arg
from tavola.games.renaissance_man.rules import DOWN, FOUND


def main(games: int = 200, players: int = 4, agents: str = "") -> None:
    names = agents.split(",") if agents else ["heuristic"] * players
    bots = {n: make_agent(n, "renaissance-man") for n in set(names)}
    rounds, reasons = [], {}
    by_seat, by_agent = [0.0] * players, dict.fromkeys(names, 0.0)
    seats_of = dict.fromkeys(names, 0)
    types_win, types_all = [0] * 5, [0] * 5
    start = time.perf_counter()
    decisions = 0
    for k in range(games):
        seat_agent = [names[(s + k) % len(names)] for s in range(players)]
        for n in seat_agent:
            seats_of[n] += 1
        g = tavola.new_game("renaissance-man", players=players, seed=k)
        rng = random.Random(k)
        while not g.is_over:
            for s in sorted(g.to_act):
                if s in g.to_act:
                    g.act(s, bots[seat_agent[s]].choose(g.view(s), g.legal_actions(s), rng))
                    decisions += 1
        rounds.append(g.round)
        reason = g.view(None)["ended"]
        reasons[reason] = reasons.get(reason, 0) + 1
        winners = g.result.winners
        for w in winners:
            by_seat[w] += 1 / len(winners)
            by_agent[seat_agent[w]] += 1 / len(winners)
        for s in range(players):
            for x in g.st[s][5:]:
                if x < 0:
                    continue
                t = 4 if DOWN <= x < FOUND else g.c.typ[x]
                types_all[t] += 1
                if s in winners:
                    types_win[t] += 1
    took = time.perf_counter() - start
    print(f"{games} games, {players} players, agents {names}, {took:.0f} s, {decisions} decisions")
    print(
        f"rounds: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds)}, "
        f"max {max(rounds)}; ends: {reasons}"
    )
    print("win share by seat:", [round(w / games, 3) for w in by_seat])
    for n, w in by_agent.items():
        p = w / seats_of[n] * (players if len(set(names)) > 1 else 1) / players * len(names)
        share = w / games
        half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / games)
        print(f"  {n}: {share:.3f} of wins (95% +- {half:.3f}); per seat played {p:.3f}")
    kinds = ("merchant", "scholar", "baker", "knight", "renaissance")
    print("hired workers by type, winners:", dict(zip(kinds, types_win, strict=True)))
    print("hired workers by type, all:    ", dict(zip(kinds, types_all, strict=True)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", type=whole_arg(1), nargs="?", default=200)
    parser.add_argument("players", type=int, nargs="?", default=4, choices=range(1, 5))
    parser.add_argument("agents", nargs="?", default="", help="comma-separated agent names")
    args = parser.parse_args()
    raise SystemExit(run_script(functools.partial(main, args.games, args.players, args.agents)))
