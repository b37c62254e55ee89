"""Renaissance Rivals: what each seat sees, and resampling for search bots. The decisions [Dn]
are those of docs/rules/renaissance-rivals.md."""

import random

from rr_helpers import a_card, clear_hand, do, new, num, put, take

from tavola.games.renaissance_rivals.rules import LAYOUT


def test_views_hide_other_hands_deck_orders_and_the_market_below() -> None:
    """[D9] Another seat's hand is a count (its deck and unseen hand one sorted list); the
    market shows top cards and counts; the Red piles their sizes."""
    g = new(3, seed=4)
    v = g.view(0)
    me, other = v["seats"][0], v["seats"][1]
    assert me["hand"] == [g.t.ids[i] for i in sorted(g.hands[0])] and me["unseen"] is None
    assert other["hand"] is None and other["hand_size"] == 4
    assert other["unseen"] == [g.t.ids[i] for i in sorted(g.decks[1] + g.hands[1])]
    assert all(set(m) == {"stack", "level", "top", "count"} for m in v["market"])
    assert v["red_piles"] == [5, 18, 18, 42]
    draw = next(e for e in g.events(0) if e["kind"] == "draw" and e["seat"] == 1)
    assert draw["hidden"] == ["cards"] and draw["count"] == 4


def test_resample_deals_again_what_the_seat_cannot_see() -> None:
    """[D17] The market below the tops among the stacks of each level, the Red piles, the seat's
    own deck order, and each other seat's deck and unseen hand, as one pool."""
    g = new(3, seed=4)
    do(g, {"kind": "use", "card": g.t.ids[g.hands[0][0]], "as": "influence"})
    h = g.resample(1, random.Random(3))
    assert h.view(1) == g.view(1) and h.view(None) == g.view(None)
    assert h.used == g.used and g.used[0] in h.hands[0]  # the used card stays in the hand
    assert sorted(h.hands[0] + h.decks[0]) == sorted(g.hands[0] + g.decks[0])
    for p, stack in enumerate(h.stacks):
        assert stack[-1] == g.stacks[p][-1]
        assert {h.t.level[i] for i in stack} <= {LAYOUT[p // 4][p % 4]}
    moved = sum(h.stacks[p] != g.stacks[p] for p in range(16))
    assert moved > 8


def test_hidden_ids_leave_the_face_down_market_to_the_spectator() -> None:
    """[D18] A seat's hidden ids are the decks' and others' hands' cards; the spectator's add
    the market's face-down cards and the Red piles."""
    g = new(3, seed=4)
    mine = g.hidden_ids(0)
    every = g.hidden_ids(None)
    below = {g.t.ids[i] for stack in g.stacks for i in stack[:-1]}
    assert mine < every and below <= every and not below & mine
    assert not {g.t.ids[i] for i in g.hands[0]} & mine
    assert {g.t.ids[i] for i in g.hands[1]} <= mine


def test_only_the_seat_to_act_sees_how_many_elevations_its_hand_gives() -> None:
    """ "LAND and ARCH Commissions grant the "Elevate" action when drawn into your hand": the
    hand is secret, so the count is its seat's alone; the others cannot tell the hand from one
    without a LAND card, in the view, the observation or the information set.
    Decisions: [D9], [D19]."""
    g, twin = new(2, seed=1), new(2, seed=1)
    land = a_card(g, level=2, skill="LAND")
    for game, hand, deck in ((g, land, "s1-madonna"), (twin, "s1-madonna", land)):
        clear_hand(game)
        for cid in (hand, "s1-holy-family-1"):  # the twin's hand: no LAND, no Elevation
            put(game, cid, "hand")
        put(game, deck, "deck")
    assert (g.view(0)["this_turn"]["elevations"], twin.view(0)["this_turn"]["elevations"]) == (1, 0)
    assert g.view(1)["this_turn"]["elevations"] is None
    assert g.view(None)["this_turn"]["elevations"] is None
    assert g.view(1) == twin.view(1) and g.view(None) == twin.view(None)
    assert (g.observe(1) == twin.observe(1)).all() and g.info_key(1) == twin.info_key(1)
    assert not (g.observe(0) == twin.observe(0)).all() and g.info_key(0) != twin.info_key(0)


def test_a_world_dealt_for_another_seat_counts_the_elevations_of_its_hand() -> None:
    """[D17] A world dealt for seat 1 gives seat 0, to act, the Elevations of the hand dealt to
    it (not the true hand's), and a hand that holds the LAND or ARCH cards the Elevations it
    has made this turn needed."""
    g = new(2, seed=1)
    clear_hand(g)
    land, plain = a_card(g, level=2, skill="LAND"), a_card(g, level=1, skill="PORT")
    for cid in (land, plain):
        put(g, cid, "hand")
    el = g.t.elevates
    rng = random.Random(5)
    counts = set()
    for _ in range(200):
        w = g.resample(1, rng)
        assert w.charges == sum(el[i] for i in w.hands[0]) >= 0
        counts.add(w.charges)
    assert 0 in counts and 1 in counts  # not the true hand's 1, every time
    put(g, "s1-madonna", "discards")
    do(g, {"kind": "elevate", "card": "s1-madonna"})  # the LAND card's Elevation, made
    assert g.charges == 0
    for _ in range(200):
        w = g.resample(1, rng)
        held = sum(el[i] for i in w.hands[0])
        assert held >= 1 and w.charges == held - 1
        assert w.view(1) == g.view(1)
        assert not any(a.kind == "elevate" for a in w.legal_actions(0)) or w.charges > 0


def test_a_world_keeps_the_bronz_and_color_cards_a_hands_size_shows() -> None:
    """ "When drawn in your hand, BRONZ and COLOR Commissions allow players to draw an extra card
    from their deck": a hand of five drew one of them, so every world deals it one; a hand of
    four, none. Decisions: [D6], [D17]."""
    g = new(2, seed=1)
    clear_hand(g, seat=1)
    bronz = a_card(g, level=3, skill="BRONZ")
    others = [a_card(g, level=1, skill=skill) for skill in ("PORT", "ANAT", "PERSP", "ANTIQ")]
    for cid in (bronz, *others):
        put(g, cid, "hand", seat=1)
    draws = g.t.draws
    rng = random.Random(7)
    for _ in range(100):
        w = g.resample(0, rng)
        assert sum(draws[i] for i in w.hands[1]) == 1 and len(w.hands[1]) == 5
    take(g, bronz)
    g.decks[1].append(num(g, bronz))
    for _ in range(100):
        assert not any(draws[i] for i in g.resample(0, rng).hands[1])
