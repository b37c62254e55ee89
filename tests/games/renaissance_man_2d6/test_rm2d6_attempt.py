"""Renaissance Man (2006) rules: attempting a Challenge (the roll of 7, the modifiers, playing
Creative Reserves, what becomes of them). Each test quotes the rulebook sentence it checks; the
decisions [Dn] are those of docs/rules/renaissance-man-2d6.md."""

import pytest
from rm2d6_helpers import (
    arrange,
    attempt,
    do,
    fix_dice,
    lay_out,
    legal,
    mark,
    new,
    pass_,
    play,
    roll,
    small_set,
    turn_up,
)

import tavola
from tavola.games.renaissance_man_2d6.cards import KINDS, cards_by_key

NONE = {k: 0 for k in KINDS}


def ready(hand: str, table: list[str], top: str, players: int = 2, seed: int = 0):
    """A game of the small set: seat 0 holds ``hand`` and turns up ``top`` over ``table``."""
    g = new(players, seed=seed, cards=small_set())
    arrange(g, {0: hand, 1: "G"})
    lay_out(g, table, top=[top])
    turn_up(g)
    return g


def last_roll(g) -> dict:
    return [e for e in g.events(None) if e["kind"] == "roll"][-1]


@pytest.mark.parametrize(
    ("total", "won"), [(2, False), (6, False), (7, True), (8, True), (12, True)]
)
def test_a_challenge_needs_seven_or_better(total: int, won: bool) -> None:
    """ "You need to roll a 7 or better on 2d6." With nothing added or taken away (the one
    requirement matched, no extra card, not the card turned up this turn) 7 is the least total
    that wins."""
    g = ready("C", ["c", "f"], "g")
    attempt(g, "c")
    play(g, 0, "C")
    fix_dice(g, total)
    roll(g)
    r = last_roll(g)
    assert r["modifier"] == 0 and r["total"] == total and r["success"] is won
    assert sum(r["dice"]) == total and all(1 <= d <= 6 for d in r["dice"])
    assert ("c" in g.view(None)["success"][0]) is won


def test_the_card_turned_up_this_turn_adds_one() -> None:
    """ "Add 1 to your roll if it’s the card you turned face-up this turn." A 6 wins the card
    just turned up (6 + 1 = 7)."""
    g = ready("C", ["f"], "c")
    attempt(g, "c")
    assert g.view(None)["attempt"]["turned"] is True
    play(g, 0, "C")
    fix_dice(g, 6)
    roll(g)
    r = last_roll(g)
    assert (r["modifier"], r["total"], r["success"]) == (1, 7, True)


def test_a_card_turned_up_in_an_earlier_turn_adds_nothing() -> None:
    """ "Add 1 to your roll if it’s the card you turned face-up this turn." Seat 0 turns up "c"
    and declines; seat 1 turns up another card and attempts "c": no +1, for it was not turned up
    this turn (nor by seat 1)."""
    g = new(2, seed=1, cards=small_set())
    arrange(g, {0: "", 1: "C"})
    lay_out(g, ["f"], top=["c", "g"])
    turn_up(g)
    pass_(g)
    turn_up(g)
    attempt(g, "c")
    assert g.view(None)["attempt"]["turned"] is False
    play(g, 1, "C")
    fix_dice(g, 6)
    roll(g)
    assert (last_roll(g)["modifier"], last_roll(g)["success"]) == (0, False)


def test_challenges_list_requirements_by_the_five_letters() -> None:
    """ "Challenges list their required Creative Reserves: C for Cooking, F for Friend, G for
    Gamer, M for Musician, and W for Writer." The kinds are these five letters in this order;
    every Challenge of the standard set requires some of them, and a view names its card set so a
    front end can show each face-up Challenge's letters."""
    c = cards_by_key("standard")
    assert KINDS == "CFGMW"
    assert c.kind_names == ("Cooking", "Friend", "Gamer", "Musician", "Writer")
    for i in range(c.n_cards):
        assert sum(c.needs[i]) >= 1 and set(c.letters(i)) <= set(KINDS)
    g = new(3, seed=2)
    v = g.view(0)
    shown = cards_by_key(v["cards"])
    assert [shown.letters(shown.index(i)) for i in v["table"]] == [
        c.letters(c.index(i)) for i in v["table"]
    ]


