"""Testa di Pecora rules: the five-player Inheritance, the Heir's savings, the pass-out penalty
and the Heir's secret partner (rulebook: Start of Season). Each test quotes the sentence it
checks; see docs/rules/testa-di-pecora.md for the interpretations."""

import pytest
from testa_helpers import (
    CHURCH,
    act,
    card,
    check,
    city,
    claim,
    deal,
    hand,
    ids,
    legal,
    new,
    pass_out,
    play,
    snapshot,
)

import tavola


def finish_season(g: tavola.Game) -> dict:
    """Play the first legal card until the season is scored; return its log entry."""
    done = len(g.seasons_log)
    while len(g.seasons_log) == done:
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    return g.seasons_log[-1]


def test_the_offer_starts_at_the_dealers_left_and_goes_clockwise() -> None:
    """ "Starting to the dealer's left and going clockwise, each player is offered a chance to
    claim the Inheritance, and become the Heir." The dealer (seat 4) is offered it last.
    Decisions: [D1], [D6] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=1)
    assert g.dealer == 4
    offered = []
    for _ in range(4):
        (seat,) = g.to_act
        offered.append(seat)
        assert legal(g) == ["claim", "pass"]
        assert all(g.legal_actions(s) == [] for s in range(5) if s != seat)
        act(g, seat, "pass")
    offered.append(g.cur)
    assert offered == [0, 1, 2, 3, 4]
    act(g, 4, "claim")
    assert g.heir == 4 and g.view(None)["inheritance"]["heir"] == 4


def test_in_a_later_season_the_offer_starts_left_of_the_new_dealer() -> None:
    """ "Starting to the dealer's left and going clockwise, each player is offered a chance to
    claim the Inheritance, and become the Heir." Season 2 is dealt by seat 0, so seat 1 is asked
    first and seat 0 last.
    Decision: [D2] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=4)
    claim(g, 2, ids(g, g.hands[2])[:2])
    finish_season(g)
    assert g.dealer == 0 and g.phase_name == "claim"
    order = []
    while g.phase_name == "claim" and len(order) < 5:
        order.append(g.cur)
        if len(order) < 5:
            act(g, g.cur, "pass")
    assert order == [1, 2, 3, 4, 0]


def test_once_someone_claims_nobody_else_is_offered_it() -> None:
    """ "Starting to the dealer's left and going clockwise, each player is offered a chance to
    claim the Inheritance, and become the Heir." There is one Heir: the offer stops at the first
    claim, and the Heir alone acts next (saving two cards).
    Decision: [D6] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=6)
    act(g, 0, "pass")
    act(g, 1, "pass")
    act(g, 2, "claim")
    assert g.passed == [0, 1]
    assert g.to_act == frozenset({2})
    assert {a.kind for a in g.legal_actions(2)} == {"save"}
    for seat in (3, 4):
        with pytest.raises(tavola.IllegalActionError, match="may not act now"):
            act(g, seat, "claim")


def test_claiming_adds_the_inheritance_to_the_hand() -> None:
    """ "When a player claims the Inheritance, they pick up the cards, add them to their hand,
    and then choose any two cards (from either the Inheritance or their original hand) to place
    face-down in front of them." The Heir holds 8 cards, and sees the two it picked up."""
    g = new(5, seed=9)
    own, inheritance = set(hand(g, 0)), set(ids(g, g.inherit))
    act(g, 0, "claim")
    assert set(hand(g, 0)) == own | inheritance
    assert len(hand(g, 0)) == 8 and g.inherit == 0
    v = g.view(0)
    assert set(v["hand"]) == own | inheritance
    assert v["inheritance"]["face_down"] == 0
    # Every card of the new hand may be saved, the picked-up ones included.
    assert set(legal(g)) == own | inheritance
    # The Heir is told which two it picked up; the others, that it claimed.
    (told,) = [e for e in g.events(0) if e["kind"] == "claim"]
    assert set(told["cards"]) == inheritance and "Inheritance: " in told["text"]
    for seat in (None, 1, 2, 3, 4):
        (seen,) = [e for e in g.events(seat) if e["kind"] == "claim"]
        assert "cards" not in seen and seen["hidden"] == ["cards"]


