"""The schema: tables, their seats and their actions (migrations/ creates and upgrades it)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: a game being played (or finished) and its parameters.

    ``seed`` is a decimal string (seeds are unsigned 64-bit, wider than SQL's BIGINT); it never
    leaves the server before the game is over. ``moves`` counts the stored actions. ``origin``
    is ``played`` (a table set here) or ``imported`` (a finished game's record, uploaded to be
    replayed). ``rematch`` is the id of the table that plays a finished one again, once asked for.
    """

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(20))
    bot_seed: Mapped[str] = mapped_column(String(20))
    creator_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)
    moves: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    origin: Mapped[str] = mapped_column(String(16), default="played", server_default="played")
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)


class SeatRow(Base):
    """A seat of a table: a bot (``agent``) or a person (``secret_hash``: sha256 of the secret).

    A person's seat handed to a bot by the table's creator becomes a bot seat from move
    ``bot_from`` on (at the time ``bot_at``); its secret is kept, so its link still shows the
    seat (it cannot act) and its person can take it back (a person's seat again, ``bot_from``
    and ``bot_at`` cleared, the hand-over kept in ``bot_spans``: each one taken back, as
    ``{"from": first move, "to": the move its person played again from, "agent", "at"}``,
    so a replay shows who played each move)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    agent: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    secret_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot_from: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    bot_spans: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)


class ActionRow(Base):
    """The ``n``-th accepted action of a table, as the seat and the action's JSON."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
