"""Renaissance Man (2013): the action phases, access, and the four actions."""

from __future__ import annotations

import pytest
from rm13_helpers import (
    SLOT,
    clear_hand,
    commit,
    find_card,
    give,
    kinds,
    labels,
    lay_foundations,
    new,
    pass_all,
    put,
    rms,
    step,
)

from tavola.core.errors import IllegalActionError
from tavola.games.renaissance_man.cards import PAIRS
from tavola.games.renaissance_man.rules import RM, RenaissanceMan

COIN, BOOK, BREAD, SHIELD = range(4)
M, SC, BA, K = range(4)


def ready_game(players: int = 2, seed: int = 1) -> RenaissanceMan:
    """Foundations laid M, Sc, Ba, K, RM; round 1, action phase 1; hands emptied."""
    g = new(players, seed)
    lay_foundations(g)
    for s in range(players):
        clear_hand(g, s)
    return g


def test_every_action_is_a_type_and_a_card_chosen_secretly() -> None:
    """ "All players take actions simultaneously." "For each action a player takes during the
    Action Phase, he decides both of the following:" "Which TYPE OF ACTION the player will take
    (Teach, Barter, Hire, or Recruit)." "Which CARD the player will use from their HAND for the
    chosen action." "All players then simultaneously choose one action type and one hand card
    to use for that phase." "Each action consists of one chosen action type and one chosen card
    from the player's hand." "Players act simultaneously." [D17]"""
    g = ready_game()
    x = find_card(g, K)
    give(g, 0, x)
    assert g.to_act == frozenset({0, 1})
    step(g, 0, {"kind": "act", "type": "recruit"})
    assert kinds(g, 0) == ["card"]
    step(g, 0, {"kind": "card", "card": g.c.ids[x]})
    assert kinds(g, 0) == ["ready"]
    before = g.view(1)
    step(g, 0, "ready")
    after = g.view(1)
    assert after["commitments"]["committed"] == [0]
    assert {k: v for k, v in after.items() if k not in ("commitments", "to_act")} == {
        k: v for k, v in before.items() if k not in ("commitments", "to_act")
    }
    assert g.view(1)["mine"] == [] and g.view(0)["mine"][1]["card"] == g.c.ids[x]
    assert g.events(1)[-1]["kind"] == "ready"


def test_all_reveal_together_and_a_player_may_pass() -> None:
    """ "When the Dealer determines that all players are ready, he calls out, “Action 1!”"
    "Players simultaneously reveal the card they are playing and their action choice." "A
    player may choose to not take any action if desired." "All players should reveal at the
    same time what card they are playing and what action they are using." "A useful method is
    for the players to simultaneously tap their action's area with the card they have chosen,
    or, use the Action pawn to denote which action is being taken." [D17] the tap is the
    Ready step."""
    g = ready_game()
    x = find_card(g, K)
    give(g, 0, x)
    commit(g, 0, {"kind": "act", "type": "recruit"}, {"kind": "card", "card": g.c.ids[x]}, "ready")
    assert g.board[SHIELD][0] == 0  # not applied before all are in
    commit(g, 1, "pass", "ready")
    reveals = [e for e in g.events(None) if e["kind"] == "reveal"]
    assert {e["seat"]: e["action"] for e in reveals} == {0: "recruit", 1: None}
    knights = [e for e in g.events(None) if e["kind"] == "knight"]
    assert knights[-1]["to"] == "shield" and knights[-1]["from"] == "home"
    assert g.view(None)["last_actions"] == ["recruit", "pass"]
    assert g.view(None)["recruit"]["seat"] == 0  # alone in the area: a majority
    name = g.card_table()["cards"][g.c.ids[x]]["name"]  # "Knight #7": the rulebook names none
    said = {e["seat"]: e["text"] for e in g.events(0) if e["kind"] == "reveal"}
    assert said == {0: f"You revealed: recruit with {name}.", 1: "Seat 1 revealed: take no action."}
    said = {e["seat"]: e["text"] for e in g.events(1) if e["kind"] == "reveal"}
    assert said == {0: f"Seat 0 revealed: recruit with {name}.", 1: "You revealed: take no action."}


