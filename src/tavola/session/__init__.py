"""Live tables: a game, its seats (people by secret, bots by name) and who watches it.

Front ends (the web app) talk to tables only through this layer: it checks a seat's secret,
serialises actions per table, stores each accepted action before anyone hears of it, moves the
bots at a pace people can follow (each choice in a worker thread), tells everyone at a table
which people are connected, lets the creator (or, after a while, another player) hand an
empty seat to a bot, sends each seat only
its own view and events, and replays finished games from their records.
"""

from .hub import TableLimitError, Tables
from .replay import NotOverError, replay_message, review_message
from .table import HAND_OVER_AFTER, CreatorError, Listener, LiveTable

__all__ = [
    "HAND_OVER_AFTER",
    "CreatorError",
    "Listener",
    "LiveTable",
    "NotOverError",
    "TableLimitError",
    "Tables",
    "replay_message",
    "review_message",
]
