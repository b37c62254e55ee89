"""Balance of Renaissance Man (2006)'s card data, by simulation at 2 to 6 players.

For each player count and each line-up (all random players, all heuristic players), plays N
seeded games (game i of a run is dealt from derive_seed(seed, i); seat s's bot draws from
derive_seed(seed, 0xB07, i, s)) and reports:

- how games end (declared last turn, no Challenge left, turn limit) and their length, in turns
  and in decisions (mean, median, 95th percentile, max);
- win share by position in turn order (0 = the first player), ties split, 95% Wilson
  intervals: no position should dominate;
- per Challenge card: how often it is attempted and won, the success rate, the mean modifier,
  points per attempt, and how often the seat that won it won the game;
- per Event: how often it is contested, the cards played to it, and how often its winner won
  the game (lift: that rate times the player count, 1 = no edge), the benefit's impact.

Run:  python benchmarks/rm2d6_balance.py [--games 500] [--players 2,3,4,5,6]
      [--lineups random,heuristic] [--seed 0] [--cards FILE] [--json] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import tavola
from tavola.cli import check_output, run_script, seed_arg, whole_arg
from tavola.core.rng import derive_seed
from tavola.games.renaissance_man_2d6 import rules
from tavola.games.renaissance_man_2d6.heuristic import choose as heuristic
from tavola.sim.stats import wilson

GAME = "renaissance-man-2d6"
BOT_STREAM = 0xB07


def uniform(view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
    """The random player: any legal action, all equally likely."""
    return legal[rng.randrange(len(legal))]


POLICIES: dict[str, Callable[..., Any]] = {"random": uniform, "heuristic": heuristic}


@dataclass
class CardStats:
    """Per Challenge-deck card, summed over games."""

    seen: int = 0  # games in which it was face up or contested
    attempts: int = 0
    wins: int = 0
    modifier: int = 0  # summed over attempts
    cards: int = 0  # CR cards played to it (attempts) or to the contest (Events)
    taker_won: float = 0.0  # game-win credit of the seat that won it
    uses: int = 0  # an Event's benefit: CR cards gained, or (bonus, waive) later attempts
    use_wins: int = 0  # successes of those later attempts


@dataclass
class Run:
    """The outcomes of one line-up at one player count."""

    lineup: str
    players: int
    games: int = 0
    ends: dict[str, int] = field(default_factory=lambda: dict.fromkeys(rules.END_REASONS, 0))
    turns: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    position_wins: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)  # winners' scores
    cards: dict[int, CardStats] = field(default_factory=dict)
    seconds: float = 0.0


def play(
    lineup: str, players: int, seed: int, game: int, options: dict[str, Any], run: Run
) -> None:
    """One game, its figures added to ``run``."""
    g = tavola.new_game(GAME, players=players, seed=derive_seed(seed, game), options=options)
    policy = POLICIES[lineup]
    rngs = [random.Random(derive_seed(seed, BOT_STREAM, game, s)) for s in range(players)]
    decisions = 0
    while not g.is_over:
        (s,) = g.to_act
        g.act(s, policy(g.view(s), g.legal_actions(s), rngs[s]))
        decisions += 1
    result = g.result
    credit = 1 / len(result.winners)
    run.games += 1
    run.ends[rules.END_REASONS[g.ended]] += 1
    run.turns.append(g.turns + 1)
    run.decisions.append(decisions)
    for s in result.winners:
        run.position_wins[(s - g.first) % players] += credit
        run.scores.append(g.scores[s])
    seen: set[int] = set()
    attempt = revealed = drawing = -1
    holders: dict[int, list[int]] = {}  # seat -> bonus/waive Events it holds
    for raw in g.log:
        kind = raw[0]
        if kind == rules.EV_START:
            seen.update(raw[2])
        elif kind == rules.EV_REVEAL:
            seen.add(raw[2])
            revealed = raw[2]
        elif kind == rules.EV_ATTEMPT:
            attempt = raw[2]
        elif kind == rules.EV_PLAY and attempt >= 0:
            run.cards.setdefault(attempt, CardStats()).cards += 1
        elif kind == rules.EV_ROLL:
            _, seat, card, _d1, _d2, mod, won = raw
            st = run.cards.setdefault(card, CardStats())
            st.attempts += 1
            st.modifier += mod
            if won:
                st.wins += 1
                st.taker_won += credit if seat in result.winners else 0.0
            for ev in holders.get(seat, ()):
                held = run.cards[ev]
                held.uses += 1
                held.use_wins += won
            attempt = -1
        elif kind == rules.EV_STAND:
            run.cards.setdefault(revealed, CardStats()).cards += raw[2]
        elif kind == rules.EV_WIN_EVENT:
            _, seat, card = raw
            st = run.cards.setdefault(card, CardStats())
            st.attempts += 1
            st.wins += 1
            st.taker_won += credit if seat in result.winners else 0.0
            what = g.c.benefit[card]
            drawing = card if what == "draw" else -1
            if what in ("bonus", "waive"):
                holders.setdefault(seat, []).append(card)
            continue
        elif kind == rules.EV_DRAW and drawing >= 0:
            run.cards[drawing].uses += 1
            continue
        elif kind == rules.EV_SHUFFLE:
            continue
        elif kind == rules.EV_TRIBUTE:
            run.cards[revealed].uses += 1
        elif kind == rules.EV_RECOVER:
            run.cards[revealed].uses += sum(raw[2])
        drawing = -1  # the draws of a "draw" benefit follow its win at once
    for card in seen:
        run.cards.setdefault(card, CardStats()).seen += 1


def spread(values: list[int]) -> dict[str, float]:
    """Mean, median, 95th percentile and max of a list of counts."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {
        "mean": statistics.fmean(ordered),
        "median": statistics.median(ordered),
        "p95": p95,
        "max": ordered[-1],
    }


