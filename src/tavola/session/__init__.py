"""Live tables: a game, its seats (people by secret, bots by name) and who watches it.

Front ends (the web app) talk to tables only through this layer: it checks a seat's secret,
serialises actions per table, stores each accepted action before anyone hears of it, moves the
bots at a pace people can follow, and sends each seat only its own view and events.
"""

from .hub import TableLimitError, Tables
from .table import Listener, LiveTable

__all__ = ["Listener", "LiveTable", "TableLimitError", "Tables"]
