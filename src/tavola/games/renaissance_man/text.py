"""Plain text for Renaissance Man (2013): a view, the card list, and a sentence per event.

Everything here reads views and events as already filtered for a seat (views.py, events.py), so
it can say nothing the seat may not know.
"""

from __future__ import annotations

import textwrap
from typing import Any

from ...core.words import count, listed, outcome, scores, within
from .cards import SYMBOLS, WORKER_NAMES, WORKERS, Cards, cards_by_key
from .rules import ACTION_NAMES, SLOTS, place_words, slot_name

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
as the first part of an action, or before placing a won recruit or a new
Renaissance Man. Step by step: removals, type, card, choice, then Ready."""

SCREEN = """\
On the screen: a card offers two icons (top left and right) and needs two
(below); $ coin, B book, R bread, S shield. In a pyramid a card shows its
type (M Merchant, Sc Scholar, Ba Baker, K Knight) between its offers: B Sc R
offers a book on its left and bread on its right. RM is a Renaissance Man
(wild: it offers and fits anything), [RM] a face-down one. An empty place shows
its position: 2.3 is level 2, third from the left. First, lay your
Foundation: your five level-1 workers, named from left to right ('Next:
Merchant'); choosing the fourth lays the fifth and finishes it (no taking
back then). Score: the workers in your structure, and one more for the
winner."""

SOLO = """\
One player: opposing knights play against you. At each Recruit resolution two
cards are flipped from the deck, and an opposing knight goes to the area of
each one's large icon; a card the opposing knights win is discarded, and a tie
removes the knights. You win by completing your pyramid before a draw finds
the deck empty: that draw loses the game, scoring the workers you built.
Easier: the first time, some discarded cards are shuffled into a new deck.
Tougher: some cards are set aside before the game."""


def help_text(view: dict[str, Any]) -> str:
    """The rules in brief, how to read the screen, and the one-player rules when alone."""
    return "\n\n".join([RULES, SCREEN] + [SOLO] * (view["players"] == 1))


LETTER = {"coin": "$", "book": "B", "bread": "R", "shield": "S"}
"""One letter per icon, told on every screen (``KEY``): bread's is R, so no two differ by case."""
KEY = "Icons: $ coin, B book, R bread, S shield. Cards offer above, need below."
SHORT = ("M", "Sc", "Ba", "K", "RM")
WIDTH = 79


def card_face(c: Cards, i: int) -> str:
    """'Merchant #9: offers RR, needs R$' : its name, offers left/right above, needs below."""
    name = c.names[c.ids[i]]
    if c.need[i] is None:
        return f"{name} (wild)"
    o, n = c.offer[i], c.need[i]
    sym = [LETTER[s] for s in SYMBOLS]
    return f"{name}: offers {sym[o[0]]}{sym[o[1]]}, needs {sym[n[0]]}{sym[n[1]]}"


