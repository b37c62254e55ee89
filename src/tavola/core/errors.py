"""Errors a person can meet: each a ``ValueError`` whose message says what to do instead.

Messages quote what the caller gave only through :func:`quote`, so a 5 MB string or a control
character never reaches a log or a terminal whole.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

QUOTE_LIMIT = 60


class TavolaError(ValueError):
    """Base class of every tavola error raised for bad input."""

    option: str | None = None
    """The game option whose value was refused, if one was: a form marks its field by it (a
    card file's message begins with the file's name, which may be shortened or escaped)."""


class IllegalActionError(TavolaError):
    """A well-formed action that the rules do not allow now; the game is left exactly as it was."""


class MalformedActionError(TavolaError):
    """Input that does not name any action of the game (bad JSON, unknown kind or card, ...)."""


class UnknownGameError(TavolaError):
    """No registered game has the requested id, or the players, variant or options do not fit it."""


class SeatError(TavolaError):
    """A seat that does not exist (or is not a plain integer) was asked about."""


class CardDataError(TavolaError):
    """Card data is invalid; the message names the file and the line."""


class RecordError(TavolaError):
    """A game record cannot be replayed (wrong game, bad action at some index, ...)."""


_JSON_WORDS = {True: "true", False: "false", None: "null"}


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, anything unprintable escaped; true, false
    and null as JSON spells them, as the command line and the web app take them.

    >>> quote("x" * 100, limit=10)
    "'xxxxxxxx…"
    >>> quote(True)
    'true'
    """
    if value is None or isinstance(value, bool):
        return _JSON_WORDS[value]
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not turn an error message into a crash
        big = isinstance(value, int)  # past the digits Python converts (0x... in TOML)
        text = f"<a number of {value.bit_length()} bits>" if big else f"<{type(value).__name__}>"
    return shorten(text, limit)


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, anything unprintable escaped (:func:`escape`).

    >>> shorten("Pope, Abbot, Prior", limit=10)
    'Pope, Abb…'
    """
    text = escape(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def escape(text: str) -> str:
    """``text`` with anything unprintable (control and format characters, separators, lone
    surrogates) escaped, as Python writes it in a string.

    >>> print(escape("\\x1b[2Jrun.jsonl"))
    \\x1b[2Jrun.jsonl
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def meant(word: object, known: Iterable[str]) -> str:
    """ " (did you mean X?)" when ``word`` is a near miss of one of ``known`` (a letter off, a
    capital, the start of it and of no other), else "".

    >>> games = ["renaissance-man", "renaissance-man-2d6", "testa-di-pecora"]
    >>> meant("testa-di-pecorra", games), meant("Testa", games), meant("renaissance", games)
    (' (did you mean testa-di-pecora?)', ' (did you mean testa-di-pecora?)', '')
    """
    if not isinstance(word, str) or not word.strip():
        return ""
    word, known = word.strip().lower(), list(known)
    starts = [k for k in known if k.startswith(word)]
    if len(starts) > 1:  # the start of several: which is not for us to guess
        return ""
    close = starts or difflib.get_close_matches(word, known, 1, 0.8)
    return f" (did you mean {close[0]}?)" if close else ""
