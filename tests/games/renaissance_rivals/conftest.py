"""Registers Renaissance Rivals (importing the game module calls ``register(SPEC)``) and makes
``rr_helpers`` (beside this file) importable from its tests."""

import sys
from pathlib import Path

import tavola.games.renaissance_rivals  # noqa: F401  (registers the game)

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
