"""Fixtures for the web app: a fresh database per test, and a client with bots at full speed;
makes ``web_helpers`` (beside this file) importable."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tavola.web import create_app

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tavola.sqlite3'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """Bots at full speed, and no rate limit (tests play faster than people)."""
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as c:
        yield c
