"""Renaissance Man (2006) rules: Events (everyone plays matching cards, everyone rolls, the
highest total takes the Event and its benefit). Each test quotes the rulebook sentence it
checks; the decisions [Dn] are those of docs/rules/renaissance-man-2d6.md."""

import pytest
from rm2d6_helpers import (
    HIGH,
    LOW,
    arrange,
    attempt,
    do,
    fix_dice,
    lay_out,
    legal,
    mark,
    new,
    play,
    roll,
    small_set,
    stand,
    turn_up,
)

import tavola
from tavola.games.renaissance_man_2d6.cards import BENEFITS, KINDS, cards_by_key

NONE = {k: 0 for k in KINDS}
EVENTS = (
    ("e-draw", "CF", 1, "draw", 2),
    ("e-tribute", "GW", 1, "tribute", 2),
    ("e-bonus", "C", 1, "bonus", 1),
    ("e-waive", "M", 2, "waive", 1),
    ("e-recover", "W", 1, "recover", None),
)


def event_game(
    event: str,
    hands: dict[int, str],
    table: tuple[str, ...] = ("c", "f"),
    players: int = 3,
    first: int = 0,
    discards: str = "",
):
    """Seat ``first`` turns up ``event`` (with ``table`` face up and ``hands`` held)."""
    g = new(players, seed=11, first=first, cards=small_set(*EVENTS))
    arrange(g, hands, discards=discards)
    lay_out(g, table, top=[event])
    turn_up(g)
    return g


def contest(g, since: int = 0) -> list[dict]:
    return [e for e in g.events(None, since) if e["kind"] == "contest"]


def run_event(g, plays: dict[int, str]) -> None:
    """Each seat, from the one to act, plays its cards and stands."""
    for _ in range(g.n):
        seat = next(iter(g.to_act))
        play(g, seat, plays.get(seat, ""))
        stand(g, seat)


def test_each_player_from_the_turner_may_play_matching_cards() -> None:
    """ "If the card you turn face up is an Event (a special Challenge card), each player,
    starting with you, may play any number of CR cards (including 0) that match that event."
    The player who turned it up goes first, then the others in seat order; each plays matching
    cards one by one and stands (with none, at once). Nobody else may act meanwhile; no card
    of another letter may be played.
    Decision: [D13] every player is asked, even one with no matching card."""
    g = event_game("e-draw", {0: "CG", 1: "FFC", 2: "GM"}, first=1)
    # seat 1 turned it up here
    v = g.view(None)
    assert v["phase"] == "event" and v["event"]["card"] == "e-draw" and v["event_next"] == 1
    assert v["event"]["turned_by"] == 1 and "e-draw" not in v["table"]
    assert g.to_act == {1} and legal(g) == ["play C", "play F", "stand"]
    with pytest.raises(tavola.IllegalActionError):
        g.act(2, g.parse_action(2, {"kind": "stand"}))
    play(g, 1, "FF")
    assert legal(g) == ["play C", "stand"]
    stand(g, 1)
    assert g.to_act == {2} and legal(g) == ["stand"]  # G and M do not match "CF"
    with pytest.raises(tavola.IllegalActionError):
        g.act(2, g.parse_action(2, {"kind": "play", "card": "G"}))
    stand(g, 2)
    assert g.to_act == {0} and legal(g) == ["play C", "stand"]
    assert g.view(None)["event"]["played"][1] == {**NONE, "F": 2}
    rolls = g.rolls
    play(g, 0, "C")
    assert g.rolls == rolls  # nobody rolls before everyone has played
    stand(g, 0)
    assert g.view(None)["phase"] != "event"


def test_everyone_rolls_and_adds_one_per_card_played() -> None:
    """ "Once all players have played cards, you each roll 2d6 and add one to your total for
    each CR card you played." All three seats roll, in turn order from the turner; each adds the
    number of cards it played."""
    g = event_game("e-draw", {0: "", 1: "CCF", 2: "F"})
    fix_dice(g, 2, 3, 4)
    since = mark(g)
    run_event(g, {1: "CCF", 2: "F"})
    (c,) = contest(g, since)
    got = [(r["seat"], sum(r["dice"]), r["modifier"], r["total"]) for r in c["rolls"]]
    assert got == [(0, 2, 1, 3), (1, 3, 3, 6), (2, 4, 1, 5)]
    assert c["winner"] == 1