def card_table(c: Cards) -> dict[str, Any]:
    """The printed faces of the card set, by id (public), with each card's name
    (:attr:`Cards.names`); and, under ``words``, the game's words that front ends show as the
    game says them: each place of a pyramid by its name ("2.3": "level 2, third from the
    left") and why a game ended, by the view's ``ended``."""
    return {
        "icons": list(SYMBOLS),
        "workers": dict(zip(WORKERS, WORKER_NAMES, strict=True)),
        "words": {
            "places": {slot_name(p): place_words(slot_name(p)) for p in range(SLOTS)},
            "ends": dict(ENDS),
        },
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


def _slot(c: Cards, x: str | None, where: str) -> str:
    """A place of a pyramid, 7 wide (so that neighbours never touch): its card, its type and
    offers ('B Sc R'), or its position (``where``) if empty."""
    if x is None:
        shown = where
    elif x == "down":
        shown = "[RM]"
    elif x.startswith("foundation-"):
        shown = SHORT[WORKERS.index(x[11:])]
    else:
        i = c.ids.index(x)
        o = c.offer[i]
        shown = (
            "RM"
            if o is None
            else f"{LETTER[SYMBOLS[o[0]]]} {SHORT[c.typ[i]]} {LETTER[SYMBOLS[o[1]]]}"
        )
    return f"{shown:^7}"


def pyramid(c: Cards, st: list[str | None]) -> list[str]:
    """The rows of a pyramid, top first: cards by type and offers, empty places by position
    ('2.3': level 2, third from the left), as the moves name them."""
    rows = []
    off = (0, 5, 9, 12, 14)
    for level in range(5, 0, -1):
        cells = st[off[level - 1] : off[level - 1] + 6 - level]
        pad = " " * (7 * (level - 1) // 2)
        row = "".join(_slot(c, x, f"{level}.{k}") for k, x in enumerate(cells, 1))
        rows.append(f"L{level} {pad}{row}".rstrip())
    return rows


COLUMN = 40
"""The width of a seat's block: two side by side fit 80 columns."""


def side_by_side(blocks: list[list[str]], width: int = WIDTH) -> list[str]:
    """The seats' blocks two abreast (so four pyramids take the height of two), or one under
    the other when ``width`` is too narrow for two."""
    if width < 2 * COLUMN - 1:
        return [line for block in blocks for line in block]
    out = []
    for i in range(0, len(blocks), 2):
        left, right = blocks[i], blocks[i + 1] if i + 1 < len(blocks) else []
        for k in range(max(len(left), len(right))):
            a = left[k] if k < len(left) else ""
            b = right[k] if k < len(right) else ""
            out.append(f"{a:<{COLUMN}}{b}".rstrip())
    return out


def render(view: dict[str, Any], width: int = WIDTH) -> str:
    """The whole view as plain text, laid out to ``width`` columns (two seats abreast in 79)."""
    c = cards_by_key(view["cards"])
    names = c.names
    me = view["seat"]
    n = view["players"]
    phase = {"action": f"action phase {view['level']}"}.get(view["phase"], view["phase"])
    out = [
        f"Renaissance Man - round {view['round']}, {phase} - dealer: "
        + within(_who(view["dealer"], me)),
        KEY,
        "Recruit board (knights by seat" + (", and the opposing knights):" if n == 1 else "):"),
    ]
    for a, sym in enumerate(SYMBOLS):
        card = view["recruits"][a]
        face = card_face(c, c.ids.index(card)) if card else "(empty)"
        knights = " ".join(map(str, view["knights"][a]))
        opposing = f", opposing {view['opposing'][a]}" if view["opposing"] else ""
        if width >= WIDTH:
            out.append(f"  {sym:6} {face:38} knights {knights}{opposing}")
        else:
            out.append(_fill(f"  {sym}: {face}; knights {knights}{opposing}", width, "    "))
    blocks = []
    for s, st in enumerate(view["structures"]):
        lines = [
            f"{_who(s, me)}: {count(view['hand_sizes'][s], 'card')} in hand",
            "  stored: " + (", ".join(t["face"] for t in view["stored"][s]) or "none"),
            "  Renaissance Man: " + (", ".join(t["face"] for t in view["rm_tokens"][s]) or "none"),
        ]
        known = ", ".join(names.get(x, x) for x in view["known"][s])
        lines += (
            textwrap.wrap(
                f"known in hand: {known}",
                min(width, COLUMN - 1),
                initial_indent="  ",
                subsequent_indent="    ",
            )
            if known
            else []
        )
        blocks.append(lines + pyramid(c, st))
    out.extend(side_by_side(blocks, width))
    if view["hand"]:
        out.append("Your hand:")
        out.extend(f"  {card_face(c, c.ids.index(x))}" for x in view["hand"])
    if view["mine"]:
        steps = "; ".join(x["label"] for x in view["mine"])
        out.append(_fill(f"Your choice so far: {steps}.", width))
        if view["phase"] == "foundation" and len(view["mine"]) == len(WORKERS) - 2:
            out.append(_fill(LAST_TWO, width))
    if view["recruit"]:
        r = view["recruit"]
        out.append(
            f"{_who(r['seat'], me)} won {names.get(r['card'], r['card'])} (the {r['area']} area): "
            "to the hand or to the structure?"
        )
    supply = ", ".join(
        f"{LETTER[a]}{LETTER[b]} {left}"
        for (a, b), left in ((k.split("/"), v) for k, v in view["supply"].items())
    )
    out.append(
        _fill(f"Deck {view['deck']}, discards {view['discards']}. Tokens left: {supply}.", width)
    )
    if view["ended"]:
        out.append(f"The game is over: {ENDS[view['ended']]}.")
    return "\n".join(out)


LAST_TWO = (
    "Two workers are left: the one you choose now is laid fourth, the other fifth, and your "
    "Foundation is finished (no taking back then)."
)
"""Said before the last choice of the Foundation, which lays the fifth worker too."""


def _fill(text: str, width: int, indent: str = "  ") -> str:
    return textwrap.fill(text, width, subsequent_indent=indent)


AREAS = {"stored": "Stored Actions", "renaissance": "Renaissance Man"}
"""The player board's two areas for tokens, as the rulebook names them (by the event's area)."""

ENDS = {
    "master": "a Renaissance Master is complete",
    "round-limit": "the round limit is reached with no Master",
    "deck-out": "the deck had to be reshuffled before the pyramid was complete",
}
"""Why the game ended, by the view's and the event's reason."""


def _who(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "Nobody"
    return "You" if seat == viewer else f"Seat {seat}"


def describe(e: dict[str, Any], viewer: int | None, names: dict[str, str]) -> str:
    """A sentence for an event, from its filtered fields; cards by name (``names``, by id)."""
    k = e["kind"]
    who = _who(e.get("seat"), viewer)
    you = who == "You"

    def name(cid: str) -> str:
        if cid == "down":  # a removed worker dealt face down: a generated Renaissance Man
            return "a face-down Renaissance Man"
        return names.get(cid, cid)

    if k == "step":
        return f"{who} chose a step ({e['step']}), secretly."
    if k == "ready":
        return f"{who} {'are' if you else 'is'} ready."
    if k == "draw":
        return f"{who} drew a card." if e["drawn"] else f"{who} could draw no card."
    if k == "reveal":  # the choice, in the words of its steps; what it did follows
        chose = f"{e['action']} with {name(e['card'])}" if e["action"] else "take no action"
        if e["removed"]:  # removals come first ("as the first part of an action")
            chose = f"remove {listed([name(x) for x in e['removed']])}, then {chose}"
        return f"{who} revealed: {chose}."
    if k == "remove":
        return f"{who} removed {name(e['card'])} from {place_words(e['slot'])}."
    if k == "hire":
        return f"{who} hired {name(e['card'])} on {place_words(e['slot'])}."
    if k == "token":
        other = next(x for x in e["token"].split("/") if x != e["face"])
        took = f"{who} took a {e['face']} token (its other face {other}) to the {AREAS[e['area']]}"
        if e["area"] == "renaissance":
            return f"{took} area ({e['count']} of 4 for a Renaissance Man)."
        action = ACTION_NAMES[SYMBOLS.index(e["face"])].capitalize()
        return f"{took} area, for one {action} later ({e['count']} of 4 stored)."
    if k == "spend":
        return f"{who} spent a stored {e['face']} token."
    if k == "drop":
        return f"{who} dropped a stored {e['face']} token to make room."
    if k == "supply_out":
        if e["seat"] is None:
            return f"The supply has no {e['face']} token left."
        return f"{who} found no {e['face']} token in the supply."
    if k == "knight":
        if e["from"] == "home":
            return f"{who} sent a knight to the {e['to']} area."
        return f"{who} moved a knight from the {e['from']} area to the {e['to']} area."
    if k == "renaissance_man":
        return f"{who} generated a Renaissance Man" + (
            "." if e["dealt"] else ", but no card is left."
        )
    if k == "place_renaissance_man":
        return f"{who} placed a face-down Renaissance Man on {place_words(e['slot'])}."
    if k == "flip":
        return f"The opposing knights flip {', '.join(name(str(x)) for x in e['cards'])}."
    if k == "resolve":
        area = f"the {e['area']} area"
        if e["outcome"] == "won":
            return f"{_who(e['winner'], viewer)} won {name(e['card'])} ({area})."
        if e["outcome"] == "opposing":
            return f"The opposing knights won {name(e['card'])} ({area}); it is discarded."
        if e["outcome"] == "tie-removed":
            return f"A tie in {area}: the knights are removed."
        return f"A tie in {area}: the knights stay."
    if k == "recruit":
        hand = f"into {'your' if you else 'their'} hand"
        where = hand if e["to"] == "hand" else f"on {place_words(e['to'])}"
        return f"{who} put {name(e['card'])} {where}."
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
        order = ", ".join(WORKER_NAMES[WORKERS.index(w)] for w in e["order"])
        return f"{who} laid the Foundation, from left to right: {order}."
    if k == "board":
        dealer = _who(e["dealer"], viewer)
        deals = "deal" if dealer == "You" else "deals"
        return f"{dealer} {deals}; recruits: {', '.join(map(name, e['recruits']))}."
    if k == "aside":
        return f"{e['count']} cards are discarded face down (tougher game)."
    if k == "end":
        why = ENDS[e["reason"]]
        won = outcome([_who(s, viewer) for s in e["winners"]])  # none: a lone seat lost
        said = scores([_who(s, viewer) for s in range(len(e["scores"]))], e["scores"])
        if len(e["scores"]) == 1 and not e["winners"]:  # a lone seat's loss scores its workers
            said += " (the workers built)"
        return f"The game ends: {why}. {won} {said}."
    return k
