"""Plain text for Testa di Pecora: a view, the order of a deck's cards, a sentence per event.

Everything here reads views and events as already filtered for a seat (views.py, events.py), so
it can say nothing the seat may not know. Cards are shown by name with their ducats in brackets:
``Camerlengo (11)`` on the screen, whose hand says so, and ``Camerlengo (11 ducats)`` in an
event's sentence, read alone. :func:`describe` is the game's ``event_text``: what the terminal
prints as the game goes, and what a log of the game shows.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from ...core.words import capital, count, listed
from .deck import TOTAL_DUCATS, Deck, deck_by_key

WIDTH = 79  # a full 80-column line wraps early in some terminals
_KEEP = "\xa0"  # joins the words of a name ("Seat 2", a card's) so that wrapping never splits it

RULES = """\
Testa di Pecora, in brief. Three trading seasons; everyone starts with 6
renown. Each season the cards are dealt: 8 each at 4 players; at 5 players 6
each, and 2 face down, the Inheritance. At 5 players each seat in turn may
claim it: the Heir takes the 2 cards, then saves 2 cards face down, worth
their ducats at the end of the season. The Heir's secret partner is whoever
holds the Abbot. At 4 players the holders of the Pope and the Mendicant are
partners. If nobody claims, the highest influence (clerics) loses 1 renown and
the season is dealt again.

A trading day: the leader plays any card; the others must follow the city led
(Venice, Florence, Naples) if they can, else play anything. A trade led with a
cleric (the Church) must be followed with clerics. The highest cleric wins,
else the highest card of the city led; the winner takes the ducats of all the
cards and leads next. A side with more than 60 of the 120 ducats wins the
season (a tie loses for the Heir's or the Pope's side). Each loser gives 1
renown to the winners (the Heir wins or loses 2; a seat alone, 1 per opponent).
The most renown after three seasons wins."""

PAUSE_AFTER = frozenset({"season", "passout"})
"""Events after which a terminal waits for the player, so that a season's end cannot scroll by."""


def render(view: dict[str, Any], width: int = WIDTH) -> str:
    """The whole view as plain text, laid out to ``width`` columns."""
    deck = deck_by_key(view["deck"])
    blocks = [
        _header(view, width),
        _seat_table(view, deck, width),
        _season(view, deck, width),
        _hand(view, deck, width),
        _trades(view, deck, width),
        _history(view, deck, width),
    ]
    return "\n\n".join(block for block in blocks if block).replace(_KEEP, " ")


def help_text(view: dict[str, Any]) -> str:
    """The rules in brief, then the order of the cards of the view's deck (for ``help``)."""
    return f"{RULES}\n\n{card_order(deck_by_key(view['deck']))}"


def card_table(deck: Deck) -> dict[str, Any]:
    """The deck as front ends show it: the suits (the Church first), and each card's name,
    suit, ducats, influence and role, by id, strongest first in its suit."""
    cards: dict[str, dict[str, Any]] = {}
    roles = {deck.pope: "pope", deck.mendicant: "mendicant", deck.abbot: "abbot"}
    for c, card_id in enumerate(deck.ids):
        face = {
            "name": deck.names[c],
            "suit": deck.suit_of[c],
            "ducats": deck.ducats[c],
            "influence": deck.influence[c],
        }
        if c in roles:
            face["role"] = roles[c]
        cards[card_id] = face
    return {"suits": list(deck.suit_names), "cards": cards}


