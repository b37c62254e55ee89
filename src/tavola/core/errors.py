"""Errors a person can meet: each a ``ValueError`` whose message says what to do instead."""

from __future__ import annotations


class TavolaError(ValueError):
    """Base class of every tavola error raised for bad input."""


class IllegalActionError(TavolaError):
    """A well-formed action that the rules do not allow now; the game is left exactly as it was."""


class MalformedActionError(TavolaError):
    """Input that does not name any action of the game (bad JSON, unknown kind or card, ...)."""


class UnknownGameError(TavolaError):
    """No registered game has the requested id, or the players, variant or options do not fit it."""


class CardDataError(TavolaError):
    """A card data file is invalid; the message names the file and the line."""


class RecordError(TavolaError):
    """A game record cannot be replayed (wrong game, bad action at some index, ...)."""