def test_the_player_who_turned_the_event_up_adds_one() -> None:
    """ "(If you’re the player who turned the card over, add 1 to your roll for that, too.)" The
    turner's modifier is its cards plus one: here 2 cards, +3; the others add their cards only."""
    g = event_game("e-draw", {0: "CF", 1: "C", 2: ""}, first=0)
    fix_dice(g, 4, 7, 6)
    run_event(g, {0: "CF", 1: "C"})
    (c,) = contest(g)
    assert [r["modifier"] for r in c["rolls"]] == [3, 1, 0]
    assert [r["total"] for r in c["rolls"]] == [7, 8, 6] and c["winner"] == 1


def test_the_highest_total_takes_the_event_and_its_points() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." The winner's Success pile gets the Event and its points; the
    benefit follows at once (here: draw two cards).
    Decision: [D15] an Event has points, like any Challenge, and one benefit."""
    g = event_game("e-draw", {0: "", 1: "F", 2: "C"})
    fix_dice(g, 3, 12, 2)
    hand = sum(g.hands[1])
    since = mark(g)
    run_event(g, {1: "F"})
    v = g.view(None)
    assert v["success"] == [[], ["e-draw"], []] and v["scores"] == [0, 1, 0]
    kinds = [e["kind"] for e in g.events(None, since)]
    at = kinds.index("contest")
    assert kinds[at : at + 4] == ["contest", "event_won", "draw", "draw"]
    (won,) = [e for e in g.events(None, since) if e["kind"] == "event_won"]
    assert won == {**won, "seat": 1, "event": "e-draw", "benefit": "draw", "amount": 2}
    assert sum(g.hands[1]) == hand - 1 + 2  # its F spent, two cards drawn


def test_the_winners_cards_are_discarded_and_the_others_take_theirs_back() -> None:
    """ "Otherwise, take your CR cards back." Those who did not win take back the cards they
    played, now known to all; the winner's cards are spent like those of a won Challenge.
    Decision: [D13] the winner's cards are discarded ("Otherwise" implies the winner does not
    take them back); [D14] cards taken back are known."""
    g = event_game("e-draw", {0: "C", 1: "CF", 2: "FF"})
    fix_dice(g, HIGH, LOW, LOW)
    run_event(g, {0: "C", 1: "CF", 2: "F"})
    (c,) = contest(g)
    assert c["winner"] == 0
    v = g.view(2)
    assert v["reserve_discards"] == {**NONE, "C": 1}
    assert v["known"][1] == {**NONE, "C": 1, "F": 1} and v["known"][2] == {**NONE, "F": 1}
    assert v["known"][0] == NONE
    assert v["hand"] == {**NONE, "F": 2}
    assert g.view(1)["hand"] == {**NONE, "C": 1, "F": 1}


def test_a_tie_for_the_highest_total_is_rolled_again() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." When two or more share the highest total nobody has "the highest":
    the tied players (only they) roll again, with the same additions, until one is highest.
    Decision: [D5]."""
    g = event_game("e-draw", {0: "", 1: "C", 2: "F"})
    # Each adds 1 (seat 0 for turning the Event up, the others for one card): seats 0 and 1
    # tie above seat 2, tie again, and then seat 0 rolls higher.
    fix_dice(
        g,
        *[None] * 7,
        when=lambda t: t[0] == t[1] > t[2] and t[3] == t[4] and t[5] > t[6],
    )
    run_event(g, {1: "C", 2: "F"})
    first, second, third = contest(g)
    totals = [r["total"] for r in first["rolls"]]
    assert totals[0] == totals[1] > totals[2] and first["winner"] is None
    assert [r["seat"] for r in second["rolls"]] == [0, 1] and second["winner"] is None
    assert [r["modifier"] for r in second["rolls"]] == [1, 1]
    assert [r["seat"] for r in third["rolls"]] == [0, 1] and third["winner"] == 0
    assert "tie" in first["text"].lower()
    v = g.view(None)
    assert v["success"][0] == ["e-draw"]
    assert [d["seat"] for d in v["dice"]] == [0, 1, 2, 0, 1, 0, 1]