def test_level_one_uncovered_workers_give_their_actions() -> None:
    """ "How a player gains access to action types:" "Each card in Level 1 of a player’s
    structure provides access to the action shown on the large icon at the top, as long as
    there are no cards overlapping on top of the card." "For instance, a Knight provides a
    shield or RECRUIT action, a Baker provides a bread or BARTER action, etc." "Players start
    with one of each type of Worker hired into in their Level 1 foundation of cards, so at the
    beginning, a player will be free to take any of the Workers’ actions." "A player might not
    have access to all 4 types of actions at all times, however." """
    g = ready_game()
    give(g, 0, find_card(g, K), find_card(g, SC), find_card(g, RM))
    acts = [a["type"] for a in labels(g, 0) if a["kind"] == "act"]
    assert acts == ["hire", "teach", "barter", "recruit"]
    # the Knight covered: no Recruit any more
    put(g, 0, "2.3", find_card(g, BA, needs=(BREAD, SHIELD)))
    acts = [a["type"] for a in labels(g, 0) if a["kind"] == "act"]
    assert "recruit" not in acts and "barter" not in acts and "hire" in acts


def test_a_covered_worker_gives_no_action_and_renaissance_men_none() -> None:
    """ "Once a Worker starts supporting another Worker or Workers (i.e. once one or two cards
    are placed above him), he no longer provides the player access to his action!" "Thus the
    taller a pyramid becomes, the fewer actions available to the player (but see “Worker
    Removal”)." "Note: Renaissance Man cards do not have a large icon, and so do NOT provide
    access to any action types for the player." "Renaissance Men do not provide access to
    actions for the player (no large icon)." """
    g = ready_game()
    rm = [i for i in range(96) if g.c.typ[i] == RM]
    put(g, 0, "2.1", rm[0])
    put(g, 0, "2.2", rm[1])
    put(g, 0, "2.3", rm[2])
    put(g, 0, "2.4", rm[3])
    give(g, 0, find_card(g, K), rm[4])
    assert kinds(g, 0) == ["pass"] + ["remove"] * 4  # level 1 all covered
    pass_all(g)
    assert g.level == 2  # RMs on level 2 call phase 2, but give nothing
    assert "act" not in kinds(g, 0)


def test_hire_needs_match_offers_exactly_in_type_and_order() -> None:
    """ "HIRE ("Coin" action): The player places the chosen card from his hand above two adjacent
    cards in his structure, in a pyramid fashion." "The Worker's needs (i.e. the bottom two
    icons) must match the offers of the lower two Workers (top corner icons) exactly (in both
    type and order, from left to right)." [D3]"""
    g = ready_game()
    good = find_card(g, SC, needs=(COIN, BOOK))  # above Merchant (coin) and Scholar (book)
    swapped = find_card(g, SC, needs=(BOOK, COIN))
    give(g, 0, good, swapped)
    step(g, 0, {"kind": "act", "type": "hire"})
    assert [a["card"] for a in labels(g, 0)] == [g.c.ids[good]]
    step(g, 0, {"kind": "card", "card": g.c.ids[good]})
    assert labels(g, 0) == [{"kind": "place", "slot": "2.1"}]
    commit(g, 0, {"kind": "place", "slot": "2.1"}, "ready")
    pass_all(g)
    assert g.st[0][SLOT["2.1"]] == good
    # [D3] the left need meets the left card's right offer, the right need the right card's
    # left offer: a card at 3.1 needs 2.1's right offer, then 2.2's left offer
    assert g.fits(0, (), swapped) == []


def test_renaissance_men_are_wild_on_both_sides() -> None:
    """ "Note that Renaissance Men have all 4 types on each top corner, and may offer different
    types on each of these." "Reminder:" "Renaissance Men's needs and offers (the four corner
    icons) can be of any type, and are allowed to be different from each other." """
    g = ready_game()
    rm = find_card(g, RM)
    assert g.fits(0, (), rm) == [SLOT["2.1"], SLOT["2.2"], SLOT["2.3"], SLOT["2.4"]]
    # above the Foundation Renaissance Man (slot 1.5), any left need fits 2.4 if the Knight's
    # right offer is shield
    x = find_card(g, M, needs=(SHIELD, BREAD))
    assert SLOT["2.4"] in g.fits(0, (), x)
    put(g, 0, "2.1", rm)
    put(g, 0, "2.2", find_card(g, SC, needs=(BOOK, BREAD)))
    left = g.c.offer[g.st[0][SLOT["2.2"]]][0]
    y = find_card(g, BA, needs=(SHIELD, left))  # any need over the wild 2.1
    assert SLOT["3.1"] in g.fits(0, (), y)


