"""tavola compare: two configurations on the same seeds, each headline figure's difference with
an interval from the paired games, significant only when the interval leaves out zero."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavola.cli import main
from tavola.core.cards import digest
from tavola.sim import SimulationError, simulate
from tavola.sim.compare import compare

GAME = "renaissance-man-2d6"


def test_a_configuration_against_itself_differs_in_nothing() -> None:
    a = simulate(GAME, 40, ["heuristic", "random", "random"], seed=3)
    b = simulate(GAME, 40, ["heuristic", "random", "random"], seed=3, jobs=2)
    differences = compare(a, b)
    assert [d.figure for d in differences] == [
        "win share of heuristic",
        "win share of random",
        "win share of seat 0",
        "win share of seat 1",
        "win share of seat 2",
        "mean game length (decisions)",
    ]
    for d in differences:
        assert d.a == d.b and d.difference == d.low == d.high == 0 and not d.significant


def test_a_planted_change_is_found_significant_and_sized() -> None:
    """Seating a heuristic bot among random ones takes wins from the random bots."""
    a = simulate(GAME, 150, ["random"], players=3, seed=1)
    b = simulate(GAME, 150, ["heuristic", "random", "random"], seed=1)
    found = {d.figure: d for d in compare(a, b)}
    assert "win share of heuristic" not in found  # in one run only: nothing to pair
    random_share = found["win share of random"]
    assert random_share.a == pytest.approx(1 / 3)
    assert random_share.significant and random_share.high < -0.2
    assert random_share.low <= random_share.difference <= random_share.high
    length = found["mean game length (decisions)"]
    assert length.a == pytest.approx(sum(o.decisions for o in a.outcomes) / 150)


def test_runs_on_other_seeds_are_not_compared() -> None:
    a = simulate(GAME, 4, ["random"], players=3, seed=1)
    with pytest.raises(SimulationError, match="same game, seed"):
        compare(a, simulate(GAME, 4, ["random"], players=3, seed=2))


def test_duplicate_runs_are_compared_over_deals_and_only_with_duplicate_runs() -> None:
    lineup = ["heuristic", "random", "random"]
    a = simulate(GAME, 12, lineup, seed=3, seats="duplicate")
    b = simulate(GAME, 12, ["random"], players=3, seed=3, seats="duplicate")
    share = {d.figure: d for d in compare(a, b)}["win share of random"]
    diffs = {}
    for i, (x, y) in enumerate(zip(a.outcomes, b.outcomes, strict=True)):
        rx = sum(1 / len(x.winners) for s in x.winners if x.agents[s] == "random") / 2
        ry = sum(1 / len(y.winners) for s in y.winners) / 3
        diffs.setdefault(i // 3, []).append(ry - rx)
    sums = [sum(d) for d in diffs.values()]
    mean = sum(sums) / 12
    half = 1.959964 * (sum((s - 3 * mean) ** 2 for s in sums) / (4 * 3)) ** 0.5 / 3
    assert share.difference == pytest.approx(mean)
    assert (share.low, share.high) == pytest.approx((mean - half, mean + half), abs=1e-5)
    with pytest.raises(SimulationError, match="dealt alike"):
        compare(a, simulate(GAME, 12, lineup, seed=3))


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    a = f"{GAME} -a heuristic,random,random"
    code = main(["compare", a, f"{a} --option turn_limit=30", "-n", "20", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["games"] == 20 and out["b"].endswith("turn_limit=30")
    assert {"figure", "a", "b", "difference", "ci95", "significant"} <= set(out["differences"][0])
    assert out["options"] == {"a": [], "b": ["turn_limit=30"]}
    assert main(["compare", a, f"{a} --option 'turn_limit=30", "-n", "4"]) == 2
    assert "configuration B: No closing quotation" in capsys.readouterr().err
    assert main(["compare", a, "no-such-game", "-n", "4"]) == 2
    assert "no game" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("a", "b", "says"),
    [
        (f"{GAME} --seed 5", GAME, "configuration A: --seed cannot be set"),
        (GAME, f"{GAME} -n 50 --out run.jsonl", "configuration B: --games, --out cannot be set"),
        (GAME, f"{GAME} --report r.html --jobs 2", "--jobs, --report cannot be set"),
        (GAME, "testa-di-pecora", "compare runs of one game: A plays renaissance-man-2d6, B testa"),
        (f"{GAME} --seats duplicate", GAME, "both with --seats duplicate, or neither"),
        (GAME, f"{GAME} --bogus", "configuration B: unrecognized arguments: --bogus"),
        ("", GAME, "configuration A: the following arguments are required: GAME"),
        (GAME, "no-such-game", "configuration B: no game"),
        # the run's own settings: they named no configuration, and B's came after A had played
        (GAME, f"{GAME} -a foo", "configuration B: no agent 'foo'"),
        (f"{GAME} -a heuristic,random -p 3", GAME, "configuration A: 2 agents for 3 players"),
        (
            f"{GAME} -p 2 --seats duplicate",
            f"{GAME} -p 3 --seats duplicate",
            "configuration B: duplicate seating plays each deal once per seat: the number of "
            "games is a multiple of 3, not 4",
        ),
        (GAME, f"{GAME} --option nope=1", "configuration B: unknown option 'nope'"),
        (  # a solo win rate of 30% read as 70 points below an even share of 100%
            "renaissance-rivals -p 1",
            "renaissance-rivals -p 2",
            "compare a one-player run with another one only: a player alone has no even share "
            "to set a win share against (1 player and 2 players)",
        ),
    ],
)
def test_what_a_configuration_cannot_say_is_refused_before_any_game(
    a: str, b: str, says: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flags that compare sets for both runs, or files it does not write, were ignored in a
    configuration; runs that cannot be compared were refused only after both had played."""

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr("tavola.cli.simulate", no_games)
    assert main(["compare", a, b, "-n", "4"]) == 2
    assert says in capsys.readouterr().err


