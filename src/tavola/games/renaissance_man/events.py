"""What happened in a Renaissance Man (2013) game (the raw ``log`` of rules.py), and who sees it.

Public: the Recruit board, the Foundations once revealed, every revealed action (removals,
type, card, and what it needs), tokens, knights, recruit resolutions, refills of the board, the
size of each discard and each draw, shuffles, a supply running out, the end. Private: each step
of a seat's commitment (it alone sees its kind; the others see only that it is ready). A card
drawn or discarded face down is never named in an event (its holder sees it in its view), so no
event can name a card that later goes back into the deck unseen by others [D27]. A generated
Renaissance Man is never named: it is dealt face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from .cards import SYMBOLS, WORKERS
from .rules import (
    ACTION_NAMES,
    END_REASONS,
    EV_ASIDE,
    EV_BOARD,
    EV_DEAL,
    EV_DISCARD,
    EV_DRAW,
    EV_DROP,
    EV_END,
    EV_FLIP,
    EV_FOUNDATION,
    EV_HIRE,
    EV_KNIGHT,
    EV_NO_CARD,
    EV_PHASE,
    EV_READY,
    EV_REFILL,
    EV_REMOVE,
    EV_RESOLVE,
    EV_REVEAL,
    EV_RM_MADE,
    EV_RM_PLACED,
    EV_ROUND,
    EV_SHUFFLE,
    EV_SPEND,
    EV_STEP,
    EV_SUPPLY_OUT,
    EV_TAKE,
    EV_TOKEN,
    slot_name,
)
from .views import token_json

if TYPE_CHECKING:
    from .rules import RenaissanceMan

_ALONE = tuple(frozenset((s,)) for s in range(4))
_RESOLVED = {-1: "tie", -2: "opposing", -3: "tie-removed"}


def describe(g: RenaissanceMan, raw: tuple[Any, ...]) -> Event:
    """The event a raw log entry stands for."""
    kind = raw[0]
    ids = g.c.ids

    def card(x: int) -> str | None:
        return ids[x] if x >= 0 else None

    if kind == EV_STEP:
        # the step's kind only: the card it names is in the seat's view ("mine") while it
        # matters, and a card named here could be shuffled back into the deck later
        step = g.t.actions[raw[2]]
        return Event("step", {"seat": raw[1], "step": step.kind}, to=_ALONE[raw[1]])
    if kind == EV_READY:
        return Event("ready", {"seat": raw[1]})
    if kind == EV_DRAW:  # the card is in the drawer's hand (its view); never named here
        return Event("draw", {"seat": raw[1], "drawn": raw[2] >= 0})
    if kind == EV_REVEAL:
        _, seat, removed, action, c, extra = raw
        return Event(
            "reveal",
            {
                "seat": seat,
                "removed": [card(x) or "down" for x in removed],
                "action": ACTION_NAMES[action] if action >= 0 else None,
                "card": card(c),
                "choices": [g.t.actions[x].to_json() for x in extra],
            },
        )
    if kind == EV_REMOVE:
        return Event(
            "remove", {"seat": raw[1], "slot": slot_name(raw[2]), "card": card(raw[3]) or "down"}
        )
    if kind == EV_HIRE:
        return Event("hire", {"seat": raw[1], "card": ids[raw[2]], "slot": slot_name(raw[3])})
    if kind == EV_TOKEN:
        where = "renaissance" if raw[3] else "stored"
        return Event(
            "token", {"seat": raw[1], **token_json(raw[2]), "area": where, "count": raw[4]}
        )
    if kind == EV_SPEND:
        return Event("spend", {"seat": raw[1], **token_json(raw[2])})
    if kind == EV_DROP:
        return Event("drop", {"seat": raw[1], **token_json(raw[2])})
    if kind == EV_SUPPLY_OUT:
        return Event(
            "supply_out",
            {"seat": raw[1] if raw[1] >= 0 else None, "face": SYMBOLS[raw[2]]},
        )
    if kind == EV_KNIGHT:
        return Event(
            "knight",
            {
                "seat": raw[1],
                "from": SYMBOLS[raw[2]] if raw[2] >= 0 else "home",
                "to": SYMBOLS[raw[3]],
            },
        )
    if kind == EV_RM_MADE:
        return Event("renaissance_man", {"seat": raw[1], "dealt": raw[2]})
    if kind == EV_RM_PLACED:
        return Event("place_renaissance_man", {"seat": raw[1], "slot": slot_name(raw[2])})
    if kind == EV_FLIP:
        return Event("flip", {"cards": [card(x) for x in raw[1]]})
    if kind == EV_RESOLVE:
        _, area, winner, c = raw
        return Event(
            "resolve",
            {
                "area": SYMBOLS[area],
                "winner": winner if winner >= 0 else None,
                "outcome": "won" if winner >= 0 else _RESOLVED[winner],
                "card": card(c),
            },
        )
    if kind == EV_TAKE:
        return Event(
            "recruit",
            {
                "seat": raw[1],
                "card": ids[raw[2]],
                "to": slot_name(raw[3]) if raw[3] >= 0 else "hand",
            },
        )
    if kind == EV_DISCARD:
        return Event("discard", {"seat": raw[1], "count": len(raw[2])})
    if kind == EV_REFILL:
        return Event("refill", {"area": SYMBOLS[raw[1]], "card": card(raw[2])})
    if kind == EV_SHUFFLE:
        return Event("shuffle", {"size": raw[1]})
    if kind == EV_ROUND:
        return Event("round", {"round": raw[1]})
    if kind == EV_PHASE:
        return Event("phase", {"level": raw[1]})
    if kind == EV_FOUNDATION:
        return Event("foundation", {"seat": raw[1], "order": [WORKERS[t] for t in raw[2]]})
    if kind == EV_BOARD:
        return Event("board", {"dealer": raw[1], "recruits": [ids[x] for x in raw[2]]})
    if kind == EV_ASIDE:
        return Event("aside", {"count": raw[1]})
    if kind == EV_END:
        _, reason, winners, scores = raw
        return Event(
            "end", {"reason": END_REASONS[reason], "winners": list(winners), "scores": list(scores)}
        )
    if kind in (EV_DEAL, EV_NO_CARD):
        return Event("note", {})
    raise ValueError(f"unknown Renaissance Man event {raw!r}")