def test_barter_stores_a_token_of_the_icon_at_most_four() -> None:
    """ "BARTER ("Bread" action): The player places the chosen card in the discard pile." "He
    then takes a token of the type corresponding to the large icon on the discarded card (i.e.
    take a shield token, if a Knight was discarded), placing it in the "Stored Actions" area of
    his board." "A player may not have more than 4 tokens (of any types) stored at any time (one
    per slot at the bottom of the player's board)." "However, a player may freely discard
    tokens to make room for new ones if necessary." [D7] [D20]"""
    g = ready_game()
    x = find_card(g, K)
    give(g, 0, x)
    commit(g, 0, {"kind": "act", "type": "barter"}, {"kind": "card", "card": g.c.ids[x]})
    assert [a["faces"] for a in labels(g, 0)] == ["coin/shield", "book/shield", "bread/shield"]
    commit(g, 0, {"kind": "token", "faces": "book/shield"}, "ready")
    pass_all(g)
    assert g.view(None)["stored"][0] == [{"face": "shield", "token": "book/shield"}]
    assert g.view(None)["public_discards"] == [g.c.ids[x]]
    assert g.supply[PAIRS.index((BOOK, SHIELD))] == 7
    # full: a token must be dropped (chosen) to make room
    g.stored[0] = [0 * 4 + COIN, 0 * 4 + COIN, 0 * 4 + BOOK, 0 * 4 + BOOK]
    g.supply[0] -= 3
    y = find_card(g, SC)
    give(g, 0, y)
    g.level = 1
    commit(g, 0, {"kind": "act", "type": "barter"}, {"kind": "card", "card": g.c.ids[y]})
    step(g, 0, {"kind": "token", "faces": "book/bread"})
    assert labels(g, 0) == [{"kind": "drop", "token": "coin"}, {"kind": "drop", "token": "book"}]
    commit(g, 0, {"kind": "drop", "token": "coin"}, "ready")
    pass_all(g)
    assert sorted(t["face"] for t in g.view(None)["stored"][0]) == ["book", "book", "book", "coin"]


def test_a_stored_token_gives_one_action_in_any_phase() -> None:
    """ "Each token in a player’s “Stored Actions” area provides a one-time access to that
    action." "The player discards the token back to the general pile after use (for more on
    Stored Actions, see Action Type: BARTER)." "Stored Actions are useable as the action for any
    called Action Phase." "All players may participate in every called Action Phase, regardless
    of whether they have workers on the called Level (i.e. Stored Actions may be used)." [D16]"""
    g = ready_game()
    rms = [i for i in range(96) if g.c.typ[i] == RM]
    put(g, 1, "2.1", rms[0])  # seat 1 calls phase 2
    g.stored[0] = [COIN]  # a coin face of the coin/book token
    g.supply[0] -= 1
    x = rms[1]
    give(g, 0, x)
    pass_all(g)
    assert g.level == 2
    assert [a["type"] for a in labels(g, 0) if a["kind"] == "act"] == ["hire"]
    commit(g, 0, {"kind": "act", "type": "hire"}, {"kind": "card", "card": g.c.ids[x]})
    commit(g, 0, {"kind": "place", "slot": "2.1"}, "ready")
    pass_all(g)
    assert g.stored[0] == [] and g.supply[0] == 8
    assert any(e["kind"] == "spend" for e in g.events(None))


