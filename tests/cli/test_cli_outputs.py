"""The files the commands write (--out, --report, --table, a value): a path that cannot be
written is a one-line error before the games or the training, not a traceback after them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tavola.cli import main

GAME = "testa-di-pecora"


@pytest.fixture
def no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulation or a training that fails the test if it starts."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the run started before its output was checked")

    monkeypatch.setattr("tavola.cli.simulate", refuse)
    monkeypatch.setattr("tavola.agents.training.train", refuse)


@pytest.mark.parametrize("flag", ["--out", "--report", "--table"])
def test_a_file_under_a_file_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_run: None, flag: str
) -> None:
    (tmp_path / "notes").write_text("a file, not a folder\n")
    target = tmp_path / "notes" / "inside" / ("t.csv" if flag == "--table" else "x.html")
    code = main(["simulate", GAME, "-n", "2", flag, str(target)])
    err = capsys.readouterr().err
    assert code == 2
    assert (
        err
        == f"tavola: error: cannot write {target}: {tmp_path / 'notes'} is a file, not a folder\n"
    )


@pytest.mark.parametrize("flag", ["--out", "--report", "--table"])
def test_a_folder_given_for_a_file_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_run: None, flag: str
) -> None:
    folder = tmp_path / {"--table": "t.csv", "--report": "r.html"}.get(flag, "run")
    folder.mkdir()
    assert main(["simulate", GAME, "-n", "2", flag, str(folder)]) == 2
    assert capsys.readouterr().err == f"tavola: error: cannot write {folder}: it is a folder\n"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
@pytest.mark.parametrize(("flag", "name"), [("--out", "x.jsonl"), ("--report", "x.html")])
def test_a_folder_that_refuses_new_files_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], no_run: None, flag: str, name: str
) -> None:
    """/proc lets root write (os.access said yes) but makes no file in it: the report failed
    with 'No such file or directory' only after the run."""
    assert main(["simulate", GAME, "-n", "2", flag, f"/proc/{name}"]) == 2
    said = f"tavola: error: cannot write /proc/{name}: No such file or directory\n"
    assert capsys.readouterr().err == said


def test_a_file_checked_before_the_run_is_not_left_behind_empty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The check that a report can be written makes no empty report of a run that fails."""
    report = tmp_path / "r.html"
    assert main(["simulate", GAME, "-n", "2", "-a", "nobody", "--report", str(report)]) == 2
    assert not report.exists()


def test_a_table_of_an_unknown_kind_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_run: None
) -> None:
    assert main(["simulate", GAME, "-n", "2", "--table", str(tmp_path / "t.xlsx")]) == 2
    assert "a table is a .csv or .parquet file, not 't.xlsx'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--report", "r.pdf"], "a report is an HTML page: name it .html, not r.pdf"),
        (["--seats", "duplicate", "-n", "5"], "the number of games is a multiple of 4, not 5"),
        (
            ["--address", "auto"],
            "an address is where Ray runs: it needs the ray backend, not local",
        ),
    ],
)
def test_settings_that_would_be_ignored_or_misread_are_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    says: str,
) -> None:
    """A .pdf report was written as HTML; duplicate seating with a part of a deal, and an
    address without Ray, ran without a word."""
    monkeypatch.chdir(tmp_path)
    code = main(["simulate", GAME, "-n", "8", "-a", "random,random,random,random", *argv])
    assert code == 2 and says in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_value_that_cannot_be_written_is_refused_before_the_training(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_run: None
) -> None:
    (tmp_path / "notes").write_text("a file\n")
    out = tmp_path / "notes" / "value.npz"
    code = main(["train-value", "renaissance-rivals", "--players", "2", "--out", str(out)])
    assert code == 2
    assert f"cannot write {out}: {tmp_path / 'notes'} is a file, not a folder" in (
        capsys.readouterr().err
    )


def test_the_folders_of_the_report_and_the_table_are_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")  # the dev extra has the lab's
    report, table = tmp_path / "reports" / "r.html", tmp_path / "tables" / "t.csv"
    argv = ["simulate", GAME, "-n", "2", "--json", "--report", str(report), "--table", str(table)]
    assert main(argv) == 0
    assert report.read_text().startswith("<!doctype html>")
    assert table.read_text().startswith("game,seed,seat")
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 2  # stdout stays one JSON object
    assert err == f"tavola: report written to {report}\ntavola: table written to {table}\n"


def test_a_file_error_during_a_run_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device", "run.jsonl")

    monkeypatch.setattr("tavola.cli.simulate", full_disk)
    assert main(["simulate", GAME, "-n", "2"]) == 1
    assert capsys.readouterr().err == "tavola: error: No space left on device: run.jsonl\n"


@pytest.mark.parametrize(("flag", "name"), [("--report", "run.html"), ("--table", "run.csv")])
def test_one_file_for_the_results_and_another_output_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_run: None, flag: str, name: str
) -> None:
    """The report or the table was written over the results file, its games and records lost."""
    path = tmp_path / name
    assert main(["simulate", GAME, "-n", "2", "--out", str(path), flag, str(path)]) == 2
    said = f"tavola: error: --out and {flag} name one file, {path}: give each its own\n"
    assert capsys.readouterr().err == said
