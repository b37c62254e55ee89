"""The bound on re-deals (decision D10): the rulebook sets no limit on "re-deal, and replay the
season", so live play and replays are bounded by the option ``redeals`` (default 9): after that
many pass-outs in one season, the dealer, the last seat offered the Inheritance, must claim it."""

import random

import pytest
from testa_helpers import check, new, pass_out

import tavola
from tavola import IllegalActionError


def offer_round_to_dealer(g: tavola.Game) -> None:
    """Everyone but the dealer passes."""
    for _ in range(g.players - 1):
        (seat,) = g.to_act
        g.act(seat, g.parse_action(seat, {"kind": "pass"}))


def test_after_the_allowed_pass_outs_the_dealer_must_claim() -> None:
    """ "If nobody claims the Inheritance, ... Collect the cards, re-deal, and replay the
    season." With redeals = 2, two pass-outs re-deal as the rulebook says; in the third deal of
    the season the dealer may only claim, and a pass is refused with the reason, game unchanged.
    Decision: [D10] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=3, redeals=2)
    pass_out(g)
    pass_out(g)
    assert len(g.passouts) == 2 and g.season == 0
    offer_round_to_dealer(g)
    (dealer,) = g.to_act
    assert dealer == g.dealer
    assert [a.kind for a in g.legal_actions(dealer)] == ["claim"]
    before = g.canonical()
    with pytest.raises(IllegalActionError, match="passed 2 times this season: the dealer must"):
        g.act(dealer, g.parse_action(dealer, {"kind": "pass"}))
    assert g.canonical() == before
    g.act(dealer, g.parse_action(dealer, {"kind": "claim"}))
    assert g.heir == dealer and g.phase_name == "save"
    check(g)


def test_the_bound_counts_pass_outs_of_the_current_season_only() -> None:
    """Pass-outs of an earlier season do not count toward the bound of the next one, and with
    the default bound the dealer may still pass after a single pass-out. Decision: [D10]."""
    g = new(5, seed=3, redeals=1)
    pass_out(g)
    offer_round_to_dealer(g)
    (dealer,) = g.to_act
    assert [a.kind for a in g.legal_actions(dealer)] == ["claim"]
    g.act(dealer, g.parse_action(dealer, {"kind": "claim"}))
    while g.season == 0:  # the season played out, its bound reached
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    assert g.phase_name == "claim" and len(g.passouts) == 1
    offer_round_to_dealer(g)
    (dealer,) = g.to_act
    assert [a.kind for a in g.legal_actions(dealer)] == ["claim", "pass"]
    g2 = new(5, seed=3)
    pass_out(g2)
    offer_round_to_dealer(g2)
    (dealer2,) = g2.to_act
    assert [a.kind for a in g2.legal_actions(dealer2)] == ["claim", "pass"]


def test_with_no_re_deals_allowed_the_first_deal_is_claimed() -> None:
    """redeals = 0: nobody may pass the Inheritance all the way round; the message says the
    dealer must claim. Decision: [D10]."""
    g = new(5, seed=4, redeals=0)
    offer_round_to_dealer(g)
    (dealer,) = g.to_act
    with pytest.raises(IllegalActionError, match="the dealer must claim"):
        g.act(dealer, g.parse_action(dealer, {"kind": "pass"}))


def test_the_bound_makes_every_game_finite() -> None:
    """GameInfo.max_game_length bounds every game: a game where everyone always passes while
    allowed still ends, within the bound."""
    for redeals in (0, 3, 9):
        g = new(5, seed=5, redeals=redeals)
        info = tavola.get_spec("testa-di-pecora").info(5, options=dict(g.options))
        steps = 0
        while not g.is_over:
            (seat,) = g.to_act
            legal = g.legal_actions(seat)
            passing = [a for a in legal if a.kind == "pass"]
            g.act(seat, passing[0] if passing else legal[0])
            steps += 1
        assert steps <= info.max_game_length


def test_the_bound_is_offered_only_at_five_players() -> None:
    """At 4 players nobody is offered the Inheritance, so nobody passes it out: the lobby offered
    "Redeals" there all the same, and the simulator did not call it idle."""
    from tavola.sim.settings import idle_settings

    assert idle_settings("testa-di-pecora", 4, "standard", {"redeals": 3}) == {
        "redeals": "redeals=3 (only with 5 players)"
    }
    assert idle_settings("testa-di-pecora", 5, "standard", {"redeals": 3}) == {}
    four = [tavola.new_game("testa-di-pecora", 4, seed=2, options={"redeals": r}) for r in (0, 50)]
    rng = random.Random(2)
    while not four[0].is_over:
        (seat,) = four[0].to_act
        action = rng.choice(four[0].legal_actions(seat))
        for g in four:
            g.act(seat, action)
    assert four[0].result == four[1].result