def test_teach_collects_one_of_each_and_four_make_a_renaissance_man() -> None:
    """ "TEACH ("Book" action): The player places the chosen card in the discard pile." "He then
    takes a token of the type corresponding to the large icon on the discarded card (i.e. take a
    Coin token if a Merchant was discarded), placing it in the "Renaissance Man" area at the top
    of his board." "A player may not have more than 1 token of each type in this area at any
    time." "If all 4 tokens are now present, the player generates a Renaissance Man." "The
    player discards all 4 tokens" "The player draws the top card from the Draw Pile, and places
    it face-down atop two adjacent cards in his structure." [D18] [D23] [D25]"""
    g = ready_game()
    g.rm[0] = [
        COIN,
        4 * PAIRS.index((BOOK, BREAD)) + BOOK,
        4 * PAIRS.index((BREAD, SHIELD)) + BREAD,
    ]
    g.supply[0] -= 1
    g.supply[PAIRS.index((BOOK, BREAD))] -= 1
    g.supply[PAIRS.index((BREAD, SHIELD))] -= 1
    same = find_card(g, M)
    x = find_card(g, K)
    give(g, 0, same, x)
    step(g, 0, {"kind": "act", "type": "teach"})
    assert [a["card"] for a in labels(g, 0)] == [g.c.ids[x]]  # [D18] no second coin
    commit(g, 0, {"kind": "card", "card": g.c.ids[x]}, {"kind": "token", "faces": "coin/shield"})
    top = g.deck[-1]
    commit(g, 0, "ready")
    pass_all(g)
    assert g.phase == 2 and g.to_act == frozenset({0})  # placing it, face down
    assert g.rm[0] == [] and sum(g.supply) == 48
    assert g.pending[0] == top and g.c.ids[top] in g.hidden_ids(0)  # [D23] unseen, even by him
    assert g.view(0)["to_place"] == [True, False]
    assert [a["slot"] for a in labels(g, 0)] == ["2.1", "2.2", "2.3", "2.4"]
    step(g, 0, {"kind": "place", "slot": "2.2"})
    assert g.view(1)["structures"][0][SLOT["2.2"]] == "down"
    assert g.view(0)["structures"][0][SLOT["2.2"]] == "down"


def test_three_tokens_make_no_renaissance_man() -> None:
    """ "If all 4 tokens are now present, the player generates a Renaissance Man." A third token
    stays in the area, and no card is dealt."""
    g = ready_game()
    g.rm[0] = [COIN, 4 * PAIRS.index((BOOK, BREAD)) + BOOK]
    g.supply[0] -= 1
    g.supply[PAIRS.index((BOOK, BREAD))] -= 1
    x = find_card(g, K)
    give(g, 0, x)
    step(g, 0, {"kind": "act", "type": "teach"})
    commit(g, 0, {"kind": "card", "card": g.c.ids[x]}, {"kind": "token", "faces": "coin/shield"})
    commit(g, 0, "ready")
    pass_all(g)
    assert len(g.rm[0]) == 3 and sum(g.supply) == 45
    assert g.pending[0] == -1 and not any(g.view(0)["to_place"])


def test_several_renaissance_men_are_placed_simultaneously() -> None:
    """ "If multiple players create a "Renaissance Man" at the same time, then they all are dealt
    a face-down card from the deck, and simultaneously choose where to place it in their
    structures." [D25]"""
    g = ready_game()
    for s in range(2):
        g.rm[s] = [COIN, 4 * 3 + BOOK, 4 * 5 + BREAD]
    g.supply[0] -= 2
    g.supply[3] -= 2
    g.supply[5] -= 2
    a, b = [i for i in range(96) if g.c.typ[i] == K and i in g.deck][:2]
    give(g, 0, a)
    give(g, 1, b)
    for s, x in ((0, a), (1, b)):
        commit(g, s, {"kind": "act", "type": "teach"}, {"kind": "card", "card": g.c.ids[x]})
        commit(g, s, {"kind": "token", "faces": "coin/shield"}, "ready")
    assert g.to_act == frozenset({0, 1}) and g.phase == 2
    step(g, 0, {"kind": "place", "slot": "2.1"})
    assert g.view(1)["structures"][0][SLOT["2.1"]] is None  # hidden until both have placed
    step(g, 1, {"kind": "place", "slot": "2.4"})
    assert g.view(1)["structures"][0][SLOT["2.1"]] == "down"


def test_recruit_sends_a_knight_to_the_area_of_the_icon() -> None:
    """ "RECRUIT ("Shield" action): The player places the chosen card in the discard pile." "He
    then takes any one of his Knights, placing it on the Recruit board in the area matching the
    large icon of the discarded card (Coin, Book, Bread, or Shield)." "This represents the
    player's effort to gain the card placed in this area." [D4] [D19]"""
    g = ready_game()
    x = find_card(g, BA)
    rm = find_card(g, RM)
    give(g, 0, x, rm)
    step(g, 0, {"kind": "act", "type": "recruit"})
    assert [a["card"] for a in labels(g, 0)] == [g.c.ids[x]]  # [D4] no icon, no area
    commit(g, 0, {"kind": "card", "card": g.c.ids[x]}, "ready")
    pass_all(g)
    assert g.c.ids[x] in g.view(None)["public_discards"]
    knight = [e for e in g.events(None) if e["kind"] == "knight"][-1]
    assert knight == {**knight, "seat": 0, "from": "home", "to": "bread"}


