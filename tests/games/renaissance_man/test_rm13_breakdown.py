"""What the simulator's reports show of a Renaissance Man (2013) game beyond who won."""

from __future__ import annotations

import random
from collections import Counter

import tavola
from tavola.games.renaissance_man.breakdown import breakdown, standing
from tavola.games.renaissance_man.rules import DOWN

ENDS = "How games end (share of games)"


def _play(players: int, seed: int, **options: object) -> tavola.Game:
    g = tavola.new_game("renaissance-man", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not g.is_over:
        for seat in sorted(g.to_act):
            g.act(seat, rng.choice(g.legal_actions(seat)))
    return g


def test_each_game_reports_how_it_ended_so_round_cap_ends_show_in_the_report() -> None:
    capped = _play(2, 0, round_limit=5)
    ends = {key: value for table, key, value in breakdown(capped) if table == ENDS}
    assert ends == {"master": 0.0, "round-limit": 1.0, "deck-out": 0.0}
    for seed in range(20):  # the solo game is lost when the deck runs out
        g = _play(1, seed)
        ends = {key: value for table, key, value in breakdown(g) if table == ENDS}
        assert sum(ends.values()) == 1.0
        assert ends["deck-out" if not g.result.winners else "master"] == 1.0


def test_standing_counts_each_seats_workers() -> None:
    g = _play(3, 4)
    assert standing(g) == [sum(x >= 0 for x in st) for st in g.st]
    assert max(standing(g)) <= 15


def test_a_face_down_renaissance_man_counts_as_a_renaissance_man() -> None:
    """The rules page's simulation counts "the Renaissance Men include the generated face-down
    ones": a face-down card is a Renaissance Man whatever card lies face down ([D23]); it has no
    row of its own among the cards, as it played no part as itself."""
    g = _play(2, 0, round_limit=5)
    empty = next(p for p in range(5, 9) if g.st[0][p] < 0)  # a level-two slot
    before = Counter((t.split(":")[0], k) for t, k, _ in breakdown(g))
    merchant = next(x for x in g.deck if g.c.typ[x] == 0)
    g.deck.remove(merchant)
    g.set_slot(0, empty, DOWN + merchant)  # a Merchant, face down
    after = Counter((t.split(":")[0], k) for t, k, _ in breakdown(g))
    assert after - before == Counter(
        {("Workers in a structure at the end, by type", "Renaissance Man"): 1}
    )
    assert not before - after
