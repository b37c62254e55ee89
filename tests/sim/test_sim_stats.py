"""Win shares with ties split, Wilson score intervals, and intervals over groups of games."""

import random
from dataclasses import replace

import pytest

from tavola.sim import GameOutcome, seating, summarize, wilson
from tavola.sim.stats import clustered


@pytest.mark.parametrize(
    ("wins", "trials", "expected"),
    [
        (5, 10, (0.2366, 0.7634)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
        (50, 100, (0.4038, 0.5962)),
        (1, 20, (0.0089, 0.2361)),
    ],
)
def test_wilson_known_values(wins: int, trials: int, expected: tuple[float, float]) -> None:
    assert wilson(wins, trials) == pytest.approx(expected, abs=1e-4)


def test_wilson_with_no_trials_knows_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_takes_fractional_credits() -> None:
    lo, hi = wilson(2.5, 10)
    assert lo < 0.25 < hi
    assert wilson(2, 10)[0] < lo < wilson(3, 10)[0]


def test_clustered_groups_that_all_agree_leave_no_doubt() -> None:
    """A copy of the field, played in duplicate, wins its fair share of every deal exactly."""
    assert clustered([(1.0, 4)] * 30) == (0.25, 0.25, 0.25)


def test_clustered_is_as_wide_as_the_spread_between_groups() -> None:
    # share 0.25; deviations 0, 0, 1, -1; variance 2 / (4 * 3); mean group size 4
    share, low, high = clustered([(1, 4), (1, 4), (2, 4), (0, 4)])
    half = 1.959963984540054 * (2 / 12) ** 0.5 / 4
    assert (share, low, high) == pytest.approx((0.25, 0.25 - half, 0.25 + half))


def test_clustered_on_independent_trials_agrees_with_wilson() -> None:
    rng = random.Random(1)
    groups = [(float(rng.random() < 0.3), 1) for _ in range(2000)]
    _, low, high = clustered(groups)
    w_low, w_high = wilson(sum(w for w, _ in groups), len(groups))
    assert low == pytest.approx(w_low, abs=0.003) and high == pytest.approx(w_high, abs=0.003)


def test_clustered_needs_two_groups_and_skips_empty_ones() -> None:
    assert clustered([(1, 4)]) == (0.25, 0.0, 1.0)
    assert clustered([]) == (0.0, 0.0, 1.0)
    assert clustered([(1, 4), (0, 0), (1, 4)]) == (0.25, 0.25, 0.25)


def _outcome(agents: str, winners: tuple[int, ...], cap: bool = False) -> GameOutcome:
    names = tuple(agents.split(","))
    return GameOutcome(
        seed=0,
        agents=names,
        winners=() if cap else winners,
        scores=None if cap else tuple(1.0 if s in winners else 0.0 for s in range(len(names))),
        decisions=10**5 if cap else 40,
        hit_cap=cap,
    )


def test_ties_split_the_win_and_capped_games_count_for_nobody() -> None:
    outcomes = [
        _outcome("h,r,r,r", (0,)),
        _outcome("r,h,r,r", (0, 1)),  # a tie: half a win each
        _outcome("r,r,h,r", (0, 1, 3)),  # a three-way tie
        _outcome("r,r,r,h", (3,), cap=True),
    ]
    s = summarize(outcomes, 4)
    assert (s.games, s.capped, s.mean_decisions) == (4, 1, 40)
    assert s.by_agent["h"].wins == pytest.approx(1.5)
    assert s.by_agent["h"].played == 3
    assert s.by_agent["r"].wins == pytest.approx(1.5)
    assert s.by_agent["r"].played == 9
    assert [t.wins for t in s.by_seat] == pytest.approx(
        [1 + 1 / 2 + 1 / 3, 1 / 2 + 1 / 3, 0, 1 / 3]
    )
    assert [t.played for t in s.by_seat] == [3, 3, 3, 3]
    assert sum(t.wins for t in s.by_seat) == pytest.approx(3)
    assert s.by_agent["h"].share == pytest.approx(0.5)


def test_a_few_deals_won_alike_leave_an_interval_of_some_width() -> None:
    """Under duplicate seating four deals of three games, all won by 'h', said 100.0% - 100.0%
    (and 0.0% - 0.0% for the others, 33.3% - 33.3% for each seat): four deals are not a
    certainty. A bot that wins every deal gets Wilson's interval over the deals; a share
    that does not vary between deals, Wilson's over the games."""
    outcomes = [_outcome(",".join(seating(["h", "r", "r"], i)), ()) for i in range(12)]
    outcomes = [replace(o, winners=(o.agents.index("h"),)) for o in outcomes]
    s = summarize(outcomes, 3, deal_size=3)
    assert s.by_agent["h"].share == 1.0 and s.by_agent["h"].ci95 == pytest.approx(wilson(4, 4))
    assert s.by_agent["r"].ci95 == pytest.approx(wilson(0, 4))
    for seat in s.by_seat:
        assert seat.share == pytest.approx(1 / 3) and seat.ci95 == pytest.approx(wilson(4, 12))
    assert summarize(outcomes[:3], 3, deal_size=3).by_agent["h"].ci95 == (0.0, 1.0)  # one deal