def test_all_knights_out_the_player_chooses_which_to_move_secretly() -> None:
    """ "In the rare case where a player plans to take a recruit action and has all his knights
    on the recruit board (due to ties in the previous round), he should be sure to decide which
    Knight to move before the action is revealed." [D19]"""
    g = ready_game()
    g.board[COIN] = [2, 2]
    g.board[BOOK] = [2, 2]
    x = find_card(g, K)
    give(g, 0, x)
    commit(g, 0, {"kind": "act", "type": "recruit"}, {"kind": "card", "card": g.c.ids[x]})
    assert labels(g, 0) == [{"kind": "knight", "from": "coin"}, {"kind": "knight", "from": "book"}]
    commit(g, 0, {"kind": "knight", "from": "book"})
    assert g.view(1)["mine"] == []
    commit(g, 0, "ready")
    pass_all(g)
    knight = [e for e in g.events(None) if e["kind"] == "knight"][-1]
    assert knight == {**knight, "seat": 0, "from": "book", "to": "shield"}


def test_phases_two_to_four_only_when_someone_has_a_worker_there() -> None:
    """ "A series of Rounds compose the game." "Each Round proceeds in the following manner:"
    "1-4 Action Phases (depending on the level of the highest worker pyramid), followed by"
    "After Action Phase 1 is complete, the Dealer looks around to all players’ structures, and
    sees whether anyone has at least one worker (covered or uncovered) on Level 2." "If so,
    Dealer advises everyone to advance their Action Pawns (this pawn is used as a reminder for
    all players during the round, to show which action the players are about to take, and thus
    which actions the players have access to)." "Play then proceeds to the next Action Phase
    (e.g. Action Phase 2)." "If not, the Action phases end, and the Round proceeds to Recruit
    resolution" "Action Phases 2, 3, & 4 are played similarly to Action Phase 1" "Remember,
    however, that the Dealer calls for an Action Phase only if at least one player has one or
    more cards on the corresponding level (theme-wise, this player has advanced technology for
    everybody!)" "The game proceeds in the following steps." "Level One action" "Level Two
    action (if applicable)" "Level Three action (if applicable)" "Level Four action (if
    applicable)" "To start a Round, all players place their Action Pawn by the “Action 1” area
    of their board." """
    g = ready_game(3)
    pass_all(g)
    assert g.round == 2 and g.level == 1  # no level 2: recruits, discards, refills, round 2
    g = ready_game(3)
    for slot in ("2.1", "2.2", "3.1"):
        put(
            g,
            2,
            slot,
            find_card(g, RM) if slot != "3.1" else [i for i in range(96) if g.c.typ[i] == RM][2],
        )
    pass_all(g)
    assert g.level == 2 and g.view(0)["level"] == 2
    pass_all(g)
    assert g.level == 3
    pass_all(g)
    assert g.level == 1 and g.round == 2  # no level 4 anywhere: phase 4 is not called
    phases = [e["level"] for e in g.events(None) if e["kind"] == "phase"]
    assert phases == [1, 2, 3, 1]


def test_level_one_workers_act_only_in_phase_one() -> None:
    """ "Level 1 Workers do NOT provide access to actions on any Phase other than Action Phase 1."
    "During Action Phase 2, players instead look to their Level 2 Workers for available actions
    (same for Levels 3 and 4)." """
    g = ready_game()
    kn = find_card(g, K, needs=(COIN, BOOK))
    put(g, 0, "2.1", kn)
    give(g, 0, find_card(g, BA), find_card(g, RM))
    pass_all(g)
    assert g.level == 2
    acts = [a["type"] for a in labels(g, 0) if a["kind"] == "act"]
    assert acts == ["recruit"]  # the level-2 Knight only; the Foundation is level 1


