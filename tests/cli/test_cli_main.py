"""The command line: games table, simulate (text and JSON), play, and user errors."""

import json
import subprocess
import sys
import types
from typing import Any

import pytest

from tavola.cli import main

GAME = "testa-di-pecora"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_the_registered_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "games")
    assert code == 0
    assert GAME in out
    assert "Testa di Pecora" in out
    assert "4–5" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import tavola

    assert _run(capsys, "--version")[:2] == (0, f"tavola {tavola.__version__}\n")


def test_simulate_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "simulate", GAME, "--games", "10", "--agents", "heuristic,random,random,random"
    )
    assert code == 0
    assert "Wins by agent" in out
    assert "Wins by seat" in out
    code, out, _ = _run(capsys, "simulate", GAME, "-n", "10", "-p", "4", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["game"] == GAME
    assert (report["players"], report["games"], report["seed"]) == (4, 10, 0)
    assert report["agents"] == ["random"] * 4
    assert set(report["wins_by_seat"]) == {"0", "1", "2", "3"}
    for entry in [*report["wins_by_agent"].values(), *report["wins_by_seat"].values()]:
        assert set(entry) >= {"wins", "share", "ci95"}
        lo, hi = entry["ci95"]
        assert 0 <= lo <= entry["share"] <= hi <= 1
    assert sum(e["wins"] for e in report["wins_by_seat"].values()) == pytest.approx(10)
    assert report["mean_decisions"] > 0
    assert report["games_per_second"] > 0
    assert report["capped_games"] == 0


def test_simulate_json_is_the_same_with_one_or_two_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", GAME, "--games", "24", "--agents", "heuristic,random,random,random,random"]
    reports = []
    for jobs in ("1", "2"):
        code, out, _ = _run(capsys, *argv, "--seed", "9", "--jobs", jobs, "--json")
        assert code == 0
        report = json.loads(out)
        report.pop("games_per_second")
        reports.append(report)
    assert reports[0] == reports[1]


def test_simulate_passes_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", GAME, "-n", "5", "--json"]
    _, out, _ = _run(capsys, *argv, "--option", "seasons=1")
    _, full, _ = _run(capsys, *argv)
    assert json.loads(out)["options"] == {"seasons": 1}
    assert json.loads(out)["mean_decisions"] < json.loads(full)["mean_decisions"]


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "no-such-game"],
        ["simulate", GAME, "--players", "3"],
        ["simulate", GAME, "--agents", "random,nobody,random,random"],
        ["simulate", GAME, "--agents", "random,random"],
        ["simulate", GAME, "--games", "lots"],
        ["simulate", GAME, "--games", "0"],
        ["simulate", GAME, "--jobs", "-1"],
        ["simulate", GAME, "--seed", "1.5"],
        ["simulate", GAME, "--variant", "nope"],
        ["simulate", GAME, "--option", "seasons=many"],
        ["simulate", GAME, "--option", "colour=red"],
        ["simulate"],
        ["play", "no-such-game"],
        ["play", GAME, "--players", "6"],
        ["play", GAME, "--seat", "5"],
        ["play", GAME, "--bots", "nobody"],
        ["play", GAME, "--bots", "random,random"],
        ["frobnicate"],
        [],
    ],
)
def test_user_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    if argv:
        assert err.startswith("tavola: error: ")
        assert err.count("\n") == 1


def test_play_hands_parsed_arguments_to_the_terminal_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[Any, ...]] = []
    fake = types.ModuleType("tavola.tui.terminal")
    fake.play = lambda *args: calls.append(args) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tavola.tui.terminal", fake)
    argv = ["play", GAME, "--players", "4", "--seat", "3", "--bots", "random", "--seed", "5"]
    assert _run(capsys, *argv)[0] == 0
    assert _run(capsys, "play", GAME, "--bots", "random,heuristic,random,random")[0] == 0
    assert _run(capsys, "play", GAME)[0] == 0
    assert [c[:5] for c in calls] == [
        (GAME, 4, 3, ["random"], 5),
        (GAME, 5, 0, ["random", "heuristic", "random", "random"], None),
        (GAME, 5, 0, [], None),
    ]


def test_python_m_tavola_simulate_json() -> None:
    argv = ["simulate", GAME, "--games", "40", "--players", "5", "--agents", "random", "--json"]
    proc = subprocess.run(
        [sys.executable, "-m", "tavola", *argv], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["games"] == 40
    assert report["wins_by_agent"]["random"]["played"] == 200


def test_a_closed_pipe_ends_quietly() -> None:
    """`tavola ... | head` must not print a traceback when head stops reading."""
    done = subprocess.run(
        f"{sys.executable} -m tavola play {GAME} --seed 5 | head -c 10",
        shell=True,
        input="help\n" * 2000,  # megabytes of output: the writes must meet the closed pipe
        capture_output=True,
        text=True,
    )
    assert done.stdout == "Testa di P"
    assert "Traceback" not in done.stderr, done.stderr
