"""Testa di Pecora rules: scoring a season and the game (rulebook: End of Season, End of Game).

Whole seasons are scripted with ``stage_season``: each trade lists the card every seat plays and
who wins it; all but the last are recorded directly and the last is played through the rules,
which then score the season. The ducat totals in the comments are the reason for each expected
outcome. Each test quotes the sentence it checks; see docs/rules/testa-di-pecora.md."""

import random

import pytest
from testa_helpers import check, city, new, stage_season

import tavola

V, F, N = city("venice"), city("florence"), city("naples")

# -- five players: dealer 4, seat 0 leads; seat 2 is the Heir --------------------------------


def five_player_season(save: str, winners: list[int], *, abbot_with_heir: bool = False) -> list:
    """Trades in seat order (seat 0 first). The Inheritance is ``save`` + the Deacon (0), which
    the Heir saves again. Ducats per trade: 25, 25, 25, then 23 or 22 (the Camerlengo 11 or the
    Canon 10, whichever is not saved), 12, and 0 in the last, played for real."""
    other = "canon" if save == "camerlengo" else "camerlengo"
    t5 = ["bishop", "inquisitor", "prior", "abbot", "chaplain"]  # the Abbot at seat 3
    if abbot_with_heir:
        t5 = ["bishop", "inquisitor", "abbot", "prior", "chaplain"]  # the Abbot at seat 2
    trades = [
        (V[:5], winners[0]),  # 11 + 10 + 4 = 25
        (F[:5], winners[1]),  # 25
        (N[:5], winners[2]),  # 25
        (["pope", "mendicant", "cardinal", "archbishop", other], winners[3]),  # 12 + 11 or 10
        (t5, winners[4]),  # 2 + 2 + 2 + 2 + 4 = 12
        (["friar", "novice", V[5], F[5], N[5]], 0),  # 0: the Friar (seat 0) wins it
    ]
    return trades


def play_five(save: str, winners: list[int], renown: list[int] | None = None, **kw) -> dict:
    g = new(5, seed=1)
    if renown is not None:
        g.renown = renown
    stage_season(g, five_player_season(save, winners, **kw), heir=2, save=[save, "deacon"])
    check(g)
    return g.seasons_log[0] | {"renown": list(g.renown)}


def test_each_coalition_pools_its_money_and_the_heirs_side_wins_a_majority() -> None:
    """ "In each trading season, your house will enter into alliance with other houses; your goal is
    to figure out where loyalties lie, and then work to ensure that your coalition emerges from the
    season victorious, with more money than the other alliance." "At the end of the season, each
    coalition pools the money they've won and counts it." "There are 120 ducats in the game, and so
    the coalition that wins a majority of it wins the game." Heir 2 and partner 3: savings 10
    (Canon) + trades won by 2 (25), 3 (25) and 3 (12) = 72 of 120: the Heir's side wins. The
    partner's trades count for the Heir's side."""
    log = play_five("canon", [2, 3, 0, 1, 3])
    assert log["side"] == [2, 3]
    assert log["ducats"] == [72, 48]
    assert log["side_won"] is True


def test_a_majority_wins_the_season_not_the_game() -> None:
    """ "There are 120 ducats in the game, and so the coalition that wins a majority of it wins
    the game." Decision: "wins the game" means wins the season (it is about the season's 120
    ducats and the next sentences score the season in renown); the game goes on to the next
    season and is decided by renown at the end.
    Decision: [D19] (docs/rules/testa-di-pecora.md).
    """
    g = new(5, seed=1)
    stage_season(g, five_player_season("canon", [2, 3, 0, 1, 3]), heir=2, save=["canon", "deacon"])
    assert g.seasons_log[0]["side_won"] is True
    assert not g.is_over and g.season == 1 and g.phase_name == "claim"