def test_worker_removal_is_the_secret_first_part_of_an_action() -> None:
    """ "At any time during the game, players may freely discard unwanted, uncovered workers
    from their structures, of Level 2 or higher." "This does not cost the player an action."
    "Note: This rule is very important!" "Players should keep this in mind throughout the game
    as they plan their actions." "For example, a player may perform this immediately before any
    Level's action, to gain access to a Worker's action type." "It is never necessary to reveal
    this plan to the other players prematurely - the player can just remove the unwanted
    card(s) as the first part of his action, when everybody simultaneously reveals." [D15]"""
    g = ready_game()
    top = find_card(g, BA, needs=(COIN, BOOK))
    put(g, 0, "2.1", top)
    x = find_card(g, SC, needs=(COIN, BOOK))
    give(g, 0, x)
    acts = [a for a in labels(g, 0) if a["kind"] in ("act", "remove")]
    assert {"kind": "remove", "slot": "2.1"} in acts
    assert {"kind": "act", "type": "hire"} not in acts  # the Merchant is covered
    step(g, 0, {"kind": "remove", "slot": "2.1"})
    assert g.view(1)["structures"][0][SLOT["2.1"]] == g.c.ids[top]  # not shown yet
    commit(g, 0, {"kind": "act", "type": "hire"}, {"kind": "card", "card": g.c.ids[x]})
    commit(g, 0, {"kind": "place", "slot": "2.1"}, "ready")
    pass_all(g)
    assert g.st[0][SLOT["2.1"]] == x and g.c.ids[top] in g.view(1)["public_discards"]
    reveal = [e for e in g.events(1) if e["kind"] == "reveal" and e["seat"] == 0][-1]
    assert reveal["removed"] == [g.c.ids[top]] and reveal["action"] == "hire"


def test_chain_removal_and_a_removed_merchant_takes_his_hire() -> None:
    """ "It is possible to chain-remove, i.e. remove one or more cards, and then remove the newly
    revealed cards that were underneath, if desired." "It is not possible, however, to use a
    Merchant to hire someone to take his place (i.e. If the Merchant is removed, then his Hire
    ability is immediately removed as well)." "Players should keep this in mind throughout the
    game as they plan their actions." [D15]"""
    g = ready_game()
    merchant = find_card(g, M, needs=(COIN, BOOK))
    put(g, 0, "2.1", merchant)
    put(g, 0, "2.2", find_card(g, RM))
    rm3 = next(i for i in range(96) if g.c.typ[i] == RM and i in g.deck)
    put(g, 0, "3.1", rm3)
    pass_all(g)  # to phase 2
    assert g.level == 2
    assert [a["slot"] for a in labels(g, 0) if a["kind"] == "remove"] == ["3.1"]
    step(g, 0, {"kind": "remove", "slot": "3.1"})
    assert [a["slot"] for a in labels(g, 0) if a["kind"] == "remove"] == ["2.1", "2.2"]
    give(g, 0, find_card(g, SC, needs=(COIN, BOOK)))
    g.hands[0].sort()
    step(g, 0, {"kind": "remove", "slot": "2.1"})  # the Merchant goes: no Hire with him
    assert {"kind": "act", "type": "hire"} not in labels(g, 0)


def test_removal_only_of_uncovered_workers_of_level_two_and_up() -> None:
    """Level one never; a covered worker not before the one above it is gone. [D15]"""
    g = ready_game()
    assert "remove" not in kinds(g, 0)
    put(g, 0, "2.1", find_card(g, RM))
    put(g, 0, "2.2", next(i for i in range(96) if g.c.typ[i] == RM and i in g.deck))
    put(g, 0, "3.1", next(i for i in range(96) if g.c.typ[i] == RM and i in g.deck))
    assert [a["slot"] for a in labels(g, 0) if a["kind"] == "remove"] == ["3.1"]
    with pytest.raises(IllegalActionError):
        step(g, 0, {"kind": "remove", "slot": "2.1"})


def test_a_card_action_names_the_card_as_the_card_shows_it() -> None:
    """The buttons read 'Use baker-15', the card file's id, where the card reads 'Baker 15'; then
    'Use Merchant 11' where the card's face shows 'Merchant' and '#11'."""
    g = new(2, 1)
    names = g.c.names
    assert names["merchant-11"] == "Merchant #11"
    assert g.card_table()["cards"]["merchant-11"]["name"] == "Merchant #11"
    for action in g.catalog.actions:
        if action.kind in ("card", "discard"):
            card = names[dict(action.params)["card"]]
            assert str(action) == f"{'Use' if action.kind == 'card' else 'Discard'} {card}"
            assert g.catalog.parse(str(action).lower()) is action  # still typed by its label
            assert g.catalog.parse(str(action).replace("#", "")) is action  # and the old one