def card_rows(runs: list[Run], cards: Any) -> list[dict[str, Any]]:
    """Per Challenge-deck card, the figures of the runs pooled."""
    games = sum(r.games for r in runs)
    rows = []
    for i in range(cards.n_cards):
        st = CardStats()
        for r in runs:
            one = r.cards.get(i)
            if one is not None:
                for name in st.__dataclass_fields__:
                    setattr(st, name, getattr(st, name) + getattr(one, name))
        tries, wins = st.attempts, st.wins
        lo, hi = wilson(st.taker_won, wins) if wins else (0.0, 1.0)
        lift = sum(r.players * r.cards[i].taker_won for r in runs if i in r.cards)
        rows.append(
            {
                "id": cards.ids[i],
                "event": cards.is_event[i],
                "letters": cards.letters(i),
                "points": cards.points[i],
                "benefit": cards.benefit[i] + (f" {cards.amount[i]}" if cards.amount[i] else ""),
                "seen_per_game": st.seen / games,
                "tries": tries,
                "wins": wins,
                "won_per_game": wins / games,
                "success": wins / tries if tries else None,
                "mean_modifier": st.modifier / tries if tries and not cards.is_event[i] else None,
                "cards_per_try": st.cards / tries if tries else None,
                "points_per_try": cards.points[i] * wins / tries if tries else None,
                "taker_won": st.taker_won / wins if wins else None,
                "taker_won_ci95": [lo, hi],
                "lift": lift / wins if wins else None,
                "benefit_uses_per_win": st.uses / wins if wins and cards.is_event[i] else None,
                "later_success": st.use_wins / st.uses
                if st.uses and cards.amount[i] and (cards.benefit[i] in ("bonus", "waive"))
                else None,
            }
        )
    return rows


def summary(run: Run, cards: Any) -> dict[str, Any]:
    """The figures of a run as plain data (what --json prints)."""
    n = run.games
    positions = []
    for pos in range(run.players):
        lo, hi = wilson(run.position_wins[pos], n)
        positions.append({"share": run.position_wins[pos] / n, "ci95": [lo, hi]})
    return {
        "lineup": run.lineup,
        "players": run.players,
        "games": n,
        "ends": {k: v / n for k, v in run.ends.items()},
        "turns": spread(run.turns),
        "decisions": spread(run.decisions),
        "winner_score": spread(run.scores),
        "position_win_share": positions,
        "cards": card_rows([run], cards),
        "games_per_second": n / run.seconds if run.seconds else None,
    }


def fmt(x: float | None, form: str, width: int) -> str:
    """``x`` formatted, or a dash when there is no figure."""
    return f"{'-':>{width}}" if x is None else format(x, form).rjust(width)


