"""Renaissance Man (2006) rules: a turn (draw a Creative Reserves card, or turn up a
Challenge), the CR deck made anew from the discards, and what may be attempted. Each test quotes
the rulebook sentence it checks; the decisions [Dn] are those of
docs/rules/renaissance-man-2d6.md."""

import pytest
from rm2d6_helpers import (
    arrange,
    attempt,
    draw_reserve,
    fix_dice,
    lay_out,
    legal,
    letters,
    mark,
    new,
    pass_,
    play,
    roll,
    small_set,
    turn_up,
)

import tavola


def test_a_turn_begins_with_a_choice_of_deck() -> None:
    """ "On your turn, you my draw a CR card or a Challenge card." The player whose turn it is
    chooses one of the two draws, and nothing else; nobody else may act."""
    g = new(3, seed=1)
    assert legal(g, 0) == ["draw reserves", "draw challenges"]
    assert g.legal_actions(1) == [] and g.legal_actions(2) == []
    assert g.view(None)["phase"] == "turn" and g.to_act == {0}


def test_drawing_a_reserve_card_ends_the_turn() -> None:
    """ "If you draw a CR card, put it in your hand and end your turn." The top card goes to the
    hand; the next seat's turn begins at once (nobody reached 10 points, so there is nothing to
    declare)."""
    g = new(3, seed=2)
    arrange(g, {0: "CF", 1: "G", 2: "M"}, top="W")
    size = g.view(None)["reserve_deck"]
    since = mark(g)
    draw_reserve(g)
    assert g.view(0)["hand"] == {"C": 1, "F": 1, "G": 0, "M": 0, "W": 1}
    v = g.view(None)
    assert v["reserve_deck"] == size - 1 and v["hand_sizes"] == [3, 1, 1]
    assert v["current"] == 1 and v["phase"] == "turn" and v["turn"] == 2
    assert [e["kind"] for e in g.events(None, since)] == ["draw", "turn"]


def test_an_empty_deck_is_made_anew_from_the_discards_at_once() -> None:
    """ "If the CR deck runs out of cards, shuffle the discards and make a new CR deck." The draw
    that takes the last card shuffles the discards into a new deck there and then; the discards
    are empty afterwards, and everyone sees the shuffle and the new deck's size.
    Decision: [D4]."""
    g = new(2, seed=3)
    c = g.c
    total = sum(c.reserve_counts)
    # Seat 1 holds everything but the last card of the deck and four discards.
    arrange(g, {0: ""}, deck="W", discards="CCFM", rest=1)
    since = mark(g)
    draw_reserve(g)
    v = g.view(None)
    assert v["reserve_deck"] == 4
    assert v["reserve_discards"] == {k: 0 for k in "CFGMW"}
    assert sorted(letters([g.cr_deck.count(k) for k in range(5)])) == sorted("CCFM")
    evs = g.events(None, since)
    assert [e["kind"] for e in evs] == ["draw", "shuffle", "turn"]
    assert evs[1]["size"] == 4
    assert sum(v["hand_sizes"]) == total - 4


def test_with_no_discards_the_deck_is_made_anew_at_the_next_draw() -> None:
    """ "If the CR deck runs out of cards, shuffle the discards and make a new CR deck." When the
    deck runs out while the discards are empty, the new deck is made at the next draw from the
    cards discarded since (here by a won Challenge); with no card anywhere to draw, drawing is
    not offered.
    Decision: [D4]."""
    g = new(2, seed=4, cards=small_set())
    arrange(g, {0: "C"}, deck="F", rest=1)
    lay_out(g, ["c", "f"], top=["g"])
    draw_reserve(g)  # seat 0 takes the last card: nothing to shuffle
    assert g.view(None)["reserve_deck"] == 0
    assert legal(g) == ["draw challenges"]  # seat 1: no card to draw anywhere
    turn_up(g)
    pass_(g)
    assert legal(g) == ["draw challenges"]
    turn_up(g)
    attempt(g, "c")
    play(g, 0, "C")
    fix_dice(g, 12)
    roll(g)  # seat 0 wins "c": its C is discarded
    assert g.view(None)["reserve_discards"]["C"] == 1 and g.view(None)["reserve_deck"] == 0
    assert legal(g) == ["draw reserves", "draw challenges"]
    since = mark(g)
    draw_reserve(g)
    assert [e["kind"] for e in g.events(None, since)][:2] == ["shuffle", "draw"]
    assert g.view(1)["hand"]["C"] == g.c.reserve_counts[0]  # its three, and the one drawn


