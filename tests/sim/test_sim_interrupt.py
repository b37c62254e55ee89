"""Ctrl-C during `tavola simulate --jobs 2`: one SIGINT to the terminal's process group stops the
run at once (exit 130, "interrupted", no traceback) and leaves no process behind, whatever the
multiprocessing start method. Linux only: processes are read from /proc."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tavola.sim import simulate

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

ARGS = ["simulate", "testa-di-pecora", "--games", "100000", "--jobs", "2", "--json"]
SIGINT_BIT = 1 << (signal.SIGINT - 1)
SIGTERM_BIT = 1 << (signal.SIGTERM - 1)


def _group(pgid: int) -> list[int]:
    """The live (not zombie) processes of process group ``pgid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # it ended meanwhile
            continue
        state, _ppid, group = stat[stat.rindex(")") + 2 :].split()[:3]
        if int(group) == pgid and state != "Z":
            found.append(int(entry.name))
    return found


def _masks(pid: int) -> dict[str, int]:
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return {}
    fields = dict(line.partition(":\t")[::2] for line in lines)
    return {k: int(fields[k], 16) for k in ("SigIgn", "SigBlk") if k in fields}


def _workers(pgid: int) -> list[int]:
    """Simulation workers: they ignore SIGINT (unblocked) but not SIGTERM, unlike the parent,
    multiprocessing's resource tracker (ignores both) and fork server (SIGINT blocked)."""
    found = []
    for pid in _group(pgid):
        masks = _masks(pid)
        ignored, blocked = masks.get("SigIgn", 0), masks.get("SigBlk", SIGINT_BIT)
        if ignored & SIGINT_BIT and not ignored & SIGTERM_BIT and not blocked & SIGINT_BIT:
            found.append(pid)
    return found


def _command(method: str | None, args: list[str]) -> list[str]:
    if method is None:
        return [sys.executable, "-m", "tavola", *args]
    code = (
        "import multiprocessing, sys; "
        f"multiprocessing.set_start_method({method!r}); "
        "from tavola.cli import main; sys.exit(main())"
    )
    return [sys.executable, "-c", code, *args]


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[str]]]:
    """Runs started by a test, in their own process groups; whatever is left is killed."""
    runs: list[subprocess.Popen[str]] = []
    yield runs
    for run in runs:
        if _group(run.pid):
            os.killpg(run.pid, signal.SIGKILL)
        run.communicate()


def _interrupt(
    runs: list[subprocess.Popen[str]],
    method: str | None,
    signals: int,
    args: list[str] = ARGS,
    said: str = "tavola: interrupted\n",
    ready: Callable[[], bool] = lambda: True,
    command: list[str] | None = None,
) -> None:
    """Start a run (``command``, or tavola with ``args`` under start ``method``), and once its
    workers are up and ``ready()`` holds, send ``signals`` SIGINTs to its process group; check
    that it stops at once, says ``said`` and leaves nothing behind."""
    run = subprocess.Popen(
        command or _command(method, args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    runs.append(run)
    deadline = time.monotonic() + 60
    while len(workers := _workers(run.pid)) < 2:
        assert run.poll() is None, run.communicate()
        assert time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.05)
    while not ready():
        assert run.poll() is None, run.communicate()
        assert time.monotonic() < deadline, "the run did not get ready to be interrupted"
        time.sleep(0.005)
    sent = time.monotonic()
    for _ in range(signals):
        os.killpg(run.pid, signal.SIGINT)  # what Ctrl-C does: the whole group gets it
    out, err = run.communicate(timeout=15)
    assert time.monotonic() - sent < 5, "the run did not stop at once"
    # A later SIGINT may find the run already past its cleanup, in the interpreter's exit, where
    # Python's default applies: killed by SIGINT, with nothing more printed.
    codes = (130,) if signals == 1 else (130, -signal.SIGINT)
    assert run.returncode in codes and (out, err) == ("", said), (
        run.returncode,
        err,
    )
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers), "workers outlived the run"
    deadline = time.monotonic() + 10  # multiprocessing's helpers leave once the parent is gone
    while _group(run.pid):
        assert time.monotonic() < deadline, f"processes left behind: {_group(run.pid)}"
        time.sleep(0.05)


