"""Testa di Pecora rules: the trading day (rulebook: The Trading Day). Leading, following the
city, the Church as trumps, who wins a trade and who leads next. Each test quotes the sentence
it checks; see docs/rules/testa-di-pecora.md."""

import itertools
import tomllib
from pathlib import Path

import pytest
from testa_helpers import (
    CHURCH,
    CITIES,
    RANKS,
    act,
    check,
    city,
    claim,
    deal,
    fake_trade,
    hand,
    ids,
    legal,
    new,
    play,
    snapshot,
    trade,
)

import tavola

DATA = Path(tavola.__file__).parent / "games" / "testa_di_pecora" / "data"

# Four full hands in which seat 0 leads Venice and the others are void of it, but for seat 3.
LAYOUT_B = {
    0: [
        "venice-prince",
        "venice-duke",
        "venice-marquis",
        "venice-knight",
        "archbishop",
        "chaplain",
        "deacon",
        "friar",
    ],
    1: [*city("naples"), "pope", "mendicant"],
    2: [*city("florence"), "cardinal", "novice"],
    3: [
        "venice-count",
        "venice-baron",
        "bishop",
        "inquisitor",
        "prior",
        "abbot",
        "camerlengo",
        "canon",
    ],
}

# Seat 0 and 1 hold the clerics; seats 2 and 3 only nobles.
LAYOUT_C = {
    0: ["abbot", "camerlengo", "canon", "chaplain", "deacon", "friar", "novice", "venice-knight"],
    1: [
        "pope",
        "mendicant",
        "cardinal",
        "archbishop",
        "bishop",
        "inquisitor",
        "prior",
        "venice-baron",
    ],
    2: ["venice-prince", "venice-duke", *city("naples")],
    3: ["venice-marquis", "venice-count", *city("florence")],
}


def four(layout: dict[int, list[str]], seed: int = 0) -> tavola.Game:
    g = new(4, seed)
    assert all(len(h) == 8 for h in layout.values())
    deal(g, layout)
    return g


def test_the_dealers_left_leads_the_first_trading_day() -> None:
    """ "For the first trading day, the lead player is the player to the left of the dealer."
    At 4 players trading starts at once: seat 0 (left of dealer 3) leads season 1, seat 1 (left
    of dealer 0) season 2.
    Decisions: [D1], [D2] (docs/rules/testa-di-pecora.md).
    """
    g = new(4, seed=3)
    assert g.dealer == 3 and g.to_act == frozenset({0})
    assert g.view(2)["trade"]["leader"] == 0
    while g.season == 0:
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    assert g.dealer == 0 and g.to_act == frozenset({1})


def test_the_lead_may_open_with_any_city_or_a_cleric() -> None:
    """ "Each day begins with the lead player opening the trade proposal by playing their
    sponsoring noble, who can be from Venice, Florence, Naples, or the Church." Every card in
    the leader's hand may open, from all three cities and the Church.
    Decision: [D15] (docs/rules/testa-di-pecora.md).
    """
    g = four(LAYOUT_C)
    assert legal(g, 0) == hand(g, 0)
    g = new(4, seed=3)
    deal(g, {0: ["pope", "novice", "venice-knight", "florence-knight", "naples-knight"]})
    assert set(legal(g, 0)) == set(hand(g, 0)) >= {"pope", "venice-knight", "naples-knight"}
    assert all(g.legal_actions(s) == [] for s in (1, 2, 3))


def test_players_follow_in_clockwise_order() -> None:
    """ "Subsequent players, in clockwise order, must play a noble from the same city, if they
    have one." Clockwise is the next seat, wrapping round the table: seat 2 leads, then 3, 0, 1.
    Decision: [D1] (docs/rules/testa-di-pecora.md).
    """
    g = four(LAYOUT_B)
    assert trade(g, ["venice-prince", "naples-knight", "novice", "venice-count"]) == 2
    order = []
    for _ in range(4):
        (seat,) = g.to_act
        order.append(seat)
        g.act(seat, g.legal_actions(seat)[0])
    assert order == [2, 3, 0, 1]


