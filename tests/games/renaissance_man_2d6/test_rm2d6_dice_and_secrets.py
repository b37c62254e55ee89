"""Renaissance Man (2006): the dice (from the seed, replayed exactly, seen by all), what each
player may know of the others' hands, and illegal actions. Each test quotes the rulebook
sentence it checks; the decisions [Dn] are those of docs/rules/renaissance-man-2d6.md."""

import json
import random

import pytest
from rm2d6_helpers import (
    HIGH,
    LOW,
    arrange,
    attempt,
    check,
    draw_reserve,
    fix_dice,
    lay_out,
    mark,
    new,
    play,
    roll,
    small_set,
    stand,
    turn_up,
)

import tavola
from tavola.core.protocol import Action
from tavola.core.words import listed
from tavola.games.renaissance_man_2d6.cards import KINDS

NONE = {k: 0 for k in KINDS}


def random_game(players: int, seed: int, **options) -> tavola.Game:
    """A whole game with every action chosen at random (from a stream of its own)."""
    g = tavola.new_game("renaissance-man-2d6", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not g.is_over:
        (seat,) = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
    check(g)
    return g


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_record_replays_every_die(players: int) -> None:
    """ "You need to roll a 7 or better on 2d6." Every roll of the dice (attempts, Event
    contests, their re-rolls) comes from the game's seed, so the record (seed and actions)
    rebuilds the game exactly: the same events for every seat and for a spectator.
    Decision: [D16]."""
    for seed in (1, 2):
        g = random_game(players, seed, turn_limit=60)
        rolled = [e for e in g.events(None) if e["kind"] in ("roll", "contest")]
        assert rolled
        again = tavola.replay(g.record())
        assert again.canonical() == g.canonical()
        for seat in [None, *range(players)]:
            assert again.events(seat) == g.events(seat)
        assert again.result == g.result


def test_dice_differ_from_seed_to_seed_and_look_fair() -> None:
    """ "You need to roll a 7 or better on 2d6." Two six-sided dice: every face comes up, and
    about 7 in 12 rolls with nothing added reach 7 (21 of 36 outcomes).
    Decision: [D16]."""
    from tavola.games.renaissance_man_2d6.rules import _dice

    faces: dict[int, int] = {}
    sevens = 0
    n = 36_000
    for k in range(n):
        d1, d2 = _dice(12345, k)
        faces[d1] = faces.get(d1, 0) + 1
        faces[d2] = faces.get(d2, 0) + 1
        sevens += d1 + d2 >= 7
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]
    assert all(abs(v - n / 3) < n / 30 for v in faces.values())
    assert abs(sevens / n - 21 / 36) < 0.02
    assert [_dice(1, k) for k in range(20)] != [_dice(2, k) for k in range(20)]


def test_every_roll_is_shown_to_every_seat_and_spectator() -> None:
    """ "Once all players have played cards, you each roll 2d6 and add one to your total for
    each CR card you played." The dice are rolled in the open: the roll and contest events, with
    their dice, modifiers and totals, are the same for every seat and a spectator, and every
    view shows the dice last rolled.
    Decision: [D16]."""
    g = new(3, seed=31, cards=small_set(("e", "CF", 1, "draw", 1)))
    arrange(g, {0: "C", 1: "F", 2: ""})
    lay_out(g, ["c", "f"], top=["e"])
    turn_up(g)
    fix_dice(g, HIGH, LOW, LOW)
    since = mark(g)
    for seat in (0, 1, 2):
        stand(g, seat)
    attempt(g, "c")
    play(g, 0, "C")
    roll(g)
    seen = {}
    for seat in (None, 0, 1, 2):
        evs = [e for e in g.events(seat, since) if e["kind"] in ("contest", "roll")]
        assert [e["kind"] for e in evs] == ["contest", "roll"]
        assert all("hidden" not in e for e in evs)
        evs = [{k: v for k, v in e.items() if k != "text"} for e in evs]  # "You" or "Seat 0"
        seen[seat] = (json.dumps(evs, sort_keys=True), g.view(seat)["dice"])
    assert len({json.dumps(v) for v in seen.values()}) == 1
    (r,) = [e for e in g.events(None, since) if e["kind"] == "roll"]
    assert g.view(None)["dice"] == [{"seat": 0, "dice": r["dice"]}]


def test_a_drawn_card_is_seen_by_its_drawer_alone() -> None:
    """ "If you draw a CR card, put it in your hand and end your turn." The hand is secret: the
    others (and spectators) see that a card was drawn and the hand's size, never its kind."""
    g = new(3, seed=32)
    arrange(g, {0: "CC", 1: "F", 2: "G"}, top="W")
    since = mark(g)
    draw_reserve(g)
    (mine,) = [e for e in g.events(0, since) if e["kind"] == "draw"]
    assert mine["card"] == "W" and "hidden" not in mine
    for seat in (1, 2, None):
        (theirs,) = [e for e in g.events(seat, since) if e["kind"] == "draw"]
        assert "card" not in theirs and theirs["hidden"] == ["card"] and theirs["seat"] == 0
        assert "Writer" not in theirs["text"]
        v = g.view(seat)
        assert v["hand_sizes"][0] == 3 and v["known"][0] == NONE
        assert v["hand"] is None if seat is None else v["hand"] == g.view(seat)["hand"]
    assert g.view(0)["hand"] == {**NONE, "C": 2, "W": 1}
    # the views of the others do not change with what seat 0 drew
    h = g.clone()
    h.hands[0] = [2, 1, 0, 0, 0]  # an F instead of the W
    h.cr_deck[h.cr_deck.index(1)] = 4
    check(h)
    for seat in (1, 2, None):
        assert h.view(seat) == g.view(seat)
        assert h.info_key(seat) == g.info_key(seat)


