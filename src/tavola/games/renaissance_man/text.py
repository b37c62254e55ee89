"""Plain text for Renaissance Man (2013): a view, the card list, and a sentence per event.

Everything here reads views and events as already filtered for a seat (views.py, events.py), so
it can say nothing the seat may not know.
"""

from __future__ import annotations

from typing import Any

from ...core.words import count
from .cards import SYMBOLS, WORKER_NAMES, WORKERS, Cards, cards_by_key

RULES = """\
Renaissance Man (2013), in brief. Build a pyramid of workers 5-4-3-2-1; the
15th worker (a Master) ends the game. Each round: action phase 1, then 2-4
while someone has a worker on that level; then the Recruit board; discards;
refills. In each action phase all players secretly choose an action type and a
hand card (or pass), then reveal together. Access: uncovered workers of the
called level (Merchant: Hire, Scholar: Teach, Baker: Barter, Knight: Recruit)
or a stored token. Hire: place the card above two adjacent cards, its needs
matching their offers exactly (Renaissance Men are wild). Barter: discard it,
store a token of its icon (at most 4). Teach: discard it, take a token of its
icon to the Renaissance Man area (one of each); four make a face-down
Renaissance Man. Recruit: discard it, send a knight to its icon's area; a
majority wins the area's card. Uncovered workers of level 2+ may be removed
as the first part of an action. Step by step: removals, type, card, choice,
then Ready."""

LETTER = {"coin": "$", "book": "B", "bread": "b", "shield": "S"}
SHORT = ("M", "Sc", "Ba", "K", "RM")


def card_face(c: Cards, i: int) -> str:
    """'Merchant $B/bS' : type, offers left/right above, needs below."""
    t = c.typ[i]
    if c.need[i] is None:
        return f"{WORKER_NAMES[t]} (wild)"
    o, n = c.offer[i], c.need[i]
    sym = [LETTER[s] for s in SYMBOLS]
    return f"{WORKER_NAMES[t]} offers {sym[o[0]]}{sym[o[1]]} needs {sym[n[0]]}{sym[n[1]]}"


def card_table(c: Cards) -> dict[str, Any]:
    """The printed faces of the card set, by id (public), with each card's name
    (:attr:`Cards.names`)."""
    return {
        "icons": list(SYMBOLS),
        "workers": dict(zip(WORKERS, WORKER_NAMES, strict=True)),
        "cards": {
            c.ids[i]: {
                "name": c.names[c.ids[i]],
                "type": WORKERS[c.typ[i]],
                "needs": None if c.need[i] is None else [SYMBOLS[x] for x in c.need[i]],
                "offers": None if c.offer[i] is None else [SYMBOLS[x] for x in c.offer[i]],
            }
            for i in range(c.n_cards)
        },
    }


def _slot(c: Cards, x: str | None) -> str:
    if x is None:
        return "  .   "
    if x == "down":
        return " [RM] "
    if x.startswith("foundation-"):
        t = WORKERS.index(x[11:])
        return f" {SHORT[t]:^4} "
    i = c.ids.index(x)
    t = c.typ[i]
    if c.offer[i] is None:
        return f" rm{x[-2:]} "
    o = c.offer[i]
    return f"{LETTER[SYMBOLS[o[0]]]}{SHORT[t]:^4}{LETTER[SYMBOLS[o[1]]]}"


def pyramid(c: Cards, st: list[str | None]) -> list[str]:
    rows = []
    off = (0, 5, 9, 12, 14)
    for level in range(5, 0, -1):
        cells = st[off[level - 1] : off[level - 1] + 6 - level]
        pad = " " * (3 * (level - 1))
        rows.append(f"L{level} {pad}" + "".join(_slot(c, x) for x in cells))
    return rows


def render(view: dict[str, Any]) -> str:
    c = cards_by_key(view["cards"])
    me = view["seat"]
    out = [
        f"Renaissance Man - round {view['round']}, phase {view['phase']}"
        + (f" {view['level']}" if view["phase"] == "action" else "")
        + f" - dealer: seat {view['dealer']}",
        "Recruit board:",
    ]
    for a, sym in enumerate(SYMBOLS):
        card = view["recruits"][a]
        knights = view["knights"][a]
        opp = view["opposing"][a] if view["opposing"] else 0
        face = card_face(c, c.ids.index(card)) if card else "(empty)"
        extra = f", opposing {opp}" if opp else ""
        out.append(f"  {sym:6} {card or '-':16} {face}  knights {knights}{extra}")
    for s, st in enumerate(view["structures"]):
        who = "you" if s == me else f"seat {s}"
        stored = " ".join(t["face"] for t in view["stored"][s]) or "-"
        rm = " ".join(t["face"] for t in view["rm_tokens"][s]) or "-"
        out.append(
            f"{who}: hand {view['hand_sizes'][s]}, stored [{stored}], "
            f"renaissance [{rm}], known {view['known'][s]}"
        )
        out.extend("  " + row for row in pyramid(c, st))
    if view["hand"] is not None:
        out.append("Your hand:")
        out.extend(f"  {x}: {card_face(c, c.ids.index(x))}" for x in view["hand"])
    if view["mine"]:
        out.append(f"Your commitment so far: {view['mine']}")
    if view["recruit"]:
        r = view["recruit"]
        out.append(f"Seat {r['seat']} wins {r['card']} from {r['area']}: hand or structure?")
    out.append(f"Deck {view['deck']}, discards {view['discards']}, supply {view['supply']}")
    if view["ended"]:
        out.append(f"Game over ({view['ended']}): winners {view['winners']}, {view['scores']}")
    return "\n".join(out)


