"""Renaissance Rivals: what each seat sees, and resampling for search bots. The decisions [Dn]
are those of docs/rules/renaissance-rivals.md."""

import random

from rr_helpers import do, new

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
