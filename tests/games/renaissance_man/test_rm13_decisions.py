"""Renaissance Man (2013): decisions of the rules page not covered elsewhere."""

from __future__ import annotations

import random

import pytest
from rm13_helpers import clear_hand, commit, give, in_deck, lay_foundations, new, pass_all, step

from tavola import IllegalActionError
from tavola.games.renaissance_man.cards import CARDS, PAIRS
from tavola.games.renaissance_man.rules import FOUND, RenaissanceMan

COIN, BOOK, BREAD, SHIELD = range(4)
M, SC, BA, K = range(4)


def _all_teach(players: int, dealer: int, supply: list[int], faces: str) -> RenaissanceMan:
    """Every seat teaches a Scholar in action phase 1, each choosing the token pair ``faces``
    (the last seat commits first), with ``supply`` left in the supply."""
    g = new(players, 1, dealer=dealer)
    lay_foundations(g)
    g.supply = supply
    for s, x in enumerate(in_deck(g, SC)[:players]):
        clear_hand(g, s)
        give(g, s, x)
    for s in reversed(range(players)):
        x = g.hands[s][0]
        commit(g, s, {"kind": "act", "type": "teach"}, {"kind": "card", "card": g.c.ids[x]})
        commit(g, s, {"kind": "token", "faces": faces}, "ready")
    return g


@pytest.mark.parametrize(("players", "dealer"), [(2, 1), (2, 0), (3, 1)])
def test_reveal_removals_first_then_actions_from_the_dealers_left(
    players: int, dealer: int
) -> None:
    """[D5] "At the reveal, every player's removals are done first, then the actions one by one
    from the Dealer's left, clockwise". Every seat teaches with the last book token of the
    supply: the seat on the Dealer's left gets it, the others are told the supply has none."""
    g = _all_teach(players, dealer, [0, 0, 0, 1, 0, 0], "book/bread")  # one book/bread left
    order = [(dealer + 1 + i) % players for i in range(players)]
    events = g.events(None)
    assert [e["seat"] for e in events if e["kind"] == "reveal"] == order
    assert [e["seat"] for e in events if e["kind"] == "token"] == order[:1]
    out = [e for e in events if e["kind"] == "supply_out"]
    assert {e["seat"] for e in out} == {None, *order[1:]}  # [D7] the supply ran out


def test_a_token_pair_gone_at_the_reveal_is_replaced_by_another_with_its_face() -> None:
    """[D7] "If the chosen pair is gone at the reveal (another player took the last one first),
    he takes another pair with that face". Both seats teach choosing coin/book, of which one
    token is left: seat 0 (on the Dealer's left) takes it, seat 1 a book/shield token."""
    coin_book, book_shield = PAIRS.index((COIN, BOOK)), PAIRS.index((BOOK, SHIELD))
    g = _all_teach(2, 1, [1, 8, 8, 0, 8, 8], "coin/book")
    assert g.rm == [[4 * coin_book + BOOK], [4 * book_shield + BOOK]]
    assert not any(e["kind"] == "supply_out" for e in g.events(None))


def test_a_reveals_renaissance_men_are_drawn_after_every_card_of_it_is_discarded() -> None:
    """[D5] 'All players take actions simultaneously': seat 0's fourth teaching generates a
    Renaissance Man from an empty deck while seat 1 barters in the same reveal; the discards
    shuffled into the new deck hold seat 1's card too (it was left out, by seat order)."""
    g = new(2, 1, dealer=1)  # seat 0 acts first
    lay_foundations(g)

    def token(face: int) -> int:
        j = next(j for j, pair in enumerate(PAIRS) if face in pair and g.supply[j])
        g.supply[j] -= 1
        return j * 4 + face

    g.rm[0] = [token(0), token(1), token(2)]
    knight = next(i for i in range(96) if g.c.typ[i] == K and i in g.deck)
    baker = next(i for i in range(96) if g.c.typ[i] == BA and i in g.deck)
    for s, x in ((0, knight), (1, baker)):
        clear_hand(g, s)
        give(g, s, x)
    g.disc_pub += g.deck
    g.deck = []
    commit(g, 0, {"kind": "act", "type": "teach"}, {"kind": "card", "card": g.c.ids[knight]})
    commit(g, 0, {"kind": "token", "faces": "coin/shield"}, "ready")
    commit(g, 1, {"kind": "act", "type": "barter"}, {"kind": "card", "card": g.c.ids[baker]})
    commit(g, 1, g.legal_actions(1)[0].to_json(), "ready")
    assert any(e["kind"] == "shuffle" for e in g.events(None))
    assert knight in g.deck and baker in g.deck


