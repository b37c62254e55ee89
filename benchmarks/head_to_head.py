"""Our ismcts against OpenSpiel's Python IS-MCTS at equal time per move, in one game.

Both bots play the same tavola game through tavola's OpenSpiel adapter: ours from the seat's
view with a SeatHandle (``ismcts:seconds=S``), OpenSpiel's ``ismcts.ISMCTSBot`` (random-rollout
evaluator, one rollout) with as many simulations as it makes in S seconds, measured first on
positions of the game (``search.py``'s), then after each game set from its rate so far (its
simulations a move over its seconds a move, over all games played) times our mean seconds a
move, so that the two take the same time (a move's cost varies along a game). Half the seats
are ours: seats 0 and 2 in even games, 1 and 3 in odd ones, and each odd game replays the deal
of the even one before it (duplicate, as in bridge: each bot holds every hand of a deal once,
so the luck of the cards cancels out). Prints our share of the wins (ties split) with its 95%
interval over deals (an equal bot: 50%), and each bot's time per move.
Needs the ``ai`` extra.
Run:  python benchmarks/head_to_head.py [--game testa-di-pecora] [--players 4] [--games 60]
          [--seconds 0.1] [--ours prior=3]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from search import positions, theirs
from tavola.agents import SeatHandle, make_agent
from tavola.cli import run_script
from tavola.interop import openspiel
from tavola.sim.stats import clustered


def their_rate(game_id: str, players: int) -> float:
    """OpenSpiel's bot's simulations per second on this game, over a few positions."""
    found = positions(game_id, players, 3)
    return sum(theirs(game_id, players, seed, codes, 100) for seed, codes in found) / len(found)


def play(
    game_id: str, players: int, seed: int, seconds: float, simulations: int, ours_extra: str
) -> tuple:
    """One game; (our share of its win, our seconds per move, theirs)."""
    game = openspiel.load(game_id, players, seed=seed // 2)  # two games a deal
    state = game.new_initial_state()
    ours = {s for s in range(players) if s % 2 == seed % 2}
    agent = make_agent(f"ismcts:seconds={seconds}{ours_extra}", game_id)
    rng = random.Random(seed)
    np_rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, np_rng), 1.0, simulations, random_state=np_rng
    )
    spent = {True: [0.0, 0], False: [0.0, 0]}
    while not state.is_terminal():
        seat = state.current_player()
        mine = seat in ours
        start = time.perf_counter()
        if mine:
            g = state.world.game
            code = agent.choose(g.view(seat), g.legal_actions(seat), rng, SeatHandle(g, seat)).code
        else:
            code = bot.step(state)
        spent[mine][0] += time.perf_counter() - start
        spent[mine][1] += 1
        state.apply_action(code)
    winners = state.world.game.result.winners
    share = sum(1 for s in winners if s in ours) / len(winners)
    return share, *(spent[k][0] / max(1, spent[k][1]) for k in (True, False))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="testa-di-pecora")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60, help="an even number: two a deal")
    parser.add_argument("--seconds", type=float, default=0.1, help="time per move")
    parser.add_argument(
        "--ours", default="", help="our bot's other parameters, e.g. 'prior=3,c=0.5'"
    )
    args = parser.parse_args()
    if args.games < 2 or args.games % 2:
        parser.error("--games is an even number (two games a deal), at least 2")
    extra = f",{args.ours}" if args.ours else ""
    make_agent(f"ismcts:seconds={args.seconds}{extra}", args.game)  # a bad one, said first
    rate = their_rate(args.game, args.players)
    simulations = max(1, round(rate * args.seconds))
    print(
        f"{args.game}, {args.players} players, {args.games} games, {args.seconds} s a move, "
        f"ours ismcts:seconds={args.seconds}{extra}: "
        f"OpenSpiel's bot makes {rate:.0f} simulations/s, so it gets {simulations} a move"
    )
    total = ours_time = their_time = their_work = 0.0
    deals: list[tuple[float, int]] = []
    for seed in range(args.games):
        share, mine, other = play(args.game, args.players, seed, args.seconds, simulations, extra)
        total, ours_time, their_time = total + share, ours_time + mine, their_time + other
        their_work += simulations
        if seed % 2:
            deals[-1] = (deals[-1][0] + share, 2)
        else:
            deals.append((share, 1))
        simulations = max(1, round(their_work / their_time * ours_time / (seed + 1)))
        print(
            f"game {seed + 1}: our share so far {total / (seed + 1):.1%}; seconds a move: ours "
            f"{mine:.3f}, theirs {other:.3f}; next, {simulations} simulations",
            flush=True,
        )
    _, low, high = clustered(deals)
    ours_time, their_time = ours_time / args.games, their_time / args.games
    print(
        f"ours: {total / args.games:.1%} of the wins [{low:.1%}-{high:.1%}] (equal: 50%); "
        f"mean seconds a move: ours {ours_time:.3f}, OpenSpiel's {their_time:.3f}"
    )


if __name__ == "__main__":
    raise SystemExit(run_script(main))