def test_players_must_follow_the_city_led() -> None:
    """ "Subsequent players, in clockwise order, must play a noble from the same city, if they
    have one." Seat 3 holds two nobles of Venice: only they may be played; a cleric is refused
    with a message that says why, and the game is left as it was."""
    g = four(LAYOUT_B)
    play(g, 0, "venice-knight")
    play(g, 1, "naples-knight")
    play(g, 2, "florence-knight")
    assert legal(g, 3) == ["venice-count", "venice-baron"]
    before = snapshot(g)
    with pytest.raises(tavola.IllegalActionError, match="the trade is in Venice: play a noble"):
        play(g, 3, "bishop")
    assert snapshot(g) == before


def test_clerics_are_not_nobles_of_the_city() -> None:
    """ "Subsequent players, in clockwise order, must play a noble from the same city, if they
    have one." The Church is not a city: a player holding clerics but no noble of the city led
    is void of it (unlike some trick games, no trump belongs to a plain suit).
    Decision: [D16] (docs/rules/testa-di-pecora.md).
    """
    g = four(LAYOUT_C)
    play(g, 0, "venice-knight")
    assert legal(g, 1) == ["venice-baron"]
    play(g, 1, "venice-baron")
    play(g, 2, "venice-prince")
    play(g, 3, "venice-marquis")
    assert g.trades[-1][2] == 2


def test_a_player_without_the_city_may_play_any_card() -> None:
    """ "If they don't, they may either deploy a noble from another city (who will add their cash
    to the trade, but has no influence) or a cleric." Seat 1 holds no Venice noble: its whole
    hand (Naples nobles and clerics) is legal."""
    g = four(LAYOUT_B)
    play(g, 0, "venice-knight")
    assert legal(g, 1) == hand(g, 1)
    assert {"pope", "naples-prince"} <= set(legal(g, 1))


def test_an_off_suit_noble_adds_cash_but_cannot_win() -> None:
    """ "If they don't, they may either deploy a noble from another city (who will add their cash
    to the trade, but has no influence) or a cleric." The Princes of Naples and Florence (11
    ducats each) are played on a Venice trade: the Count of Venice wins it and its 22 ducats."""
    g = four(LAYOUT_B)
    winner = trade(g, ["venice-knight", "naples-prince", "florence-prince", "venice-count"])
    assert winner == 3
    assert g.won == [0, 0, 0, 22]


def test_any_cleric_beats_the_best_noble_of_the_city() -> None:
    """ "If any clerics were played, the highest ranking cleric wins the round; otherwise, the
    highest ranking merchant from the city where the trade is happening carries the day." The
    Novice, the lowest cleric, beats the Prince of Venice leading a Venice trade."""
    g = four(LAYOUT_B)
    assert trade(g, ["venice-prince", "naples-knight", "novice", "venice-count"]) == 2
    assert g.won[2] == 11


def test_the_church_is_more_powerful_than_any_local_faction() -> None:
    """ "The goal is to have the most powerful noble in the city working for your coalition on
    this day - but beware, because the Church is more powerful than any local faction, and a
    shrewd trader can deploy clerics to win the day." Without a cleric the best noble of the city
    wins; one cleric from a player void in the city takes the trade."""
    g = four(LAYOUT_B)
    assert trade(g, ["venice-duke", "naples-knight", "florence-knight", "venice-count"]) == 0
    g = four(LAYOUT_B)
    assert trade(g, ["venice-duke", "naples-knight", "novice", "venice-count"]) == 2


def test_the_highest_of_several_clerics_wins() -> None:
    """ "If any clerics were played, the highest ranking cleric wins the round; otherwise, the
    highest ranking merchant from the city where the trade is happening carries the day." The
    Mendicant beats the Cardinal, whoever played first."""
    g = four(LAYOUT_B)
    assert trade(g, ["venice-knight", "mendicant", "cardinal", "venice-baron"]) == 1
    g = four(LAYOUT_B)
    assert trade(g, ["venice-knight", "naples-knight", "cardinal", "venice-baron"]) == 2


