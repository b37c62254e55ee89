"""A game from a separate distribution (tests/plugins: Morra, with its own dist-info declaring
a ``tavola.games`` entry point) is found like any installed plug-in, in a clean interpreter and
in worker processes under every start method, and passes the shipped conformance suite."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parents[1] / "plugins"


def run_clean(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter whose only extra path is the plug-in folder."""
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(PLUGINS)}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )


def test_a_plugin_is_found_by_its_entry_point_and_passes_the_suite() -> None:
    done = run_clean(
        "import sys, tavola, tavola.testing\n"
        "assert not any('conftest' in m for m in sys.modules)\n"
        "assert 'tavola_morra' not in sys.modules\n"
        "ids = [spec.id for spec in tavola.list_games()]\n"
        "assert 'test-morra' in ids and 'testa-di-pecora' in ids, ids\n"
        "assert tavola.get_spec('test-morra').factory.__module__ == 'tavola_morra'\n"
        "tavola.testing.check_game('test-morra')\n"
        "print('passed')\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "passed"


def test_the_suite_names_the_check_game_seed_and_step_of_a_failure() -> None:
    """Morra with a resample that keeps the other seats' true commitments fails check_redeal."""
    done = run_clean(
        "import tavola, tavola.testing, tavola_morra\n"
        "def resample(g, seat, rng):\n"
        "    g._query_seat(seat)\n"
        "    h = g.clone()\n"
        "    h._forget(rng)\n"
        "    return h\n"
        "tavola_morra.Morra.resample = resample\n"
        "try:\n"
        "    tavola.testing.check_game('test-morra', 3, quick=True)\n"
        "except tavola.testing.ConformanceError as exc:\n"
        "    print(exc)\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("check_redeal: test-morra (standard, 3 players)")
    assert "resample does not re-deal" in done.stdout


@pytest.mark.parametrize("method", ["spawn", "forkserver", "fork"])
def test_a_plugin_game_exists_in_worker_processes(method: str) -> None:
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} start method on this platform")
    done = run_clean(
        "import concurrent.futures as cf, multiprocessing as mp\n"
        "import tavola\n"
        "from tavola.testing import random_record\n"
        "if __name__ == '__main__':\n"
        f"    context = mp.get_context({method!r})\n"
        "    with cf.ProcessPoolExecutor(2, mp_context=context) as pool:\n"
        "        records = list(pool.map(random_record, ['test-morra'] * 4, [2, 3, 2, 3],"
        " range(4)))\n"
        "    for seed, record in enumerate(records):\n"
        "        assert record == random_record('test-morra', record['players'], seed)\n"
        "        assert tavola.replay(record).is_over\n"
        "    print(len(records))\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "4"