def test_the_dealt_hands_are_secret() -> None:
    """ "Deal 3 CR cards to each player." Each seat is told its own three cards, nobody else's."""
    g = new(4, seed=33)
    for seat in (0, 1, 2, 3, None):
        hands = [e for e in g.events(seat) if e["kind"] == "hand"]
        assert [e["seat"] for e in hands] == ([] if seat is None else [seat])


def test_a_dealt_hand_is_told_in_cards() -> None:
    """A hand was told 'You were dealt 2 Cooking, 1 Friend.', its kinds without a noun."""
    g = new(2, seed=33)
    (hand,) = [e for e in g.events(0) if e["kind"] == "hand"]
    kinds = dict(zip(KINDS, g.c.kind_names, strict=True))
    said = [f"{n} {kinds[k]} card{'s' * (n > 1)}" for k, n in hand["cards"].items() if n]
    assert hand["text"] == f"You were dealt {listed(said)}.", hand["text"]


def test_cards_taken_back_stay_known_until_played() -> None:
    """ "If you lose, take your CR cards back." The cards were shown on the table, so every view
    lists them as known cards of that hand; playing one makes it leave the list, and a search
    for another seat (resample) deals them back to that hand while re-dealing the unknown rest.
    Decision: [D14]; [D10] unseen cards form one pool."""
    g = new(2, seed=34, cards=small_set())
    arrange(g, {0: "CFW", 1: "G"})
    lay_out(g, ["cf", "c"], top=["g"])
    turn_up(g)
    attempt(g, "cf")
    play(g, 0, "CF")
    fix_dice(g, 2)
    roll(g)
    assert g.view(1)["known"][0] == {**NONE, "C": 1, "F": 1}
    rng = random.Random(5)
    for _ in range(20):
        r = g.resample(1, rng)
        check(r)
        assert r.hands[0][0] >= 1 and r.hands[0][1] >= 1 and sum(r.hands[0]) == 3
        assert r.hands[1] == g.hands[1] and r.view(1) == g.view(1)
    others = {tuple(g.resample(1, rng).hands[0]) for _ in range(40)}
    assert len(others) > 1  # the W, never shown, is re-dealt
    draw_reserve(g)  # seat 1
    turn_up(g)  # seat 0
    attempt(g, "cf")  # again, still face up
    play(g, 0, "C")
    assert g.view(1)["known"][0] == {**NONE, "F": 1}


def test_the_unseen_pool_counts_what_a_seat_cannot_place() -> None:
    """ "If you lose, take your CR cards back." A seat's view counts, per kind, the cards it
    cannot place (in the deck or unknown in other hands): all the set's cards but its own hand,
    the discards, cards in play and others' known cards.
    Decision: [D10], [D14]."""
    g = new(2, seed=35, cards=small_set())
    arrange(g, {0: "CFW", 1: "GG"}, discards="M")
    g.known[1] = [0, 0, 1, 0, 0]
    check(g)
    assert g.view(0)["unseen"] == {"C": 3, "F": 3, "G": 3, "M": 3, "W": 3}
    assert g.view(None)["unseen"] == {"C": 4, "F": 4, "G": 3, "M": 3, "W": 4}


# -- refusals ----------------------------------------------------------------------------------


def refused(g, seat, data, error=tavola.IllegalActionError) -> None:
    before = g.canonical()
    with pytest.raises(error):
        g.act(seat, g.parse_action(seat, data) if not isinstance(data, Action) else data)
    assert g.canonical() == before


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    """ "On your turn, you my draw a CR card or a Challenge card." Acting out of turn, an action
    of another phase, a card one does not hold, a Challenge not face up, a forged action, and
    any action once the game is over are refused with an error; the game is unchanged."""
    g = new(3, seed=36, cards=small_set())
    arrange(g, {0: "C", 1: "F", 2: ""})
    lay_out(g, ["c", "cf"], top=["gw"])
    refused(g, 1, {"kind": "draw", "deck": "reserves"})  # not seat 1's turn
    refused(g, 0, {"kind": "roll"})
    refused(g, 0, {"kind": "attempt", "challenge": "c"})  # draw first
    refused(g, 0, {"kind": "declare"})
    refused(g, 7, {"kind": "draw", "deck": "reserves"}, tavola.TavolaError)
    turn_up(g)
    refused(g, 0, {"kind": "attempt", "challenge": "w"})  # not face up
    refused(g, 0, {"kind": "draw", "deck": "challenges"})
    attempt(g, "cf")
    refused(g, 0, {"kind": "play", "card": "F"})  # not held
    refused(g, 0, {"kind": "play", "card": "G"})  # not held, no match
    refused(g, 0, Action(6, "play", {"card": "Z"}))  # forged
    with pytest.raises(tavola.MalformedActionError):
        g.parse_action(0, {"kind": "shout"})
    fix_dice(g, 2)
    roll(g)
    g.turn_limit = g.turns + 1
    draw_reserve(g)
    assert g.is_over
    refused(g, 2, {"kind": "draw", "deck": "reserves"})
    assert g.legal_actions(2) == []
