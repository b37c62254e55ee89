"""How close to uniform Testa di Pecora's resample is when play has shown voids.

For late-season 4-player states with voids (few enough hidden cards to list every consistent
deal), draw many resamples for one seat and compare the frequency of each consistent deal with
the uniform 1/K: prints K, the total variation distance from uniform, and the least and most
frequent deal relative to uniform. A uniform sampler gives a distance near the sampling noise
(shown beside it: the distance of an exact uniform sampler with as many draws).
Run:  python benchmarks/resample_uniformity.py [--draws 20000] [--states 5]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from itertools import permutations

import tavola
from tavola.cli import run_script, whole_arg
from tavola.games.testa_di_pecora.resample import voids
from tavola.games.testa_di_pecora.rules import cards_of


def consistent_deals(g, seat: int) -> list[tuple[int, ...]]:
    """Every way to give the hidden cards back to the other hands, respecting sizes and voids."""
    others = [s for s in range(g.n) if s != seat]
    hidden = sorted(c for s in others for c in cards_of(g.hands[s]))
    sizes = [g.hands[s].bit_count() for s in others]
    void = voids(g)
    suit_masks = g.t.suit_masks
    deck = g.deck
    deals = set()
    for order in permutations(hidden):
        hands, i, ok = [], 0, True
        for s, size in zip(others, sizes, strict=True):
            m = sum(1 << c for c in order[i : i + size])
            i += size
            if any(void[s] & suit_masks[deck.suit_of[c]] for c in cards_of(m)):
                ok = False
                break
            hands.append(m)
        if ok:
            deals.add(tuple(hands))
    return sorted(deals)


def find_states(count: int) -> list[tuple[object, int]]:
    """Late-season 4-player states where some other seat has shown a void."""
    rng = random.Random(7)
    found = []
    seed = 0
    while len(found) < count:
        g = tavola.new_game("testa-di-pecora", players=4, seed=seed, options={"seasons": 1})
        seed += 1
        while not g.is_over:
            seat = min(g.to_act)
            hidden = sum(g.hands[s].bit_count() for s in range(4) if s != seat)
            if 6 <= hidden <= 8 and not g.trick and any(voids(g)):
                found.append((g.clone(), seat))
                break
            g.act(seat, rng.choice(g.legal_actions(seat)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--draws", type=whole_arg(1), default=20000)
    parser.add_argument("--states", type=whole_arg(1), default=5)
    args = parser.parse_args()
    print(
        f"{'hidden':>6} {'deals K':>8} {'TV distance':>12} {'uniform noise':>14} "
        f"{'min/uniform':>12} {'max/uniform':>12}"
    )
    for g, seat in find_states(args.states):
        deals = consistent_deals(g, seat)
        index = {d: k for k, d in enumerate(deals)}
        others = [s for s in range(4) if s != seat]
        rng = random.Random(1)
        counts = Counter()
        for _ in range(args.draws):
            h = g.resample(seat, rng)
            counts[index[tuple(h.hands[s] for s in others)]] += 1
        k = len(deals)
        freq = [counts[i] / args.draws for i in range(k)]
        tv = sum(abs(f - 1 / k) for f in freq) / 2
        ref = Counter(rng.randrange(k) for _ in range(args.draws))
        noise = sum(abs(ref[i] / args.draws - 1 / k) for i in range(k)) / 2
        hidden = sum(g.hands[s].bit_count() for s in others)
        print(
            f"{hidden:>6} {k:>8} {tv:>12.3f} {noise:>14.3f} {min(freq) * k:>12.2f} "
            f"{max(freq) * k:>12.2f}"
        )


if __name__ == "__main__":
    raise SystemExit(run_script(main))