def card_order(deck: Deck) -> str:
    """Each suit's cards from the highest to the lowest with their ducats, the influence of the
    cards that have any, and the role cards; read from the deck, so right for one's own too."""
    church = deck.suit_names[0]
    lines = [f"The cards, highest first, ducats in brackets; any of the {church} beats any city:"]
    width = max(map(len, deck.suit_names)) + 2
    numbers = range(len(deck.ids))
    for suit, name in enumerate(deck.suit_names):
        cards = [deck.ids[c] for c in numbers if deck.suit_of[c] == suit]
        lines.append(_fill(f"  {name:<{width}}{_cards(deck, cards)}", " " * (width + 2)))
    scores = [
        f"{_card(deck, deck.ids[c], False)}{_KEEP}{deck.influence[c]}"
        for c in numbers
        if deck.influence[c]
    ]
    rest = "; any other card 0" if len(scores) < len(deck.ids) else ""
    lines.append(
        _fill(f"Influence, added up when everybody passes: {', '.join(scores) or 'none'}{rest}.")
    )
    pope, mendicant, abbot = (_the(deck, c) for c in (deck.pope, deck.mendicant, deck.abbot))
    lines.append(
        _fill(
            f"Partners: at 4 players the holders of {pope} and {mendicant}; at 5 the Heir and "
            f"the holder of {abbot}."
        )
    )
    return "\n".join(lines).replace(_KEEP, " ")


def describe(event: dict[str, Any], viewer: int | None, deck: Deck) -> str:
    """A sentence for ``event`` as ``viewer`` (None: a spectator) sees it.

    The event is already filtered for the viewer: a card saved by another seat is not in it.
    """
    me = {"seat": viewer}
    kind = event["kind"]
    seat = event.get("seat")
    who = capital(_who(me, seat)) if seat is not None else ""
    if kind == "play":
        text = f"{who} play{_s(me, seat)} {_priced(deck, event['card'])}"
    elif kind == "save":
        card = _priced(deck, event["card"]) if "card" in event else "a card"
        text = f"{who} save{_s(me, seat)} {card} face down"
    elif kind == "claim":
        got = ", ".join(_priced(deck, c) for c in event.get("cards", ()))
        got = f": {got}" if "cards" in event else ""
        text = f"{who} claim{_s(me, seat)} the Inheritance{got}"
    elif kind == "pass":
        text = f"{who} pass{'es' if _s(me, seat) else ''}"
    elif kind == "trade":
        text = _trade_line(me, event, deck)
    elif kind == "deal":
        dealer = event["dealer"]
        text = (
            f"Season {event['season']} of {event['seasons']}: {_who(me, dealer)} "
            f"deal{_s(me, dealer)}"
        )
    elif kind == "passout":
        text = _passout_line(me, event)
    elif kind == "season":
        text = _season_line(me, event, deck, event["renown"])
        if event["over"]:
            winners = event["winners"]
            text += (
                f" That was the last season: {_list(me, winners)} win{_s(me, *winners)} the game."
            )
    elif kind == "sides":
        if event.get("everyone", True):
            text = f"The sides are known to all now: {_known_sides(me, event, deck)}"
        else:  # only the seat holding the other role cards sees this one
            sides = _known_sides(me, event, deck)
            text = f"You know the sides now, holding the other role card: {sides}"
    else:
        text = kind
    return (text if text.endswith(".") else text + ".").replace(_KEEP, " ")


# -- the blocks of a view -----------------------------------------------------------------


def _header(view: dict[str, Any], width: int) -> str:
    n = view["players"]
    title = f"Testa di Pecora, {n} players, season {view['season']} of {view['seasons']}"
    if view["seat"] is not None:
        title += f"; you are Seat {view['seat']}"
    return _wrap([title, _phase(view)], width)