@pytest.mark.parametrize(("higher", "lower"), list(itertools.pairwise(CHURCH)))
def test_clerics_rank_pope_first_novice_last(higher: str, lower: str) -> None:
    """ "If any clerics were played, the highest ranking cleric wins the round..." The ranks are
    the deck file's order (Sheepshead's queens, jacks, then the diamonds A 10 K 9 8 7): Pope,
    Mendicant, Cardinal, Archbishop, Bishop, Inquisitor, Prior, Abbot, Camerlengo, Canon,
    Chaplain, Deacon, Friar, Novice. Rank is not money: the Camerlengo (11 ducats) ranks below
    the Abbot (2). Each neighbouring pair is checked in both playing orders.
    Decision: [D17] (docs/rules/testa-di-pecora.md).
    """
    nobles = city("venice") + city("florence") + city("naples")
    for first, second, expected in ((lower, higher, 1), (higher, lower, 0)):
        g = new(4, seed=1)
        deal(g, {0: [first], 1: [second], 2: nobles[:8], 3: nobles[8:16]})
        play(g, 0, first)
        play(g, 1, second)
        play(g, 2, legal(g, 2)[0])
        play(g, 3, legal(g, 3)[0])
        assert g.trades[-1][2] == expected, (first, second)


@pytest.mark.parametrize("name", CITIES)
@pytest.mark.parametrize("k", range(5))
def test_nobles_rank_prince_to_knight_in_their_city(name: str, k: int) -> None:
    """ "...otherwise, the highest ranking merchant from the city where the trade is happening
    carries the day." Within a city the order is Prince, Duke, Marquis, Count, Baron, Knight
    (Sheepshead's A 10 K 9 8 7); each neighbouring pair is checked in both playing orders while
    the other two players, void in the city, throw in nobles of other cities.
    Decision: [D17] (docs/rules/testa-di-pecora.md).
    """
    higher, lower = f"{name}-{RANKS[k]}", f"{name}-{RANKS[k + 1]}"
    others = [c for c in CITIES if c != name]
    for first, second, expected in ((lower, higher, 1), (higher, lower, 0)):
        g = new(4, seed=1)
        layout = {
            0: [first],
            1: [second],
            2: [*city(others[0]), "deacon", "friar"],
            3: [*city(others[1]), "chaplain", "novice"],
        }
        deal(g, layout)
        play(g, 0, first)
        play(g, 1, second)
        play(g, 2, f"{others[0]}-prince")
        play(g, 3, f"{others[1]}-prince")
        assert g.trades[-1][2] == expected, (first, second)


def test_the_winner_collects_the_cards_and_their_cash() -> None:
    """ "The player who wins the round collects all the played cards, and places the cards face
    down in front of them." The four cards go to the winner's pile; every view shows the trade
    and the ducats each player has won (decision: the cards were played face up, so what a
    player has collected is public).
    Decision: [D18] (docs/rules/testa-di-pecora.md).
    """
    g = four(LAYOUT_B)
    trade(g, ["venice-knight", "naples-prince", "florence-prince", "venice-count"])
    leader, cards, winner = g.trades[-1]
    assert (leader, winner) == (0, 3) and len(cards) == 4
    assert not any(g.hands[s] >> c & 1 for s in range(4) for c in cards)
    for seat in (None, 0, 1, 2, 3):
        v = g.view(seat)
        assert v["trades"][-1]["winner"] == 3
        assert v["trades"][-1]["ducats"] == 22
        assert v["ducats_won"] == [0, 0, 0, 22]
    check(g)


