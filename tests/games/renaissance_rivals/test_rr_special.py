"""Renaissance Rivals special actions: extra draws (BRONZ, COLOR), Elevate (LAND, ARCH) and
GOLD's move down. Each test quotes the rulebook sentences it checks; the decisions [Dn] are those
of docs/rules/renaissance-rivals.md."""

from rr_helpers import a_card, cards, clear_hand, do, legal_json, new, pawn, put


def test_bronz_and_color_draw_one_more_card_without_limit() -> None:
    """When drawn in your hand, BRONZ and COLOR Commissions allow players to draw an extra card
    from their deck, as represented by this icon. Multiple extra card draws can "stack" without
    limit. Example: a player draws four cards, one of which is a BRONZ Commission. This allows her
    to draw a fifth card, which is a COLOR Commission, and this card in turn allows her to draw a
    sixth card. If this sixth card were also a COLOR or BRONZ, she would draw a seventh card, etc.
    Certain Commission cards grant special actions when added to your deck, as shown by the
    following symbols: (At the end of the first round and every round thereafter, all players will
    draw 4 cards into their hand for the next round, unless one or more of these cards has a special
    action that grants the player an extra card draw). [D6] [D28] Four cards, the first a BRONZ, the
    fifth a COLOR, the sixth a BRONZ: seven cards."""
    g = new(2, seed=1)
    do(g, "end")  # seat 0's next hand is drawn; now rig seat 1's deck, then end its turn
    deck = g.decks[1]
    bronz = cards(g, 2, level=3, skill="BRONZ")
    color = a_card(g, level=3, skill="COLOR")
    plain = cards(g, 6, level=1, skill="PORT")
    for cid in reversed([bronz[0], plain[0], plain[1], plain[2], color, bronz[1], plain[3]]):
        put(g, cid, "deck", 1)
    assert g.t.ids[deck[-1]] == bronz[0]
    do(g, "end")
    assert len(g.hands[1]) == 7
    assert [g.t.ids[i] for i in g.hands[1]].count(plain[3]) == 1


def test_the_hand_drawn_at_the_end_of_the_first_round_draws_for_a_bronz_too() -> None:
    """(At the end of the first round and every round thereafter, all players will draw 4 cards
    into their hand for the next round, unless one or more of these cards has a special action
    that grants the player an extra card draw). [D6] A BRONZ on top of seat 0's deck when its
    first turn ends: the hand it draws then has five cards."""
    g = new(2, seed=1)
    put(g, a_card(g, level=3, skill="BRONZ"), "deck")
    do(g, "end")
    assert len(g.hands[0]) == 5


def test_elevate_with_land_and_arch() -> None:
    """LAND and ARCH Commissions grant the "Elevate" action when drawn into your hand (as
    represented by the icon shown next to Influence and Advancement points). The Elevate action
    allows you to remove one card in your hand or discard pile from your deck and set it aside, so
    that it will no longer be drawn into future hands but will still be scored normally for VPs at
    the end of the game. This can be a useful way of removing the lowest-powered or most restrictive
    cards from your deck. Cards may be used to generate points and then Elevated at the end of the
    round. (It is suggested that Elevated cards be added to the bottom of your stack of completed
    Masterpieces, so that they are not accidentally confused with the cards in your draw deck or
    discards.) This ability is also "stacking," so if two LAND Commissions are drawn in the same
    hand, for example, two cards may be Elevated that round. [D19] Each LAND or ARCH card in hand
    gives one
    Elevation of a card of the hand or discards (used or not); Elevated cards still score."""
    g = new(2, seed=1)
    clear_hand(g)
    land = cards(g, 2, level=2, skill="LAND")
    lvl1 = a_card(g, level=1, skill="PORT")
    for cid in (*land, lvl1):
        put(g, cid, "hand")
    put(g, "s1-madonna", "discards")
    do(g, {"kind": "use", "card": lvl1, "as": "influence"})
    assert g.view(0)["this_turn"]["elevations"] == 2
    opts = {a["card"] for a in legal_json(g) if a["kind"] == "elevate"}
    assert opts == {*land, lvl1, "s1-madonna"}
    do(g, {"kind": "elevate", "card": lvl1})
    do(g, {"kind": "elevate", "card": "s1-madonna"})
    assert not any(a["kind"] == "elevate" for a in legal_json(g))
    v = g.view(1)["seats"][0]
    assert v["elevated"] == [lvl1, "s1-madonna"]
    assert g.score(0) == 1 + 2 + 2  # the Elevated level-1 card and the two LAND in hand
    do(g, "end")
    assert lvl1 not in [g.t.ids[i] for i in g.decks[0] + g.discards[0] + g.hands[0]]


def test_elevations_are_counted_from_the_hand_when_the_turn_starts() -> None:
    """LAND and ARCH Commissions grant the "Elevate" action when drawn into your hand (as
    represented by the icon shown next to Influence and Advancement points). [D19] 'Each LAND or
    ARCH card in the hand when the turn starts gives one Elevation that turn.' Seat 1 holds a
    LAND, an ARCH lies in its discards: when its turn starts (seat 0 ends its own), it has one
    Elevation, which may take the ARCH from the discards."""
    g = new(2, seed=1)
    land, arch = a_card(g, level=2, skill="LAND"), a_card(g, level=3, skill="ARCH")
    put(g, land, "hand", 1)
    put(g, arch, "discards", 1)
    do(g, "end")
    assert g.cur == 1 and g.view(1)["this_turn"]["elevations"] == 1
    assert {"kind": "elevate", "card": arch} in legal_json(g)


def test_gold_moves_the_pawn_down_instead_of_points() -> None:
    """When drawn in your hand, GOLD (Metalwork) Commissions give you the option of moving your
    pawn down one space INSTEAD of spending the card's Influence or Advancement points. [D20]"""
    g = new(2, seed=1)
    clear_hand(g)
    gold = a_card(g, level=1, skill="GOLD")
    put(g, gold, "hand")
    pawn(g, "B2")
    do(g, {"kind": "use", "card": gold, "as": "down"})
    v = g.view(0)
    assert v["seats"][0]["pawn"] == "B3" and v["this_turn"]["influence"] == 0
    assert not any(a["kind"] == "use" for a in legal_json(g))
    g = new(2, seed=1)
    clear_hand(g)
    put(g, gold, "hand")
    pawn(g, "B4")
    assert {"kind": "use", "card": gold, "as": "down"} not in legal_json(g)


def test_special_actions_are_those_of_the_special_actions_section() -> None:
    """In addition, certain level 3 Commission cards grant special actions, which can be used at
    any time during your turn (see SPECIAL ACTIONS, below). [D27] GOLD (level 1) and LAND (level 2)
    have special actions too."""
    g = new(2, seed=1)
    t = g.t
    from tavola.games.renaissance_rivals.cards import SKILLS

    powers = {
        SKILLS[t.skill[i]] for i in range(len(t.ids)) if t.draws[i] or t.elevates[i] or t.gold[i]
    }
    assert powers == {"BRONZ", "COLOR", "LAND", "ARCH", "GOLD"}
