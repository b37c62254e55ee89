"""A run's results file: every game and its record, in game order whatever the jobs and the start
method, each written as soon as it is over, resumed after an interruption to the same numbers
and the same file; every seat permutation."""

from __future__ import annotations

import itertools
import json
import multiprocessing
from pathlib import Path

import pytest

import tavola
from tavola import get_spec
from tavola.core.rng import derive_seed
from tavola.sim import ResultsFileError, runner, seating, simulate, to_json

GAME = "renaissance-man-2d6"
LINEUP = ["heuristic", "random", "random"]


def numbers(sim) -> dict:
    report = to_json(sim)
    report.pop("games_per_second")
    return report


def test_permute_seats_every_order_of_the_agents_once_in_p_factorial_games() -> None:
    agents = ["a", "b", "c"]
    orders = [seating(agents, i, "permute") for i in range(6)]
    assert sorted(orders) == sorted(itertools.permutations(agents))
    assert seating(agents, 6, "permute") == orders[0]
    sim = simulate(GAME, 12, LINEUP, seats="permute")
    assert [o.agents for o in sim.outcomes] == [seating(LINEUP, i, "permute") for i in range(12)]
    assert sim.seating == "permute" and to_json(sim)["seating"] == "permute"


def test_the_file_holds_each_game_and_its_record_in_order_whatever_the_jobs(
    tmp_path: Path,
) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    sim = simulate(GAME, 20, LINEUP, seed=5, out=one)
    assert numbers(simulate(GAME, 20, LINEUP, seed=5, out=two, jobs=2)) == numbers(sim)
    assert one.read_bytes() == two.read_bytes()
    head, *games = [json.loads(line) for line in one.read_text().splitlines()]
    assert head == {
        "format": "tavola-simulation/1",
        "game": GAME,
        "players": 3,
        "variant": "standard",
        "options": {},
        "seed": 5,
        "agents": LINEUP,
        "seating": "rotate",
        "max_decisions": 100_000,
    }
    assert [g["i"] for g in games] == list(range(20))
    for g, o in zip(games, sim.outcomes, strict=True):
        assert (g["seed"], tuple(g["agents"]), tuple(g["winners"])) == (o.seed, o.agents, o.winners)
        replayed = tavola.replay(g["record"])  # any game can be replayed from its line
        assert replayed.is_over and replayed.result.winners == o.winners
        assert len(replayed.history) == g["decisions"]


