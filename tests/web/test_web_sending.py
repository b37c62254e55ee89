"""The hot path of an action: its storing (on SQLite, on the DBAPI connection, checkpoints in
a worker thread) and the messages that announce it (one built per seat and events owed, never
a stale one after a newer)."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path

import pytest

from tavola.session import Tables
from tavola.session.table import Listener, LiveTable
from tavola.store import Store, sqlite_append
from tavola.store.database import StaleTableError

PEOPLE = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}, {"kind": "invite"}]


async def _table(store: Store) -> tuple[Tables, str]:
    store.migrate()
    tables = Tables(store, pace=0.0)
    made = await tables.create("testa-di-pecora", 4, PEOPLE, client="t")
    return tables, made["table"]


def test_an_appended_action_reads_back_as_stored_and_a_stale_one_changes_nothing(
    database: str,
) -> None:
    store = Store(database)
    table_id = asyncio.run(_table(store))[1]
    store.append(table_id, 0, 2, {"kind": "play", "card": "città-é"}, "playing")
    with pytest.raises(StaleTableError):
        store.append(table_id, 0, 3, {"kind": "pass"}, "playing")
    store.append(table_id, 1, 3, {"kind": "pass"}, "over")
    stored = store.load(table_id)
    store.dispose()
    assert stored is not None
    assert stored.actions == [(2, {"kind": "play", "card": "città-é"}), (3, {"kind": "pass"})]
    assert (stored.row.moves, stored.row.status) == (2, "over")
    assert isinstance(stored.row.updated_at, datetime)


def test_sqlite_checkpoints_run_in_a_worker_thread(tmp_path: Path, monkeypatch) -> None:
    """SQLite's own checkpoint would flush to disk in the call that commits, on the event
    loop; here every few appends start one in a worker thread instead."""
    ran_in: list[str] = []
    checkpoint = sqlite_append.SqliteAppender._run_checkpoint

    def noted(self: sqlite_append.SqliteAppender) -> None:
        ran_in.append(threading.current_thread().name)
        checkpoint(self)

    monkeypatch.setattr(sqlite_append, "CHECKPOINT_EVERY", 3)
    monkeypatch.setattr(sqlite_append.SqliteAppender, "_run_checkpoint", noted)
    store = Store(f"sqlite:///{tmp_path / 'tavola.sqlite3'}")
    table_id = asyncio.run(_table(store))[1]
    for n in range(7):
        store.append(table_id, n, n % 4, {"kind": "pass"}, "playing")
    store.dispose()  # waits for a checkpoint under way
    assert ran_in and all(name.startswith("tavola-checkpoint") for name in ran_in)
    assert threading.current_thread().name not in ran_in


def _recorder(into: list[dict]) -> Callable[[str], Awaitable[None]]:
    async def send(text: str) -> None:
        into.append(json.loads(text))

    return send


def test_spectators_share_one_message_and_each_seat_gets_its_own(
    tmp_path: Path, monkeypatch
) -> None:
    built: list[int | None] = []
    message = LiveTable.message

    def counted(self: LiveTable, seat: int | None, since: int, *seats: list) -> dict:
        built.append(seat)
        return message(self, seat, since, *seats)

    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'tavola.sqlite3'}")
        tables, table_id = await _table(store)
        async with tables.visit(table_id) as table:
            assert table is not None
            got: list[list[dict]] = [[] for _ in range(4)]
            for seat, into in zip([None, None, None, 0], got, strict=True):
                table.listeners.add(Listener(seat, _recorder(into)))
            monkeypatch.setattr(LiveTable, "message", counted)
            await table.broadcast()
            assert sorted(built, key=str) == [0, None]
            assert got[0] == got[1] == got[2] != got[3]
            assert got[0][0]["seat"] is None and got[3][0]["seat"] == 0
        await tables.close()
        store.dispose()

    asyncio.run(run())


def test_a_send_that_waits_never_lets_a_stale_message_follow_a_newer_one(
    tmp_path: Path,
) -> None:
    """Two spectators; the first send waits (a slow reader) while seat 0's player connects
    and everyone is told: the other spectator's last message shows seat 0 connected."""

    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'tavola.sqlite3'}")
        tables, table_id = await _table(store)
        async with tables.visit(table_id) as table:
            assert table is not None
            got: dict[int, list[dict]] = {0: [], 1: []}
            gate = asyncio.Event()
            waited: list[int] = []

            def spectator(i: int) -> Callable[[str], Awaitable[None]]:
                async def send(text: str) -> None:
                    got[i].append(json.loads(text))
                    if not waited:
                        waited.append(i)
                        await gate.wait()

                return send

            told = max((e["i"] for e in table.game.events(None)), default=-1)
            for i in got:  # both told everything: each is owed the same message
                table.listeners.add(Listener(None, spectator(i), sent=told))
            first = asyncio.create_task(table.broadcast())
            while not waited:
                await asyncio.sleep(0)
            await table.join(Listener(0, _recorder([])))  # a change, told to everyone
            gate.set()
            await first
            other = got[1 - waited[0]]
            assert other[-1]["seats"][0]["connected"] is True
        await tables.close()
        store.dispose()

    asyncio.run(run())