def print_tables(results: list[dict[str, Any]], pooled: dict[str, list[dict[str, Any]]]) -> None:
    """Readable tables of the runs' figures."""
    print("Ends and lengths (turns, decisions: mean, median, p95, max)")
    print(
        f"{'line-up':9} {'p':>2} {'games':>6} {'declared':>9} {'no-chall':>9} {'limit':>6}  "
        f"{'turns':>22}  {'decisions':>24}  {'win score':>9}  {'games/s':>7}"
    )
    for r in results:
        e, t, d = r["ends"], r["turns"], r["decisions"]
        print(
            f"{r['lineup']:9} {r['players']:>2} {r['games']:>6} {100 * e['declared']:8.1f}% "
            f"{100 * e['no-challenges']:8.1f}% {100 * e['turn-limit']:5.1f}%  "
            f"{t['mean']:6.1f} {t['median']:5.0f} {t['p95']:4.0f} {t['max']:4.0f}  "
            f"{d['mean']:7.1f} {d['median']:5.0f} {d['p95']:5.0f} {d['max']:5.0f}  "
            f"{r['winner_score']['mean']:9.1f}  {r['games_per_second']:7.1f}"
        )
    print("\nWin share by position in turn order (0 = the first player), 95% interval")
    for r in results:
        cells = [
            f"{100 * p['share']:4.1f}% [{100 * p['ci95'][0]:4.1f}-{100 * p['ci95'][1]:4.1f}]"
            for p in r["position_win_share"]
        ]
        even = f"even {100 / r['players']:4.1f}%"
        print(f"{r['lineup']:9} {r['players']}p  {even}  " + "  ".join(cells))
    for lineup, rows in pooled.items():
        games = sum(r["games"] for r in results if r["lineup"] == lineup)
        print(f"\nCards, {lineup} players, all player counts pooled ({games} games)")
        print(
            f"{'card':24} {'req':>5} {'pts':>3} {'benefit':>9} {'tries':>6} {'won/g':>5} "
            f"{'succ%':>5} {'mod':>5} {'cards':>5} {'pts/try':>7} {'taker won% [95%]':>16} "
            f"{'lift':>5} {'benefit use':>12}"
        )
        print(
            "(tries: attempts, for an Event contests; cards: CR cards played a try, to an Event "
            "by all seats;\n lift: the taker's game-win rate times the player count, 1 = no edge; "
            "benefit use: CR cards\n gained a win, or for bonus and waive the holder's later "
            "attempts a win and their success)"
        )
        for row in rows:
            success = None if row["success"] is None else 100 * row["success"]
            lo, hi = row["taker_won_ci95"]
            taker = "-" if row["taker_won"] is None else f"{100 * row['taker_won']:3.0f}"
            use = ""
            if row["benefit_uses_per_win"] is not None:
                use = f"{row['benefit_uses_per_win']:5.2f}"
                if row["later_success"] is not None:
                    use += f" {100 * row['later_success']:3.0f}%"
            print(
                f"{row['id'][:24]:24} {row['letters']:>5} {row['points']:>3} "
                f"{row['benefit']:>9} {row['tries']:>6} {row['won_per_game']:5.2f} "
                f"{fmt(success, '.0f', 5)} {fmt(row['mean_modifier'], '+.2f', 5)} "
                f"{fmt(row['cards_per_try'], '.2f', 5)} {fmt(row['points_per_try'], '.2f', 7)} "
                f"{taker:>4} [{100 * lo:3.0f}-{100 * hi:3.0f}]     "
                f"{fmt(row['lift'], '.2f', 5)} {use:>12}"
            )


def player_counts(text: str) -> list[int]:
    """An argparse type: player counts of the game, comma-separated (2,4,6)."""
    spec = tavola.get_spec(GAME)
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if not counts or not set(counts) <= set(spec.player_counts):
        raise argparse.ArgumentTypeError(
            f"expected player counts from {spec.min_players} to {spec.max_players}, "
            f"comma-separated, not {text!r}"
        )
    return counts


def lineups(text: str) -> list[str]:
    """An argparse type: line-ups, comma-separated (random,heuristic)."""
    names = text.split(",")
    if not set(names) <= set(POLICIES):
        raise argparse.ArgumentTypeError(
            f"expected line-ups of {', '.join(POLICIES)}, comma-separated, not {text!r}"
        )
    return names


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=whole_arg(1), default=500, help="games per player count and line-up"
    )
    parser.add_argument(
        "--players",
        type=player_counts,
        default=[2, 3, 4, 5, 6],
        help="player counts, comma-separated (default 2,3,4,5,6)",
    )
    parser.add_argument(
        "--lineups",
        type=lineups,
        default=["random", "heuristic"],
        help="random and/or heuristic (default random,heuristic)",
    )
    parser.add_argument("--seed", type=seed_arg, default=0, help="seed of the runs (default 0)")
    parser.add_argument("--cards", help="a card data file to play with instead of the standard")
    parser.add_argument("--json", action="store_true", help="print one JSON object, no tables")
    parser.add_argument("--save", metavar="FILE", help="also write that JSON object to FILE")
    args = parser.parse_args()
    if args.save:
        check_output(args.save)
    options: dict[str, Any] = {}
    if args.cards:
        options["cards"] = tavola.read_card_file(args.cards)
    cards = tavola.new_game(GAME, players=2, seed=0, options=options).c
    results, runs = [], []
    for lineup in args.lineups:
        for players in args.players:
            run = Run(lineup, players, position_wins=[0.0] * players)
            start = time.perf_counter()
            for i in range(args.games):
                play(lineup, players, args.seed, i, options, run)
            run.seconds = time.perf_counter() - start
            runs.append(run)
            results.append(summary(run, cards))
    pooled = {
        lineup: card_rows([r for r in runs if r.lineup == lineup], cards)
        for lineup in dict.fromkeys(r.lineup for r in runs)
    }
    out = {"game": GAME, "cards": cards.name, "seed": args.seed, "runs": results}
    out["cards_pooled"] = pooled
    if args.save:
        with open(args.save, "w") as f:
            json.dump(out, f)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{GAME}, card set {cards.name!r}, seed {args.seed}, {args.games} games per run\n")
        print_tables(results, pooled)


if __name__ == "__main__":
    raise SystemExit(run_script(main))
