"""Persistence of live tables: SQLAlchemy models, a small store API, and Alembic migrations.

A table is its game's parameters (the seed included, kept server-side only), its seats (a bot's
name, or a person's secret stored as a hash) and its accepted actions in order; the live game is
rebuilt by replaying them, so an action stored is an action never lost.
"""

from .database import DatabaseError, Store, default_url, safe_url

__all__ = ["DatabaseError", "Store", "default_url", "safe_url"]
