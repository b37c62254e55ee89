"""Golden playthroughs of Renaissance Man (2006), dice and all (see
:mod:`tavola.testing.playthrough`). After an intended change, regenerate and review the diff:

    TAVOLA_REGENERATE=1 python -m pytest tests/games/renaissance_man_2d6/test_rm2d6_playthrough.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tavola.testing.playthrough import compare_golden, playthrough

HERE = Path(__file__).parent / "playthroughs"
CASES = {"rm2d6-2p-seed1.jsonl": (2, 1), "rm2d6-3p-seed2.jsonl": (3, 2)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_matches_its_golden_file(name: str) -> None:
    players, seed = CASES[name]
    compare_golden(HERE / name, playthrough("renaissance-man-2d6", players, seed))