def test_the_winners_team_earns_the_cash_at_the_end_of_the_season() -> None:
    """ "That player's team will earn the cash value of the cards at the end of the season." In
    a 4-player game the Pope (seat 1) and the Mendicant (seat 1 too, here: alone) are one team;
    what its member won is counted for the team when the season is scored; and in a deal where
    the two are partners, what each won makes the team's count."""
    g = four(LAYOUT_B)
    assert g.side == (1,)
    trade(g, ["venice-knight", "pope", "florence-prince", "venice-count"])
    assert g.won[1] == 14
    assert g.seasons_log == []  # nothing is scored before the season ends
    while g.season == 0:
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    assert g.seasons_log[0]["ducats"][0] >= 14
    # two partners: each one's winnings go to the team's count
    for seed in range(50):
        g = new(4, seed=seed)
        if len(g.side) == 2:
            break
    while g.season == 0:
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[-1])
    won = [0] * 4
    for e in g.events(None):
        if e["kind"] == "trade":
            won[e["winner"]] += e["ducats"]
    side = g.seasons_log[0]["side"]
    assert all(won[s] for s in side), won  # both partners won a trade
    assert g.seasons_log[0]["ducats"] == [
        sum(won[s] for s in side),
        120 - sum(won[s] for s in side),
    ]


def test_a_cleric_lead_must_be_followed_with_clerics() -> None:
    """ "For trades that begin with a cleric, all players must play clerics, if they have them,
    and all other nobles have no chance of winning." Seat 1 must play one of its clerics (its
    Baron of Venice is refused); seats 2 and 3 hold none and may play anything."""
    g = four(LAYOUT_C)
    play(g, 0, "novice")
    assert legal(g, 1) == [
        "pope",
        "mendicant",
        "cardinal",
        "archbishop",
        "bishop",
        "inquisitor",
        "prior",
    ]
    before = snapshot(g)
    with pytest.raises(tavola.IllegalActionError, match="begun with a cleric is followed"):
        play(g, 1, "venice-baron")
    assert snapshot(g) == before
    play(g, 1, "prior")
    assert legal(g, 2) == hand(g, 2)
    play(g, 2, "naples-prince")
    assert legal(g, 3) == hand(g, 3)
    play(g, 3, "florence-prince")
    assert g.trades[-1][2] == 1


def test_on_a_cleric_lead_no_noble_can_win() -> None:
    """ "For trades that begin with a cleric, all players must play clerics, if they have them,
    and all other nobles have no chance of winning." Late in the season only seat 0 holds
    clerics; it leads its lowest, the Novice, and the three Princes played to it cannot win."""
    g = four(
        {
            0: ["abbot", "camerlengo", "canon", "chaplain", "deacon", "prior", "friar", "novice"],
            1: [
                "pope",
                "mendicant",
                "cardinal",
                "archbishop",
                "bishop",
                "inquisitor",
                "venice-baron",
                "venice-knight",
            ],
            2: [*city("naples"), "venice-prince", "venice-duke"],
            3: [*city("florence"), "venice-marquis", "venice-count"],
        }
    )
    # Six earlier trades (recorded directly) use up seat 1's clerics; seat 0 wins them all.
    church_1 = ["pope", "mendicant", "cardinal", "archbishop", "bishop", "inquisitor"]
    for i in range(6):
        cards = [hand(g, 0)[0], church_1[i], city("naples")[i], city("florence")[i]]
        fake_trade(g, cards, 0)
    assert hand(g, 1) == ["venice-baron", "venice-knight"] and g.to_act == frozenset({0})
    assert trade(g, ["novice", "venice-baron", "venice-prince", "venice-marquis"]) == 0
    assert g.won[0] > 0


def test_the_winner_of_the_day_leads_the_next() -> None:
    """ "The player who wins the day begins the next round by playing a noble to open the next
    trading day." Seat 3 won, so seat 3 leads, whatever the seating; decision: like the first
    lead it may open with any card, a cleric included.
    Decision: [D15] (docs/rules/testa-di-pecora.md).
    """
    g = four(LAYOUT_B)
    trade(g, ["venice-knight", "naples-prince", "florence-prince", "venice-count"])
    assert g.to_act == frozenset({3})
    assert g.view(0)["trade"]["leader"] == 3
    assert legal(g, 3) == hand(g, 3)
    play(g, 3, "canon")
    assert g.view(0)["trade"]["suit"] == "Church"
    assert g.to_act == frozenset({0})