def test_savings_count_at_face_value_for_the_heirs_side() -> None:
    """ "They cannot be played, but will count at their monetary face value at the end of the
    round, just as if they had been claimed in a trade." The same trades are won in both games
    (Heir and partner take 25 + 25 = 50): saving the Canon (10) ends at 60 of 120, a tie and a
    loss; saving the Camerlengo (11) ends at 61, a majority and a win.
    Decisions: [D5], [D20] (docs/rules/testa-di-pecora.md).
    """
    tie = play_five("canon", [2, 3, 0, 1, 4])
    assert tie["ducats"] == [60, 60]
    assert tie["side_won"] is False
    win = play_five("camerlengo", [2, 3, 0, 1, 4])
    assert win["ducats"] == [61, 59]
    assert win["side_won"] is True
    assert win["savings"] == ["camerlengo", "deacon"]


def test_a_60_60_tie_is_lost_by_the_heirs_side() -> None:
    """ "If there is a tie, the faction that started with the inheritance (in five player games)
    or the Pope (in four player games) loses." 10 saved + 25 + 25 = 60 for Heir 2 and partner
    3: they lose, and renown moves as for any loss.
    Decision: [D20] (docs/rules/testa-di-pecora.md).
    """
    log = play_five("canon", [2, 3, 0, 1, 4])
    assert log["ducats"] == [60, 60] and log["side_won"] is False
    assert log["renown_change"] == [1, 1, -2, -1, 1]


def test_five_players_winning_heir_gains_two_partner_one() -> None:
    """ "The players from the losing side each lose one renown, and the players from the winning
    side each gain that renown." "In a five player game, the Heir wins or loses two renown."
    The three opponents lose 1 each; the Heir gains 2 and the partner 1, so the 3 renown lost
    are the 3 gained.
    Decision: [D21] (docs/rules/testa-di-pecora.md).
    """
    log = play_five("canon", [2, 3, 0, 1, 3])
    assert log["renown_change"] == [-1, -1, 2, 1, -1]
    assert log["renown"] == [5, 5, 8, 7, 5]


def test_five_players_losing_heir_loses_two_partner_one() -> None:
    """ "The players from the losing side each lose one renown, and the players from the winning
    side each gain that renown." "In a five player game, the Heir wins or loses two renown."
    10 saved + 25 (seat 3) = 35: the Heir loses 2, the partner 1, each opponent gains 1.
    Decision: [D21] (docs/rules/testa-di-pecora.md).
    """
    log = play_five("canon", [0, 3, 1, 4, 0])
    assert log["ducats"] == [35, 85]
    assert log["renown_change"] == [1, 1, -2, -1, 1]
    assert log["renown"] == [7, 7, 4, 5, 7]


@pytest.mark.parametrize(
    ("winners", "change"),
    [
        ([2, 2, 2, 1, 0], [-1, -1, 4, -1, -1]),  # 10 + 75 = 85: the lone Heir wins
        ([2, 3, 0, 1, 4], [1, 1, -4, 1, 1]),  # 10 + 25 = 35 (seat 3 is an opponent now)
    ],
)
def test_a_lone_heir_wins_or_loses_four(winners: list[int], change: list[int]) -> None:
    """ "In a five player game, the Heir wins or loses two renown." Decision: an Heir who holds
    the Abbot plays alone against four; each opponent still loses (or gains) one renown, and the
    lone Heir takes all four: double the Heir's two, as the partner's share is its own too.
    Decisions: [D11], [D21] (docs/rules/testa-di-pecora.md).
    """
    log = play_five("canon", winners, abbot_with_heir=True)
    assert log["side"] == [2] and log["alone"] is True
    assert log["renown_change"] == change


def test_renown_can_go_below_zero() -> None:
    """ "You will lead a merchant house to glorious wealth and power, or preside over a descent into
    ignominious poverty." "The players from the losing side each lose one renown, and the players
    from the winning side each gain that renown." Decision: renown is not floored at zero (a debt,
    the "descent into ignominious poverty" of the introduction), so every season stays zero-sum.
    Decision: [D22] (docs/rules/testa-di-pecora.md).
    """
    log = play_five("canon", [0, 3, 1, 4, 0], renown=[10, 10, 0, 0, 10])
    assert log["renown"] == [11, 11, -2, -1, 11]
    assert sum(log["renown"]) == 30


