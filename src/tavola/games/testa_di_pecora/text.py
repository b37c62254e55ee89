"""Plain-text rendering of Testa di Pecora for terminals: a view, and what a move did.

Everything here reads views only (see views.py), so it can show nothing a seat may not know.
Cards are shown by name with their ducats in brackets: ``Camerlengo (11)``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from .deck import TOTAL_DUCATS, Deck, deck_by_key

WIDTH = 79  # a full 80-column line wraps early in some terminals
_KEEP = "\xa0"  # joins the words of a name ("seat 2", a card's) so that wrapping never splits it

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

_ROLES = {
    "heir": "the Heir; your partner is the holder of the Abbot, a secret",
    "heir (alone)": "the Heir, and you hold the Abbot yourself: you play alone against all",
    "partner": "the Heir's secret partner (you hold the Abbot); keep it quiet",
    "pope": "you hold the Pope: the holder of the Mendicant is your partner",
    "mendicant": "you hold the Mendicant: the holder of the Pope is your partner",
    "pope and mendicant (alone)": "you hold the Pope and the Mendicant: you play alone",
    "opponent": "you play against the {side}",
}


def render(view: dict[str, Any]) -> str:
    """The whole view as plain text, fit for an 80-column terminal."""
    deck = deck_by_key(view["deck"])
    blocks = [
        _header(view),
        _seat_table(view),
        _season(view),
        _hand(view, deck),
        _trades(view, deck),
        _history(view, deck),
    ]
    return "\n\n".join(block for block in blocks if block).replace(_KEEP, " ")


def narrate(
    before: dict[str, Any], after: dict[str, Any], seat: int, action: dict[str, Any], actor: str
) -> list[str]:
    """What the seat whose views ``before`` and ``after`` frame one move saw happen.

    ``seat`` took ``action`` (its JSON form); ``actor`` names that seat ("You", "Seat 2 (bot)").
    A card saved by another seat is never named.
    """
    deck = deck_by_key(after["deck"])
    lines = [f"{actor} {_move(after, seat, action, deck)}."]
    if action["kind"] == "claim" and seat == after["seat"]:
        taken = [c for c in after["hand"] if c not in before["hand"]]
        lines[0] = f"{lines[0][:-1]}: {_cards(deck, taken)}."
    done = _completed_trade(before, after)
    if done is not None:
        lines.append(_trade_line(after, done, deck))
    new_deal = len(after["seasons_done"]) + len(after["passouts"]) > len(
        before["seasons_done"]
    ) + len(before["passouts"])
    if not new_deal and after["coalition"]["complete"] and not before["coalition"]["complete"]:
        lines.append(f"Now you know the coalitions: {_sides(after)}.")
    if len(after["passouts"]) > len(before["passouts"]):
        lines.append(_passout_line(after, after["passouts"][-1]))
    if len(after["seasons_done"]) > len(before["seasons_done"]):
        lines.append(_season_line(after, after["seasons_done"][-1], deck))
        lines.append("Renown: " + _per_seat(after, after["renown"]) + ".")
    if new_deal and after["phase"] != "over":
        lines.append(
            f"Season {after['season']} of {after['seasons']}: "
            f"{_who(after, after['dealer'])} deal{_s(after, after['dealer'])}."
        )
    return [line.replace(_KEEP, " ") for line in lines]


def describe(event: dict[str, Any], viewer: int | None, deck: Deck) -> str:
    """A sentence for an event as ``viewer`` sees it (already filtered: no hidden card)."""
    me = {"seat": viewer}
    kind = event["kind"]
    if kind in ("play", "save", "claim", "pass"):
        seat = event["seat"]
        if kind == "save" and "card" not in event:
            return f"{_who(me, seat).capitalize()} save{_s(me, seat)} a card face down."
        action = {"kind": kind, **({"card": event["card"]} if "card" in event else {})}
        move = _move({"seat": viewer}, seat, action, deck)
        return f"{_who(me, seat).capitalize()} {move}.".replace(_KEEP, " ")
    if kind == "trade":
        return _trade_line(me, event, deck).replace(_KEEP, " ")
    if kind == "deal":
        return (
            f"Season {event['season']} of {event['seasons']}: {_who(me, event['dealer'])} "
            f"deal{_s(me, event['dealer'])}."
        ).replace(_KEEP, " ")
    if kind == "passout":
        return _passout_line(me, event).replace(_KEEP, " ")
    if kind == "season":
        line = _season_line(me, event, deck) + " Renown now: " + _per_seat(me, event["renown"])
        return (line + ".").replace(_KEEP, " ")
    if kind == "sides":
        alone = " alone" if event["alone"] else ""
        sides = f"{_list(me, event['side'])}{alone} against {_list(me, event['opponents'])}"
        return f"The sides are known now: {sides}.".replace(_KEEP, " ")
    return kind


# -- the blocks of a view -----------------------------------------------------------------


def _header(view: dict[str, Any]) -> str:
    n = view["players"]
    title = f"Testa di Pecora, {n} players, season {view['season']} of {view['seasons']}"
    if view["seat"] is not None:
        title += f"; you are seat {view['seat']}"
    return f"{title}\n{_phase(view)}"


def _phase(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    actor = _who(view, view["to_act"][0])
    if phase == "claim":
        return f"The Inheritance is offered to {actor}: claim it or pass."
    if phase == "save":
        left = 2 - view["savings"]["count"]
        return f"The Heir ({actor}) to save {_count(left, 'more card')} face down."
    days = len(view["trades"]) + max(view["hand_sizes"])
    return f"Trading day {len(view['trades']) + 1} of {days}: {actor} to play."


def _seat_table(view: dict[str, Any]) -> str:
    """Renown, cards in hand, ducats won and public notes per seat (not once it is over)."""
    if view["phase"] == "over":
        return ""
    rows = ["Seat        Renown  Cards  Ducats"]
    for s in range(view["players"]):
        name = f"{s} (you)" if s == view["seat"] else str(s)
        cells = f"{name:<10}{view['renown'][s]:>8}{view['hand_sizes'][s]:>7}"
        cells += f"{view['ducats_won'][s]:>8}"
        notes = ", ".join(_notes(view, s))
        rows.append(f"{cells}  {notes}".rstrip())
    return "\n".join(rows)


def _notes(view: dict[str, Any], s: int) -> list[str]:
    """Public facts about seat ``s``: dealer, Heir, passed, its side as far as known."""
    notes = ["dealer"] if s == view["dealer"] and view["phase"] != "over" else []
    inheritance = view["inheritance"]
    if view["phase"] == "claim" and s in inheritance["passed"]:
        notes.append("passed")
    coalition = view["coalition"]
    if s == inheritance["heir"]:
        notes.append("Heir")
    elif s in coalition["members"]:
        notes.append("Heir's partner" if view["players"] == 5 else "Pope's side")
    elif s in coalition["opponents"]:
        notes.append("opposes the " + ("Heir" if view["players"] == 5 else "Pope"))
    if s in view["to_act"]:
        notes.append("to act")
    return notes


def _season(view: dict[str, Any]) -> str:
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
            saved = _count(view["savings"]["count"], "card")
            lines.append(
                f"Inheritance: claimed by {_who(view, heir)}, the Heir ({saved} saved face down)."
            )
    role = view["role"]
    if role is not None:
        side = "Heir and the Abbot's holder" if view["players"] == 5 else "Pope and the Mendicant"
        lines.append(f"Your role: {_ROLES.get(role, role).format(side=side)}.")
    if view["phase"] != "claim":
        lines.append(f"Coalitions: {_sides(view)}.")
    return _wrap(lines)


def _hand(view: dict[str, Any], deck: Deck) -> str:
    """Your hand by suit (the Church first), and your savings if you are the Heir."""
    hand = view["hand"]
    if hand is None or view["phase"] == "over":
        return ""
    lines = [f"Your hand ({_count(len(hand), 'card')}, ducats in brackets):"]
    for suit, name in enumerate(deck.suit_names):
        cards = [c for c in hand if deck.suit_of[deck.index(c)] == suit]
        if cards:
            lines.append(_fill(f"  {name:<10}{_cards(deck, cards)}", " " * 12))
    saved = view["savings"]["cards"]
    if saved:
        total = sum(deck.ducats[deck.index(c)] for c in saved)
        lines.append(_fill(f"Your savings: {_cards(deck, saved)}: {total} ducats."))
    return "\n".join(lines)


def _trades(view: dict[str, Any], deck: Deck) -> str:
    """The trade on the table and the last completed one."""
    if view["phase"] != "play":
        return ""
    trade = view["trade"]
    if trade["cards"]:
        played = "; ".join(f"{_who(view, s)} {_card(deck, c)}" for s, c in trade["cards"])
        lines = [f"On the table, a trade in {trade['suit']}: {played}."]
    else:
        lines = [f"The table is empty: {_who(view, trade['leader'])} to lead."]
    if view["trades"]:
        last = view["trades"][-1]
        played = ", ".join(f"{_who(view, s)} {_card(deck, c)}" for s, c in last["cards"])
        lines.append(f"Last trade: {played}. {_trade_line(view, last, deck)}")
    totals = _side_totals(view, deck)
    if totals:
        lines.append(totals)
    return _wrap(lines)


def _history(view: dict[str, Any], deck: Deck) -> str:
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
        winners = _list(view, result["winners"]).capitalize()
        lines.append(
            f"Final ranking: {', '.join(ranks)}. {winners} win{_s(view, *result['winners'])}."
        )
    return _wrap(lines)


# -- sentences ---------------------------------------------------------------------------


def _move(view: dict[str, Any], seat: int, action: dict[str, Any], deck: Deck) -> str:
    """The move as the viewer may know it: another seat's saved card stays hidden."""
    kind = action["kind"]
    if kind == "play":
        return f"play{_s(view, seat)} {_card(deck, action['card'])}"
    if kind == "save":
        if seat == view["seat"]:
            return f"save {_card(deck, action['card'])}"
        return "saves a card face down"
    if kind == "claim":
        return f"claim{_s(view, seat)} the Inheritance"
    return f"pass{'' if seat == view['seat'] else 'es'}"