def test_after_an_event_the_turner_may_still_attempt_a_face_up_challenge() -> None:
    """ "You may attempt any face-up Challenge that’s not in a Success pile." An Event is "a
    special Challenge card": turning it up is drawing a Challenge, so after the Event the
    player who turned it up may still attempt a face-up Challenge (without +1: no card was laid
    face up this turn) or decline.
    Decision: [D7]."""
    g = event_game("e-draw", {0: "C", 1: "", 2: ""}, table=("c", "f"))
    fix_dice(g, 2, 3, 4)
    run_event(g, {})
    assert g.view(None)["phase"] == "pick" and g.to_act == {0}
    assert legal(g) == ["attempt c", "attempt f", "pass"]
    attempt(g, "c")
    assert g.view(None)["attempt"]["turned"] is False
    play(g, 0, "C")
    fix_dice(g, 6)
    roll(g)
    r = [e for e in g.events(None) if e["kind"] == "roll"][-1]
    assert (r["modifier"], r["success"]) == (0, False)


def test_after_an_event_with_nothing_face_up_the_turn_ends() -> None:
    """ "You may attempt any face-up Challenge that’s not in a Success pile." With no Challenge
    face up after the Event, the turn ends at once.
    Decision: [D7]."""
    g = event_game("e-draw", {}, table=())
    fix_dice(g, 2, 3, 4)
    run_event(g, {})
    v = g.view(None)
    assert v["phase"] == "turn" and v["current"] == 1 and not g.is_over


# -- the benefits (our design: one rule each) -------------------------------------------------


def test_benefit_draw_draws_cards_seen_by_the_winner_alone() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." benefit "draw": the winner draws `amount` cards at once; the others
    see that it drew, not what.
    Decision: [D15]."""
    g = event_game("e-draw", {0: "", 1: "", 2: ""})
    arrange(g, {}, top="MW")
    fix_dice(g, HIGH, LOW, LOW)
    since = mark(g)
    run_event(g, {})
    assert g.view(0)["hand"] == {**NONE, "M": 1, "W": 1}
    for seat in (1, 2, None):
        draws = [e for e in g.events(seat, since) if e["kind"] == "draw"]
        assert len(draws) == 2 and all("card" not in e and e["hidden"] == ["card"] for e in draws)
    assert [e["card"] for e in g.events(0, since) if e["kind"] == "draw"] == ["M", "W"]


def test_benefit_tribute_takes_a_random_card_from_the_next_players_holding_one() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." benefit "tribute": the next `amount` players round the table from
    the winner who hold a card each give the winner one at random from their hand, in front of
    everyone; a player with no card is passed over.
    Decision: [D15]."""
    g = event_game("e-tribute", {0: "C", 1: "MMM", 2: "", 3: "GG", 4: "FF"}, players=5)
    fix_dice(g, HIGH, LOW, LOW, LOW, LOW)
    since = mark(g)
    run_event(g, {})
    tributes = [e for e in g.events(None, since) if e["kind"] == "tribute"]
    assert [(t["from"], t["to"], t["card"]) for t in tributes] == [(1, 0, "M"), (3, 0, "G")]
    v = g.view(2)
    assert v["hand_sizes"] == [3, 2, 0, 1, 2]
    assert v["known"][0] == {**NONE, "M": 1, "G": 1}


def test_benefit_tribute_is_random_but_replays() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." The card given in tribute is drawn from the seed: different games
    give different kinds, and a replay gives the same.
    Decision: [D15], [D16]."""
    given = set()
    for seed in range(12):
        g = new(2, seed=seed, cards=small_set(*EVENTS))
        arrange(g, {0: "", 1: "CFGMW"})
        lay_out(g, ["c"], top=["e-tribute"])
        turn_up(g)
        fix_dice(g, HIGH, LOW)
        run_event(g, {})
        (t,) = [e for e in g.events(None) if e["kind"] == "tribute"]
        given.add(t["card"])
    assert len(given) >= 3


def test_benefit_bonus_adds_to_every_later_challenge_roll() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." benefit "bonus": `amount` is added to each later Challenge roll of
    the winner (not to Event contests), shown in every view.
    Decision: [D15]."""
    g = event_game("e-bonus", {0: "C", 1: "C", 2: ""})
    fix_dice(g, HIGH, LOW, LOW)
    run_event(g, {})
    assert g.view(None)["bonus"] == [1, 0, 0]
    attempt(g, "c")
    play(g, 0, "C")
    fix_dice(g, 6)
    roll(g)
    r = [e for e in g.events(None) if e["kind"] == "roll"][-1]
    assert (r["modifier"], r["total"], r["success"]) == (1, 7, True)
    # a later Event: the bonus is not added to contests
    lay_out(g, ["f"], top=["e-draw"], success={0: ["e-bonus", "c"]})
    turn_up(g)  # seat 1 turns it up
    fix_dice(g, 5, 5, 5)
    since = mark(g)
    run_event(g, {})
    (c,) = [e for e in g.events(None, since) if e["kind"] == "contest"]
    assert [(r["seat"], r["modifier"]) for r in c["rolls"]] == [(1, 1), (2, 0), (0, 0)]


