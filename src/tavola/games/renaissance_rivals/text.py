"""Plain text for Renaissance Rivals: a view, the card faces, and a sentence per event.

Everything here reads views and events as already filtered for a seat (views.py, events.py),
so it can say nothing the seat may not know. :func:`describe` is the game's ``event_text``.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from ...core.words import count, outcome, scores, within
from .cards import CITIES, MP_STEPS, SKILL_NAMES, SKILLS, cards_by_key
from .rules import K_COM, K_MP, K_START, MP0, tables_for

if TYPE_CHECKING:
    from .rules import Tables

RULES = """\
Renaissance Rivals, in brief. The market is a 4 x 4 grid of Commission stacks:
row 1 Milan, rows 2-3 Florence, row 4 Rome. On your turn use each card of your
hand for Influence OR Advancement (a GOLD card may instead move your pawn
down). Acquire Commissions within one space of your pawn with Influence (level
2+ need their skill cross-linked in your Palette); each acquisition moves your
pawn by the card's arrow at once. Put an acquired card in your deck (on its
discard pile), or in your Palette if its skill is not there yet (Mastery).
Start a Masterpiece (free) in a row of its city with Mastery of its skill, one
per city at a time, and pay Advancement for its three steps; a completed one
gives a free move. LAND/ARCH in hand: Elevate a card (out of the deck, still
scored). BRONZ/COLOR: draw one more. End: move at most one Commission from hand
to Palette, discard, draw 4.

A turn without Commission or Masterpiece actions gives one free move.

