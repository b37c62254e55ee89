"""What happened in a Renaissance Rivals game (the raw ``log`` of rules.py), and who sees it.

Everything is public but the cards drawn: a seat alone sees the cards it draws (the others see
that it drew one). Cards become public when used, started, Elevated, transferred or discarded.
The sentence for each event is in text.py.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.events import Event
from .cards import CITIES, square_name
from .rules import (
    DIR_NAMES,
    END_REASONS,
    EV_ACQUIRE,
    EV_ADVANCE,
    EV_BEGIN,
    EV_COMPLETE,
    EV_DISCARD,
    EV_DRAW,
    EV_ELEVATE,
    EV_END,
    EV_MOVE,
    EV_REMOVE,
    EV_RESUPPLY,
    EV_REVEAL,
    EV_SHUFFLE,
    EV_START,
    EV_TRANSFER,
    EV_TURN,
    EV_USE,
    USES,
    RenaissanceRivals,
    Tables,
)

_ALONE = tuple(frozenset((s,)) for s in range(4))


def _sq(p: int) -> str:
    return square_name(p // 4, p % 4)


def describe(g: RenaissanceRivals, raw: tuple[Any, ...]) -> Event:
    """The event a raw log entry stands for (remembered: events are asked for often)."""
    if raw[0] == EV_END:  # the last entry: the game is over, and its result names the winners
        winners = list(g.result.winners)
        return Event(
            "end", {"reason": END_REASONS[raw[1]], "winners": winners, "scores": list(raw[2])}
        )
    return _describe(g.t, raw)


@lru_cache(maxsize=1 << 16)
def _describe(t: Tables, raw: tuple[Any, ...]) -> Event:
    kind = raw[0]
    ids = t.ids
    if kind == EV_DRAW:
        return Event(
            "draw",
            {"seat": raw[1], "count": len(raw[2]), "cards": [ids[i] for i in raw[2]]},
            secret={"cards": _ALONE[raw[1]]},
        )
    if kind == EV_TURN:
        return Event("turn", {"seat": raw[1], "turn": raw[2] + 1})
    if kind == EV_USE:
        return Event(
            "use", {"seat": raw[1], "card": ids[raw[2]], "as": USES[raw[3]], "pawn": _sq(raw[4])}
        )
    if kind == EV_ACQUIRE:
        _, s, p, card, to, before, after = raw
        return Event(
            "acquire",
            {
                "seat": s,
                "stack": _sq(p),
                "card": ids[card],
                "to": "palette" if to else "discards",
                "from": _sq(before),
                "pawn": _sq(after),
            },
        )
    if kind == EV_REVEAL:
        return Event("reveal", {"stack": _sq(raw[1]), "card": ids[raw[2]] if raw[2] >= 0 else None})
    if kind == EV_RESUPPLY:
        return Event("resupply", {"stack": _sq(raw[1]), "card": ids[raw[2]]})
    if kind == EV_BEGIN:
        return Event("start", {"seat": raw[1], "card": ids[raw[2]], "city": CITIES[raw[3]].lower()})
    if kind == EV_ADVANCE:
        return Event(
            "advance", {"seat": raw[1], "card": ids[raw[2]], "step": raw[3], "points": raw[4]}
        )
    if kind == EV_COMPLETE:
        return Event("complete", {"seat": raw[1], "card": ids[raw[2]], "vp": raw[3]})
    if kind == EV_ELEVATE:
        return Event(
            "elevate",
            {"seat": raw[1], "card": ids[raw[2]], "from": ("hand", "discards")[raw[3]]},
        )
    if kind == EV_MOVE:
        return Event(
            "move",
            {
                "seat": raw[1],
                "dir": DIR_NAMES[raw[2]],
                "pawn": _sq(raw[3]),
                "why": ("masterpiece", "free")[raw[4]],
            },
        )
    if kind == EV_TRANSFER:
        return Event("transfer", {"seat": raw[1], "card": ids[raw[2]]})
    if kind == EV_DISCARD:
        # [D9] the event names no card: the discard pile shows them, unless it is shuffled
        # into a new deck at once (then only their owner knows them, from its hand).
        return Event("discard", {"seat": raw[1], "count": len(raw[2])})
    if kind == EV_SHUFFLE:
        return Event("shuffle", {"seat": raw[1], "size": raw[2]})
    if kind == EV_REMOVE:
        return Event(
            "remove",
            {
                "stack": _sq(raw[1]),
                "card": ids[raw[2]],
                "top": ids[raw[3]] if raw[3] >= 0 else None,
            },
        )
    if kind == EV_START:
        c = t.c
        return Event(
            "setup",
            {
                "players": len(raw[1]),
                "artists": [c.artist_ids[a] for a in raw[1]],
                "red_deck": raw[2],
            },
        )
    raise ValueError(f"unknown Renaissance Rivals event {raw!r}")