def test_benefit_waive_forgives_unmet_requirements() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." benefit "waive": in each later attempt of the winner, `amount`
    unmet requirement(s) cost nothing; more unmet ones still cost 2 each.
    Decision: [D15]."""
    g = event_game("e-waive", {0: "", 1: "", 2: ""}, table=("cf", "ccf"))
    fix_dice(g, HIGH, LOW, LOW)
    run_event(g, {})
    assert g.view(None)["waive"] == [1, 0, 0] and g.view(None)["scores"] == [2, 0, 0]
    attempt(g, "ccf")  # three unmet, one waived
    fix_dice(g, 11)
    roll(g)
    r = [e for e in g.events(None) if e["kind"] == "roll"][-1]
    assert (r["modifier"], r["success"]) == (-4, True)
    g.cur = 0  # seat 0 again, by hand, for a second attempt with a single unmet requirement
    lay_out(g, ["cf"], top=["g"], success={0: ["e-waive", "ccf"]})
    arrange(g, {0: "C"})
    turn_up(g)
    attempt(g, "cf")
    play(g, 0, "C")
    fix_dice(g, 7)
    roll(g)
    r = [e for e in g.events(None) if e["kind"] == "roll"][-1]
    assert (r["modifier"], r["success"]) == (0, True)


def test_a_roll_says_what_makes_up_its_modifier() -> None:
    """The log said 'Seat 0 rolled 5+6 -4 = 7 on ...' and an Event's 'Seat 0 1+1 +3 = 5', a
    total without why: an attempt's sentence now names each part of its modifier, in the
    rulebook's terms, and an Event's says what its rolls add."""
    g = event_game("e-waive", {0: "", 1: "", 2: ""}, table=("cf", "ccf"))
    fix_dice(g, HIGH, LOW, LOW)
    since = mark(g)
    run_event(g, {})
    (c,) = contest(g, since)
    assert "(+1 per card played, +1 more for you, who turned it up): you " in describe_for(g, c, 0)
    attempt(g, "ccf")  # three unmet, one waived
    fix_dice(g, 11)
    roll(g)
    r = [e for e in g.events(0) if e["kind"] == "roll"][-1]
    assert r["why"] == {"turned": False, "unmet": 2, "waived": 1, "extra": 0, "bonus": 0}
    assert r["text"] == (
        "You rolled 6+5 -4 = 7 on Challenge ccf "
        "(-4 for 2 unmet requirements, 1 unmet requirement waived): success."
    )


def describe_for(g, e: dict, seat: int) -> str:
    return next(x["text"] for x in g.events(seat) if x["i"] == e["i"])


def test_benefit_recover_takes_the_matching_discards() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." benefit "recover": the winner takes every card of the discards that
    matches the Event but for those it has just played to win it (they stay discarded, or the
    contest would cost the winner nothing); all see which.
    Decision: [D15]."""
    g = event_game("e-recover", {0: "W", 1: "W", 2: ""}, discards="WWC")
    fix_dice(g, HIGH, LOW, LOW)
    since = mark(g)
    run_event(g, {0: "W", 1: "W"})
    (rec,) = [e for e in g.events(None, since) if e["kind"] == "recover"]
    assert rec["seat"] == 0 and rec["cards"] == {**NONE, "W": 2}
    v = g.view(None)
    assert v["reserve_discards"] == {**NONE, "C": 1, "W": 1}
    assert v["known"][0] == {**NONE, "W": 2} and v["known"][1] == {**NONE, "W": 1}
    assert g.view(0)["hand"] == {**NONE, "W": 2}