The game ends at once when an artist completes 6 Masterpieces including the
8-VP major, or acquires St. Peter's. VP: completed Masterpieces, Commission
levels in the deck and Elevated (St. Peter's 10); nothing for the Palette."""


WIDTH = 79
PAUSE_AFTER = frozenset({"turn"})
"""At a terminal, the game waits for Enter as each turn begins: a turn of another seat is a
dozen lines, and the next one, with the table, would scroll it away."""

SOLO = """\
Alone (the learning game): after each of your turns the top card of the first
stack of column A that is not empty (from A1 down) is removed. You win at once
by completing six Masterpieces, the major among them; you lose when column A
is empty. Score: Commission VP in your deck and Elevated, plus your completed
Masterpieces, minus the cards removed (the VP shown counts them: it can be
below zero). St. Peter's scores 6 and does not end the game."""


SCREEN = """\
On the screen: in the market, A2*0 ANAT$1 (7) is the stack of column A, row 2,
with Seat 0's pawn on it (*), its top card an Anatomy Commission that costs 1
Influence ($1), and 7 cards in the stack. In your hand, [L1 ANAT, cost 1, 2/1,
arrow UL] is a level-1 Anatomy Commission that costs 1 to acquire, gives 2
Influence or 1 Advancement when used, and moves your pawn up and left (U, D,
L, R) when acquired; a Masterpiece [MP PORT Florence, steps 1-1-2, 2 VP, 1/1]
shows its skill, its city, the Advancement each of its three steps needs and
its VP."""


def help_text(view: dict[str, Any]) -> str:
    """The rules in brief, how to read the screen and the skills, and the solo learning
    game's rules when alone."""
    skills = ", ".join(f"{k} {name}" for k, name in zip(SKILLS, SKILL_NAMES, strict=True))
    key = textwrap.fill(f"Skills: {skills}.", WIDTH)
    return "\n\n".join([RULES, f"{SCREEN}\n{key}"] + [SOLO] * (view["players"] == 1))


def _t(view: dict[str, Any]) -> Tables:
    return tables_for(cards_by_key(view["cards"]))


def card_table(t: Tables) -> dict[str, Any]:
    """The printed faces of the card set by id: kind, name, and what each kind shows."""
    c = t.c
    cards: dict[str, dict[str, Any]] = {}
    for i, cid in enumerate(t.ids):
        face: dict[str, Any] = {"name": t.names[i], "influence": t.inf[i], "advancement": t.adv[i]}
        if t.kind[i] == K_COM:
            face.update(
                kind="commission",
                level=t.level[i],
                skill=SKILLS[t.skill[i]],
                cost=t.cost[i],
                vp=t.vp[i],
                arrow=c.arrow[i % len(c.ids)],
                red=cid.startswith("red-"),
            )
        elif t.kind[i] == K_MP:
            face.update(
                kind="masterpiece",
                artist=c.artist_ids[t.mp_artist[i]],
                date=c.mp_dates[i - MP0],
                skill=SKILLS[t.skill[i]],
                city=CITIES[t.mp_city[i]],
                steps=list(t.mp_steps[i]),
                vp=t.vp[i],
            )
        else:
            face.update(kind="start", level=0, vp=0)
        cards[cid] = face
    return {
        "skills": dict(zip(SKILLS, SKILL_NAMES, strict=True)),
        "cross_links": {
            SKILLS[k]: [[SKILLS[j] for j in range(len(SKILLS)) if r >> j & 1] for r in rec]
            for k, rec in enumerate(c.links)
            if rec
        },
        "artists": dict(zip(c.artist_ids, c.artist_names, strict=True)),
        "cards": cards,
    }


def _face(t: Tables, cid: str) -> str:
    i = t.number[cid]
    if t.kind[i] == K_COM:
        return (
            f"{t.names[i]} [L{t.level[i]} {SKILLS[t.skill[i]]}, cost {t.cost[i]}, "
            f"{t.inf[i]}/{t.adv[i]}, arrow {t.c.arrow[i % len(t.c.ids)]}]"
        )
    if t.kind[i] == K_MP:
        steps = "-".join(map(str, t.mp_steps[i]))
        return (
            f"{t.names[i]} [MP {SKILLS[t.skill[i]]} {CITIES[t.mp_city[i]]}, steps {steps}, "
            f"{t.vp[i]} VP, {t.inf[i]}/{t.adv[i]}]"
        )
    assert t.kind[i] == K_START
    return f"{t.names[i]} [start, {t.inf[i]}/{t.adv[i]}]"


def render(view: dict[str, Any], width: int = WIDTH) -> str:
    """The whole view as plain text, laid out to ``width`` columns."""
    t = _t(view)
    lines = [
        f"Renaissance Rivals, {count(view['players'], 'player')}, turn {view['turn']}"
        + (f"; you are Seat {view['seat']}" if view["seat"] is not None else "")
    ]
    if view["phase"] == "over":
        lines.append(f"The game is over: {ENDINGS.get(view['ended'], view['ended'])}.")
    else:
        lines.append(f"{_who(view['current'], view['seat'])} to play.")
    lines.append(
        textwrap.fill(
            "Market, rows 1 Milan, 2-3 Florence, 4 Rome; each stack with *the seats whose pawn "
            "is on it, its top card's skill and $cost, and (the cards in it):",
            width,
        )
    )
    pawns: dict[str, str] = {}
    for s, p in enumerate(view["seats"]):
        pawns[p["pawn"]] = pawns.get(p["pawn"], "*") + str(s)
    marks = max(map(len, pawns.values()), default=2)  # "*0", or "*01" where two pawns meet
    cells = []
    for m in view["market"]:
        top = m["top"]
        name = "-" if top is None else f"{SKILLS[t.skill[t.number[top]]]}${t.cost[t.number[top]]}"
        cells.append(f"{m['stack']}{pawns.get(m['stack'], ''):<{marks}} {name} ({m['count']})")
    cell = max(CELL, *map(len, cells))
    for r in range(4):
        lines.extend(_abreast(cells[r * 4 : r * 4 + 4], width, cell))
    if view["solo"]:
        left = sum(view["market"][i]["count"] for i in (0, 4, 8, 12))
        removed = len(view["removed"])
        lines.append(f"Column A: {count(left, 'card')} left, {removed} removed (-{removed} VP).")
    artists = dict(zip(t.c.artist_ids, t.c.artist_names, strict=True))
    for s, p in enumerate(view["seats"]):
        who = _who(s, view["seat"])
        work = ", ".join(
            f"{t.names[t.number[w['card']]]} in {city.capitalize()} ({w['steps_done']}/3)"
            for city, w in p["in_progress"].items()
        )
        lines.append(
            textwrap.fill(
                f"{who}: {artists[p['artist']]}, pawn {p['pawn']}, {_score(p)}; Mastery "
                f"{' '.join(p['mastery']) or '-'}; completed {len(p['completed'])}; hand "
                f"{p['hand_size']}, deck {p['deck_size']}, discards {len(p['discards'])}"
                + (f"; working on {work}" if work else ""),
                width,
                subsequent_indent="    ",
            )
        )
    me = view["seat"]
    if me is not None and view["seats"][me]["hand"] is not None:
        lines.append(
            textwrap.fill(
                "Your hand (x/y: the Influence or Advancement a card gives when used):", width
            )
        )
        for cid in view["seats"][me]["hand"]:
            mark = " (used)" if cid in view["this_turn"]["used"] else ""
            lines.append(textwrap.fill(f"  {_face(t, cid)}{mark}", width, subsequent_indent="    "))
    tt = view["this_turn"]
    elevations = "" if tt["elevations"] is None else f"{count(tt['elevations'], 'Elevation')}, "
    lines.append(
        textwrap.fill(
            f"This turn: {tt['influence']} Influence, {tt['advancement']} Advancement, "
            f"{elevations}{count(tt['bonus_moves'], 'bonus move')}.",
            width,
            subsequent_indent="    ",
        )
    )
    return "\n".join(lines)


CELL = 17
"""The width of a market stack's cell (wider where pawns meet on a stack, or a stack holds ten
cards or more): four abreast, with the indent, fit 79 columns."""


def _abreast(cells: list[str], width: int, cell: int) -> list[str]:
    """A market row: its cells in columns ``cell`` wide, as many to a line as ``width`` holds."""
    per_line = max(1, (width - 2) // (cell + 1))
    return [
        "  " + " ".join(f"{text:<{cell}}" for text in cells[i : i + per_line]).rstrip()
        for i in range(0, len(cells), per_line)
    ]


def _score(seat: dict[str, Any]) -> str:
    """ "12 VP", in the solo game with its parts: "3 VP (8 + 3 - 8 removed)"."""
    parts = seat["score_parts"]
    if not parts["removed"]:
        return f"{seat['score']} VP"
    return (
        f"{seat['score']} VP ({parts['masterpieces']} + {parts['commissions']} - "
        f"{parts['removed']} removed)"
    )


def _who(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


ENDINGS = {
    "masterpieces": "six Masterpieces, the major among them, are complete",
    "st-peters": "St. Peter's has been acquired",
    "solo-lost": "column A is empty: the solo game is lost",
    "turn-limit": "the turn limit is reached",
}
"""Each way a game ends, in words (by END_REASONS)."""


MOVES = {
    "masterpiece": "the bonus move of a completed Masterpiece",
    "free": "the free move of a turn without Commission or Masterpiece actions",
}
"""Why a pawn moved a space on its own, in words (by the event's ``why``)."""


def describe(t: Tables, e: dict[str, Any], viewer: int | None) -> str:
    """One sentence for an event as filtered for ``viewer`` (None: a spectator)."""
    kind = e["kind"]

    def name(cid: str | None) -> str:
        return "nothing" if cid is None else t.names[t.number[cid]]

    who = _who(e["seat"], viewer) if "seat" in e else ""
    if kind == "draw":
        if "cards" not in e:
            return f"{who} drew {count(e['count'], 'card')}."
        return f"{who} drew {', '.join(map(name, e['cards'])) or 'nothing'}."
    if kind == "turn":
        return f"Turn {e['turn']}: " + ("your turn." if who == "You" else f"{who}'s turn.")
    if kind == "use":
        if e["as"] == "down":
            return f"{who} used {name(e['card'])} to move down to {e['pawn']}."
        i = t.number[e["card"]]  # a name may end "for the Sforza": the points follow a colon
        points = t.inf[i] if e["as"] == "influence" else t.adv[i]
        return f"{who} used {name(e['card'])}: {points} {e['as'].capitalize()}."
    if kind == "acquire":
        moved = (
            f"; the pawn moves from {e['from']} to {e['pawn']}" if e["from"] != e["pawn"] else ""
        )
        to = "the Palette" if e["to"] == "palette" else "the deck (on the discard pile)"
        return f"{who} acquired {name(e['card'])} from {e['stack']} to {to}{moved}."
    if kind == "reveal":
        return f"{e['stack']} now shows {name(e['card'])}."
    if kind == "resupply":
        return f"{e['stack']} was refilled from the Red deck: {name(e['card'])}."
    if kind == "start":
        return f"{who} started {name(e['card'])} in {e['city'].capitalize()}."
    if kind == "advance":
        paid = count(e["points"], "Advancement point")
        return f"{who} advanced {name(e['card'])} to step {e['step']} of {MP_STEPS}, paying {paid}."
    if kind == "complete":
        return f"{who} completed {name(e['card'])} ({e['vp']} VP)."
    if kind == "elevate":
        return f"{who} Elevated {name(e['card'])} from the {e['from']}."
    if kind == "move":
        return f"{who} moved {e['dir']} to {e['pawn']} ({MOVES[e['why']]})."
    if kind == "transfer":
        return f"{who} moved {name(e['card'])} to the Palette."
    if kind == "discard":
        return f"{who} discarded {count(e['count'], 'card')}."
    if kind == "shuffle":
        return f"{who} shuffled the discards into a new deck of {count(e['size'], 'card')}."
    if kind == "remove":
        return f"{name(e['card'])} was removed from {e['stack']}."
    if kind == "end":
        said = scores([_who(s, viewer) for s in range(len(e["scores"]))], e["scores"])
        why = ENDINGS.get(e["reason"], e["reason"])
        if e["reason"] == "solo-lost":  # the reason says the loss already
            return f"The game is over: {why}. {said}."
        won = outcome([_who(s, viewer) for s in e["winners"]])
        return f"The game is over: {why}. {won} {said}."
    if kind == "setup":
        artists = dict(zip(t.c.artist_ids, t.c.artist_names, strict=True))
        plays = "; ".join(
            f"{within(_who(s, viewer))} {'play' if s == viewer else 'plays'} {artists[a]}"
            for s, a in enumerate(e["artists"])
        )
        red = " with the Red deck" if e["red_deck"] else ""
        return f"{count(e['players'], 'player')}{red}. {plays[0].upper()}{plays[1:]}."
    return kind