def test_runs_of_other_player_counts_compare_agents_above_an_even_share() -> None:
    """Random against random at 4 and at 5 players was '25.0% against 20.0%, -5.0%,
    significant': the even share differs, not the agent."""
    four = simulate("testa-di-pecora", 20, ["random"], players=4, seed=3)
    five = simulate("testa-di-pecora", 20, ["random"], players=5, seed=3)
    (agent, length) = compare(four, five)
    assert agent.figure == "win share of random above an even one"
    assert (agent.a, agent.b, agent.significant) == (0, 0, False)
    assert length.figure == "mean game length (decisions)"


def test_a_run_alone_is_compared_only_with_another_run_alone() -> None:
    alone = simulate("renaissance-rivals", 2, ["random"], players=1)
    with pytest.raises(SimulationError, match="a player alone has no even share"):
        compare(alone, simulate("renaissance-rivals", 2, ["random"], players=2))
    assert next(d.figure for d in compare(alone, alone)) == "win share of random"


def test_the_table_names_its_seed_and_each_column(capsys: pytest.CaptureFixture[str]) -> None:
    """The verdict column had no header, and the seed was not said."""
    a = f"{GAME} -a heuristic,random,random"
    assert main(["compare", a, f"{a} --option turn_limit=30", "-n", "6", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "on the same seeds (seed 4)" in out and "verdict" in out
    assert "one in twenty is so by chance" in " ".join(out.split())


def test_the_command_names_each_card_file_by_its_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved comparison said '--cards mine.toml' and no more: not which version of it."""
    from tavola.games.renaissance_man_2d6.cards import CARDS

    path = tmp_path / "mine.toml"
    path.write_bytes(CARDS.builtin["standard"].read_bytes())
    a = f"{GAME} -a heuristic,random,random"
    assert main(["compare", a, f"{a} --cards {path}", "-n", "4"]) == 0
    words = f"cards=mine.toml ({digest(path.read_text())[:19]}…)"
    assert f"   options: {words}" in capsys.readouterr().out