def test_a_place_is_named_by_its_level_and_position_in_words() -> None:
    """The moves read 'Place at 2.2' and 'Remove 3.1', numbers a new player cannot read; the
    rulebook names levels ('Level Two', 'Master (Level Five)'). The old labels still parse."""
    g = new(2, 1)
    by_slot = {
        (a.kind, dict(a.params)["slot"]): a
        for a in g.catalog.actions
        if a.kind in ("place", "remove")
    }
    assert str(by_slot["place", "2.2"]) == "Place on level 2, second from the left"
    assert str(by_slot["remove", "3.1"]) == "Remove the worker on level 3, first from the left"
    assert str(by_slot["place", "5.1"]) == "Place on level 5 (the Master)"
    for (kind, slot), action in by_slot.items():
        old = f"Place at {slot}" if kind == "place" else f"Remove {slot}"
        assert g.catalog.parse(old) is action
        assert g.catalog.parse(str(action).lower()) is action


def test_a_generated_renaissance_man_may_go_where_a_removal_makes_room() -> None:
    """ "At any time during the game, players may freely discard unwanted, uncovered workers from
    their structures, of Level 2 or higher." [D15] The player placing a generated Renaissance
    Man may first remove workers (secretly, revealed with the place): here level two is full,
    and removing a Baker lets the wild card go at 2.1 rather than on level three."""
    g = ready_game()
    bakers = [i for i in range(96) if g.c.typ[i] == BA and i in g.deck]
    for slot in ("2.1", "2.2", "2.3", "2.4"):
        put(g, 0, slot, bakers.pop())
    below = g.st[0][SLOT["2.1"]]
    g.rm[0] = [
        COIN,
        4 * PAIRS.index((BOOK, BREAD)) + BOOK,
        4 * PAIRS.index((BREAD, SHIELD)) + BREAD,
    ]
    g.supply[0] -= 1
    g.supply[PAIRS.index((BOOK, BREAD))] -= 1
    g.supply[PAIRS.index((BREAD, SHIELD))] -= 1
    g.stored[0] = [4 * PAIRS.index((BOOK, SHIELD)) + BOOK]  # Teach, level one being covered
    g.supply[PAIRS.index((BOOK, SHIELD))] -= 1
    x = find_card(g, K)
    give(g, 0, x)
    pass_all(g, but=(0,))
    commit(g, 0, {"kind": "act", "type": "teach"}, {"kind": "card", "card": g.c.ids[x]})
    commit(g, 0, {"kind": "token", "faces": "coin/shield"}, "ready")
    assert g.view(0)["phase"] == "place"
    removals = ["2.1", "2.2", "2.3", "2.4"]
    assert labels(g, 0) == [{"kind": "place", "slot": p} for p in ("3.1", "3.2", "3.3")] + [
        {"kind": "remove", "slot": p} for p in removals
    ]
    step(g, 0, {"kind": "remove", "slot": "2.1"})
    assert g.view(1)["structures"][0][SLOT["2.1"]] == g.c.ids[below]  # secret until placed
    assert g.to_act == frozenset({0}) and g.can_take_back(0)
    assert labels(g, 0) == [{"kind": "place", "slot": p} for p in ("2.1", "3.2", "3.3")] + [
        {"kind": "remove", "slot": p} for p in removals[1:]
    ]
    step(g, 0, {"kind": "place", "slot": "2.1"})
    v = g.view(1)
    assert v["structures"][0][SLOT["2.1"]] == "down" and g.c.ids[below] in v["public_discards"]
    said = [e["kind"] for e in g.events(1)]
    assert said.index("remove") < said.index("place_renaissance_man")


def test_hire_over_two_hired_workers_meets_the_inner_corners() -> None:
    """ "The Worker's needs (i.e. the bottom two icons) must match the offers of the lower two
    Workers (top corner icons) exactly (in both type and order, from left to right)." [D3] "its
    left need must equal the left card's right offer, and its right need the right card's left
    offer." Workers whose two offers differ, at 2.1 (book, coin) and 2.2 (shield, book): 3.1
    takes a card needing (coin, shield), not one needing the outer corners (book, book)."""
    g = ready_game()
    put(g, 0, "2.1", find_card(g, K, needs=(COIN, BOOK), offers=(BOOK, COIN)))
    put(g, 0, "2.2", find_card(g, K, needs=(BOOK, BREAD), offers=(SHIELD, BOOK)))
    inner = find_card(g, M, needs=(COIN, SHIELD))
    outer = find_card(g, M, needs=(BOOK, BOOK))
    assert g.fits(0, (), inner) == [SLOT["3.1"]]
    assert g.fits(0, (), outer) == []