def test_foundation_workers_offer_their_own_icon() -> None:
    """[D28] A Foundation worker offers its own icon on both top corners; the Foundation
    Renaissance Man offers any."""
    g = new(2)
    lay_foundations(g)
    t = g.t
    for k in range(4):
        assert t.ol[FOUND + k] == t.orr[FOUND + k] == 1 << k
    assert t.ol[FOUND + 4] == t.orr[FOUND + 4] == 15


def test_the_deck_design_is_data() -> None:
    """[D29] 20 cards of each worker type, 16 Renaissance Men, 8 tokens of each pair of faces."""
    c = CARDS.load("standard")
    assert c.tokens == (8,) * len(PAIRS)
    assert sum(1 for t in c.typ if t == 4) == 16


def test_a_resample_keeps_the_view_and_redraws_the_rest() -> None:
    """[D14] Everything the seat cannot see is dealt again; others' commitments are drawn
    again."""
    g = new(3, 7)
    lay_foundations(g)
    commit(g, 1, "pass", "ready")
    h = g.resample(0, random.Random(1))
    assert h.view(0) == g.view(0)
    assert sorted(h.hands[1] + h.hands[2] + h.deck) == sorted(g.hands[1] + g.hands[2] + g.deck)
    assert (h.hands[1], h.hands[2]) != (g.hands[1], g.hands[2])


def test_events_never_name_a_card_drawn_or_discarded_face_down() -> None:
    """[D27]"""
    g = new(2, 2)
    lay_foundations(g)
    drawn = {g.c.ids[x] for h in g.hands for x in h}
    texts = str([e for e in g.events(0) + g.events(1) if e["kind"] == "draw"])
    assert not any(x in texts for x in drawn)
    clear_hand(g, 0)
    x = next(i for i in reversed(g.deck) if g.c.typ[i] == BA)
    give(g, 0, x)
    pass_all(g)
    commit(g, 0, {"kind": "discard", "card": g.c.ids[x]}, "done", "ready")
    commit(g, 1, "done", "ready")
    assert g.c.ids[x] not in str(g.events(0)) and g.view(0)["my_discards"] == [g.c.ids[x]]
    assert M == 0


def test_a_resample_draws_the_others_commitments_by_a_given_policy() -> None:
    """[D14] A search bot may draw the others' hidden commitments as it thinks they would
    choose: the policy is asked on the world being drawn (never the real game), step by step,
    for each seat that had committed; a seat that had not stays uncommitted."""
    g = new(3, 7)
    lay_foundations(g)
    commit(g, 1, "pass", "ready")
    asked = []

    def last(world, seat, legal, rng):  # type: ignore[no-untyped-def]
        assert len(asked) < 20
        asked.append((world, seat, legal[-1]))
        return legal[-1]

    h = g.resample(0, random.Random(1), last)
    assert h.view(0) == g.view(0)
    assert asked and {s for _, s, _ in asked} == {1} and all(w is h for w, _, _ in asked)
    assert h.commits.steps[1] == [a.code for _, _, a in asked]
    assert 1 in h.commits.done and 2 not in h.commits.done


def test_a_step_of_a_secret_choice_is_taken_back_until_ready() -> None:
    """[D17] An action is a secret commitment cut into steps, 'and last Ready': until Ready, the
    player may take back a step (nobody else saw it), as a card not yet laid down is taken
    back in the hand. After Ready there is nothing to take back."""
    g = new(2, 1, dealer=1)
    lay_foundations(g)
    before = g.canonical()
    step(g, 0, "pass")
    step(g, 1, "pass")
    assert g.can_take_back(0) and g.take_back(0) == len(before[3])  # its place in the history
    assert [seat for seat, _ in g.history[len(before[3]) :]] == [1]
    g.take_back(1)
    assert g.canonical() == before and not g.can_take_back(0)
    with pytest.raises(IllegalActionError, match="seat 0 has no step to take back"):
        g.take_back(0)
    commit(g, 0, "pass", "ready")
    assert not g.can_take_back(0)  # Ready: it is in
    with pytest.raises(IllegalActionError, match="no step to take back"):
        g.take_back(0)