@pytest.mark.parametrize("source", ["inheritance", "hand", "one of each"])
def test_the_heir_saves_any_two_cards_from_either_source(source: str) -> None:
    """ "When a player claims the Inheritance, they pick up the cards, add them to their hand,
    and then choose any two cards (from either the Inheritance or their original hand) to place
    face-down in front of them." "The cards placed down represent the Heir's savings.\"
    Decision: [D7] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=9)
    own, inheritance = hand(g, 1), ids(g, g.inherit)
    save = {
        "inheritance": inheritance,
        "hand": own[-2:],
        "one of each": [own[0], inheritance[1]],
    }[source]
    act(g, 0, "pass")
    act(g, 1, "claim")
    act(g, 1, "save", save[0])
    assert g.phase_name == "save" and g.to_act == frozenset({1})
    act(g, 1, "save", save[1])
    assert sorted(ids(g, g.savings)) == sorted(save)
    assert set(hand(g, 1)) == (set(own) | set(inheritance)) - set(save)
    assert len(hand(g, 1)) == 6
    assert g.view(1)["savings"] == {"count": 2, "cards": ids(g, g.savings)}
    check(g)


def test_saving_a_card_that_is_not_in_the_hand_is_refused() -> None:
    """ "...choose any two cards (from either the Inheritance or their original hand)...": only
    cards the Heir now holds can be saved, and not the same card twice.
    Decision: [D7] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=9)
    act(g, 0, "claim")
    other = hand(g, 1)[0]
    before = snapshot(g)
    with pytest.raises(tavola.IllegalActionError, match="only save cards from your hand"):
        act(g, 0, "save", other)
    with pytest.raises(tavola.IllegalActionError, match="choose two cards of your hand"):
        act(g, 0, "pass")
    assert snapshot(g) == before
    first = hand(g, 0)[0]
    act(g, 0, "save", first)
    with pytest.raises(tavola.IllegalActionError, match="not in it"):
        act(g, 0, "save", first)


def test_savings_cannot_be_played() -> None:
    """ "They cannot be played, but will count at their monetary face value at the end of the
    round, just as if they had been claimed in a trade." The saved cards are never among the
    Heir's legal plays, and playing one is refused with the game unchanged. (Their value at the
    end of the season is tested in test_testa_scoring.py.)"""
    g = new(5, seed=12)
    deal(g, {0: ["pope", "camerlengo"]})
    claim(g, 0, ["pope", "camerlengo"])
    assert g.to_act == frozenset({0})  # the Heir happens to lead: seat 0 is the dealer's left
    assert "pope" not in legal(g, 0) and "camerlengo" not in legal(g, 0)
    before = snapshot(g)
    with pytest.raises(tavola.IllegalActionError, match="Pope is not in your hand"):
        play(g, 0, "pope")
    assert snapshot(g) == before
    while g.season == 0:
        (seat,) = g.to_act
        assert not (seat == 0 and {"pope", "camerlengo"} & set(legal(g)))
        g.act(seat, g.legal_actions(seat)[0])
    assert g.seasons_log[0]["savings"] == ["pope", "camerlengo"]


def test_after_the_savings_the_dealers_left_leads_whoever_the_heir_is() -> None:
    """ "For the first trading day, the lead player is the player to the left of the dealer."
    Decision: this holds in the 5-player game too; the Heir (here seat 3) saves first, then
    seat 0, the dealer's left, opens the first trade.
    Decision: [D14] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=2)
    claim(g, 3, hand(g, 3)[:2])
    assert g.phase_name == "play"
    assert g.to_act == frozenset({0})
    assert g.view(None)["trade"]["leader"] == 0


# -- nobody claims: influence and the re-deal -------------------------------------------------

# Influence printed in the standard deck: the Pope 14 down to the Novice 1; nobles 0.
INFLUENCE = dict(zip(CHURCH, range(14, 0, -1), strict=True))


def test_influence_is_printed_on_the_clerics_only() -> None:
    """ "If nobody claims the Inheritance, players add up their influence scores." Decision: a
    card's influence is printed in the deck file; clerics carry it (the Pope 14 down to the
    Novice 1), nobles none, because a noble "has no influence" outside its own city.
    Decision: [D8] (docs/rules/testa-di-pecora.md).
    """
    g = new(5)
    deck = g.deck
    for cid, value in INFLUENCE.items():
        assert deck.influence[card(g, cid)] == value
    nobles = [c for c in range(32) if deck.suit_of[c] != 0]
    assert len(nobles) == 18 and all(deck.influence[c] == 0 for c in nobles)


def test_nobody_claims_influence_is_added_up_and_ties_are_all_punished() -> None:
    """ "If nobody claims the Inheritance, players add up their influence scores." "The player
    with the highest is punished by losing one renown." Each score is the sum of the influence
    of the six cards in hand (the Inheritance, never picked up, does not count); every player
    tied at the highest loses one renown. Influence is not money (seat 4 holds the most ducats)
    nor the number of clerics (seat 3 holds the most).
    Decisions: [D8], [D9] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=3)
    hands = {
        0: ["cardinal", "prior"],  # 12 + 8 = 20
        1: ["archbishop", "inquisitor"],  # 11 + 9 = 20
        2: ["bishop", "abbot"],  # 10 + 7 = 17
        3: ["camerlengo", "canon", "chaplain", "deacon"],  # 6 + 5 + 4 + 3 = 18
        4: ["friar", "novice", "venice-prince", "florence-prince", "naples-prince", "venice-duke"],
    }
    deal(g, hands, ["pope", "mendicant"])  # 27 in the Inheritance: not counted
    log = pass_out(g)
    assert log["influence"] == [20, 20, 17, 18, 3]
    assert log["punished"] == [0, 1]
    assert g.renown == [5, 5, 6, 6, 6]
    assert g.view(3)["passouts"][0]["punished"] == [0, 1]  # announced to everyone


