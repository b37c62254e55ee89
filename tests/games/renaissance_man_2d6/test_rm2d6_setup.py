"""Renaissance Man (2006) rules: what the game is, and the set-up (shuffle, deal, the face-up
Challenges, the first player). Each test quotes the rulebook sentence it checks; the decisions
[Dn] are those of docs/rules/renaissance-man-2d6.md."""

import json

import pytest
from rm2d6_helpers import GAME, check, legal, new, small_set

import tavola
from tavola.core.rng import shuffle
from tavola.games.renaissance_man_2d6.cards import KINDS, cards_by_key
from tavola.games.renaissance_man_2d6.rules import SHUFFLE


def test_the_game_is_credited_to_its_authors() -> None:
    """ "by Sharon Cichelli and Jonathan Leistiko" The byline: the game's description names both
    authors, and its title carries the year of the designer's notes (2006), which tells it from
    the 2013 Renaissance Man."""
    spec = tavola.get_spec(GAME)
    assert "Sharon Cichelli and Jonathan Leistiko" in spec.description
    assert spec.title == "Renaissance Man (2006)"


def test_the_components_are_two_dice_and_the_two_decks() -> None:
    """ "2d6 and a deck of Renaissance Man cards." The game is one of chance (two six-sided dice)
    and of hidden hands; its card set holds the Creative Reserves and the Challenge deck."""
    spec = tavola.get_spec(GAME)
    assert spec.chance and spec.hidden_information and not spec.simultaneous
    c = cards_by_key("standard")
    assert len(c.reserve_counts) == len(KINDS) == 5 and all(c.reserve_counts)
    assert c.n_challenges > 0 and c.n_cards > c.n_challenges  # Challenges, then Events


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_three_reserves_each_and_one_face_up_challenge_per_player(players: int) -> None:
    """ "Deal 3 CR cards to each player." "Deal Challenge cards face up to the center of the table
    equal to the number of players." Every seat holds 3 cards; the CR deck holds the rest; n
    Challenges lie face up, none of them an Event; the rest of the Challenge deck lies face down.
    Decision: [D17] 2 to 6 players."""
    c = cards_by_key("standard")
    for seed in range(10):
        g = new(players, seed=seed, first=None)
        v = g.view(None)
        assert v["hand_sizes"] == [3] * players
        assert v["reserve_deck"] == sum(c.reserve_counts) - 3 * players
        assert len(v["table"]) == players == len(set(v["table"]))
        assert not any(c.is_event[c.index(i)] for i in v["table"])
        assert v["challenge_deck"] == c.n_cards - players
        assert v["scores"] == [0] * players and v["success"] == [[]] * players
        start = g.events(None)[0]
        assert start["kind"] == "start" and start["table"] == v["table"]
        for s in range(players):
            (hand,) = [e for e in g.events(s) if e["kind"] == "hand"]
            assert hand["seat"] == s and sum(hand["cards"].values()) == 3
            assert hand["cards"] == g.view(s)["hand"]
        check(g)


@pytest.mark.parametrize("players", [1, 7])
def test_the_game_is_for_two_to_six_players(players: int) -> None:
    """The rulebook gives no player count. Two is the least a contest of dice and a race to
    points needs; six is as many as the standard deck deals (3 x 6 = 18 of its Creative Reserves,
    6 face-up Challenges) with a deck left to draw from.
    Decision: [D17]."""
    with pytest.raises(tavola.UnknownGameError, match="2 to 6 players"):
        tavola.new_game(GAME, players=players, seed=1)
    assert tavola.new_game(GAME, seed=1).players == 6  # no count given: the most


