"""Golden playthroughs of Testa di Pecora (see :mod:`tavola.testing.playthrough`). After an
intended change, regenerate and review the diff:

    TAVOLA_REGENERATE=1 python -m pytest tests/games/testa_di_pecora/test_testa_playthrough.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tavola.testing.playthrough import compare_golden, playthrough

HERE = Path(__file__).parent / "playthroughs"
CASES = {"testa-4p-seed1.jsonl": (4, 1), "testa-5p-seed2.jsonl": (5, 2)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_matches_its_golden_file(name: str) -> None:
    players, seed = CASES[name]
    lines = playthrough("testa-di-pecora", players, seed, {"seasons": 2})
    compare_golden(HERE / name, lines)