def test_each_unmet_requirement_subtracts_two() -> None:
    """ "Subtract 2 from your roll for every requirement you don’t match with a CR card." "CCF"
    attempted with only an F played leaves two requirements unmet: -4 (the card is not the one
    turned up)."""
    g = ready("CF", ["ccf"], "g")
    attempt(g, "ccf")
    play(g, 0, "F")
    fix_dice(g, 10)
    roll(g)
    r = last_roll(g)
    assert (r["modifier"], r["total"], r["success"]) == (-4, 6, False)


def test_matching_is_optional() -> None:
    """ "(Matching is optional; you can choose to take the disadvantage.)" A player holding the
    cards may roll at once without playing any: -2 for each of the three requirements; and it
    keeps its cards whatever the dice say."""
    g = ready("CCF", ["ccf"], "g")
    attempt(g, "ccf")
    assert legal(g) == ["play C", "play F", "roll"]
    fix_dice(g, 12)
    roll(g)
    r = last_roll(g)
    assert (r["modifier"], r["total"], r["success"]) == (-6, 6, False)
    assert g.view(0)["hand"]["C"] == 2 and g.view(0)["hand"]["F"] == 1
    g = ready("CCF", ["ccf"], "g")
    attempt(g, "ccf")
    play(g, 0, "CF")  # one of the two Cs left unmet: by choice, for a C is still in hand
    fix_dice(g, (6, 6))
    roll(g)
    assert (last_roll(g)["modifier"], last_roll(g)["success"]) == (-2, True)


def test_each_extra_matching_card_adds_one() -> None:
    """ "Add 1 to your roll for every extra matching CR card you play." Three Cs to a Challenge
    that requires one C: +2.
    Decision: [D12] "extra" means beyond the number of that letter the Challenge requires."""
    g = ready("CCC", ["c"], "g")
    attempt(g, "c")
    play(g, 0, "CCC")
    assert g.view(None)["attempt"]["played"] == {**NONE, "C": 3}
    fix_dice(g, 5)
    roll(g)
    r = last_roll(g)
    assert (r["modifier"], r["total"], r["success"]) == (2, 7, True)


def test_an_extra_card_of_one_letter_does_not_match_another() -> None:
    """ "Add 1 to your roll for every extra matching CR card you play." "Subtract 2 from your roll
    for every requirement you don’t match with a CR card." Two Cs to "CF": the F is unmet (-2)
    and the second C is extra (+1): -1 in all; a card of a letter the Challenge does not list
    (G) cannot be played to it at all.
    Decision: [D12]."""
    g = ready("CCG", ["cf"], "g")
    attempt(g, "cf")
    assert legal(g) == ["play C", "roll"]
    with pytest.raises(tavola.IllegalActionError):
        g.act(0, g.parse_action(0, {"kind": "play", "card": "G"}))
    play(g, 0, "CC")
    assert legal(g) == ["roll"]  # no C left; G never matches
    fix_dice(g, 8)
    roll(g)
    r = last_roll(g)
    assert (r["modifier"], r["total"], r["success"]) == (-1, 7, True)


def test_a_losing_player_takes_its_cards_back() -> None:
    """ "If you lose, take your CR cards back." The cards played return to the hand; the
    Challenge stays face up; and since all have seen them, they are now "known" cards of that
    hand in every view until played again.
    Decision: [D14]."""
    g = ready("CCFW", ["ccf"], "g")
    attempt(g, "ccf")
    play(g, 0, "CCF")
    fix_dice(g, 2)
    roll(g)
    assert not last_roll(g)["success"]
    for seat in (0, 1, None):
        v = g.view(seat)
        assert v["hand_sizes"][0] == 4 and "ccf" in v["table"] and v["success"][0] == []
        assert v["known"][0] == {**NONE, "C": 2, "F": 1}
        assert v["reserve_discards"] == NONE
    assert g.view(0)["hand"] == {**NONE, "C": 2, "F": 1, "W": 1}


