"""The store: one SQL database (SQLite by default, PostgreSQL by URL), migrated at start.

Every method is one transaction. :meth:`Store.append` stores an accepted action and advances
the table's move count together, and refuses if the count moved meanwhile, so two processes can
never interleave actions of one table. On SQLite it runs on the DBAPI connection directly
(``sqlite_append``), as it is the hot path of a live table.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, create_engine, delete, event, insert, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlalchemy.orm import sessionmaker

from ..core.errors import TavolaError
from .models import ActionRow, SeatRow, TableRow
from .sqlite_append import SqliteAppender

MIGRATIONS = Path(__file__).parent / "migrations"
_TABLES, _ACTIONS = TableRow.__table__, ActionRow.__table__
_ADVANCE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("table"), _TABLES.c.moves == bindparam("n"))
    .values(moves=bindparam("next"), status=bindparam("new_status"), updated_at=bindparam("stamp"))
)
"""Advance a table from move ``n`` (refused, no row matched, if it moved meanwhile)."""
_ACTION = insert(_ACTIONS)


class StaleTableError(TavolaError):
    """The table changed in the database since it was loaded (another writer)."""


class DatabaseError(TavolaError):
    """The database cannot be used: a URL SQLAlchemy cannot read, no driver for it, or a
    database that cannot be opened or migrated (no server, no access, no such folder)."""


def safe_url(url: str) -> str:
    """A database URL without its password."""
    return make_url(url).render_as_string(hide_password=True)


def default_url() -> str:
    """SQLite in the user's data directory (made if missing)."""
    from platformdirs import user_data_path

    path = user_data_path("tavola", appauthor=False, ensure_exists=True) / "tavola.sqlite3"
    return f"sqlite:///{path}"


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class StoredTable:
    """A table as stored: its row, its seats (by seat number) and its actions in order."""

    row: TableRow
    seats: list[SeatRow]
    actions: list[tuple[int, dict[str, Any]]]


