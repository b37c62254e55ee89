"""What happened in a Renaissance Man (2006) game, who may see it, and a sentence for each.

Everything is public, dice included ("every roll is shown to everyone"), but two things: the
cards a seat is dealt and the kind of each CR card it draws (it alone sees them; others see that
it drew). The sentences read only the event as already filtered for the viewer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from .cards import KINDS, Cards
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
        _, seat, card, d1, d2, mod, won = raw
        return Event(
            "roll",
            {
                "seat": seat,
                "challenge": ids[card],
                "dice": [d1, d2],
                "modifier": mod,
                "total": d1 + d2 + mod,
                "success": won,
            },
        )
    if kind == EV_PASS:
        return Event("pass", {"seat": raw[1]})
    if kind == EV_STAND:
        return Event("stand", {"seat": raw[1], "played": raw[2]})
    if kind == EV_CONTEST:
        _, card, rolls, winner = raw
        return Event(
            "contest",
            {
                "event": ids[card],
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
        return Event("end", {"reason": END_REASONS[raw[1]], "scores": list(raw[2])})
    if kind == EV_HAND:
        return Event("hand", {"seat": raw[1], "cards": by_kind(raw[2])}, to=_ALONE[raw[1]])
    if kind == EV_START:
        return Event(
            "start", {"first_player": raw[1], "players": g.n, "table": [ids[i] for i in raw[2]]}
        )
    raise ValueError(f"unknown Renaissance Man event {raw!r}")


def _who(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


def _whom(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def _cards(c: Cards, counts: dict[str, int]) -> str:
    parts = [f"{n} {c.kind_names[KINDS.index(k)]}" for k, n in counts.items() if n]
    return ", ".join(parts) or "nothing"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


BENEFIT_TEXT = {
    "draw": "draws {amount} Creative Reserves cards",
    "tribute": "takes a card at random from each other player",
    "bonus": "adds {amount} to every later Challenge roll",
    "waive": "from now on, {amount} unmet requirement(s) of each Challenge cost nothing",
    "recover": "takes back every matching card from the discards",
}


def sentence(c: Cards, e: dict[str, Any], viewer: int | None) -> str:
    """One sentence for an event as filtered for ``viewer`` (None: a spectator)."""
    kind = e["kind"]
    names = dict(zip(c.ids, c.names, strict=True))
    if kind == "turn":
        whose = "your" if e["seat"] == viewer else f"seat {e['seat']}'s"
        return f"Turn {e['turn']}: {whose} turn."
    if kind == "draw":
        what = (
            f"a {c.kind_names[KINDS.index(e['card'])]} card"
            if "card" in e
            else "a Creative Reserves card"
        )
        return f"{_who(e['seat'], viewer)} drew {what}."
    if kind == "play":
        return f"{_who(e['seat'], viewer)} played {c.kind_names[KINDS.index(e['card'])]}."
    if kind == "reveal":
        what = "the Event" if e["event"] else "the Challenge"
        return f"{_who(e['seat'], viewer)} turned up {what} {names[e['card']]}."
    if kind == "attempt":
        return f"{_who(e['seat'], viewer)} attempted {names[e['challenge']]}."
    if kind == "roll":
        d1, d2 = e["dice"]
        outcome = "success" if e["success"] else "failure"
        return (
            f"{_who(e['seat'], viewer)} rolled {d1}+{d2} {_signed(e['modifier'])} = {e['total']} "
            f"on {names[e['challenge']]}: {outcome}."
        )
    if kind == "pass":
        return f"{_who(e['seat'], viewer)} passed."
    if kind == "stand":
        return f"{_who(e['seat'], viewer)} played {e['played']} card(s) to the Event."
    if kind == "contest":
        rolls = "; ".join(
            f"{_who(r['seat'], viewer)} {d1}+{d2} {_signed(r['modifier'])} = {r['total']}"
            for r in e["rolls"]
            for d1, d2 in [r["dice"]]
        )
        tail = "" if e["winner"] is not None else " A tie: the tied players roll again."
        return f"{names[e['event']]}: {rolls}.{tail}"
    if kind == "event_won":
        benefit = BENEFIT_TEXT[e["benefit"]].format(amount=e["amount"])
        return f"{_who(e['seat'], viewer)} won the Event {names[e['event']]} and {benefit}."
    if kind == "tribute":
        card = c.kind_names[KINDS.index(e["card"])]
        return f"{_who(e['from'], viewer)} gave {_whom(e['to'], viewer)} a {card} card."
    if kind == "recover":
        return f"{_who(e['seat'], viewer)} took back {_cards(c, e['cards'])} from the discards."
    if kind == "shuffle":
        return f"The discards were shuffled into a new Creative Reserves deck of {e['size']} cards."
    if kind == "declare":
        return f"{_who(e['seat'], viewer)} declared turn {e['last_turn']} the last."
    if kind == "end":
        why = {
            "declared": "the declared last turn is over",
            "no-challenges": "no Challenge is left to win",
            "turn-limit": "the turn limit is reached",
        }[e["reason"]]
        return f"The game is over: {why}. Scores: {', '.join(map(str, e['scores']))}."
    if kind == "hand":
        return f"You were dealt {_cards(c, e['cards'])}."
    if kind == "start":
        table = ", ".join(names[i] for i in e["table"])
        return f"{e['players']} players; seat {e['first_player']} goes first. Face up: {table}."
    return kind
