"""Testa di Pecora rules: setup, seasons, seating and the deal (rulebook: SETUP, GAMEPLAY, Start
of Season). Each test quotes the rulebook sentence it checks; see docs/rules/testa-di-pecora.md."""

import itertools
import random

import pytest
from testa_helpers import check, hand, ids, new

import tavola


def random_game(players: int, seed: int, **options: object) -> tavola.Game:
    g = new(players, seed, **options)
    rng = random.Random(seed)
    while not g.is_over:
        (seat,) = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g


@pytest.mark.parametrize("n", [4, 5])
def test_six_renown_each(n: int) -> None:
    """ "Each player is given six renown, in any denomination." Renown is one whole number per
    seat, so the denomination changes nothing.
    Decision: [D3] (docs/rules/testa-di-pecora.md).
    """
    g = new(n, seed=3)
    assert g.renown == [6] * n
    assert g.view(None)["renown"] == [6] * n


@pytest.mark.parametrize("n", [4, 5])
def test_all_cards_are_shuffled_together_and_dealt(n: int) -> None:
    """ "All influence cards are shuffled together." All 32 cards are dealt (hands and the
    Inheritance), every deal is a fresh shuffle of the whole deck from the game's seed: the same
    seed deals the same cards, other seeds deal others, and every card reaches every seat.
    Decision: [D4] (docs/rules/testa-di-pecora.md).
    """
    deals = set()
    seen_at_seat0: set[str] = set()
    for seed in range(60):  # a fair shuffle misses a card at seat 0 about once in 8,000 such sets
        g = new(n, seed)
        check(g)
        everything = 0
        for h in g.hands:
            everything |= h
        assert (everything | g.inherit) == (1 << 32) - 1
        deals.add(tuple(g.hands))
        seen_at_seat0.update(hand(g, 0))
        assert new(n, seed).hands == g.hands
    assert len(deals) == 60
    assert seen_at_seat0 == set(new(n).deck.ids)


@pytest.mark.parametrize("n", [4, 5])
def test_the_game_consists_of_three_seasons(n: int) -> None:
    """ "The game consists of three trading seasons." The game ends after the third season is
    scored (a season re-dealt after nobody claims the Inheritance is the same season)."""
    for seed in range(5):
        g = random_game(n, seed)
        assert [e["season"] for e in g.seasons_log] == [1, 2, 3]
        assert g.is_over and g.result is not None
        assert all(p["season"] in (1, 2, 3) for p in g.passouts)


def test_the_seasons_option_is_not_a_rule_but_defaults_to_three() -> None:
    """ "The game consists of three trading seasons." The option 'seasons' (not in the rules, for
    quick games and tests) defaults to 3; bad values are refused with a clear message.
    Decision: [D25] (docs/rules/testa-di-pecora.md).
    """
    assert new(4).seasons == 3
    assert len(random_game(4, 1, seasons=1).seasons_log) == 1
    for bad in (0, "3", True, 13):
        with pytest.raises(tavola.UnknownGameError, match="seasons"):
            new(4, seasons=bad)


@pytest.mark.parametrize(("n", "days"), [(4, 8), (5, 6)])
def test_each_season_has_multiple_trading_days(n: int, days: int) -> None:
    """ "Each trading season has multiple trading days (rounds)." One card from every player a
    day, until the hands are empty: 8 days at 4 players, 6 at 5 (the Heir's savings are never
    played).
    Decision: [D5] (docs/rules/testa-di-pecora.md).
    """
    g = new(n, seed=11)
    rng = random.Random(0)
    counted = []
    while not g.is_over:
        before = len(g.seasons_log)
        trades = len(g.trades)
        (seat,) = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
        if len(g.seasons_log) > before:
            counted.append(trades + 1)
    assert counted == [days, days, days]


def test_four_players_get_eight_cards_each_and_no_inheritance() -> None:
    """ "In the four player game: Eight cards are dealt to each player." 4 x 8 = 32: nothing is
    left for an Inheritance, and trading starts at once."""
    g = new(4, seed=5)
    assert [h.bit_count() for h in g.hands] == [8, 8, 8, 8]
    assert g.inherit == 0
    assert g.phase_name == "play"
    assert g.view(0)["inheritance"]["face_down"] == 0