def test_nobody_claims_a_single_highest_loses_one_renown() -> None:
    """ "The player with the highest is punished by losing one renown." A hand of nobles only has
    no influence at all.
    Decision: [D8] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=3)
    deal(
        g,
        {
            0: ["prior", "canon", "chaplain", "novice"],  # 8 + 5 + 4 + 1 = 18
            1: ["abbot", "camerlengo", "friar"],  # 7 + 6 + 2 = 15
            2: ["pope", "bishop", "deacon"],  # 14 + 10 + 3 = 27
            3: ["mendicant", "inquisitor"],  # 13 + 9 = 22
            4: city("venice"),  # 0
        },
        ["cardinal", "archbishop"],
    )
    log = pass_out(g)
    assert log["influence"] == [18, 15, 27, 22, 0]
    assert log["punished"] == [2]
    assert g.renown == [6, 6, 5, 6, 6]


def test_nobody_claims_the_season_is_re_dealt_and_replayed() -> None:
    """ "Collect the cards, re-deal, and replay the season." The same season (still season 1, no
    season scored) starts again with a new shuffle of all 32 cards; the deal passes to the left
    (decision), so seat 0 deals and seat 1 is offered the new Inheritance first.
    Decisions: [D2], [D10] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=3)
    old = (list(g.hands), g.inherit)
    pass_out(g)
    check(g)
    assert g.season == 0 and g.seasons_log == [] and g.view(None)["season"] == 1
    assert g.phase_name == "claim" and g.passed == []
    assert (list(g.hands), g.inherit) != old
    assert [h.bit_count() for h in g.hands] == [6] * 5 and g.inherit.bit_count() == 2
    assert g.dealer == 0 and g.to_act == frozenset({1})
    pass_out(g)
    assert g.dealer == 1 and g.to_act == frozenset({2})
    assert [p["dealer"] for p in g.passouts] == [4, 0]
    assert g.season == 0