def test_cards_taken_back_and_benefits_say_creative_reserves_cards() -> None:
    """The 'draw' and 'recover' benefits said 'CR cards' and 'the CR discards' where the log,
    the moves and the web page say 'Creative Reserves'; cards taken back were '2 Writer', not
    '2 Writer cards'."""
    g = event_game("e-recover", {0: "W", 1: "W", 2: ""}, discards="WWC")
    fix_dice(g, HIGH, LOW, LOW)
    since = mark(g)
    run_event(g, {0: "W", 1: "W"})
    (rec,) = [e for e in g.events(0, since) if e["kind"] == "recover"]
    writer = g.c.kind_names[KINDS.index("W")]  # "Writer" in the standard set
    assert rec["text"] == f"You took back 2 {writer} cards from the discards."
    from tavola.games.renaissance_man_2d6.text import BENEFIT

    assert not [words for words in BENEFIT.values() if "CR" in words.split()]
    assert "Creative Reserves" in BENEFIT["draw"] and "Creative Reserves" in BENEFIT["recover"]


def test_the_standard_events_each_have_one_benefit_of_the_five() -> None:
    """ "If the card you turn face up is an Event (a special Challenge card), each player,
    starting with you, may play any number of CR cards (including 0) that match that event."
    The standard set's Events match one or two letters each (a letter at most once) and carry
    one of the five benefits, with an amount where the benefit takes one.
    Decision: [D15]."""
    c = cards_by_key("standard")
    events = [i for i in range(c.n_cards) if c.is_event[i]]
    assert events and events == list(range(c.n_challenges, c.n_cards))
    for i in events:
        assert c.benefit[i] in BENEFITS and max(c.needs[i]) == 1
        assert (c.amount[i] > 0) == (c.benefit[i] in ("draw", "tribute", "bonus", "waive"))
    for i in range(c.n_challenges):
        assert c.benefit[i] == "" and c.amount[i] == 0


def test_an_event_is_never_attempted_like_a_challenge() -> None:
    """ "If the card you turn face up is an Event (a special Challenge card), each player,
    starting with you, may play any number of CR cards (including 0) that match that event."
    An Event is settled the moment it is turned up: it never lies face up to be attempted, and
    the action catalog has no "attempt" for it."""
    g = event_game("e-draw", {})
    names = [a.to_json() for a in g.catalog.actions]
    assert not [a for a in names if a.get("challenge", "").startswith("e-")]
    with pytest.raises(tavola.MalformedActionError):
        do(g, 0, {"kind": "attempt", "challenge": "e-draw"})


@pytest.mark.parametrize(
    ("kind", "amount", "words"),
    [
        ("draw", 1, "1 Creative Reserves card drawn at once"),
        ("draw", 2, "2 Creative Reserves cards drawn at once"),
        ("tribute", 1, "the next 1 player holding one"),
        ("tribute", 3, "the next 3 players holding one"),
        ("waive", 1, "1 unmet requirement free"),
        ("waive", 2, "2 unmet requirements free"),
    ],
)
def test_an_events_benefit_reads_in_the_singular_or_the_plural(
    kind: str, amount: int, words: str
) -> None:
    from tavola.games.renaissance_man_2d6.text import benefit_text

    assert words in benefit_text(kind, amount) and "(s)" not in benefit_text(kind, amount)


def test_a_reshuffle_of_one_card_says_one_card() -> None:
    from tavola.games.renaissance_man_2d6.cards import cards_by_key
    from tavola.games.renaissance_man_2d6.text import describe

    said = describe(cards_by_key("standard"), {"kind": "shuffle", "size": 1}, None)
    assert said == "The discards were shuffled into a new Creative Reserves deck of 1 card."


def test_an_events_rolls_say_you_in_the_sentence() -> None:
    """'Games Night: Seat 1 3+1 +2 = 6; You 3+2 +2 = 7.': "You" in a capital mid-sentence."""
    from tavola.games.renaissance_man_2d6.text import describe

    rolls = [{"seat": 1, "dice": [3, 1], "modifier": 2, "total": 6}]
    rolls.append({"seat": 0, "dice": [3, 2], "modifier": 2, "total": 7})
    event = {"kind": "contest", "event": "games-night", "rolls": rolls, "winner": 0}
    said = describe(cards_by_key("standard"), {**event, "turned_by": 1}, 0)
    assert said.endswith(": Seat 1 3+1 +2 = 6; you 3+2 +2 = 7."), said