class Store:
    """The database of tables. ``url`` is a SQLAlchemy URL (``sqlite:///path``,
    ``postgresql+psycopg://user@host/db``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        try:
            self.engine: Engine = create_engine(
                url,
                connect_args={"check_same_thread": False, "timeout": 30} if sqlite else {},
                pool_pre_ping=not sqlite,
            )
        except ArgumentError:
            raise DatabaseError(
                "not a database URL (for example sqlite:///path/to/tavola.sqlite3 or "
                "postgresql+psycopg://user@host/dbname)"
            ) from None
        except (NoSuchModuleError, ImportError) as exc:
            hint = " (PostgreSQL needs tavola's postgres extra)" if "postgres" in url else ""
            raise DatabaseError(f"no driver for {safe_url(url)}: {exc}{hint}") from None
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.local = sqlite
        """Writes are appends to a local file, a tenth of a millisecond (no network round
        trip): a caller may make them without a thread hop."""
        # SQLite has one writer at a time, and a writer that finds the database busy sleeps
        # and tries again (1, 2, 5, 10... ms): queued on a lock, writers go in turn at once.
        self.writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if sqlite else contextlib.nullcontext()
        )
        self.session = sessionmaker(self.engine, expire_on_commit=False)
        self._appender = SqliteAppender(self.engine, _ADVANCE, _ACTION) if sqlite else None

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration (Alembic)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        try:
            with self.engine.begin() as connection:
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        except DBAPIError as exc:
            reason = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
            hint = ""
            if "unable to open" in reason:
                file = self.engine.url.database or ""
                hint = " (it is a folder)" if file and Path(file).is_dir() else ""
                hint = hint or " (does its folder exist?)"
            raise DatabaseError(
                f"cannot open the database {safe_url(self.url)}: {reason}{hint}"
            ) from None

    def create(
        self,
        row: TableRow,
        seats: list[SeatRow],
        actions: Sequence[tuple[int, dict[str, Any]]] = (),
        rematch_of: str | None = None,
    ) -> None:
        """A new table with its seats (and, for an imported record, its actions); with
        ``rematch_of``, the rematch of that finished table, which must not have one yet."""
        with self.writing, self.session.begin() as s:
            s.add(row)
            s.flush()
            if rematch_of is not None:
                linked = s.execute(
                    update(TableRow)
                    .where(
                        TableRow.id == rematch_of,
                        TableRow.status == "over",
                        TableRow.rematch.is_(None),
                    )
                    .values(rematch=row.id)
                ).rowcount
                if linked != 1:
                    raise StaleTableError(f"table {rematch_of} changed meanwhile; reload it")
            s.add_all(seats)
            s.add_all(
                ActionRow(table_id=row.id, n=n, seat=seat, action=action, at=row.created_at)
                for n, (seat, action) in enumerate(actions)
            )

    def load(self, table_id: str) -> StoredTable | None:
        with self.session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = list(
                s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            )
            actions = [
                (a.seat, a.action)
                for a in s.scalars(
                    select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.n)
                )
            ]
            return StoredTable(row, seats, actions)

    def append(self, table_id: str, n: int, seat: int, action: dict[str, Any], status: str) -> None:
        """Store action number ``n`` and the table's new status, in one transaction.

        The hot path of a live table: two statements built once (an ORM session here costs
        six times as much CPU as the commit itself); on SQLite, run on the DBAPI connection
        (SQLAlchemy's execution costs three times as much as the writes)."""
        stamp = now()
        advance = {"table": table_id, "n": n, "next": n + 1, "new_status": status, "stamp": stamp}
        row = {"table_id": table_id, "n": n, "seat": seat, "action": action, "at": stamp}
        if self._appender is not None:
            with self.writing:
                if not self._appender.append(advance, row):
                    raise StaleTableError(f"table {table_id} changed meanwhile; reload it")
            return
        with self.engine.begin() as c:
            if c.execute(_ADVANCE, advance).rowcount != 1:
                raise StaleTableError(f"table {table_id} changed meanwhile; reload it")
            c.execute(_ACTION, row)

    def delete(self, table_id: str) -> None:
        """Delete a table with its seats and actions (the foreign keys cascade)."""
        with self.writing, self.engine.begin() as c:
            c.execute(delete(_TABLES).where(_TABLES.c.id == table_id))

    def take_back(
        self,
        table_id: str,
        index: int,
        n: int,
        handed: dict[int, tuple[int | None, list[dict[str, Any]]]],
    ) -> None:
        """Remove action number ``index`` (a step taken back) of the table at move ``n``, the
        later ones moved down one, in one transaction, if the table is still at move ``n``;
        ``handed`` gives the seats whose hand-overs' moves move with them, and where to."""
        with self.writing, self.session.begin() as s:
            moved = s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.moves == n, TableRow.status == "playing")
                .values(moves=n - 1, updated_at=now())
            ).rowcount
            if moved != 1:
                raise StaleTableError(f"table {table_id} changed meanwhile; reload it")
            later = s.scalars(
                select(ActionRow)
                .where(ActionRow.table_id == table_id, ActionRow.n > index)
                .order_by(ActionRow.n)
            ).all()
            kept = [(a.n - 1, a.seat, a.action, a.at) for a in later]
            s.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.n >= index))
            for number, seat, action, at in kept:  # one by one: n is part of the key
                s.add(ActionRow(table_id=table_id, n=number, seat=seat, action=action, at=at))
            for seat, (bot_from, spans) in handed.items():
                s.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                    .values(bot_from=bot_from, bot_spans=spans)
                )

    def hand_to_bot(self, table_id: str, seat: int, agent: str, n: int, at: datetime) -> None:
        """Make the person's seat ``seat`` a bot seat (``agent``) from move ``n`` on (at the
        time ``at``), if the table is still at move ``n`` and being played."""
        self._change_seat(
            table_id, seat, n, "human", kind="bot", agent=agent, bot_from=n, bot_at=at
        )

    def give_back(self, table_id: str, seat: int, n: int, spans: list[dict[str, Any]]) -> None:
        """Give the seat ``seat``, handed to a bot, back to its person from move ``n`` on, if
        the table is still at move ``n`` and being played; ``spans`` are its hand-overs taken
        back, this one with them (:class:`SeatRow`)."""
        self._change_seat(
            table_id,
            seat,
            n,
            "bot",
            kind="human",
            agent=None,
            bot_from=None,
            bot_at=None,
            bot_spans=spans,
        )

    def _change_seat(self, table_id: str, seat: int, n: int, was: str, **values: Any) -> None:
        with self.writing, self.session.begin() as s:
            moved = s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.moves == n, TableRow.status == "playing")
                .values(updated_at=now())
            ).rowcount
            changed = s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == was)
                .values(**values)
            ).rowcount
            if moved != 1 or changed != 1:
                raise StaleTableError(f"table {table_id} changed meanwhile; reload it")

    def statuses(self, table_ids: list[str]) -> dict[str, dict[str, Any]]:
        """Whether each of ``table_ids`` that is here is over, and its rematch's id: what its
        spectators see too (not its number of moves: that counts others' secret steps)."""
        with self.session() as s:
            rows = s.execute(
                select(TableRow.id, TableRow.status, TableRow.rematch).where(
                    TableRow.id.in_(table_ids)
                )
            )
            return {
                i: {"over": status == "over", "rematch": rematch} for i, status, rematch in rows
            }

    def unfinished(self) -> list[str]:
        """Ids of the tables still being played."""
        with self.session() as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.status == "playing")))

    def dispose(self) -> None:
        if self._appender is not None:
            self._appender.close()
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Foreign keys on; WAL so readers never wait for the writer; an accepted action survives
    the process being killed (a power cut may lose the last few: synchronous=NORMAL)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
