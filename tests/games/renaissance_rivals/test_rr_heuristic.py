"""The Renaissance Rivals heuristic: legal, ends games, beats random play, and plans."""

import random

from rr_helpers import a_card, clear_hand, mp, new, num, pawn, put

from tavola.games.renaissance_rivals.balance import play, report
from tavola.games.renaissance_rivals.heuristic import choose


def test_heuristic_games_end_by_the_rules() -> None:
    for players in (1, 2, 4):
        for seed in range(3):
            g = play(players, seed, ["heuristic"], 60)
            assert g.is_over
            assert g.view(None)["ended"] in ("masterpieces", "st-peters", "solo-lost")


def test_heuristic_ends_the_two_player_games_that_used_to_stall() -> None:
    # Without the Red deck, these hit the safety cap: a major's skills left the market.
    for seed in (22, 33, 91, 110, 126):
        g = play(2, seed, ["heuristic"], 60)
        assert g.view(None)["ended"] in ("masterpieces", "st-peters")


def test_heuristic_masters_a_skill_that_only_cross_links_its_major() -> None:
    g = new(2, seed=91)  # Michelangelo: his major needs COLOR, cross-linked by LAND and more
    assert g.c.artist_ids[g.artist[0]] == "michelangelo"
    clear_hand(g)
    land = a_card(g, level=2, skill="LAND")
    put(g, land, "hand")
    while g.cur == 0:
        g.act(0, choose(g.view(0), g.legal_actions(0), random.Random(0)))
    assert num(g, land) in g.palettes[0]


def test_heuristic_beats_random_play() -> None:
    r = report(2, 12, ["heuristic", "random"], 60)
    assert r["win_share_by_seat"][0] >= 0.9


def test_heuristic_starts_a_masterpiece_it_may_start() -> None:
    g = new(2, seed=1)
    clear_hand(g)
    card = mp(g, 0, vp=8)
    put(g, card, "hand")
    i = g.t.number[card]
    from tavola.games.renaissance_rivals.cards import SKILLS

    put(g, a_card(g, level=3, skill=SKILLS[g.t.skill[i]]), "palette")
    pawn(g, ("B1", "B2", "B4")[g.t.mp_city[i]])
    a = choose(g.view(0), g.legal_actions(0), random.Random(0))
    assert a.to_json() == {"kind": "start", "card": card}


def test_heuristic_buys_with_its_influence() -> None:
    g = new(2, seed=1)
    pawn(g, "B2")
    g.inf_pool = 4
    a = choose(g.view(0), g.legal_actions(0), random.Random(0))
    assert a.kind in ("acquire", "use")
