"""Registers Renaissance Man (2013) (importing the game registers it) and makes the helpers
beside this file importable."""

import sys
from pathlib import Path

import tavola.games.renaissance_man  # noqa: F401  (registers the game)

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