def test_an_interrupted_run_resumes_to_the_same_numbers_and_file(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    uninterrupted = simulate(GAME, 30, LINEUP, seed=9, out=whole)

    def stop(done: int) -> None:
        if done >= 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(GAME, 30, LINEUP, seed=9, out=cut, progress=stop)
    kept = cut.read_text().splitlines()
    assert 1 + 12 <= len(kept) < 1 + 30
    with cut.open("a") as f:  # a line cut short, as by a crash mid-write
        f.write('{"i": 99, "seed": 1')
    resumed = simulate(GAME, 30, LINEUP, seed=9, out=cut)
    assert resumed.resumed == len(kept) - 1
    assert numbers(resumed) == numbers(uninterrupted)
    assert cut.read_bytes() == whole.read_bytes()
    # the same outcomes, scores of the same types (a table read 11.0 for the games read back)
    assert [o.scores for o in resumed.outcomes] == [o.scores for o in uninterrupted.outcomes]
    assert [tuple(map(type, o.scores or ())) for o in resumed.outcomes] == [
        tuple(map(type, o.scores or ())) for o in uninterrupted.outcomes
    ]
    again = simulate(GAME, 30, LINEUP, seed=9, out=cut)  # nothing left to play
    assert again.resumed == 30 and cut.read_bytes() == whole.read_bytes()


def test_ctrl_c_during_a_game_keeps_every_game_finished_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game is in the file as soon as it is over: a Ctrl-C during game 13 keeps games 0 to
    12 (games were written by ranges of up to 50 at once: here the first 8, so a Ctrl-C lost
    every finished game of the range being played), and the same run resumed from the file
    gives the numbers and the file of a run never stopped."""
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    uninterrupted = simulate(GAME, 30, LINEUP, seed=9, out=whole)
    play = runner.play_game
    lines_by_progress: list[tuple[int, int]] = []

    def ctrl_c_in_game_13(game_id: str, agents, seed: int, *args, **kwargs):
        if seed == derive_seed(9, 13):
            raise KeyboardInterrupt
        return play(game_id, agents, seed, *args, **kwargs)

    def progress(done: int) -> None:
        lines_by_progress.append((done, len(cut.read_text().splitlines()) - 1))

    monkeypatch.setattr(runner, "play_game", ctrl_c_in_game_13)
    with pytest.raises(KeyboardInterrupt):
        simulate(GAME, 30, LINEUP, seed=9, out=cut, progress=progress)
    # every game was in the file (flushed) when it was counted, before the next one started
    assert lines_by_progress == [(done, done) for done in range(1, 14)]
    kept = cut.read_text().splitlines()
    assert kept == whole.read_text().splitlines()[:14]  # the settings and games 0 to 12
    monkeypatch.setattr(runner, "play_game", play)
    resumed = simulate(GAME, 30, LINEUP, seed=9, out=cut)
    assert resumed.resumed == 13
    assert numbers(resumed) == numbers(uninterrupted)
    assert cut.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_workers_under_every_start_method_write_the_same_file(tmp_path: Path, method: str) -> None:
    """Workers send each game back as it ends; the file is still in game order."""
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    simulate(GAME, 14, LINEUP, seed=3, out=one)
    simulate(GAME, 14, LINEUP, seed=3, out=two, jobs=2, start_method=method)
    assert one.read_bytes() == two.read_bytes()
    assert not multiprocessing.active_children()


def test_a_file_of_another_run_or_not_a_results_file_is_refused_by_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    simulate(GAME, 4, LINEUP, seed=1, out=path)
    before = path.read_bytes()
    with pytest.raises(ResultsFileError, match="holds a run with seed 1, not 2"):
        simulate(GAME, 4, LINEUP, seed=2, out=path)
    with pytest.raises(ResultsFileError, match="agents"):
        simulate(GAME, 4, ["random"], players=3, seed=1, out=path)
    assert path.read_bytes() == before
    lines = before.decode().splitlines()
    lines[2] = '{"i": "two"}'
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ResultsFileError, match=r"run.jsonl, line 3: not a game of this run"):
        simulate(GAME, 4, LINEUP, seed=1, out=path)
    del lines[2]  # game 1 gone: resumed, it was played and written after game 3
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ResultsFileError, match=r"line 3: game 2, where .* game 1 comes next"):
        simulate(GAME, 4, LINEUP, seed=1, out=path)
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    with pytest.raises(ResultsFileError, match=r"notes.txt, line 1: not a tavola results file"):
        simulate(GAME, 4, LINEUP, seed=1, out=other)
    assert other.read_text() == "my notes\n"


def test_a_run_of_other_cards_is_named_by_the_file_and_digest_not_its_text(
    tmp_path: Path,
) -> None:
    """Resuming with another card file printed both options as JSON: the whole 6 KB file."""
    path = tmp_path / "run.jsonl"
    simulate(GAME, 4, LINEUP, seed=1, out=path)
    cards = {"name": "mine.toml", "toml": get_spec(GAME).options["cards"].text_of("standard")}
    with pytest.raises(ResultsFileError) as refused:
        simulate(GAME, 4, LINEUP, seed=1, out=path, options={"cards": cards})
    said = str(refused.value)
    assert "with options the defaults, not cards=mine.toml (sha256:" in said
    assert len(said) < 300


def test_a_bad_seating_is_refused() -> None:
    with pytest.raises(tavola.TavolaError, match="rotate, permute"):
        simulate(GAME, 1, LINEUP, seats="shuffle")


def test_the_same_cards_under_another_name_resume_the_run(tmp_path: Path) -> None:
    """A byte-identical card file under another name was refused: 'cards=big.toml
    (sha256:…), not … big2.toml (sha256:same)'. Other cards still are."""
    path = tmp_path / "run.jsonl"
    text = get_spec(GAME).options["cards"].text_of("standard")
    first = simulate(
        GAME, 4, LINEUP, seed=1, out=path, options={"cards": {"name": "a.toml", "toml": text}}
    )
    again = simulate(
        GAME, 4, LINEUP, seed=1, out=path, options={"cards": {"name": "b.toml", "toml": text}}
    )
    assert again.resumed == 4 and again.outcomes == first.outcomes
    other = {"name": "a.toml", "toml": text + "\n# changed\n"}
    with pytest.raises(ResultsFileError, match=r"cards=a\.toml"):
        simulate(GAME, 4, LINEUP, seed=1, out=path, options={"cards": other})


def test_a_run_read_back_says_so_instead_of_a_speed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rebuilding a report from a finished file printed '0.0 games/s (0.00 s)'; a run of fewer
    games than the file holds did not say the file held more."""
    from tavola.cli import main

    path = tmp_path / "run.jsonl"
    argv = ["simulate", "testa-di-pecora", "-a", "random", "--out", str(path)]
    assert main([*argv, "-n", "6"]) == 0
    assert "games/s" in capsys.readouterr().out
    assert main([*argv, "-n", "6", "--report", str(tmp_path / "r.html")]) == 0
    out = " ".join(capsys.readouterr().out.split())  # one line, however wide the terminal
    assert f"Read back from {path}." in out and "games/s" not in out
    assert f"Read back from {path}." in (tmp_path / "r.html").read_text()
    assert main([*argv, "-n", "4"]) == 0
    assert f"Read back from {path}, which holds 6 games: these are its first 4." in " ".join(
        capsys.readouterr().out.split()
    )
    assert main([*argv, "-n", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games_per_second"] is None and report["games"] == 4
    assert main([*argv, "-n", "8"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "games/s" in out and f"6 games read back from {path}." in out


def test_games_at_the_games_limit_are_reported_from_the_file_too(tmp_path: Path) -> None:
    """A run read back from its file reports the games that ended at the game's own safety
    limit as the run that played them did; a file written before the field counts none."""
    path = tmp_path / "run.jsonl"
    played = simulate(GAME, 2, ["random"], players=2, options={"turn_limit": 10}, out=path)
    again = simulate(GAME, 2, ["random"], players=2, options={"turn_limit": 10}, out=path)
    assert numbers(again)["at_limit_seeds"] == numbers(played)["at_limit_seeds"] != []
    first, *games = path.read_text().splitlines()
    older = [json.dumps({k: v for k, v in json.loads(g).items() if k != "at_limit"}) for g in games]
    path.write_text("\n".join([first, *older]) + "\n")
    before = simulate(GAME, 2, ["random"], players=2, options={"turn_limit": 10}, out=path)
    assert numbers(before)["at_limit_seeds"] == []