def _who(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "Nobody"
    return "You" if seat == viewer else f"Seat {seat}"


VERB = {"hire": "hire", "barter": "barter", "teach": "teach", "recruit": "recruit"}
"""Each action type as a verb (the events name them so)."""


def describe(e: dict[str, Any], viewer: int | None, names: dict[str, str]) -> str:
    """A sentence for an event, from its filtered fields; cards by name (``names``, by id)."""
    k = e["kind"]
    who = _who(e.get("seat"), viewer)
    you = who == "You"

    def verb(base: str) -> str:  # "You reveal", "Seat 1 reveals"
        if you:
            return base
        return base + ("es" if base.endswith(("ch", "sh", "s", "x")) else "s")

    def name(cid: str) -> str:
        return names.get(cid, cid)

    if k == "step":
        return f"{who} chose a step ({e['step']}), secretly."
    if k == "ready":
        return f"{who} {'are' if you else 'is'} ready."
    if k == "draw":
        return f"{who} drew a card." if e["drawn"] else f"{who} could draw no card."
    if k == "reveal":
        parts = []
        if e["removed"]:
            parts.append(f"{verb('remove')} {', '.join(map(name, e['removed']))}")
        if e["action"]:
            parts.append(f"{verb(VERB[e['action']])} with {name(e['card'])}")
        else:
            parts.append(f"{verb('take')} no action")
        return f"{who} {' and '.join(parts)}."
    if k == "remove":
        return f"{who} removed {name(e['card'])} from {e['slot']}."
    if k == "hire":
        return f"{who} hired {name(e['card'])} at {e['slot']}."
    if k == "token":
        return f"{who} took a {e['face']} token ({e['token']}) to the {e['area']} area."
    if k == "spend":
        return f"{who} spent a stored {e['face']} token."
    if k == "drop":
        return f"{who} dropped a stored {e['face']} token to make room."
    if k == "supply_out":
        if e["seat"] is None:
            return f"The supply has no {e['face']} token left."
        return f"{who} found no {e['face']} token in the supply."
    if k == "knight":
        return f"{who} sent a knight from {e['from']} to {e['to']}."
    if k == "renaissance_man":
        return f"{who} generated a Renaissance Man" + (
            "." if e["dealt"] else ", but no card is left."
        )
    if k == "place_renaissance_man":
        return f"{who} placed a face-down Renaissance Man at {e['slot']}."
    if k == "flip":
        return f"The opposing knights flip {', '.join(name(str(x)) for x in e['cards'])}."
    if k == "resolve":
        if e["outcome"] == "won":
            return f"{_who(e['winner'], viewer)} won {name(e['card'])} ({e['area']})."
        if e["outcome"] == "opposing":
            return f"The opposing knights won {name(e['card'])} ({e['area']}); it is discarded."
        if e["outcome"] == "tie-removed":
            return f"A tie at {e['area']}: the knights are removed."
        return f"A tie at {e['area']}: the knights stay."
    if k == "recruit":
        return f"{who} put {name(e['card'])} {'in hand' if e['to'] == 'hand' else 'at ' + e['to']}."
    if k == "discard":
        n = e["count"]
        cards = "no card" if n == 0 else count(n, "card")
        return f"{who} discarded {cards} face down."
    if k == "refill":
        return f"The {e['area']} area gets {name(e['card'])}."
    if k == "shuffle":
        return f"The discards are shuffled into a new deck of {count(e['size'], 'card')}."
    if k == "round":
        return f"Round {e['round']}."
    if k == "phase":
        return f"Action {e['level']}!"
    if k == "foundation":
        return f"{who} laid the Foundation: {', '.join(e['order'])}."
    if k == "board":
        dealer = _who(e["dealer"], viewer)
        deals = "deal" if dealer == "You" else "deals"
        return f"{dealer} {deals}; recruits: {', '.join(map(name, e['recruits']))}."
    if k == "aside":
        return f"{e['count']} cards are discarded face down (tougher game)."
    if k == "end":
        why = {
            "master": "a Renaissance Master is complete",
            "round-limit": "the round limit is reached with no Master",
            "deck-out": "the deck ran out",
        }[e["reason"]]
        won = " and ".join(_who(s, viewer) for s in e["winners"])
        if not won:  # only the one-player game ends with no winner
            outcome = "The game is lost."
        else:
            outcome = f"{won} {'win' if won == 'You' or len(e['winners']) > 1 else 'wins'}."
        scores = ", ".join(f"{_who(s, viewer)} {n}" for s, n in enumerate(e["scores"]))
        return f"The game ends: {why}. {outcome} Scores: {scores}."
    return k
