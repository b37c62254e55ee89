"""Testa di Pecora rules: what each player may know (the secret partner, the face-down cards)
and the determinizations agents search over. Each test quotes the rulebook sentence it checks;
see docs/rules/testa-di-pecora.md for the decisions on what is public."""

import json
import random

import pytest
from testa_helpers import act, card, card_ids_in, check, claim, deal, hand, ids, new, play, trade

import tavola
from tavola.games.testa_di_pecora.resample import voids


def as_json(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


def five_with_partner_at_3() -> tavola.Game:
    """Seat 2 claims and saves the Inheritance; seat 3 holds the Abbot; seat 0 leads."""
    g = new(5, seed=3)
    deal(
        g,
        {
            0: ["venice-prince", "venice-knight", "florence-knight", "naples-knight"],
            1: ["venice-duke", "florence-duke", "naples-duke", "pope"],
            2: ["venice-marquis", "florence-marquis", "cardinal", "novice"],
            3: ["abbot", "venice-count", "florence-count", "naples-count"],
            4: ["venice-baron", "florence-baron", "naples-baron", "friar"],
        },
        ["canon", "deacon"],
    )
    claim(g, 2, ["canon", "deacon"])
    assert g.side == (2, 3)
    return g


def swap(g: tavola.Game, a: str, b: str) -> tavola.Game:
    """A clone of ``g`` in which cards ``a`` and ``b`` (in two hands) have changed places."""
    h = g.clone()
    ma, mb = 1 << card(g, a), 1 << card(g, b)
    sa = next(s for s in range(g.n) if g.hands[s] & ma)
    sb = next(s for s in range(g.n) if g.hands[s] & mb)
    h.hands[sa] ^= ma | mb
    h.hands[sb] ^= ma | mb
    if g.n == 4:
        h.side = h._pope_side()
    else:
        holder = next(s for s in range(5) if h.hands[s] >> g.deck.abbot & 1)
        h.partner = -1 if holder == h.heir else holder
        h.side = (h.heir,) if h.partner < 0 else (h.heir, h.partner)
    check(h)
    return h


def test_the_partner_is_not_revealed_to_anyone_else() -> None:
    """ "The partner does not reveal their identity." Swapping the Abbot (seat 3) with the Pope
    (seat 1) makes seat 1 the partner, yet changes nothing in the views of seats 0, 2 (the
    Heir), 4 and a spectator, down to the JSON text, nor in the events they are told, while play
    goes on; only seats 1 and 3 see a difference (their own hands and parts).
    Decision: [D13] (docs/rules/testa-di-pecora.md).
    """
    g = five_with_partner_at_3()
    h = swap(g, "abbot", "pope")
    assert h.side == (2, 1)
    steps = 0
    while True:
        for seat in (0, 2, 4, None):
            assert as_json(g.view(seat)) == as_json(h.view(seat)), (steps, seat)
            assert g.events(seat) == h.events(seat), (steps, seat)
        assert g.view(3)["role"] == "partner" and h.view(3)["role"] == "opponent"
        assert g.view(1)["role"] == "opponent" and h.view(1)["role"] == "partner"
        # Play on identically with cards both deals share (not the Abbot or the Pope).
        (seat,) = g.to_act
        shared = [
            a
            for a in g.legal_actions(seat)
            if a in h.legal_actions(seat) and a.to_json()["card"] not in ("abbot", "pope")
        ]
        if not shared:
            break
        g.act(seat, shared[0])
        h.act(seat, shared[0])
        steps += 1
    assert steps >= 10


def test_the_heir_does_not_know_its_partner_but_the_partner_does() -> None:
    """ "Remaining secret is an important key to victory for the Heir and the partner." The Heir
    sees itself as the only known member; the partner knows the whole coalition.
    Decision: [D13] (docs/rules/testa-di-pecora.md).
    """
    g = five_with_partner_at_3()
    saves = {s: [e for e in g.events(s) if e["kind"] == "save"] for s in (None, 0, 1, 2, 3, 4)}
    assert [e["card"] for e in saves[2]] == ["canon", "deacon"]  # the Heir's own, by name
    for seat in (None, 0, 1, 3, 4):  # the partner too: face down
        assert [e.get("card") for e in saves[seat]] == [None, None]
        assert all(e["hidden"] == ["card"] for e in saves[seat])
    heir = g.view(2)["coalition"]
    assert heir == {"members": [2], "opponents": [], "complete": False, "alone": None}
    assert g.view(2)["role"] == "heir"
    partner = g.view(3)["coalition"]
    assert partner == {"members": [2, 3], "opponents": [0, 1, 4], "complete": True, "alone": False}


def test_opponents_know_the_heir_but_not_the_traitor() -> None:
    """ "The opposing coalition knows they are working against the Heir, but they don't know who
    among them is the traitorous partner." Seat 0 knows the Heir and that it is itself an
    opponent; nothing more. A spectator knows only the Heir.
    Decision: [D13] (docs/rules/testa-di-pecora.md).
    """
    g = five_with_partner_at_3()
    v = g.view(0)
    assert v["inheritance"]["heir"] == 2
    assert v["role"] == "opponent"
    assert v["coalition"] == {"members": [2], "opponents": [0], "complete": False, "alone": None}
    assert g.view(None)["coalition"]["members"] == [2]
    assert g.view(None)["role"] is None


def test_playing_the_abbot_reveals_the_partner_to_all() -> None:
    """ "The Heir's Partner is the player holding the Abbot." "The partner does not reveal their
    identity." Decision: the identity becomes known when the Abbot is played face up; from then
    on every view shows the whole coalition.
    Decision: [D13] (docs/rules/testa-di-pecora.md).
    """
    g = five_with_partner_at_3()
    trade(g, ["naples-knight", "naples-duke", "novice", "naples-count", "naples-baron"])
    assert g.view(0)["coalition"]["complete"] is False
    assert g.to_act == frozenset({2})
    play(g, 2, "cardinal")
    play(g, 3, "abbot")
    for seat in (None, 0, 1, 2, 3, 4):
        c = g.view(seat)["coalition"]
        assert c["members"] == [2, 3] and c["complete"] is True and c["alone"] is False
        assert c["opponents"] == [0, 1, 4]


def test_a_lone_heir_is_known_alone_only_to_itself() -> None:
    """ "The Heir's Partner is the player holding the Abbot." An Heir holding the Abbot knows it
    plays alone; the others cannot tell it from an Heir with a partner until the Abbot is played
    (or the season is scored, when the savings are shown).
    Decisions: [D11], [D13] (docs/rules/testa-di-pecora.md).
    """
    g = five_with_partner_at_3()
    h = swap(g, "abbot", "cardinal")  # the Heir now holds the Abbot
    assert h.side == (2,)
    assert h.view(2)["role"] == "heir (alone)"
    assert h.view(2)["coalition"]["alone"] is True
    for seat in (0, 1, 4, None):
        assert as_json(h.view(seat)) == as_json(g.view(seat))


def test_four_players_the_partnership_is_secret_until_played() -> None:
    """ "The player with the Pope and the player with the Mendicant are partnered in a
    coalition." The rulebook does not say the partners show themselves, so (as in the 5-player
    game) a seat knows its own card and sees the others' only when played. Moving the Mendicant
    from seat 2 to seat 1 changes nothing for the Pope (seat 0), seat 3 or a spectator.
    Decision: [D13] (docs/rules/testa-di-pecora.md).
    """
    g = new(4, seed=2)
    deal(g, {0: ["pope"], 1: ["cardinal"], 2: ["mendicant"]})
    h = swap(g, "mendicant", "cardinal")
    assert g.side == (0, 2) and h.side == (0, 1)
    for seat in (0, 3, None):
        assert as_json(g.view(seat)) == as_json(h.view(seat))
    assert g.view(0)["role"] == "pope" and g.view(2)["role"] == "mendicant"
    assert g.view(0)["coalition"]["members"] == [0]
    assert g.view(3)["coalition"] == {
        "members": [],
        "opponents": [3],
        "complete": False,
        "alone": None,
    }


def test_four_players_the_mendicant_played_completes_the_coalition() -> None:
    """ "The other two players are in the opposing coalition." Once the Pope and the Mendicant
    have both been played every seat knows both coalitions.
    Decision: [D13] (docs/rules/testa-di-pecora.md).
    """
    g = new(4, seed=2)
    deal(
        g,
        {
            0: ["pope", "venice-knight"],
            1: ["cardinal", "venice-baron"],
            2: ["mendicant", "venice-count"],
            3: ["archbishop", "venice-marquis"],
        },
    )
    trade(g, ["pope", "cardinal", "mendicant", "archbishop"])
    for seat in (None, 0, 1, 2, 3):
        c = g.view(seat)["coalition"]
        assert c["members"] == [0, 2] and c["opponents"] == [1, 3] and c["complete"]


def test_one_holding_pope_and_mendicant_knows_it_is_alone() -> None:
    """ "The player with the Pope and the player with the Mendicant are partnered in a
    coalition." The holder of both (seed 17: seat 0) knows it plays alone; the others do not.
    Decisions: [D12], [D13] (docs/rules/testa-di-pecora.md).
    """
    g = new(4, seed=17)
    assert g.view(0)["role"] == "pope and mendicant (alone)"
    assert g.view(0)["coalition"]["alone"] is True
    assert g.view(1)["coalition"]["complete"] is False


def test_no_view_shows_a_card_its_seat_cannot_see() -> None:
    """ "Two cards are dealt face down, and are the Inheritance." "The cards placed down
    represent the Heir's savings." Throughout random games every card named in a seat's view is
    in its own hand, its own savings (the Heir's), played face up this season, or a past
    season's savings (shown at the end of that season) or last trade. Every view is JSON."""
    for n, seed in ((5, 1), (5, 2), (4, 3)):
        g = new(n, seed)
        rng = random.Random(seed)
        while not g.is_over:
            played = {c for _, cards, _ in g.trades for c in cards} | set(g.trick)
            shown = set(ids(g, sum(1 << c for c in played)))
            for log in g.seasons_log:
                shown |= set(log["savings"])
                shown |= set(ids(g, sum(1 << c for c in log["last_trade"][1])))
            for seat in (None, *range(n)):
                v = g.view(seat)
                json.dumps(v)
                allowed = set(shown)
                if seat is not None:
                    allowed |= set(hand(g, seat))
                    if seat == g.heir:
                        allowed |= set(ids(g, g.savings))
                assert card_ids_in(v, g) <= allowed, (seat, card_ids_in(v, g) - allowed)
            (seat,) = g.to_act
            g.act(seat, rng.choice(g.legal_actions(seat)))


def test_the_savings_are_the_heirs_alone_until_the_season_is_scored() -> None:
    """ "The cards placed down represent the Heir's savings." They lie face down: the Heir sees
    them, the others only their number. Decision: they are shown to all when the season is
    scored (their ducats are counted then), in the season's summary.
    Decision: [D24] (docs/rules/testa-di-pecora.md).
    """
    g = five_with_partner_at_3()
    assert g.view(2)["savings"] == {"count": 2, "cards": ["canon", "deacon"]}
    for seat in (0, 1, 3, 4, None):
        assert g.view(seat)["savings"] == {"count": 2, "cards": None}
    while g.season == 0:
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    for seat in (0, None):
        done = g.view(seat)["seasons_done"][0]
        assert done["savings"] == ["canon", "deacon"]
        assert done["side"] == [2, 3] and done["heir"] == 2


def test_a_pass_out_announces_influence_scores_but_not_the_hands() -> None:
    """ "If nobody claims the Inheritance, players add up their influence scores." Decision: the
    scores are announced (every view lists them with who was punished); the hands themselves are
    collected and re-dealt unseen.
    Decision: [D9] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=3)
    old_hands = [hand(g, s) for s in range(5)]
    for _ in range(5):
        act(g, g.cur, "pass")
    for seat in (None, 0, 3):
        v = g.view(seat)
        assert len(v["passouts"]) == 1
        assert v["passouts"][0]["influence"] == g.passouts[0]["influence"]
        own = set(hand(g, seat)) if seat is not None else set()
        old = {c for s, h in enumerate(old_hands) if s != seat for c in h}
        assert not (card_ids_in(v, g) - own) & old


def test_an_opponents_determinization_may_put_the_abbot_anywhere_hidden() -> None:
    """ "...they don't know who among them is the traitorous partner." A resample for seat 0
    looks the same to seat 0 and deals the Abbot to any seat it cannot see, so search by an
    opponent cannot peek at the partner; a resample for the partner keeps it the partner.
    Decision: [D13] (docs/rules/testa-di-pecora.md).
    """
    g = five_with_partner_at_3()
    mine = as_json(g.view(0))
    partners = set()
    for i in range(60):
        r = g.resample(0, random.Random(i))
        check(r)
        assert as_json(r.view(0)) == mine
        partners.add(r.partner)
    assert partners == {-1, 1, 3, 4}  # -1: the Heir holds the Abbot in hand or savings
    for i in range(10):
        r = g.resample(3, random.Random(i))
        assert r.partner == 3 and as_json(r.view(3)) == as_json(g.view(3))
        r = g.resample(2, random.Random(i))
        assert r.savings == g.savings and as_json(r.view(2)) == as_json(g.view(2))


def test_a_determinization_respects_what_failing_to_follow_showed() -> None:
    """ "Subsequent players, in clockwise order, must play a noble from the same city, if they
    have one." A player who did not follow the city has none of it left, so no resample gives
    it one. Seat 1 threw a cleric on a Venice trade: it holds no Venice noble in any resample."""
    g = new(4, seed=5)
    deal(
        g,
        {
            0: ["venice-knight", "venice-prince"],
            1: ["pope", "florence-prince"],
            2: ["venice-baron", "venice-duke"],
            3: ["venice-count", "venice-marquis"],
        },
    )
    trade(g, ["venice-knight", "pope", "venice-baron", "venice-count"])
    assert voids(g)[1] == g.t.suit_masks[1]
    venice = g.t.suit_masks[g.deck.suit_of[card(g, "venice-prince")]]
    for i in range(30):
        r = g.resample(0, random.Random(i))
        assert not r.hands[1] & venice
        assert as_json(r.view(0)) == as_json(g.view(0))


@pytest.mark.parametrize("n", [4, 5])
def test_resampled_hands_keep_every_void_shown_in_play(n: int) -> None:
    """ "Subsequent players, in clockwise order, must play a noble from the same city, if they
    have one." A seat that did not follow has shown it holds none of that city (or of the
    Church, after a cleric lead), so every determinization a seat may draw keeps those voids,
    keeps every hand's size and keeps the seat's own cards, through whole random games."""
    rng = random.Random(n)
    for seed in range(6):
        g = new(n, seed)
        while not g.is_over:
            void = voids(g)
            for seat in range(n):
                r = g.resample(seat, rng)
                assert r.hands[seat] == g.hands[seat]
                for other in range(n):
                    assert not r.hands[other] & void[other]
                    assert r.hands[other].bit_count() == g.hands[other].bit_count()
                check(r)
            (seat,) = g.to_act
            g.act(seat, rng.choice(g.legal_actions(seat)))


def test_at_four_players_only_the_other_role_card_s_holder_learns_the_sides() -> None:
    """ "In the four player game: ... The player with the Pope and the player with the Mendicant
    are partnered in a coalition." When the first of the two is played, the seat holding the
    other learns the sides (a `sides` event for it alone); the others are told nothing, and
    every seat's events keep the same numbers (no gap gives it away).
    Decision: [D13] (docs/rules/testa-di-pecora.md)."""
    g = next(g for seed in range(50) if len((g := new(4, seed=seed)).side) == 2)
    rng = random.Random(1)
    roles = {"pope", "mendicant"}
    while True:
        (seat,) = g.to_act
        action = rng.choice(g.legal_actions(seat))
        g.act(seat, action)
        if action.to_json()["card"] in roles:
            break
    (other,) = [s for s in g.side if s != seat]
    told = {s: [e for e in g.events(s) if e["kind"] == "sides"] for s in (None, 0, 1, 2, 3)}
    assert told[other] and sorted(told[other][0]["side"]) == sorted(g.side)
    assert all(told[s] == [] for s in (None, 0, 1, 2, 3) if s != other)
    (seat,) = g.to_act
    g.act(seat, g.legal_actions(seat)[0])
    numbers = {s: [e["i"] for e in g.events(s)][-1] for s in (None, 0, 1, 2, 3)}
    assert len(set(numbers.values())) == 1
