"""What happened, per seat: events, and the one place where they are filtered for a seat.

A game appends a cheap raw tuple to ``game.log`` as it acts; ``Game.describe_event`` turns one
into an :class:`Event`, which says who may see it (``to``) and which of its fields only some seats
may see (``secret``). :func:`seen_by` applies that to a seat; only then is the event's sentence
written, from the filtered fields, so a sentence cannot say more than the seat may know.

Event numbers are shared by all seats, so a seat sees gaps where others' private events are.
A game must therefore log a restricted event every time its occasion arises, with an empty
``to`` when nobody learns anything: an event logged only sometimes leaks through the gap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened. ``data`` is JSON (seats as ints, cards by id).

    ``to``: the seats that see the event at all (None: everyone, spectators included).
    ``secret``: data keys that only the given seats see; others get the event without them and
    a ``hidden`` list naming what was left out ("seat 2 saves a card" without the card).
    """

    kind: str
    data: Mapping[str, Any]
    to: frozenset[int] | None = None
    secret: Mapping[str, frozenset[int]] | None = None


def seen_by(event: Event, seat: int | None) -> dict[str, Any] | None:
    """The JSON form of ``event`` as ``seat`` (None: a spectator) may see it, or None."""
    to = event.to
    if to is not None and (seat is None or seat not in to):
        return None
    form: dict[str, Any] = {"kind": event.kind}
    for key, value in event.data.items():  # lists copied: games keep described events cached
        form[key] = json_copy(value) if value.__class__ in (list, dict) else value
    secret = event.secret
    if secret:
        hidden = sorted(k for k, seats in secret.items() if seat is None or seat not in seats)
        for key in hidden:
            form.pop(key, None)
        if hidden:
            form["hidden"] = hidden
    return form


def json_copy(value: Any) -> Any:
    """A copy of a JSON list or dict, all the way down (faster than copy.deepcopy)."""
    if value.__class__ is list:
        return [json_copy(x) if x.__class__ in (list, dict) else x for x in value]
    return {k: json_copy(x) if x.__class__ in (list, dict) else x for k, x in value.items()}