def test_a_winning_player_discards_its_cards_and_keeps_the_challenge() -> None:
    """ "If you win, discard all CR cards you used and move the Challenge to your Success pile."
    The cards played (extra ones too) go to the discards; the Challenge leaves the table for the
    Success pile and its points count."""
    g = ready("CCCFW", ["ccf", "c"], "g")
    attempt(g, "ccf")
    play(g, 0, "CCCF")
    fix_dice(g, 7)
    roll(g)
    assert last_roll(g)["success"]
    for seat in (0, 1, None):
        v = g.view(seat)
        assert v["reserve_discards"] == {**NONE, "C": 3, "F": 1}
        assert v["success"][0] == ["ccf"] and v["scores"] == [g.c.points[g.c.index("ccf")], 0]
        assert v["table"] == ["c", "g"] and v["hand_sizes"][0] == 1
        assert v["known"][0] == NONE
    assert g.view(0)["hand"] == {**NONE, "W": 1}


@pytest.mark.parametrize("total", [2, 12])
def test_either_way_the_turn_is_done(total: int) -> None:
    """ "Either way, your turn is done." After the roll, won or lost, the next seat's turn
    begins; the player cannot attempt another Challenge."""
    g = ready("C", ["c", "f"], "g")
    attempt(g, "c")
    play(g, 0, "C")
    fix_dice(g, total)
    since = mark(g)
    roll(g)
    assert [e["kind"] for e in g.events(None, since)] == ["roll", "turn"]
    v = g.view(None)
    assert v["current"] == 1 and v["phase"] == "turn" and v["attempt"] is None
    assert legal(g) == ["draw reserves", "draw challenges"]


def test_cards_are_played_one_at_a_time_and_an_attempt_is_not_withdrawn() -> None:
    """ "Add 1 to your roll for every extra matching CR card you play." Cards are played to an
    attempt one by one, each seen by all, and then the dice are rolled; once a Challenge is
    chosen the player cannot take back a card, change Challenge or decline.
    Decision: [D12]."""
    g = ready("CF", ["cf", "c"], "g")
    attempt(g, "cf")
    since = mark(g)
    play(g, 0, "C")
    for seat in (1, None):
        (e,) = g.events(seat, since)
        assert (e["kind"], e["card"]) == ("play", "C")
        assert g.view(seat)["attempt"]["played"] == {**NONE, "C": 1}
    assert legal(g) == ["play F", "roll"]
    before = g.canonical()
    for bad in ({"kind": "pass"}, {"kind": "attempt", "challenge": "c"}, {"kind": "stand"}):
        with pytest.raises(tavola.IllegalActionError):
            g.act(0, g.parse_action(0, bad))
    assert g.canonical() == before
    do(g, 0, {"kind": "roll"})


def test_an_attempts_view_says_its_modifier_as_the_roll_will() -> None:
    """The web page wrote the modifier's rules itself ("−2 per requirement not matched, +1 per
    extra matching card; +1: turned up this turn"), a copy of the game's, and the terminal
    computed the modifier again: the view's attempt now carries what makes it up (``why``, by
    odds.modifier_parts) and the game's words for it, the least roll that succeeds and the
    chance, for every seat and spectator alike (all of it is public), and both show them."""
    from tavola.games.renaissance_man_2d6 import text

    g = ready("CFF", ["f"], "ccf")
    attempt(g, "ccf")
    play(g, 0, "CFF")  # one C of two: 1 unmet; F twice for one: 1 extra; turned up: +1
    views = [g.view(s) for s in (0, 1, None)]
    a = views[0]["attempt"]
    words = "+1 for turning it up, -2 for 1 unmet requirement, +1 for 1 extra matching card"
    assert a["why_words"] == words and (a["modifier"], a["least_roll"]) == (0, 7)
    assert all(v["attempt"] == a for v in views)
    assert f"modifier +0 ({words}): a roll of 7 or more succeeds (58%)" in " ".join(
        text.render(views[1]).split()
    )
    fix_dice(g, 7)
    roll(g)
    r = last_roll(g)
    assert (r["why"], r["modifier"]) == (a["why"], a["modifier"])
    assert f"({words})" in g.event_text(r, 0)


def test_the_web_page_words_no_rule_of_the_modifier() -> None:
    """The attempt panel said the modifier's rules in words of its own, and found the least roll
    that succeeds from a 7 it wrote: it now shows the view's words and numbers only."""
    from pathlib import Path

    from tavola.games.renaissance_man_2d6 import text

    page = Path(text.__file__).parents[2] / "web" / "static" / "games" / "renaissance-man-2d6.js"
    js = page.read_text(encoding="utf-8")
    for rule in ("per requirement", "per extra", "standing bonus", "7 - "):
        assert rule not in js, rule
