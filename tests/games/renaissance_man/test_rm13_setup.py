"""Renaissance Man (2013): preparation, the Foundation, the deal, the tokens, the deck."""

from __future__ import annotations

import json

from rm13_helpers import (
    ORDER,
    clear_hand,
    commit,
    find_card,
    give,
    lay_foundations,
    new,
    pass_all,
    put,
    step,
)

import tavola
from tavola.games.renaissance_man.cards import PAIRS, SYMBOLS
from tavola.games.renaissance_man.rules import FOUND, HAND, KNIGHTS


def test_the_dealer_deals_the_recruit_board_first() -> None:
    """ "Select one player to be the Dealer for the game." [D1] "The Dealer:" "Places the
    Recruit Board in the Center of the table." "Shuffles the 96 game cards." "Deals 1 card
    face-up onto each slot of the Recruit board." """
    g = new(3, seed=5)
    v = g.view(None)
    assert v["phase"] == "foundation" and 0 <= v["dealer"] < 3
    assert all(v["recruits"]) and len(v["recruits"]) == 4
    assert v["deck"] == 96 - 4 and v["hand_sizes"] == [0, 0, 0]
    assert new(3, seed=5).dealer == g.dealer  # [D1] drawn from the seed
    assert new(3, seed=5, dealer=2).dealer == 2
    dealers = {new(3, seed=s).dealer for s in range(20)}
    assert dealers == {0, 1, 2}
    first = g.events(None)[0]
    assert first["kind"] == "board" and first["recruits"] == v["recruits"]


def test_the_foundation_is_laid_secretly_and_simultaneously() -> None:
    """ "The players now set their Foundation." "Each player observes the starting Recruits on
    the Recruit board." "All players then secretly and simultaneously place their 5 Foundation
    cards face-up in a row at the bottom of their play area in any order they wish." "These 5
    cards form Level One of the player's "Pyramid Structure" of workers." "One Foundation card
    of each type (Merchant, Scholar, Baker, Knight, Renaissance Man)" """
    g = new(2)
    assert g.view(0)["recruits"] == g.view(None)["recruits"]  # seen before choosing
    assert [a.kind for a in g.legal_actions(0)] == ["foundation"] * 5
    for worker in ("knight", "renaissance", "merchant"):
        step(g, 0, {"kind": "foundation", "worker": worker})
    # nothing of seat 0's choices shows to seat 1 or a spectator
    assert g.view(1)["structures"][0] == [None] * 15
    assert g.view(1)["mine"] == [] and g.view(0)["mine"][0]["worker"] == "knight"
    assert all(e["kind"] != "foundation" for e in g.events(1))
    step(g, 0, {"kind": "foundation", "worker": "scholar"})
    assert g.view(None)["commitments"]["committed"] == [0]
    assert g.view(1)["structures"][0] == [None] * 15
    for worker in ORDER[:4]:
        step(g, 1, {"kind": "foundation", "worker": worker})
    v = g.view(None)
    assert v["structures"][0][:5] == [
        "foundation-knight",
        "foundation-renaissance",
        "foundation-merchant",
        "foundation-scholar",
        "foundation-baker",
    ]
    assert sorted(x - FOUND for x in g.st[1][:5]) == [0, 1, 2, 3, 4]
    assert v["phase"] == "action" and v["level"] == 1 and v["round"] == 1


def test_four_cards_are_dealt_to_each_player_after_the_foundation() -> None:
    """ "The Dealer deals 4 cards to each player from the main deck." [D2] "Players should look
    at their own cards, but may not look at the cards of others." """
    g = new(4, seed=3)
    lay_foundations(g)
    assert [len(h) for h in g.hands] == [HAND] * 4
    assert g.view(None)["deck"] == 96 - 4 - 16
    v = g.view(2)
    assert v["hand"] == [g.c.ids[x] for x in g.hands[2]]
    assert v["hand_sizes"] == [4, 4, 4, 4]
    others = {g.c.ids[x] for s in (0, 1, 3) for x in g.hands[s]}
    assert not others & set(tavola.games.renaissance_man.views.build_view(g, 2)["hand"])
    assert others <= g.hidden_ids(2)
    draws = [e for e in g.events(None) if e["kind"] == "draw"]
    order = [e["seat"] for e in draws[::4]]
    assert order == [(g.dealer + 1 + i) % 4 for i in range(4)]  # [D2] from the Dealer's left


