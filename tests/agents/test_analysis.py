"""Analysis of a played game (``tavola analyse``): every decision of the seat with a choice is
rated by the search from that seat's position, the same way each time, with clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tavola
from tavola.agents import AgentNameError
from tavola.agents.analysis import analyse
from tavola.cli import main
from tavola.core.errors import TavolaError
from tavola.testing import random_record

RECORD = random_record("testa-di-pecora", 4, seed=5)


def choices(record: dict, seat: int) -> list[int]:
    """The move numbers at which ``seat`` had more than one legal move."""
    g = tavola.replay(record, upto=0)
    out = []
    for i, (s, data) in enumerate(record["actions"]):
        if s == seat and len(g.legal_actions(s)) > 1:
            out.append(i)
        g.act(s, g.parse_action(s, data))
    return out


def test_every_decision_with_a_choice_is_rated_and_nothing_else() -> None:
    seen: list[tuple[int, int]] = []
    decisions = analyse(
        RECORD, 1, "ismcts:iterations=20", progress=lambda d, t: seen.append((d, t))
    )
    assert [d.index for d in decisions] == choices(RECORD, 1)
    total = sum(1 for s, _ in RECORD["actions"] if s == 1)
    assert seen == [(k, total) for k in range(1, total + 1)]
    for d in decisions:
        g = tavola.replay(RECORD, upto=d.index)
        assert {o.action for o in d.options} == set(g.legal_actions(1))
        assert d.played == g.parse_action(1, RECORD["actions"][d.index][1])
        assert d.best == d.options[0]
        assert 0 <= d.loss <= 1
        assert d.loss == max(0.0, d.best.value - d.played_option.value)
        assert json.loads(json.dumps(d.to_json()))["played"] == d.played.to_json()


def test_the_same_record_and_seed_give_the_same_analysis() -> None:
    first = analyse(RECORD, 2, "ismcts:iterations=15", seed=3)
    assert first == analyse(RECORD, 2, "ismcts:iterations=15", seed=3)


@pytest.mark.parametrize(
    ("record", "seat", "agent", "message"),
    [
        ({**RECORD, "seed": None}, 0, "ismcts", "seed is missing"),
        ({"game": "testa-di-pecora"}, 0, "ismcts", "the record lacks"),
        (RECORD, 4, "ismcts", "there is no seat 4: seats are 0 to 3"),
        (RECORD, -1, "ismcts", "there is no seat -1"),
        (RECORD, 0, "heuristic", "analysed by a search bot"),
    ],
)
def test_a_bad_record_seat_or_bot_gets_a_clear_error(
    record: dict, seat: int, agent: str, message: str
) -> None:
    with pytest.raises(tavola.RecordError, match=message):
        analyse(record, seat, agent)


def test_a_bad_search_parameter_names_the_parameter() -> None:
    with pytest.raises(AgentNameError, match="iterations is a whole number"):
        analyse(RECORD, 0, "ismcts:iterations=-4")


def test_the_command_prints_each_decision_and_how_many_agree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD))
    assert main(["analyse", str(path), "--seat", "3", "--budget", "10"]) == 0
    out = capsys.readouterr().out
    assert "rated by ismcts:iterations=10" in out
    assert f"of {len(choices(RECORD, 3))} decisions agree with the search" in out
    assert main(["analyse", str(path), "--seat", "3", "--budget", "0.02s", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["agent"] == "ismcts:seconds=0.02"
    assert [d["index"] for d in data["decisions"]] == choices(RECORD, 3)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.json", "--seat", "0"], "cannot read missing.json"),
        (["bad.json", "--seat", "0"], "bad.json is not a game record: it is not UTF-8 text"),
        (["run.jsonl", "--seat", "0"], "run.jsonl is not a game record (Extra data, line 2): a"),
        (["seat.json", "--seat", "0"], "the record lacks seed (a game's record, as a finished"),
        (
            ["game.json", "--seat", "0", "--budget", "lots"],
            "--budget: expected iterations, a whole number of at least 1 (e.g. 400), or "
            "seconds, a number from 0.01 to 600 (e.g. 2s), not 'lots'",
        ),
        # '1e308' was "not a positive number of iterations": what each kind of budget is
        (["game.json", "--seat", "0", "--budget", "1e308"], "a whole number of at least 1"),
        (["game.json", "--seat", "0", "--budget", "0s"], "from 0.01 to 600 (e.g. 2s), not '0s'"),
        # the search's own bounds, said of --budget as typed ("ismcts: seconds is ... '700.0'")
        (["game.json", "--seat", "0", "--budget", "700s"], "to 600 (e.g. 2s), not '700s'"),
        (["game.json", "--seat", "0", "--budget", "0.001s"], "to 600 (e.g. 2s), not '0.001s'"),
        (["game.json", "--seat", "7"], "there is no seat 7"),
    ],
)
def test_the_command_refuses_bad_input_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.json").write_text(json.dumps(RECORD))
    (tmp_path / "bad.json").write_bytes(b"\xff{not json")
    (tmp_path / "run.jsonl").write_text('{"game": 0}\n{"game": 1}\n')  # simulate's --out
    seatless = dict(RECORD)
    del seatless["seed"]
    (tmp_path / "seat.json").write_text(json.dumps(seatless))
    assert main(["analyse", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_file_too_large_for_a_record_is_not_read_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`tavola analyse /dev/zero` read without end, its memory growing."""
    monkeypatch.setattr("tavola.cli.MAX_RECORD_FILE", 1 << 20)
    (tmp_path / "big.json").write_text(json.dumps(RECORD) + " " * (1 << 20))
    assert main(["analyse", str(tmp_path / "big.json"), "--seat", "0"]) == 2
    assert "big.json is not a game record: it holds more than 1 MiB" in capsys.readouterr().err


def test_the_command_says_when_the_game_is_not_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "half.json"
    path.write_text(json.dumps({**RECORD, "actions": RECORD["actions"][:20]}))
    assert main(["analyse", str(path), "--seat", "3", "--budget", "5"]) == 0
    assert "is not over: its moves so far" in capsys.readouterr().err


@pytest.mark.parametrize("seed", [1.5, -1, True, 2**64])
def test_a_seed_that_is_not_one_is_refused_in_words(seed: object) -> None:
    with pytest.raises(TavolaError, match="a seed is a whole number from 0 to 2"):
        analyse(RECORD, 0, seed=seed)  # type: ignore[arg-type]


def test_the_command_says_what_a_value_is_in_a_one_player_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A player alone has no first or last place: a lost game is worth 0 to 0.25."""
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(random_record("renaissance-rivals", 1, seed=2)))
    assert main(["analyse", str(path), "--seat", "0", "--budget", "3"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "0.75 to 1 for a won game and 0 to 0.25 for a lost one" in out
    assert "first place" not in out


def test_the_command_says_when_the_seat_had_no_choice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It printed an empty table and '0 of 0 decisions agree with the search.'"""
    path = tmp_path / "start.json"
    path.write_text(json.dumps({**RECORD, "actions": RECORD["actions"][:1]}))
    seat = next(s for s in range(4) if s != RECORD["actions"][0][0])
    assert main(["analyse", str(path), "--seat", str(seat), "--budget", "5"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out == f"Seat {seat} had no choice to make in {path}: nothing to rate."