def _completed_trade(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any] | None:
    """The trade this move completed, if any (a season's last is in its summary)."""
    if len(after["seasons_done"]) > len(before["seasons_done"]):
        return after["seasons_done"][-1]["last_trade"]
    if len(after["trades"]) > len(before["trades"]):
        return after["trades"][-1]
    return None


def _trade_line(view: dict[str, Any], trade: dict[str, Any], deck: Deck) -> str:
    """Who won a trade, with which card, for how many ducats."""
    winner = trade["winner"]
    card = next(c for s, c in trade["cards"] if s == winner)
    return (
        f"{_who(view, winner).capitalize()} win{_s(view, winner)} the trade with "
        f"{_card(deck, card, ducats=False)}: {trade['ducats']} ducats."
    )


def _sides(view: dict[str, Any]) -> str:
    """The coalitions as far as the viewer knows them."""
    coalition = view["coalition"]
    members, opponents = coalition["members"], coalition["opponents"]
    if coalition["complete"]:
        alone = " alone" if coalition["alone"] else ""
        return f"{_list(view, members)}{alone} against {_list(view, opponents)}"
    if view["players"] == 5:
        side = "the Heir's side (the Heir and the Abbot's holder)"
    else:
        side = "the Pope's side (the holders of the Pope and the Mendicant)"
    parts = [f"{side} includes {_list(view, members)}" if members else side]
    if opponents:
        parts.append(f"against it: {_list(view, opponents)}")
    unknown = [s for s in range(view["players"]) if s not in {*members, *opponents}]
    parts.append(f"not known yet: {_list(view, unknown)}")
    return "; ".join(parts)


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
    side = "the Heir's side" if view["players"] == 5 else "the Pope's side"
    return (
        f"Ducats this season: {side} {ours}{note}, against it {theirs}; "
        f"{TOTAL_DUCATS // 2 + 1} of {TOTAL_DUCATS} win."
    )