def test_the_tokens_are_48_double_sided_and_never_flipped() -> None:
    """ "The Dealer places the 48 double-sided tokens in one or more piles easily accessible by
    all players." "Once played on a player's board, these tokens may never be flipped (e.g.
    bread cannot be flipped over to be a coin)." "The tiles are double-sided simply to provide
    more supply variety." """
    g = new(2)
    assert sum(g.supply) == 48 and len(g.supply) == len(PAIRS)
    assert all(a != b for a, b in PAIRS)
    v = g.view(None)["supply"]
    assert set(v) == {f"{SYMBOLS[a]}/{SYMBOLS[b]}" for a, b in PAIRS}
    # A stored coin/bread token showing bread gives Barter, never Hire: in action phase 2 (seat
    # 1 has a worker on level two) seat 0 has no worker there, and a hand card that would fit
    # its open slot 2.1 (Merchant and Scholar beneath: coin, book).
    lay_foundations(g)
    for s in range(2):
        clear_hand(g, s)
    put(g, 1, "2.1", find_card(g, 3))
    bread = 4 * PAIRS.index((0, 2)) + 2
    g.stored[0] = [bread]
    g.supply[PAIRS.index((0, 2))] -= 1
    fits = find_card(g, 3, needs=(0, 1))
    give(g, 0, fits)
    pass_all(g)
    assert g.level == 2
    assert [a.to_json() for a in g.legal_actions(0)] == [
        {"kind": "pass"},
        {"kind": "act", "type": "barter"},
    ]
    assert g.view(1)["stored"][0] == [{"face": "bread", "token": "coin/bread"}]


def test_each_player_has_four_knights_a_board_and_a_colour() -> None:
    """ "Each player chooses a color to play." "Each player takes:" "4 Wooden Knights of the
    player's color" "The Wooden Action Pawn of the player's color" "A player board (assembled
    from 2 interlocking halves)" "One Reference card" [D26] A seat is a colour; the Action Pawn
    is the view's ``level``; the board is the view's ``stored`` and ``rm_tokens``; the
    Reference card is the terminal's ``help`` (``text.RULES``)."""
    g = new(3)
    lay_foundations(g)
    v = g.view(0)
    assert [sum(row[s] for row in v["knights"]) for s in range(3)] == [0, 0, 0]
    assert KNIGHTS == 4
    assert v["level"] == 1 and v["stored"] == [[], [], []] and v["rm_tokens"] == [[], [], []]
    assert "Renaissance Man (2013)" in tavola.get_spec("renaissance-man").text.RULES


def test_the_deck_is_96_cards_and_the_discard_pile_is_face_down() -> None:
    """ "Throughout the game, players will discard cards to a face-down discard pile near the
    center of the table." "The Dealer should keep the main deck nearby for easy access." The
    view shows the deck's size, never its order; cards discarded face down are named only to
    their owner (a card played for an action was revealed: it lies face up)."""
    g = new(2)
    lay_foundations(g)
    v = g.view(0)
    assert isinstance(v["deck"], int) and v["discards"] == 0
    assert g.c.n_cards == 96
    assert g.c.ids[g.deck[-1]] in g.hidden_ids(0) and "order" not in str(v)
    x, y = g.hands[0][:2]
    commit(g, 0, {"kind": "act", "type": "barter"}, {"kind": "card", "card": g.c.ids[y]})
    commit(g, 0, g.legal_actions(0)[0].to_json(), "ready")
    commit(g, 1, "pass", "ready")
    while g.phase == 1:  # any later action phase
        pass_all(g)
    commit(g, 0, {"kind": "discard", "card": g.c.ids[x]}, "done", "ready")
    commit(g, 1, "done", "ready")
    for seat in (1, None):
        v = g.view(seat)
        assert v["discards"] == 2 and v["public_discards"] == [g.c.ids[y]]
        assert g.c.ids[x] not in json.dumps(v) + json.dumps(g.events(seat))
        assert g.c.ids[x] in g.hidden_ids(seat)
    assert g.view(0)["my_discards"] == [g.c.ids[x]] and g.c.ids[x] not in g.hidden_ids(0)