def test_renown_lost_to_a_pass_out_is_not_given_to_anyone() -> None:
    """ "The player with the highest is punished by losing one renown." Unlike a season's result
    this is a penalty, not a transfer: the total renown drops by one per punished player.
    Decision: [D9] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=3)
    total = sum(g.renown)
    log = pass_out(g)
    assert sum(g.renown) == total - len(log["punished"])
    check(g)


# -- the savings and the Church: the Tip -----------------------------------------------------


def test_saving_a_citys_only_nobles_frees_the_heir_to_play_clerics() -> None:
    """ "(Tip: You'll want to balance two factors when determining your savings." "The second is
    nobles' location: If you have a city or two where you don't have any local nobility, it
    frees you up to play your Church cards immediately.)" The Heir saves its only two nobles of
    Naples; on a Naples trade it may then play a cleric at once, which it could not have done
    while it held one of them."""
    hands = {
        0: ["naples-prince", "naples-duke", "naples-marquis", "naples-count"],
        1: ["naples-baron", "pope", "mendicant", "cardinal", "venice-prince", "florence-prince"],
    }
    g = new(5, seed=1)
    deal(g, hands, ["archbishop", "naples-knight"])
    claim(g, 1, ["naples-baron", "naples-knight"])
    play(g, 0, "naples-count")
    assert "pope" in legal(g, 1) and "venice-prince" in legal(g, 1)
    g2 = new(5, seed=1)
    deal(g2, hands, ["archbishop", "naples-knight"])
    claim(g2, 1, ["archbishop", "naples-knight"])
    play(g2, 0, "naples-count")
    assert legal(g2, 1) == ["naples-baron"]


def test_money_in_the_savings_is_a_head_start() -> None:
    """ "The first is the money value of the cards." "Higher is better, and putting a lot of money
    into savings can give you a serious head start on victory." The savings' ducats are the
    Heir's side's before any trade: here the Camerlengo (11) and the Canon (10) give 21, and the
    season log reveals them at the end.
    Decision: [D24] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=7)
    deal(g, {2: ["camerlengo", "canon"]})
    claim(g, 2, ["camerlengo", "canon"])
    assert g.ducats_of(g.savings) == 21
    won_in_trades = 0
    while g.season == 0:
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
        if g.season == 0 and len(g.trades) and not g.trick:
            won_in_trades = sum(g.won[s] for s in g.side)
    entry = g.seasons_log[0]
    assert entry["savings"] == ["camerlengo", "canon"]
    assert entry["ducats"][0] >= 21 + won_in_trades


# -- the Heir's partner ------------------------------------------------------------------------


def test_the_heirs_partner_is_the_holder_of_the_abbot() -> None:
    """ "The Heir's Partner is the player holding the Abbot." "The other three players are in the
    opposing coalition." Seat 1 claims; seat 3 holds the Abbot: the coalitions are {1, 3}
    against {0, 2, 4}, as the season's result shows."""
    g = new(5, seed=5)
    deal(g, {3: ["abbot"]}, ["venice-knight", "florence-knight"])
    claim(g, 1, ["venice-knight", "florence-knight"])
    assert g.partner == 3 and g.side == (1, 3)
    entry = finish_season(g)
    assert entry["side"] == [1, 3] and entry["alone"] is False
    change = entry["renown_change"]
    assert change[0] == change[2] == change[4] == -change[3]


@pytest.mark.parametrize("where", ["hand", "inheritance", "saved"])
def test_an_heir_holding_the_abbot_plays_alone(where: str) -> None:
    """ "The Heir's Partner is the player holding the Abbot." Decision: when the Heir holds the
    Abbot itself (dealt to it, picked up with the Inheritance, or even saved), the Heir has no
    partner and plays alone against the other four.
    Decision: [D11] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=5)
    if where == "inheritance":
        deal(g, {}, ["abbot", "venice-knight"])
        claim(g, 1, ["venice-knight", hand(g, 1)[0]])
    else:
        deal(g, {1: ["abbot", "venice-knight"]})
        claim(g, 1, ["abbot" if where == "saved" else "venice-knight", ids(g, g.hands[1])[-1]])
    assert g.partner == -1 and g.side == (1,)
    entry = finish_season(g)
    assert entry["side"] == [1] and entry["alone"] is True


def test_the_partner_is_known_only_once_the_savings_are_made() -> None:
    """ "The Heir's Partner is the player holding the Abbot." The holder is settled when the
    Heir has saved its two cards (the Heir may pick the Abbot up from the Inheritance).
    Decisions: [D7], [D11] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=5)
    deal(g, {}, ["abbot", "venice-knight"])
    act(g, 0, "claim")
    assert g.partner == -1 and g.side == ()
    act(g, 0, "save", "venice-knight")
    assert g.side == ()
    act(g, 0, "save", "abbot")
    assert g.side == (0,)


def test_the_claim_phase_refuses_cards_with_a_clear_message() -> None:
    """ "...each player is offered a chance to claim the Inheritance...": while it is offered,
    only claiming or passing is possible, and anything else leaves the game as it was."""
    g = new(5, seed=5)
    before = snapshot(g)
    with pytest.raises(tavola.IllegalActionError, match="claim it or pass"):
        play(g, 0, hand(g, 0)[0])
    with pytest.raises(tavola.IllegalActionError, match="claim it or pass"):
        act(g, 0, "save", hand(g, 0)[0])
    with pytest.raises(tavola.IllegalActionError, match="waiting for seat 0"):
        act(g, 1, "claim")
    assert snapshot(g) == before