def test_the_two_decks_are_shuffled_separately() -> None:
    """ "Shuffle the CR deck and the Challenge deck separately." Each deck is shuffled on its own
    from the seed: the same seed with a different Challenge deck (two Challenges more) deals the
    very same Creative Reserves, and different seeds deal different hands.
    Decision: [D16] chance comes from the seed."""
    more = small_set()
    more["toml"] += '\n[[challenge]]\nid = "x1"\nname = "X1"\nrequires = "C"\npoints = 1\n'
    more["toml"] += '\n[[challenge]]\nid = "x2"\nname = "X2"\nrequires = "F"\npoints = 1\n'
    hands = set()
    for seed in range(12):
        a, b = new(3, seed=seed, cards=small_set()), new(3, seed=seed, cards=more)
        assert a.hands == b.hands and a.cr_deck == b.cr_deck
        hands.add(json.dumps(a.hands))
        again = new(3, seed=seed, cards=small_set())
        assert again.canonical() == a.canonical()
    assert len(hands) == 12


def test_an_event_dealt_at_set_up_is_set_aside_and_shuffled_back() -> None:
    """ "Deal Challenge cards face up to the center of the table equal to the number of players."
    An Event is no card to attempt (it is played out the moment it is turned up), so an Event
    met while dealing the table is set aside and another card dealt in its place; the Events set
    aside are then shuffled back into the Challenge deck.
    Decision: [D2]."""
    events = [(f"e{i}", "C", 1, "bonus", 1) for i in range(8)]
    cards = small_set(*events)
    met = 0
    for seed in range(40):
        g = new(4, seed=seed, cards=cards)
        c = g.c
        # The deck as shuffled, before the deal: the table's cards are dealt from its top.
        order = list(range(c.n_cards))
        shuffle(order, seed, SHUFFLE, 1)
        dealt = []
        while len([i for i in dealt if not c.is_event[i]]) < 4:
            dealt.append(order.pop())
        aside = [i for i in dealt if c.is_event[i]]
        assert g.table == [i for i in dealt if not c.is_event[i]]
        assert not any(c.is_event[i] for i in g.table)
        assert sorted(g.ch_deck) == sorted(order + aside)
        if aside:
            met += 1
            assert g.ch_deck != order + aside  # shuffled back, not left on top
        check(g)
    assert met > 20


def test_the_decks_lie_face_down_within_everyones_reach() -> None:
    """ "Keep the decks separate and put them face-down where everyone can reach them." Views
    show how many cards each deck holds, never which: no card of the Challenge deck is named in
    any seat's view, and every player, on its turn, may draw from either deck."""
    g = new(3, seed=4)
    c = g.c
    hidden = g.hidden_ids(None)
    assert hidden == {c.ids[i] for i in g.ch_deck} and len(hidden) == c.n_cards - 3
    for seat in (0, 1, 2, None):
        text = json.dumps(g.view(seat))
        assert not [cid for cid in hidden if f'"{cid}"' in text]
        assert "cr_deck" not in text and "ch_deck" not in text
    for seat in range(3):
        g.cur = seat
        assert legal(g) == ["draw reserves", "draw challenges"]


def test_the_first_player_is_drawn_from_the_seed() -> None:
    """ "The player who most recently had a birthday goes first." Birthdays are not known to the
    program, so the first player is drawn at random from the game's seed (every seat can be
    first); the option first_player names one instead. Play then goes round the seats in order
    (seat numbers run clockwise).
    Decision: [D1]."""
    firsts = set()
    for seed in range(60):
        g = tavola.new_game(GAME, players=4, seed=seed)
        v = g.view(None)
        firsts.add(v["first_player"])
        assert v["current"] == v["first_player"] and sorted(g.to_act) == [v["first_player"]]
        assert g.events(None)[0]["first_player"] == v["first_player"]
        assert tavola.new_game(GAME, players=4, seed=seed).view(None) == v
    assert firsts == {0, 1, 2, 3}
    g = tavola.new_game(GAME, players=4, seed=5, options={"first_player": 2})
    assert g.view(None)["first_player"] == 2 and g.to_act == {2}
    g.act(2, g.parse_action(2, {"kind": "draw", "deck": "reserves"}))
    assert g.to_act == {3}
