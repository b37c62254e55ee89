"""Win shares with ties split, and Wilson score intervals."""

import pytest

from tavola.sim import GameOutcome, summarize, wilson


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