def test_turning_up_a_challenge_lays_it_face_up() -> None:
    """ "If you draw a Challenge, play it face-up to the center of the table." The top card of
    the Challenge deck joins the face-up cards, seen by all; the player may now attempt."""
    g = new(2, seed=5, cards=small_set())
    lay_out(g, ["c", "f"], top=["ccf"])
    since = mark(g)
    turn_up(g)
    for seat in (0, 1, None):
        v = g.view(seat)
        assert v["table"] == ["c", "f", "ccf"] and v["turned"] == "ccf" and v["phase"] == "pick"
        (reveal,) = g.events(seat, since)
        assert reveal["kind"] == "reveal" and reveal["card"] == "ccf" and not reveal["event"]


def test_any_face_up_challenge_may_be_attempted_or_none() -> None:
    """ "You may attempt any face-up Challenge that’s not in a Success pile." After turning one
    up the player may attempt it or any other face-up Challenge, or decline ("may"), which ends
    the turn; a Challenge already in a Success pile is never offered."""
    g = new(2, seed=6, cards=small_set())
    lay_out(g, ["c", "f"], top=["gw"], success={1: ["w"]})
    turn_up(g)
    assert legal(g) == ["attempt c", "attempt f", "attempt gw", "pass"]
    assert "attempt w" not in legal(g)
    with pytest.raises(tavola.IllegalActionError):
        g.act(0, g.parse_action(0, {"kind": "attempt", "challenge": "w"}))
    attempt(g, "f")  # an older card, not the one just turned up
    assert g.view(None)["attempt"] == {
        "challenge": "f",
        "turned": False,
        "played": {k: 0 for k in "CFGMW"},
        "modifier": -2,  # the F unmet, and no +1: not the card turned up
        "why": {"turned": False, "unmet": 1, "waived": 0, "extra": 0, "bonus": 0},
        "why_words": "-2 for 1 unmet requirement",
        "least_roll": 9,
        "chance": 0.2778,  # 2d6 of 9 or more: 10 ways in 36
    }


def test_declining_to_attempt_ends_the_turn() -> None:
    """ "You may attempt any face-up Challenge that’s not in a Success pile." Declining (pass)
    leaves the turned-up card face up for anyone to attempt later, and ends the turn."""
    g = new(2, seed=7, cards=small_set())
    lay_out(g, ["c", "f"], top=["gw"])
    turn_up(g)
    since = mark(g)
    pass_(g)
    v = g.view(None)
    assert v["current"] == 1 and v["phase"] == "turn" and v["table"] == ["c", "f", "gw"]
    assert v["turned"] is None
    assert [e["kind"] for e in g.events(None, since)] == ["pass", "turn"]


def test_with_the_challenge_deck_empty_a_face_up_challenge_may_be_attempted() -> None:
    """ "On your turn, you my draw a CR card or a Challenge card." With no Challenge left to turn
    up, the player may draw a CR card or attempt a face-up Challenge instead, without the +1 of
    a card turned up this turn.
    Decision: [D3]."""
    g = new(2, seed=8, cards=small_set())
    arrange(g, {0: "C", 1: "F"})
    lay_out(g, ["c", "gw"], deck=[], rest=1)
    assert legal(g) == ["draw reserves", "attempt c", "attempt gw"]
    attempt(g, "c")
    play(g, 0, "C")
    fix_dice(g, 6)
    roll(g)
    (r,) = [e for e in g.events(None) if e["kind"] == "roll"]
    assert r["modifier"] == 0 and r["total"] == 6 and not r["success"]  # no +1


def test_with_nothing_at_all_to_do_a_player_passes() -> None:
    """ "On your turn, you my draw a CR card or a Challenge card." With no CR card anywhere to
    draw, no Challenge to turn up and none face up, the only action is to pass. In play this
    cannot arise: the game ends as soon as no Challenge is left ([D8]); the rule is a safety net,
    shown here on a position built by hand.
    Decision: [D3]."""
    g = new(2, seed=9, cards=small_set())
    arrange(g, {0: ""}, deck="", rest=1)
    lay_out(g, [], deck=[], rest=1)
    assert legal(g) == ["pass"]
    pass_(g)
    assert g.is_over and g.view(None)["ended"] == "no-challenges"


def test_with_no_reserves_to_draw_the_player_must_turn_up_or_attempt() -> None:
    """ "On your turn, you my draw a CR card or a Challenge card." A player cannot draw from an
    empty CR deck with empty discards; it turns up a Challenge, or, with the Challenge deck empty
    too, attempts a face-up one (playing no card is allowed: "Matching is optional").
    Decision: [D3]."""
    g = new(2, seed=10, cards=small_set())
    arrange(g, {0: "CC"}, deck="", rest=1)
    lay_out(g, ["c", "f"], top=["g"])
    assert legal(g) == ["draw challenges"]
    lay_out(g, ["c", "f"], deck=[], rest=1)
    assert legal(g) == ["attempt c", "attempt f"]