def _phase(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    actor = _who(view, view["to_act"][0])
    if phase == "claim":
        return f"The Inheritance is offered to {actor}: claim it or pass."
    if phase == "save":
        left = 2 - view["savings"]["count"]
        return f"The Heir ({actor}) to save {count(left, 'more card')} face down."
    days = len(view["trades"]) + max(view["hand_sizes"])
    return f"Trading day {len(view['trades']) + 1} of {days}: {actor} to play."


def _seat_table(view: dict[str, Any], deck: Deck, width: int) -> str:
    """Renown, cards in hand, ducats won and public notes per seat (not once it is over)."""
    if view["phase"] == "over":
        return ""
    rows = ["Seat        Renown  Cards  Ducats"]
    for s in range(view["players"]):
        name = f"{s} (you)" if s == view["seat"] else str(s)
        cells = f"{name:<10}{view['renown'][s]:>8}{view['hand_sizes'][s]:>7}"
        cells += f"{view['ducats_won'][s]:>8}"
        notes = ", ".join(_notes(view, deck, s))
        row = f"{cells}  {notes}".rstrip()
        rows.append(
            row if len(row) <= width else f"{cells}\n{_fill(f'    {notes}', '    ', width)}"
        )
    return "\n".join(rows)


def _notes(view: dict[str, Any], deck: Deck, s: int) -> list[str]:
    """Public facts about seat ``s``: dealer, Heir, passed, its side as far as known."""
    notes = ["dealer"] if s == view["dealer"] and view["phase"] != "over" else []
    inheritance = view["inheritance"]
    if view["phase"] == "claim" and s in inheritance["passed"]:
        notes.append("passed")
    coalition = view["coalition"]
    pope = _card(deck, deck.ids[deck.pope], ducats=False)
    if s == inheritance["heir"]:
        notes.append("Heir")
    elif s in coalition["members"]:
        notes.append("Heir's partner" if view["players"] == 5 else f"{pope}'s side")
    elif s in coalition["opponents"]:
        notes.append("opposes the " + ("Heir" if view["players"] == 5 else pope))
    if s in view["to_act"]:
        notes.append("to act")
    return notes


def _season(view: dict[str, Any], deck: Deck, width: int) -> str:
    """The Inheritance, your role and the coalitions."""
    if view["phase"] == "over":
        return ""
    lines = []
    inheritance = view["inheritance"]
    if view["players"] == 5:
        heir = inheritance["heir"]
        if heir is None:
            passed = _list(view, inheritance["passed"]) if inheritance["passed"] else "nobody yet"
            lines.append(
                f"Inheritance: {inheritance['face_down']} cards face down; passed: {passed}."
            )
        else:
            saved = count(view["savings"]["count"], "card")
            lines.append(
                f"Inheritance: claimed by {_who(view, heir)}, the Heir ({saved} saved face down)."
            )
    if view["role"] is not None:
        lines.append(f"Your role: {_role(view, deck)}.")
    if view["phase"] != "claim":
        lines.append(f"Coalitions: {_sides(view, deck)}.")
    return _wrap(lines, width)


def _role(view: dict[str, Any], deck: Deck) -> str:
    """The seat's part this season, told as far as the sides are known now."""
    role = view["role"]
    if view["players"] == 5:
        abbot = _the(deck, deck.abbot)
        heir = view["inheritance"]["heir"]
        partner = _player_of(view, deck.ids[deck.abbot])
        if role == "heir (alone)":
            return f"the Heir, with {abbot} yourself: you play alone against the four others"
        if role == "heir":
            if partner is None:
                return f"the Heir; your partner holds {abbot}, a secret until it is played"
            return f"the Heir; your partner is {_who(view, partner)}, who played {abbot}"
        if role == "partner":
            if partner is None:
                return f"the Heir's secret partner: you hold {abbot}; nobody knows till you play it"
            return f"the Heir's partner; everyone knows it since you played {abbot}"
        against = f"you play against {_who(view, heir)}, the Heir"
        if partner is None:
            return f"{against}, and the holder of {abbot}, not known yet"
        if partner == heir:
            return f"{against}, who played {abbot} and so plays alone"
        return f"{against}, and {_who(view, partner)}, who played {abbot}"
    pope, mendicant = _the(deck, deck.pope), _the(deck, deck.mendicant)
    if role == "pope and mendicant (alone)":
        return f"{pope} and {mendicant} are both yours: you play alone against the three others"
    if role in ("pope", "mendicant"):
        mine, card = (pope, deck.mendicant) if role == "pope" else (mendicant, deck.pope)
        partner = _player_of(view, deck.ids[card])
        if partner is None:
            return f"{mine} is yours; your partner holds {_the(deck, card)}, not known yet"
        return (
            f"{mine} is yours; your partner is {_who(view, partner)}, who played {_the(deck, card)}"
        )
    plays = [
        (name, _player_of(view, deck.ids[c]))
        for name, c in ((pope, deck.pope), (mendicant, deck.mendicant))
    ]
    known = [f"{_who(view, s)}, who played {name}" for name, s in plays if s is not None]
    unknown = [name for name, s in plays if s is None]
    if not known:
        return f"you play against the holders of {pope} and {mendicant}, not known yet"
    if unknown:
        return f"you play against {known[0]}, and the holder of {unknown[0]}, not known yet"
    if plays[0][1] == plays[1][1]:
        return f"you play against {_who(view, plays[0][1])}, alone with {pope} and {mendicant}"
    return f"you play against {known[0]}, and {known[1]}"


def _hand(view: dict[str, Any], deck: Deck, width: int) -> str:
    """Your hand by suit (the Church first), and your savings if you are the Heir."""
    hand = view["hand"]
    if hand is None or view["phase"] == "over":
        return ""
    lines = [f"Your hand ({count(len(hand), 'card')}, ducats in brackets):"]
    for suit, name in enumerate(deck.suit_names):
        cards = [c for c in hand if deck.suit_of[deck.index(c)] == suit]
        if cards:
            lines.append(
                _fill(f"  {name:<10}{_cards(deck, cards)}", " " * min(12, width // 3), width)
            )
    saved = view["savings"]["cards"]
    if saved:
        total = sum(deck.ducats[deck.index(c)] for c in saved)
        lines.append(_fill(f"Your savings: {_cards(deck, saved)}: {total} ducats.", width=width))
    return "\n".join(lines)


def _trades(view: dict[str, Any], deck: Deck, width: int) -> str:
    """The trade on the table and the last completed one."""
    if view["phase"] != "play":
        return ""
    trade = view["trade"]
    if trade["cards"]:
        played = "; ".join(f"{_who(view, s)} {_card(deck, c)}" for s, c in trade["cards"])
        suit = trade["suit"]
        suit = f"the {suit}" if suit == deck.suit_names[0] else suit  # the trumps: "the Church"
        lines = [f"On the table, a trade in {suit}: {played}."]
    else:
        lines = [f"The table is empty: {_who(view, trade['leader'])} to lead."]
    if view["trades"]:
        last = view["trades"][-1]
        played = ", ".join(f"{_who(view, s)} {_card(deck, c)}" for s, c in last["cards"])
        lines.append(f"Last trade: {played}. {_trade_line(view, last, deck)}")
    totals = _side_totals(view, deck)
    if totals:
        lines.append(totals)
    return _wrap(lines, width)


def _history(view: dict[str, Any], deck: Deck, width: int) -> str:
    """Pass-outs, finished seasons and the final result."""
    lines = [_passout_line(view, p) for p in view["passouts"]]
    lines += [_season_line(view, s, deck) for s in view["seasons_done"]]
    result = view["result"]
    if result is not None:
        places = result["places"]
        ranks = [
            f"{places[s]}. {_who(view, s)} ({result['scores'][s]} renown)"
            for s in result["ranking"]
        ]
        winners = capital(_list(view, result["winners"]))
        lines.append(
            f"Final ranking: {', '.join(ranks)}. {winners} win{_s(view, *result['winners'])}."
        )
    return _wrap(lines, width)


# -- sentences ---------------------------------------------------------------------------


def _trade_line(view: dict[str, Any], trade: dict[str, Any], deck: Deck) -> str:
    """Who won a trade, with which card, for how many ducats."""
    winner = trade["winner"]
    card = next(c for s, c in trade["cards"] if s == winner)
    return (
        f"{capital(_who(view, winner))} win{_s(view, winner)} the trade with "
        f"{_card(deck, card, ducats=False)}: {trade['ducats']} ducats."
    )


def _sides(view: dict[str, Any], deck: Deck) -> str:
    """The coalitions as far as the viewer knows them."""
    coalition = view["coalition"]
    members, opponents = coalition["members"], coalition["opponents"]
    if coalition["complete"]:
        alone = " alone" if coalition["alone"] else ""
        return f"{_list(view, members)}{alone} against {_list(view, opponents)}"
    if view["players"] == 5:
        side = f"the Heir's side (the Heir and the holder of {_the(deck, deck.abbot)})"
    else:
        pope, mendicant = _the(deck, deck.pope), _the(deck, deck.mendicant)
        side = f"{_side_name(deck, view['players'])} (the holders of {pope} and {mendicant})"
    parts = [f"{side} includes {_list(view, members)}" if members else side]
    if opponents:
        parts.append(f"against it: {_list(view, opponents)}")
    unknown = [s for s in range(view["players"]) if s not in {*members, *opponents}]
    parts.append(f"not known yet: {_list(view, unknown)}")
    return "; ".join(parts)


def _known_sides(view: dict[str, Any], sides: dict[str, Any], deck: Deck) -> str:
    """A ``sides`` event: who holds which role card, against whom."""
    side = sides["side"]
    if len(side) + len(sides["opponents"]) == 5:
        roles = (f"the{_KEEP}Heir", _the(deck, deck.abbot))
    else:
        roles = (_the(deck, deck.pope), _the(deck, deck.mendicant))
    if sides["alone"]:
        ours = f"{_who(view, side[0])} ({roles[0]} with {roles[1]}) alone"
    else:
        ours = f"{_who(view, side[0])} ({roles[0]}) and {_who(view, side[1])} ({roles[1]})"
    return f"{ours} against {_list(view, sides['opponents'])}"


def _side_totals(view: dict[str, Any], deck: Deck) -> str:
    """Ducats won by each side this season, once the sides are known."""
    coalition = view["coalition"]
    if not coalition["complete"]:
        return ""
    won = view["ducats_won"]
    ours = sum(won[s] for s in coalition["members"])
    theirs = sum(won[s] for s in coalition["opponents"])
    saved = view["savings"]["cards"]
    if saved is not None:
        ours += sum(deck.ducats[deck.index(c)] for c in saved)
        note = " with your savings"
    else:
        note = " + the savings" if view["players"] == 5 else ""
    side = _side_name(deck, view["players"])
    return (
        f"Ducats this season: {side} {ours}{note}, against it {theirs}; "
        f"{TOTAL_DUCATS // 2 + 1} of {TOTAL_DUCATS} win."
    )


def _passout_line(view: dict[str, Any], passout: dict[str, Any]) -> str:
    punished = passout["punished"]
    return (
        f"Season {passout['season']}: everyone passed. Influence: "
        f"{_per_seat(view, passout['influence'], 'at')}; {_list(view, punished)} "
        f"lose{_s(view, *punished)} 1 renown and the cards are dealt again."
    )


def _season_line(
    view: dict[str, Any], season: dict[str, Any], deck: Deck, renown: list[int] | None = None
) -> str:
    """A scored season; with ``renown``, everyone's renown after it beside the change."""
    side = season["side"]
    who = _list(view, side)
    if season["heir"] is not None:
        who += " (the Heir" + (", alone)" if season["alone"] else " and partner)")
    else:
        who += f" ({_side_name(deck, 4)}" + (", alone)" if season["alone"] else ")")
    ours, theirs = season["ducats"]
    outcome = "won" if season["side_won"] else "lost"
    saved = ", ".join(_card(deck, c, ducats=False) for c in season["savings"])
    changes = [f"{c:+d}" for c in season["renown_change"]]
    if renown is None:
        change = f"Renown: {_per_seat(view, changes)}"
    else:
        now = [f"{r}{_KEEP}({c})" for r, c in zip(renown, changes, strict=True)]
        change = f"Renown now: {_per_seat(view, now, 'at')}"
    return (
        f"Season {season['season']}: {who} {outcome}, {ours} to {theirs} ducats"
        f"{f' (savings: {saved})' if saved else ''}. {change}."
    )


# -- small helpers -------------------------------------------------------------------------


def _who(view: dict[str, Any], seat: int) -> str:
    """A seat as it reads past a sentence's start: "you", or its name, "Seat 2"."""
    return "you" if seat == view["seat"] else f"Seat{_KEEP}{seat}"


def _s(view: dict[str, Any], *seats: int) -> str:
    """The verb ending for these seats: "you win", "Seat 2 wins", "Seat 1 and Seat 2 win"."""
    return "s" if len(seats) == 1 and seats[0] != view["seat"] else ""


def _list(view: dict[str, Any], seats: Iterable[int]) -> str:
    """Seats in words, you first, each by its name (so the web page names every one): "you and
    Seat 3", "Seat 1, Seat 2 and Seat 4", "nobody"."""
    seats = sorted(seats, key=lambda s: s != view["seat"])
    return listed([_who(view, s) for s in seats]) if seats else "nobody"


def _per_seat(view: dict[str, Any], values: list[Any], word: str = "") -> str:
    """A value per seat: "you +1, Seat 1 -1"; with ``word``, "you at 7, Seat 1 at 5"."""
    sep = f"{_KEEP}{word}{_KEEP}" if word else _KEEP
    return ", ".join(f"{_who(view, s)}{sep}{v}" for s, v in enumerate(values))


def _the(deck: Deck, card: int) -> str:
    """A role card by name: "the Abbot"."""
    return f"the{_KEEP}{_card(deck, deck.ids[card], ducats=False)}"


def _side_name(deck: Deck, players: int) -> str:
    """The side of the role cards: the Heir's (5 players) or the Pope's (4)."""
    return "the Heir's side" if players == 5 else f"{_the(deck, deck.pope)}'s side"


def _player_of(view: dict[str, Any], card_id: str) -> int | None:
    """The seat that played ``card_id`` this season, if anyone has."""
    plays = [play for trade in view["trades"] for play in trade["cards"]]
    return next((s for s, c in [*plays, *view["trade"]["cards"]] if c == card_id), None)


def _card(deck: Deck, card_id: str, ducats: bool = True) -> str:
    """A card's name, with its ducats in brackets if it is worth any, never broken by _fill."""
    i = deck.index(card_id)
    text = f"{deck.names[i]} ({deck.ducats[i]})" if ducats and deck.ducats[i] else deck.names[i]
    return text.replace(" ", _KEEP)


def _priced(deck: Deck, card_id: str) -> str:
    """A card's name with its ducats and their unit, for a sentence read alone (the log):
    'Canon (10 ducats)', where a screen with its legend says 'Canon (10)'."""
    i = deck.index(card_id)
    worth = deck.ducats[i]
    text = f"{deck.names[i]} ({count(worth, 'ducat')})" if worth else deck.names[i]
    return text.replace(" ", _KEEP)


def _cards(deck: Deck, card_ids: list[str]) -> str:
    return ", ".join(_card(deck, c) for c in card_ids)


def _fill(text: str, indent: str = "  ", width: int = WIDTH) -> str:
    """Wrap to ``width``, continuation lines indented, names of cards and seats kept whole."""
    return textwrap.fill(text, width, subsequent_indent=indent)


def _wrap(lines: list[str], width: int = WIDTH) -> str:
    return "\n".join(_fill(line, width=width) for line in lines)