def test_ctrl_c_stops_simulate_and_its_workers_at_once(
    started: list[subprocess.Popen[str]],
) -> None:
    _interrupt(started, None, signals=1)


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_ctrl_c_stops_the_workers_under_every_start_method(
    started: list[subprocess.Popen[str]], method: str
) -> None:
    _interrupt(started, method, signals=1)


def test_a_second_ctrl_c_does_not_break_the_stop(started: list[subprocess.Popen[str]]) -> None:
    _interrupt(started, None, signals=2)


LOGGED = """
import multiprocessing, sys
import tavola.sim.runner as runner
multiprocessing.set_start_method("fork")  # the workers inherit the patch
play = runner._Settings.play
def logged(self, i):
    outcome = play(self, i)
    with open(LOG, "a") as log:  # each game's number as its worker finishes it
        log.write(f"{i}\\n")
    return outcome
runner._Settings.play = logged
from tavola.cli import main
sys.exit(main())
"""
"""tavola's command line, its workers noting in the file LOG the number of each game they
finish."""


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def _first_finished(path: Path) -> int:
    """How many games from the first on are all finished, by the log: the file keeps them in
    order, so a game still being played holds back every later one, however many are done."""
    lines = path.read_text().split("\n")[:-1] if path.exists() else []  # whole lines only
    done = {int(n) for n in lines}
    return next(i for i in range(len(done) + 1) if i not in done)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork")
def test_ctrl_c_leaves_the_finished_games_in_the_results_file_and_the_run_resumes(
    started: list[subprocess.Popen[str]], tmp_path: Path
) -> None:
    """Ctrl-C once the two workers have finished the first 20 games: the file keeps them (all
    but those not yet received). The games were written 25 at a time, in whole ranges of one
    worker: with 20 games played, none was kept. The same command then completes the run to the
    file of a run never stopped. (Waiting for any 20 games, one long early game held back all
    the others now and then: 21 finished, 4 kept.)"""
    out, log, whole = tmp_path / "run.jsonl", tmp_path / "finished.log", tmp_path / "whole.jsonl"
    args = ["simulate", "renaissance-man-2d6", "-n", "200", "-j", "2", "--json", "-o", str(out)]
    said = (
        f"tavola: interrupted; the finished games are in {out}: the same command resumes the run\n"
    )
    command = [sys.executable, "-c", LOGGED.replace("LOG", repr(str(log)), 1), *args]
    _interrupt(
        started, None, 1, said=said, ready=lambda: _first_finished(log) >= 20, command=command
    )
    kept = out.read_text().splitlines()
    assert _first_finished(log) >= 20 and len(kept) - 1 >= 5, (_lines(log), len(kept) - 1)
    done = subprocess.run(_command(None, args), capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["games"] == 200
    assert out.read_text().splitlines()[: len(kept)] == kept
    simulate("renaissance-man-2d6", 200, ["random"], out=whole)  # the same settings, unstopped
    assert out.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_the_workers_end_when_the_run_is_killed(
    started: list[subprocess.Popen[str]], method: str
) -> None:
    """After 'kill -9' of the run, forked workers waited for ever on pipes they held open
    themselves (each inherited the parent's ends): the README's 'after a crash the same
    command resumes' left two processes behind each time."""
    run = subprocess.Popen(
        _command(method, ARGS),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    started.append(run)  # type: ignore[arg-type]
    deadline = time.monotonic() + 60
    while len(workers := _workers(run.pid)) < 2:
        assert run.poll() is None and time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.05)
    time.sleep(0.5)  # into their games
    os.kill(run.pid, signal.SIGKILL)
    run.wait()
    deadline = time.monotonic() + 30
    while alive := [pid for pid in workers if pid in _group(run.pid)]:
        assert time.monotonic() < deadline, f"workers left behind: {alive}"
        time.sleep(0.1)
