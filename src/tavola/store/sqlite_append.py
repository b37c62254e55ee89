"""Store.append on SQLite: its two statements on the DBAPI connection, checkpoints aside.

SQLAlchemy's execution of a statement (a connection from the pool, a transaction object, an
execution context) costs three times the CPU of SQLite's own work, and an action is appended
on the event loop. Here the statements are compiled once for SQLite and run on one DBAPI
connection kept for appends; each value goes through its column type's SQLAlchemy bind
processor, so the stored forms are those of every other write. The WAL checkpoint SQLite would
make in a committing call now and then (pages copied and flushed to disk: milliseconds) runs in
a worker thread instead, off the event loop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.sql.expression import Executable

CHECKPOINT_EVERY = 200
"""Appends between two WAL checkpoints (SQLite's own: about 300 appends, at 1000 pages)."""


class _Statement:
    """A statement's SQL for ``dialect``, and its positional values from named ones."""

    def __init__(self, statement: Executable, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = compiled.string
        self._binds: list[tuple[str, Callable[[Any], Any] | None]] = [
            (name, compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect))
            for name in compiled.positiontup or ()
        ]

    def values(self, named: Mapping[str, Any]) -> tuple[Any, ...]:
        return tuple([named[n] if p is None else p(named[n]) for n, p in self._binds])


class SqliteAppender:
    """Runs an UPDATE that must match one row, then an INSERT, in one transaction, on a DBAPI
    connection of its own (opened on first use); the caller holds the store's write lock."""

    def __init__(self, engine: Engine, update: Executable, insert: Executable) -> None:
        self._engine = engine
        self._update = _Statement(update, engine.dialect)
        self._insert = _Statement(insert, engine.dialect)
        self._connection: Any = None
        self._appended = 0
        self._checkpoints: ThreadPoolExecutor | None = None
        self._checkpoint: Future[None] | None = None

    def append(self, update: Mapping[str, Any], insert: Mapping[str, Any]) -> bool:
        """Both statements, committed; False, with nothing written, if the update matched no
        row (the table moved meanwhile)."""
        if self._connection is None:
            self._connection = self._engine.raw_connection()
            self._connection.detach()  # closed with the store, never handed to another user
            self._connection.dbapi_connection.execute("PRAGMA wal_autocheckpoint=0")
        db = self._connection.dbapi_connection
        try:
            db.execute("BEGIN")
            if db.execute(self._update.sql, self._update.values(update)).rowcount != 1:
                db.rollback()
                return False
            db.execute(self._insert.sql, self._insert.values(insert))
            db.commit()
        except BaseException:
            db.rollback()
            raise
        self._appended += 1
        if self._appended % CHECKPOINT_EVERY == 0:
            self._checkpoint_soon()
        return True

    def _checkpoint_soon(self) -> None:
        """Checkpoint the WAL in a worker thread, unless one is under way. A passive
        checkpoint neither waits for nor blocks the appends."""
        if self._checkpoint is not None and not self._checkpoint.done():
            return
        if self._checkpoints is None:
            self._checkpoints = ThreadPoolExecutor(1, thread_name_prefix="tavola-checkpoint")
        self._checkpoint = self._checkpoints.submit(self._run_checkpoint)

    def _run_checkpoint(self) -> None:
        with self._engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        if self._checkpoints is not None:
            self._checkpoints.shutdown(wait=True)
            self._checkpoints = None
        if self._connection is not None:
            self._connection.close()
            self._connection = None