def _passout_line(view: dict[str, Any], passout: dict[str, Any]) -> str:
    punished = _list(view, passout["punished"])
    return (
        f"Season {passout['season']}: everyone passed. Influence: "
        f"{_per_seat(view, passout['influence'])}; {punished} lose{_s(view, *passout['punished'])}"
        " 1 renown and the cards are dealt again."
    )


def _season_line(view: dict[str, Any], season: dict[str, Any], deck: Deck) -> str:
    side = season["side"]
    who = _list(view, side)
    if season["heir"] is not None:
        who += " (the Heir" + (", alone)" if season["alone"] else " and partner)")
    else:
        who += " (the Pope's side" + (", alone)" if season["alone"] else ")")
    ours, theirs = season["ducats"]
    outcome = "won" if season["side_won"] else "lost"
    saved = ", ".join(_card(deck, c, ducats=False) for c in season["savings"])
    change = _per_seat(view, [f"{c:+d}" for c in season["renown_change"]])
    return (
        f"Season {season['season']}: {who} {outcome}, {ours} to {theirs} ducats"
        f"{f' (savings: {saved})' if saved else ''}. Renown: {change}."
    )


# -- small helpers -------------------------------------------------------------------------


def _who(view: dict[str, Any], seat: int) -> str:
    return "you" if seat == view["seat"] else f"seat{_KEEP}{seat}"


def _s(view: dict[str, Any], *seats: int) -> str:
    """The verb ending for these seats: "you win", "seat 2 wins", "seats 1 and 2 win"."""
    return "s" if len(seats) == 1 and seats[0] != view["seat"] else ""


def _list(view: dict[str, Any], seats: Iterable[int]) -> str:
    """Seats in words: "you and seat 3", "seats 1, 2 and 4", "nobody"."""
    seats = list(seats)
    others = [str(s) for s in seats if s != view["seat"]]
    words = ["you"] if len(others) < len(seats) else []
    if others:
        words.append(("seat" if len(others) == 1 else "seats") + _KEEP + _and(others))
    return _and(words) if words else "nobody"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _per_seat(view: dict[str, Any], values: list[Any]) -> str:
    return ", ".join(f"{_who(view, s)}{_KEEP}{v}" for s, v in enumerate(values))


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _card(deck: Deck, card_id: str, ducats: bool = True) -> str:
    """A card's name, with its ducats in brackets if it is worth any, never broken by _fill."""
    i = deck.index(card_id)
    text = f"{deck.names[i]} ({deck.ducats[i]})" if ducats and deck.ducats[i] else deck.names[i]
    return text.replace(" ", _KEEP)


def _cards(deck: Deck, card_ids: list[str]) -> str:
    return ", ".join(_card(deck, c) for c in card_ids)


def _fill(text: str, indent: str = "  ") -> str:
    """Wrap to the width, continuation lines indented, names of cards and seats kept whole."""
    return textwrap.fill(text, WIDTH, subsequent_indent=indent)


def _wrap(lines: list[str]) -> str:
    return "\n".join(map(_fill, lines))
