"""Makes ``interop_relay`` (beside this file) importable, and the ``relay`` fixture: the toy game
Relay registered for one test (never for the whole run: other tests list every game)."""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tavola
from tavola.core.registry import unregister

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from interop_relay import SPEC  # noqa: E402


@pytest.fixture
def relay() -> Iterator[str]:
    """The id of Relay, registered while the test runs."""
    tavola.register(SPEC)
    yield SPEC.id
    unregister(SPEC.id)
