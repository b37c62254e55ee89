"""What happened in a Renaissance Man (2006) game (the raw ``log`` of rules.py), and who sees it.

Everything is public, dice included ("every roll is shown to everyone"), but two things: the
cards a seat is dealt and the kind of each CR card it draws (it alone sees them; others see that
it drew). The sentence for each event is in text.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from .cards import KINDS
from .odds import parts_json, parts_sum
from .rules import (
    END_REASONS,
    EV_ATTEMPT,
    EV_CONTEST,
    EV_DECLARE,
    EV_DRAW,
    EV_END,
    EV_HAND,
    EV_PASS,
    EV_PLAY,
    EV_RECOVER,
    EV_REVEAL,
    EV_ROLL,
    EV_SHUFFLE,
    EV_STAND,
    EV_START,
    EV_TRIBUTE,
    EV_TURN,
    EV_WIN_EVENT,
)
from .views import by_kind

if TYPE_CHECKING:
    from .rules import RenaissanceMan2d6

_ALONE = tuple(frozenset((s,)) for s in range(8))


def describe(g: RenaissanceMan2d6, raw: tuple[Any, ...]) -> Event:
    """The event a raw log entry stands for."""
    kind = raw[0]
    ids = g.c.ids
    if kind == EV_TURN:
        return Event("turn", {"seat": raw[1], "turn": raw[2] + 1})
    if kind == EV_DRAW:
        return Event(
            "draw", {"seat": raw[1], "card": KINDS[raw[2]]}, secret={"card": _ALONE[raw[1]]}
        )
    if kind == EV_PLAY:
        return Event("play", {"seat": raw[1], "card": KINDS[raw[2]]})
    if kind == EV_REVEAL:
        return Event("reveal", {"seat": raw[1], "card": ids[raw[2]], "event": g.c.is_event[raw[2]]})
    if kind == EV_ATTEMPT:
        return Event("attempt", {"seat": raw[1], "challenge": ids[raw[2]]})
    if kind == EV_ROLL:
        _, seat, card, d1, d2, parts, won = raw
        mod = parts_sum(parts)
        return Event(
            "roll",
            {
                "seat": seat,
                "challenge": ids[card],
                "dice": [d1, d2],
                "modifier": mod,
                "total": d1 + d2 + mod,
                "success": won,
                "why": parts_json(parts),  # what makes up the modifier
            },
        )
    if kind == EV_PASS:
        return Event("pass", {"seat": raw[1]})
    if kind == EV_STAND:
        return Event("stand", {"seat": raw[1], "played": raw[2]})
    if kind == EV_CONTEST:
        _, card, rolls, winner, turner = raw
        return Event(
            "contest",
            {
                "event": ids[card],
                "turned_by": turner,
                "rolls": [
                    {"seat": s, "dice": [d1, d2], "modifier": m, "total": d1 + d2 + m}
                    for s, d1, d2, m in rolls
                ],
                "winner": winner if winner >= 0 else None,
            },
        )
    if kind == EV_WIN_EVENT:
        card = raw[2]
        c = g.c
        return Event(
            "event_won",
            {
                "seat": raw[1],
                "event": ids[card],
                "benefit": c.benefit[card],
                "amount": c.amount[card],
            },
        )
    if kind == EV_TRIBUTE:
        return Event("tribute", {"from": raw[1], "to": raw[2], "card": KINDS[raw[3]]})
    if kind == EV_RECOVER:
        return Event("recover", {"seat": raw[1], "cards": by_kind(raw[2])})
    if kind == EV_SHUFFLE:
        return Event("shuffle", {"size": raw[1]})
    if kind == EV_DECLARE:
        return Event("declare", {"seat": raw[1], "last_turn": raw[2] + 1})
    if kind == EV_END:
        winners = list(g.result.winners)  # the last entry: the game is over
        return Event(
            "end", {"reason": END_REASONS[raw[1]], "winners": winners, "scores": list(raw[2])}
        )
    if kind == EV_HAND:
        return Event("hand", {"seat": raw[1], "cards": by_kind(raw[2])}, to=_ALONE[raw[1]])
    if kind == EV_START:
        return Event(
            "start", {"first_player": raw[1], "players": g.n, "table": [ids[i] for i in raw[2]]}
        )
    raise ValueError(f"unknown Renaissance Man event {raw!r}")
