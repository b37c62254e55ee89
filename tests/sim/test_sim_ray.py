"""The Ray backend, on a local Ray instance started for the run: the same figures and the same
results file as local processes, each game streamed back as it ends (an interrupted run resumes
to the same file), and a failing game's error reaches the caller."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavola.sim import simulate, to_json
from tavola.sim.html import report_data
from tavola.sim.runner import _play_on_ray, _Settings

ray = pytest.importorskip("ray", reason="the Ray backend needs the cluster extra")

GAME = "renaissance-man-2d6"
LINEUP = ["heuristic", "random", "random"]


@pytest.fixture(scope="module")
def cluster():
    """One local Ray instance for the module (starting one takes seconds)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_same_figures_and_file_as_local_processes(cluster, tmp_path: Path) -> None:
    local, remote = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    one = simulate(GAME, 30, LINEUP, seed=6, jobs=2, out=local)
    other = simulate(GAME, 30, LINEUP, seed=6, backend="ray", out=remote)
    numbers = [to_json(s) for s in (one, other)]
    for n in numbers:
        n.pop("games_per_second")
    assert numbers[0] == numbers[1]
    assert report_data(one) == report_data(other)
    assert local.read_bytes() == remote.read_bytes()


def test_an_error_in_a_ray_task_reaches_the_caller(cluster) -> None:
    """A task whose games cannot be played (a game its worker does not know) fails the run."""
    settings = _Settings("no-such-game", ("random", "random"), 0, "standard", {}, 100)
    finished = []
    with pytest.raises(RuntimeError, match=r"Ray task failed.*no-such-game"):
        _play_on_ray(settings, [(0, 2), (2, 4)], None, lambda *done: finished.append(done))
    assert finished == []
    assert ray.is_initialized()  # the caller's instance is left running


def test_ray_tasks_stream_each_game_and_an_interrupted_run_resumes(cluster, tmp_path: Path) -> None:
    """Each task sends its games back one by one (a task's games came back only once all were
    played): progress counts every game, an interrupt keeps the games written so far (the first
    ones of the run), and the run resumed on Ray gives the file of local processes."""
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    simulate(GAME, 24, LINEUP, seed=2, out=whole)
    seen = []

    def stop(done: int) -> None:
        seen.append(done)
        if done >= 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(GAME, 24, LINEUP, seed=2, backend="ray", out=cut, progress=stop)
    assert seen == [1, 2, 3, 4, 5]
    kept = cut.read_text().splitlines()
    assert kept == whole.read_text().splitlines()[: len(kept)]
    resumed = simulate(GAME, 24, LINEUP, seed=2, backend="ray", out=cut)
    assert resumed.resumed == len(kept) - 1
    assert cut.read_bytes() == whole.read_bytes()
    assert ray.is_initialized()