def test_a_worker_giving_the_action_leaves_the_stored_token() -> None:
    """[D16] "A stored token is spent only when no uncovered worker of the called level gives
    the action (the worker is free, the token is not)": the Foundation Merchant gives Hire in
    phase 1, so the stored coin token stays."""
    g = ready_game()
    g.stored[0] = [COIN]
    g.supply[0] -= 1
    x = find_card(g, SC, needs=(COIN, BOOK))
    give(g, 0, x)
    commit(g, 0, {"kind": "act", "type": "hire"}, {"kind": "card", "card": g.c.ids[x]})
    commit(g, 0, {"kind": "place", "slot": "2.1"}, "ready")
    pass_all(g)
    assert g.st[0][SLOT["2.1"]] == x
    assert g.stored[0] == [COIN] and g.supply[0] == 7
    assert not any(e["kind"] == "spend" for e in g.events(None))


def test_a_barter_paid_by_a_stored_token_has_room_for_the_new_one() -> None:
    """[D20] "Room is counted after a stored Barter token spent on this very action." Four
    tokens stored and the Baker covered: the stored bread token pays for the Barter, so the new
    token fits without a drop."""
    g = ready_game()
    put(g, 0, "2.2", find_card(g, RM))  # covers the Scholar and the Baker
    book, bread = PAIRS.index((BOOK, BREAD)), PAIRS.index((BREAD, SHIELD))
    g.stored[0] = [COIN, COIN, 4 * book + BOOK, 4 * bread + BREAD]
    for j in (0, 0, book, bread):
        g.supply[j] -= 1
    x = find_card(g, K)
    give(g, 0, x)
    commit(g, 0, {"kind": "act", "type": "barter"}, {"kind": "card", "card": g.c.ids[x]})
    step(g, 0, {"kind": "token", "faces": "coin/shield"})
    assert labels(g, 0) == [{"kind": "ready"}]  # no drop
    step(g, 0, "ready")
    pass_all(g)
    stored = g.view(None)["stored"][0]
    assert sorted(t["face"] for t in stored) == ["book", "coin", "coin", "shield"]


def test_a_knight_comes_from_home_until_all_four_are_out_then_the_chosen_one_moves() -> None:
    """[D19] "The knight comes from home while one is there; only when all four are on the board
    does the player choose which to move (the rare case below), in his commitment." With three
    knights out there is no choice (one comes from home); with four, the knight chosen leaves
    its area. Either way, every area ties and seat 0 has four knights on the board."""
    for out in (3, 4):
        g = ready_game()
        g.board[COIN] = [2, 2]
        g.board[BOOK] = [out - 2, 1]
        g.board[SHIELD] = [0, 1]
        x = find_card(g, K)
        give(g, 0, x)
        commit(g, 0, {"kind": "act", "type": "recruit"}, {"kind": "card", "card": g.c.ids[x]})
        if out == 3:
            assert labels(g, 0) == [{"kind": "ready"}]
        else:
            step(g, 0, {"kind": "knight", "from": "book"})
        commit(g, 0, "ready")
        pass_all(g)
        knight = [e for e in g.events(None) if e["kind"] == "knight"][-1]
        assert knight["from"] == ("home" if out == 3 else "book")
        assert g.board == [[2, 2], [1, 1], [0, 0], [1, 1]], out


def test_phase_four_is_called_for_a_worker_on_level_four() -> None:
    """ "Level Four action (if applicable)" "Remember, however, that the Dealer calls for an
    Action Phase only if at least one player has one or more cards on the corresponding level
    (theme-wise, this player has advanced technology for everybody!)" Seat 1's pyramid reaches
    4.1: phases 1 to 4 are called, then the round ends."""
    g = ready_game()
    wild = rms(g)
    for slot in ("2.1", "2.2", "2.3", "3.1", "3.2", "4.1"):
        put(g, 1, slot, wild.pop())
    for level in (1, 2, 3, 4):
        assert (g.round, g.level) == (1, level)
        pass_all(g)
    assert (g.round, g.level) == (2, 1)