def test_play_continues_until_all_cards_are_played() -> None:
    """ "Play continues in this fashion until all cards have been played and the trading season
    is over." Every day takes one card from each hand; the season is scored only when the hands
    are empty (8 days at 4 players), and the next season is dealt."""
    g = four(LAYOUT_C)
    sizes = []
    while g.season == 0:
        if not g.trick:
            sizes.append([h.bit_count() for h in g.hands])
            assert g.seasons_log == []
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    assert sizes == [[8 - k] * 4 for k in range(8)]
    assert len(g.seasons_log) == 1
    assert [h.bit_count() for h in g.hands] == [8] * 4


def test_money_is_made_in_the_trading_days() -> None:
    """ "Money is made in each trading day, by beginning a trade in one of the great Italian
    cities, and sponsoring it with a local noble." Each trade is worth the cash printed on its
    cards (read here from the deck file itself), and a season's count for each coalition is
    what its members won in trades (plus the Heir's savings): 120 ducats in all."""
    deck = tomllib.loads((DATA / "deck.toml").read_text(encoding="utf-8"))
    cash = {card["id"]: card["ducats"] for card in deck["card"]}
    assert sum(cash.values()) == 120
    for n in (4, 5):
        g = new(n, seed=21)
        while not g.is_over:
            (seat,) = g.to_act
            options = g.legal_actions(seat)
            g.act(seat, options[0] if g.phase_name == "claim" else options[-1])
        won = [0] * n
        seasons = []
        for e in g.events(None):
            if e["kind"] == "trade":
                assert e["ducats"] == sum(cash[card] for _, card in e["cards"])
                won[e["winner"]] += e["ducats"]
            elif e["kind"] == "season":
                side = sum(won[s] for s in e["side"]) + sum(cash[c] for c in e["savings"] or [])
                seasons.append((e["ducats"], [side, sum(won) - sum(won[s] for s in e["side"])]))
                won = [0] * n
        assert len(seasons) == 3
        for told, counted in seasons:
            assert told == counted and sum(told) == 120


def test_illegal_plays_are_refused_with_a_reason_and_change_nothing() -> None:
    """ "Subsequent players, in clockwise order, ...": only the player whose turn it is may act,
    only with a card of its own hand, and only with a card; each refusal says what is wrong."""
    g = four(LAYOUT_B)
    play(g, 0, "venice-knight")
    before = snapshot(g)
    cases = [
        (2, "play", "florence-knight", "seat 2 may not act now; waiting for seat 1"),
        (1, "play", "florence-knight", "Knight of Florence is not in your hand"),
        (1, "claim", None, "play a card from your hand"),
        (1, "save", "pope", "play a card from your hand"),
        (7, "play", "pope", "there is no seat 7"),
    ]
    for seat, kind, cid, message in cases:  # seat 7: parse_action already refuses it
        with pytest.raises((tavola.IllegalActionError, tavola.SeatError), match=message):
            act(g, seat, kind, cid)
        assert snapshot(g) == before


def test_nothing_can_be_played_once_the_game_is_over() -> None:
    """ "Each player counts their renown points; the player with the most is the winner." After
    the last season nobody is to act and every action is refused."""
    g = new(4, seed=2, seasons=1)
    while not g.is_over:
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    assert g.to_act == frozenset() and g.legal_actions(0) == []
    with pytest.raises(tavola.IllegalActionError, match="the game is over"):
        g.act(0, g.catalog.actions[0])


def test_five_player_trades_follow_the_same_rules() -> None:
    """ "Subsequent players, in clockwise order, must play a noble from the same city, if they
    have one." At 5 players too (after the Heir's savings): five cards a day, following the city,
    the highest cleric winning."""
    g = new(5, seed=4)
    deal(
        g,
        {
            0: ["naples-knight"],
            1: ["naples-prince"],
            2: ["venice-prince", "novice", *city("venice")[1:5]],
            3: ["naples-duke"],
            4: ["naples-count", "chaplain"],
        },
    )
    claim(g, 2, ids(g, g.inherit))
    play(g, 0, "naples-knight")
    assert legal(g, 1) == [c for c in hand(g, 1) if c.startswith("naples")]
    assert trade(g, ["naples-prince", "novice", "naples-duke", "naples-count"]) == 2
    assert g.to_act == frozenset({2})