# -- four players: dealer 3, seat 0 leads ------------------------------------------------------


def four_player_season(winners: list[int], *, alone: bool = False) -> list:
    """Trades in seat order (seat 0 first): 25, 25, 25, 12 (or 11), 8 (or 9), 15, 10, and 0 in
    the last, played for real. The Pope is at seat 0; the Mendicant at seat 2 (or seat 0)."""
    t4 = ["pope", "cardinal", "mendicant", "archbishop"]  # 3 + 3 + 3 + 3 = 12
    t5 = ["bishop", "inquisitor", "prior", "abbot"]  # 2 + 2 + 2 + 2 = 8
    if alone:
        t4 = ["pope", "cardinal", "bishop", "archbishop"]  # 11
        t5 = ["mendicant", "inquisitor", "prior", "abbot"]  # 9
    return [
        (V[:4], winners[0]),  # 25
        (F[:4], winners[1]),  # 25
        (N[:4], winners[2]),  # 25
        (t4, winners[3]),
        (t5, winners[4]),
        (["camerlengo", "chaplain", "deacon", V[4]], winners[5]),  # 15
        (["canon", "friar", "novice", F[4]], winners[6]),  # 10
        ([V[5], F[5], N[4], N[5]], 0),  # 0
    ]


def play_four(winners: list[int], *, alone: bool = False, seasons: int = 3) -> tavola.Game:
    g = new(4, seed=1, seasons=seasons)
    stage_season(g, four_player_season(winners, alone=alone))
    check(g)
    return g


def test_four_players_pope_and_mendicant_win_one_each() -> None:
    """ "The player with the Pope and the player with the Mendicant are partnered in a
    coalition." "The players from the losing side each lose one renown, and the players from the
    winning side each gain that renown." Seats 0 (Pope) and 2 (Mendicant) win 75: each gains
    one renown, seats 1 and 3 lose one each.
    Decision: [D21] (docs/rules/testa-di-pecora.md).
    """
    g = play_four([0, 2, 0, 1, 3, 1, 3])
    log = g.seasons_log[0]
    assert log["side"] == [0, 2] and log["ducats"] == [75, 45]
    assert log["renown_change"] == [1, -1, 1, -1]


def test_four_players_a_60_60_tie_is_lost_by_the_pope() -> None:
    """ "If there is a tie, the faction that started with the inheritance (in five player games)
    or the Pope (in four player games) loses." Pope and Mendicant take 25 + 25 + 10 = 60.
    Decision: [D21] (docs/rules/testa-di-pecora.md).
    """
    g = play_four([0, 2, 1, 3, 1, 3, 0])
    log = g.seasons_log[0]
    assert log["ducats"] == [60, 60] and log["side_won"] is False
    assert log["renown_change"] == [-1, 1, -1, 1]


@pytest.mark.parametrize(
    ("winners", "change"),
    [
        ([0, 0, 0, 1, 2, 3, 1], [3, -1, -1, -1]),  # 75 for the lone Pope and Mendicant
        ([0, 1, 2, 3, 1, 2, 0], [-3, 1, 1, 1]),  # 25 + 10 = 35
        ([0, 0, 1, 2, 3, 1, 0], [-3, 1, 1, 1]),  # 25 + 25 + 10 = 60: a tie, lost
    ],
)
def test_four_players_one_holding_pope_and_mendicant_plays_alone(
    winners: list[int], change: list[int]
) -> None:
    """ "The player with the Pope and the player with the Mendicant are partnered in a
    coalition." "The other two players are in the opposing coalition." Decision: one player with
    both plays alone against three; each of them loses (or gains) one renown, the lone player
    gains (or loses) all three, so the season stays zero-sum.
    Decisions: [D12], [D21] (docs/rules/testa-di-pecora.md).
    """
    g = play_four(winners, alone=True)
    log = g.seasons_log[0]
    assert log["side"] == [0] and log["alone"] is True
    assert log["renown_change"] == change


