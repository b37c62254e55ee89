"""Plain text for Renaissance Man (2006): a view, the card list, and a sentence per event.

Everything here reads views and events as already filtered for a seat (views.py, events.py), so
it can say nothing the seat may not know. :func:`describe` is the game's ``event_text``: what the
terminal prints as the game goes and what a log of the game shows, dice included.
"""

from __future__ import annotations

import itertools
import textwrap
from typing import Any

from ...core.words import count, listed, outcome, scores, within
from .cards import KINDS, Cards, cards_by_key

WIDTH = 79

RULES = """\
Renaissance Man (2006), in brief. Each player holds Creative Reserves (CR)
cards: C Cooking, F Friend, G Gamer, M Musician, W Writer; 3 each to start.
Face up in the middle lie as many Challenges as players.

On your turn either draw a CR card (that ends your turn), or turn up a
Challenge; you may then attempt any face-up Challenge: play CR cards that match
its requirements and roll 2d6. You need 7 or better: +1 if it is the card you
turned up this turn, -2 for each requirement you do not match, +1 for each
extra matching card. Win: your cards are discarded and the Challenge goes to
your Success pile. Lose: take your cards back. Either way your turn is done.

An Event (a special Challenge) is contested at once: each player from you on
plays any matching cards; all roll 2d6 + cards played (+1 for you); the
highest takes the Event and its benefit (ties roll again).

At the end of your turn, if anyone has 10 points or more, you may declare your
next turn your last. Most points at the end wins; ties share the win."""

PAUSE_AFTER = frozenset({"contest", "end"})
"""Events after which a terminal waits for the player, so that an Event's dice stay in sight."""

BENEFIT = {
    "draw": "{amount} Creative Reserves card{s} drawn at once",
    "tribute": "a card at random from the hand of each of the next {amount} player{s} holding one",
    "bonus": "+{amount} to each of the winner's later Challenge rolls",
    "waive": "{amount} unmet requirement{s} free in each of the winner's later attempts",
    "recover": "every matching card taken back from the Creative Reserves discards (but those "
    "played to win)",
}
"""An Event's benefit, the same words wherever it is shown (:func:`benefit_text`)."""


def benefit_text(kind: str, amount: int) -> str:
    """An Event's benefit in words, its count singular or plural."""
    return BENEFIT[kind].format(amount=amount, s="" if amount == 1 else "s")


def render(view: dict[str, Any], width: int = WIDTH) -> str:
    """The whole view as plain text, laid out to ``width`` columns."""
    c = cards_by_key(view["cards"])
    blocks = [
        _header(view, width),
        _seats(view, c, width),
        _table(view, c, width),
        _reserves(view, c, width),
        _under_way(view, c, width),
    ]
    return "\n\n".join(b for b in blocks if b)


def help_text(view: dict[str, Any]) -> str:
    """The rules in brief, then every card of the view's card set (for ``help``)."""
    return f"{RULES}\n\n{card_list(cards_by_key(view['cards']))}"


def card_list(c: Cards) -> str:
    """Each Challenge with its requirements and points, then each Event and its benefit."""
    counts = zip(KINDS, c.kind_names, c.reserve_counts, strict=True)
    kinds = ", ".join(f"{k} {name} x{n}" for k, name, n in counts)
    lines = [_fill(f"Creative Reserves ({sum(c.reserve_counts)} cards): {kinds}."), "Challenges:"]
    width = max(len(name) for name in c.names) + 2
    for i in range(c.n_cards):
        if i == c.n_challenges:
            lines.append("Events (matching kinds; the highest roll takes the benefit):")
        line = f"  {c.names[i]:<{width}}{c.letters(i):<7}{_points(c.points[i])}"
        if c.is_event[i]:
            line += "; " + _benefit(c, i)
        lines.append(_fill(line, " " * (width + 2)))
    return "\n".join(lines)


def card_table(c: Cards) -> dict[str, Any]:
    """The card set as front ends show it: kind names, and each card's name, letters, points
    and, for an Event, its benefit in words."""
    cards: dict[str, dict[str, Any]] = {}
    for i, card_id in enumerate(c.ids):
        face: dict[str, Any] = {"name": c.names[i], "letters": c.letters(i), "points": c.points[i]}
        if c.is_event[i]:
            face.update(event=True, benefit=_benefit(c, i))
        cards[card_id] = face
    return {"kinds": dict(zip(KINDS, c.kind_names, strict=True)), "cards": cards}


def _benefit(c: Cards, i: int) -> str:
    return benefit_text(c.benefit[i], c.amount[i])


def _fill(text: str, indent: str = "", width: int = WIDTH) -> str:
    return textwrap.fill(text, width, subsequent_indent=indent)


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _header(view: dict[str, Any], width: int) -> str:
    title = f"Renaissance Man (2006), {view['players']} players, turn {view['turn']}"
    if view["seat"] is not None:
        title += f"; you are Seat {view['seat']}"
    return f"{_fill(title, '  ', width)}\n{_fill(_phase(view), '', width)}"


