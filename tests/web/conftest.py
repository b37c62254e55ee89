"""Fixtures for the web app: a fresh database per test, SQLite and PostgreSQL (a throwaway
cluster, see postgres.py), and a client with bots at full speed; makes the helper modules beside
this file importable."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tavola.web import create_app

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """The URL of a throwaway PostgreSQL cluster's ``postgres`` database (one per session)."""
    from postgres import cluster, pg_bin

    if pg_bin() is None:
        pytest.skip("no PostgreSQL server here (apt-get install postgresql)")
    with cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: an SQLite file, or a new database in the PostgreSQL cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tavola.sqlite3'}"
    import sqlalchemy

    server = request.getfixturevalue("postgres")
    name = f"t{uuid.uuid4().hex}"
    engine = sqlalchemy.create_engine(server, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return server.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """Bots at full speed, and no rate limit (tests play faster than people)."""
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as c:
        yield c