def test_a_real_deal_can_give_pope_and_mendicant_to_one_player() -> None:
    """ "The player with the Pope and the player with the Mendicant are partnered in a
    coalition." With seed 17 seat 0 is dealt both, and plays alone.
    Decision: [D12] (docs/rules/testa-di-pecora.md).
    """
    g = new(4, seed=17)
    assert g.side == (0,)
    while g.season == 0:
        (seat,) = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    log = g.seasons_log[0]
    assert log["alone"] is True
    assert sorted(abs(x) for x in log["renown_change"]) == [1, 1, 1, 3]


@pytest.mark.parametrize("n", [4, 5])
def test_every_season_is_zero_sum(n: int) -> None:
    """ "The players from the losing side each lose one renown, and the players from the winning
    side each gain that renown." Over many random games: every season's renown changes add up
    to zero, each player's change is one of the amounts the rules and our decisions give, and
    renown only ever leaves the table through the pass-out penalty.
    Decisions: [D21], [D22] (docs/rules/testa-di-pecora.md).
    """
    allowed = {4: {1, 3}, 5: {1, 2, 4}}[n]
    for seed in range(60):
        g = new(n, seed)
        rng = random.Random(seed)
        while not g.is_over:
            (seat,) = g.to_act
            g.act(seat, rng.choice(g.legal_actions(seat)))
        for log in g.seasons_log:
            assert sum(log["renown_change"]) == 0
            assert {abs(x) for x in log["renown_change"]} <= allowed
            lead = log["side"][0]
            assert (
                log["renown_change"][lead]
                == (1 if log["side_won"] else -1)
                * ({(4, 2): 1, (4, 1): 3, (5, 2): 2, (5, 1): 4}[n, len(log["side"])])
            )
        penalties = sum(len(p["punished"]) for p in g.passouts)
        assert sum(g.renown) == 6 * n - penalties


def test_the_player_with_the_most_renown_wins_and_ties_share() -> None:
    """ "With savvy trading, shrewd alliances, and judicious application of influence, you can
    outwit your competitors to become the wealthiest family in Italy." "Each player counts their
    renown points; the player with the most is the winner." Ties share the win: after one season
    (option seasons=1) Pope and Mendicant have 7 each.
    Decision: [D23] (docs/rules/testa-di-pecora.md).
    """
    g = play_four([0, 2, 0, 1, 3, 1, 3], seasons=1)
    assert g.is_over and g.renown == [7, 5, 7, 5]
    result = g.result
    assert result.winners == (0, 2)
    assert result.places == (1, 3, 1, 3)
    assert result.ranking == [0, 2, 1, 3]
    assert g.view(None)["result"]["winners"] == [0, 2]


def test_a_single_most_renowned_player_wins_alone() -> None:
    """ "Each player counts their renown points; the player with the most is the winner." The
    lone Pope-and-Mendicant who wins its only season (9 renown) is the only winner."""
    g = play_four([0, 0, 0, 1, 2, 3, 1], alone=True, seasons=1)
    assert g.renown == [9, 5, 5, 5]
    assert g.result.winners == (0,)
    assert g.result.places == (1, 2, 2, 2)


def test_the_game_ends_after_the_third_season_is_scored() -> None:
    """ "Each player counts their renown points; the player with the most is the winner." The
    result exists only when the game is over, after the third season."""
    g = new(5, seed=4)
    rng = random.Random(4)
    while not g.is_over:
        assert g.result is None
        (seat,) = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
    assert len(g.seasons_log) == 3
    top = max(g.renown)
    assert g.result.winners == tuple(s for s in range(5) if g.renown[s] == top)