def test_five_players_get_six_cards_each() -> None:
    """ "In the five player game (recommended): Six cards are dealt to each player." Five players
    is also what a game gets when no player count is given ("recommended")."""
    g = new(5, seed=5)
    assert [h.bit_count() for h in g.hands] == [6] * 5
    assert tavola.new_game("testa-di-pecora", seed=1).players == 5


def test_two_cards_face_down_are_the_inheritance() -> None:
    """ "Two cards are dealt face down, and are the Inheritance." Nobody, spectators included,
    sees them: a view shows only that two cards lie face down."""
    g = new(5, seed=8)
    assert g.inherit.bit_count() == 2
    secret = set(ids(g, g.inherit))
    for seat in (None, 0, 1, 2, 3, 4):
        v = g.view(seat)
        assert v["inheritance"]["face_down"] == 2
        assert not secret & set(_strings(v))


def _strings(x: object) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [s for k, v in x.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(x, list):
        return [s for v in x for s in _strings(v)]
    return []


@pytest.mark.parametrize("n", [4, 5])
def test_the_first_dealer_is_drawn_from_the_seed_or_chosen(n: int) -> None:
    """Seating (the rulebook never says who deals first): as a table cuts for the deal, the
    first dealer is drawn from the game's seed, the same for the same seed, each seat about as
    often; the option ``first_dealer`` names it instead. Decision: [D1].
    """
    firsts = [tavola.new_game("testa-di-pecora", players=n, seed=s).dealer for s in range(400)]
    assert firsts == [
        tavola.new_game("testa-di-pecora", players=n, seed=s).dealer for s in range(400)
    ]
    assert all(abs(firsts.count(seat) - 400 / n) < 40 for seat in range(n))
    for seat in range(n):
        g = tavola.new_game("testa-di-pecora", players=n, seed=1, options={"first_dealer": seat})
        assert g.dealer == seat and g.to_act == {(seat + 1) % n}
    for bad in (-1, n, "0", True, 1.5):
        with pytest.raises(tavola.UnknownGameError, match="first_dealer"):
            tavola.new_game("testa-di-pecora", players=n, seed=1, options={"first_dealer": bad})


@pytest.mark.parametrize("n", [4, 5])
def test_seat_0_at_the_last_seats_left_and_the_deal_passes_left(n: int) -> None:
    """Seating (the rulebook only says "clockwise" and "the dealer's left"): seats are numbered
    clockwise, so the dealer's left is the next seat: with the last seat dealing first, seat 0
    is at the dealer's left; the deal passes to the left every season.
    Decisions: [D1], [D2] (docs/rules/testa-di-pecora.md).
    """
    g = new(n, seed=2)
    assert g.dealer == n - 1
    assert g.view(None)["dealer"] == n - 1
    g = random_game(n, 2)
    # A pass-out also moves the deal, so follow the dealers in the order they dealt.
    dealers = sorted(
        [(e["season"], 1, e["dealer"]) for e in g.seasons_log]
        + [(p["season"], 0, p["dealer"]) for p in g.passouts]
    )
    chain = [d for *_, d in dealers]
    assert chain[0] == n - 1
    assert all(b == (a + 1) % n for a, b in itertools.pairwise(chain))


def test_the_shuffle_is_pinned_so_saved_games_replay_everywhere() -> None:
    """ "All influence cards are shuffled together." The shuffle comes from the game's own seeded
    random stream (never the global one), pinned here: a record holds only the seed and the
    actions, so a change to the shuffle changes every saved game (and must raise the rules
    version, which refuses the old records by name).
    Decision: [D4] (docs/rules/testa-di-pecora.md).
    """
    random.seed(12345)  # the global RNG must not matter
    g = new(5, seed=0)
    assert hand(g, 0) == [
        "mendicant",
        "archbishop",
        "inquisitor",
        "camerlengo",
        "venice-knight",
        "florence-prince",
    ]
    assert ids(g, g.inherit) == ["venice-marquis", "naples-marquis"]
    random.seed(999)
    assert new(5, seed=0).hands == g.hands
    assert tavola.replay(g.record()).hands == g.hands