def _phase(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "over":
        points = view["scores"]
        top = max(points)
        winners = [s for s in range(view["players"]) if points[s] == top]
        names = [_whom(s, view["seat"]) for s in winners]
        return f"The game is over. Won by {listed(names)} with {_points(top)}."
    actor = _who(view["to_act"][0], view["seat"])
    line = {
        "turn": f"{actor} to draw a Creative Reserves card or turn up a Challenge.",
        "pick": f"{actor} may attempt a face-up Challenge, or pass.",
        "select": f"{actor} to play cards to the attempt, then roll.",
        "event": f"{actor} may play matching cards to the Event.",
        "declare": f"{actor} may declare {'your' if actor == 'You' else 'their'} next turn "
        "the last.",
    }[phase]
    if view["declared"] is not None:
        who = _whom(view["declared"], view["seat"])
        line += f" The last turn is turn {view['last_turn']} ({who} declared)."
    return line


def _seats(view: dict[str, Any], c: Cards, width: int) -> str:
    """A row per seat; narrower than WIDTH, each seat's Success pile on a line of its own."""
    names = dict(zip(c.ids, c.names, strict=True))
    wide = width >= WIDTH
    rows = ["Seat      Points  Cards  Shown" + "       Success pile" * wide]
    for s in range(view["players"]):
        name = f"{s} (you)" if s == view["seat"] else str(s)
        shown = _letters(view["known"][s]) if s != view["seat"] else ""
        extra = []
        if view["bonus"][s]:
            extra.append(f"+{view['bonus'][s]} to rolls")
        if view["waive"][s]:
            extra.append(f"{count(view['waive'][s], 'requirement')} waived")
        pile = ", ".join(names[i] for i in view["success"][s]) or "-"
        row = f"{name:<9}{view['scores'][s]:>7}{view['hand_sizes'][s]:>7}  {shown or '-'}"
        if wide:
            row = f"{row:<37}{pile}"
        elif pile != "-":
            row += f"\n  Success pile: {pile}"
        if extra:
            row += f" [{'; '.join(extra)}]"
        rows.extend(_fill(line, " " * 37 if wide else "    ", width) for line in row.split("\n"))
    return "\n".join(rows)


COLUMNS_FROM = 8
"""More face-up Challenges than this are shown in two columns."""


def _table(view: dict[str, Any], c: Cards, width: int) -> str:
    if not view["table"]:
        return f"No Challenge face up; {view['challenge_deck']} in the deck."
    lines = [f"Face up ({view['challenge_deck']} Challenges left in the deck):"]
    names = [c.names[c.index(i)] for i in view["table"]]
    letters = [c.letters(c.index(i)) for i in view["table"]]
    cells = [
        f"{name:<{max(map(len, names)) + 2}}{need:<{max(map(len, letters)) + 1}}"
        + (
            _points(c.points[c.index(card_id)])
            if len(names) <= COLUMNS_FROM
            else str(c.points[c.index(card_id)])
        )
        + (" *" if card_id == view["turned"] else "")
        for card_id, name, need in zip(view["table"], names, letters, strict=True)
    ]
    if len(cells) > COLUMNS_FROM:  # many: two columns, so the rest is not scrolled away
        lines[0] = _fill(lines[0][:-1] + ": name, letters needed, points:", "  ", width)
    if len(cells) > COLUMNS_FROM and width >= WIDTH:
        half = (len(cells) + 1) // 2
        pairs = itertools.zip_longest(cells[:half], cells[half:], fillvalue="")
        lines += [f"  {a:<{WIDTH // 2 - 1}}{b}".rstrip() for a, b in pairs]
    else:
        lines += [f"  {cell}" for cell in cells]
    if view["turned"] in view["table"]:
        lines.append("  * turned up this turn: +1 to attempt it")
    return "\n".join(lines)


def _reserves(view: dict[str, Any], c: Cards, width: int) -> str:
    discards = _letters(view["reserve_discards"]) or "none"
    lines = [f"Creative Reserves: {view['reserve_deck']} in the deck; discards: {discards}."]
    if view["hand"] is not None:
        hand = ", ".join(
            f"{n} {c.kind_names[KINDS.index(k)]} ({k})" for k, n in view["hand"].items() if n
        )
        lines.append(f"Your hand: {hand or 'empty'}.")
    if view["dice"]:
        rolls = "; ".join(
            f"{_whom(d['seat'], view['seat'])} {d1}+{d2}"
            for d in view["dice"]
            for d1, d2 in [d["dice"]]
        )
        lines.append(f"Last dice: {rolls}.")
    return "\n".join(_fill(line, "", width) for line in lines)


def _under_way(view: dict[str, Any], c: Cards, width: int) -> str:
    """The attempt or the Event being played, with the odds for the seat attempting."""
    attempt = view["attempt"]
    if attempt is not None:
        i = c.index(attempt["challenge"])
        why = f" ({attempt['why_words']})" if attempt["why_words"] else ""
        line = (
            f"Attempt: {c.names[i]} ({c.letters(i)}, {_points(c.points[i])}); played: "
            f"{_letters(attempt['played']) or 'nothing'}; modifier {attempt['modifier']:+d}{why}: "
            f"a roll of {attempt['least_roll']} or more succeeds ({attempt['chance']:.0%})."
        )
        return _fill(line, "", width)
    event = view["event"]
    if event is not None:
        i = c.index(event["card"])
        n, first, me = view["players"], event["turned_by"], view["seat"]
        done = [(first + k) % n for k in range((view["event_next"] - first) % n)]
        played = "; ".join(f"{_whom(s, me)} {_letters(event['played'][s]) or 'none'}" for s in done)
        return _fill(
            f"Event: {c.names[i]}, turned up by {_whom(first, me)} (+1); matches "
            f"{c.letters(i)}; benefit: {_benefit(c, i)}. "
            f"Played so far: {played or 'nothing yet'}.",
            "",
            width,
        )
    return ""


def _letters(counts: dict[str, int]) -> str:
    return " ".join(f"{n} {k}" for k, n in counts.items() if n)


def _who(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


def _whom(seat: int, viewer: int | None) -> str:
    return within(_who(seat, viewer))


def _cards(c: Cards, counts: dict[str, int]) -> str:
    """Cards by kind: "2 Cooking cards and 1 Friend card", or "nothing"."""
    parts = [count(n, f"{c.kind_names[KINDS.index(k)]} card") for k, n in counts.items() if n]
    return listed(parts) if parts else "nothing"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def why_words(parts: dict[str, Any]) -> str:
    """What makes up a Challenge roll's modifier, in the rulebook's terms: "+1 for turning it
    up, -2 for 1 unmet requirement"; empty when nothing does."""
    said = ["+1 for turning it up"] * parts["turned"]
    if parts["unmet"]:
        said.append(f"-{2 * parts['unmet']} for {count(parts['unmet'], 'unmet requirement')}")
    if parts["waived"]:
        said.append(f"{count(parts['waived'], 'unmet requirement')} waived")
    if parts["extra"]:
        said.append(f"+{parts['extra']} for {count(parts['extra'], 'extra matching card')}")
    if parts["bonus"]:
        said.append(f"+{parts['bonus']} from Events won")
    return ", ".join(said)


def describe(c: Cards, e: dict[str, Any], viewer: int | None) -> str:
    """One sentence for an event as filtered for ``viewer`` (None: a spectator)."""
    kind = e["kind"]
    names = dict(zip(c.ids, c.names, strict=True))
    if kind == "turn":
        whose = "your" if e["seat"] == viewer else f"{_who(e['seat'], viewer)}'s"
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
        verdict = "success" if e["success"] else "failure"
        why = why_words(e["why"])
        return (
            f"{_who(e['seat'], viewer)} rolled {d1}+{d2} {_signed(e['modifier'])} = {e['total']} "
            f"on {names[e['challenge']]}{f' ({why})' if why else ''}: {verdict}."
        )
    if kind == "pass":
        return f"{_who(e['seat'], viewer)} passed."
    if kind == "stand":
        n = e["played"]
        cards = "no card" if n == 0 else count(n, "card")
        return f"{_who(e['seat'], viewer)} played {cards} to the Event."
    if kind == "contest":
        rolls = "; ".join(
            f"{_whom(r['seat'], viewer)} {d1}+{d2} {_signed(r['modifier'])} = {r['total']}"
            for r in e["rolls"]
            for d1, d2 in [r["dice"]]
        )
        tail = "" if e["winner"] is not None else " A tie: the tied players roll again."
        turner = _whom(e["turned_by"], viewer)
        how = f"+1 per card played, +1 more for {turner}, who turned it up"
        return f"{names[e['event']]} ({how}): {rolls}.{tail}"
    if kind == "event_won":
        benefit = benefit_text(e["benefit"], e["amount"])
        return f"{_who(e['seat'], viewer)} won the Event {names[e['event']]}; benefit: {benefit}."
    if kind == "tribute":
        card = c.kind_names[KINDS.index(e["card"])]
        return f"{_who(e['from'], viewer)} gave {_whom(e['to'], viewer)} a {card} card."
    if kind == "recover":
        return f"{_who(e['seat'], viewer)} took back {_cards(c, e['cards'])} from the discards."
    if kind == "shuffle":
        cards = count(e["size"], "card")
        return f"The discards were shuffled into a new Creative Reserves deck of {cards}."
    if kind == "declare":
        return f"{_who(e['seat'], viewer)} declared turn {e['last_turn']} the last."
    if kind == "end":
        why = {
            "declared": "the declared last turn is over",
            "no-challenges": "no Challenge is left to win",
            "turn-limit": "the turn limit is reached",
        }[e["reason"]]
        said = scores([_who(s, viewer) for s in range(len(e["scores"]))], e["scores"])
        won = outcome([_who(s, viewer) for s in e["winners"]])
        return f"The game is over: {why}. {won} {said}."
    if kind == "hand":
        return f"You were dealt {_cards(c, e['cards'])}."
    if kind == "start":
        table = ", ".join(names[i] for i in e["table"])
        first = e["first_player"]
        goes = "go" if first == viewer else "goes"
        return f"{e['players']} players; {_whom(first, viewer)} {goes} first. Face up: {table}."
    return kind
