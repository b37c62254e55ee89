"""Building exact Renaissance Rivals positions for the rules tests.

A test starts a game with :func:`new`, places cards with :func:`put` (each card is taken from
wherever it is, so every card stays in exactly one place, which the game's invariants check) and
pawns with :func:`pawn`, and then acts only through the public ``act`` (:func:`do`).
"""

from __future__ import annotations

from typing import Any

import tavola
from tavola.games.renaissance_rivals.cards import square
from tavola.games.renaissance_rivals.invariants import invariants
from tavola.games.renaissance_rivals.rules import RenaissanceRivals

GAME = "renaissance-rivals"


def new(players: int = 2, seed: int = 0, **options: Any) -> RenaissanceRivals:
    g = tavola.new_game(GAME, players=players, seed=seed, options=options)
    assert isinstance(g, RenaissanceRivals)
    return g


def num(g: RenaissanceRivals, cid: str) -> int:
    return g.t.number[cid]


def sq(name: str) -> int:
    r, c = square(name)  # type: ignore[misc]
    return r * 4 + c


def _places(g: RenaissanceRivals) -> list[list[int]]:
    out = [*g.stacks, *g.piles, g.removed]
    for s in range(g.n):
        out += [g.decks[s], g.hands[s], g.discards[s], g.palettes[s], g.elevated[s], g.completed[s]]
    return out


def take(g: RenaissanceRivals, cid: str) -> int:
    """Take a card out of wherever it is (a Masterpiece in progress too)."""
    i = num(g, cid)
    for place in _places(g):
        if i in place:
            place.remove(i)
            break
    else:
        for s in range(g.n):
            for city in range(3):
                if g.working[s][city] == i:
                    g.working[s][city] = -1
                    g.progress[s][city] = 0
    if i in g.used:
        g.used.remove(i)
    return i


def put(g: RenaissanceRivals, cid: str, where: str, seat: int = 0) -> None:
    """Move a card to ``where``: a stack ("B3": on top), "hand", "deck" (on top), "discards",
    "palette", "elevated" or "completed" of ``seat``."""
    i = take(g, cid)
    if len(where) == 2 and where[0] in "ABCD":
        g.stacks[sq(where)].append(i)
    else:
        place = {
            "hand": g.hands,
            "deck": g.decks,
            "discards": g.discards,
            "palette": g.palettes,
            "elevated": g.elevated,
            "completed": g.completed,
        }[where][seat]
        place.append(i)
        if where == "hand":
            place.sort()
    refresh(g)


def refresh(g: RenaissanceRivals) -> None:
    """Mastery from the Palettes, and the Elevations of the hand of the seat to play."""
    t = g.t
    for s in range(g.n):
        m = 0
        for i in g.palettes[s]:
            m |= 1 << t.skill[i]
        g.mastery[s] = m
    g.charges = sum(1 for i in g.hands[g.cur] if t.elevates[i])


def clear_hand(g: RenaissanceRivals, seat: int = 0) -> None:
    """The seat's hand goes on top of its deck (nothing in hand)."""
    g.decks[seat].extend(g.hands[seat])
    g.hands[seat] = []
    g.used = [] if seat == g.cur else g.used
    refresh(g)


def pawn(g: RenaissanceRivals, where: str, seat: int = 0) -> None:
    g.pawn[seat] = sq(where)


def do(g: RenaissanceRivals, action: Any, seat: int | None = None) -> None:
    s = g.cur if seat is None else seat
    g.act(s, g.parse_action(s, action))
    check(g)


def legal(g: RenaissanceRivals, seat: int | None = None) -> list[str]:
    s = g.cur if seat is None else seat
    return [str(a) for a in g.legal_actions(s)]


def legal_json(g: RenaissanceRivals) -> list[dict[str, Any]]:
    return [a.to_json() for a in g.legal_actions(g.cur)]


def check(g: RenaissanceRivals) -> None:
    problems = invariants(g)
    assert problems == [], problems


def _face(g: RenaissanceRivals, i: int) -> dict[str, Any]:
    """The faces of main-deck Commission ``i`` that :func:`a_card` and :func:`cards` match."""
    from tavola.games.renaissance_rivals.cards import SKILLS

    c = g.c
    return {
        "level": c.level[i],
        "skill": SKILLS[c.skill[i]],
        "arrow": c.arrow[i],
        "cost": c.cost[i],
        "influence": c.inf[i],
        "advancement": c.adv[i],
        "st_peters": i == c.st_peters,
    }


def a_card(g: RenaissanceRivals, **want: Any) -> str:
    """The id of the first main-deck Commission with the given faces (level, skill, arrow,
    cost, influence, advancement; St. Peter's only if ``st_peters=True`` is asked)."""
    return cards(g, 1, **want)[0]


def cards(g: RenaissanceRivals, n: int, **want: Any) -> list[str]:
    """``n`` different main-deck Commissions with the given faces (as :func:`a_card`); with
    ``n`` 0, all of them."""
    c = g.c
    out = []
    for i in range(len(c.ids)):
        face = _face(g, i)
        if all(face[k] == v for k, v in want.items()) and ("st_peters" in want or i != c.st_peters):
            out.append(c.ids[i])
    if len(out) < n:
        raise AssertionError(f"no {n} cards {want}")
    return out[:n] if n else out


def spare(g: RenaissanceRivals, n: int, **want: Any) -> list[str]:
    """``n`` main-deck Commissions with the given faces that nobody owns yet (in the market, a
    Red pile or out of play): putting them somewhere takes nothing from a seat."""
    owned: set[int] = set()
    for s in range(g.n):
        for pile in (g.decks, g.hands, g.discards, g.palettes, g.elevated, g.completed):
            owned.update(pile[s])
    free = [cid for cid in cards(g, 0, **want) if num(g, cid) not in owned]
    if len(free) < n:
        raise AssertionError(f"no {n} spare cards {want}")
    return free[:n]


def mp(g: RenaissanceRivals, seat: int = 0, **want: Any) -> str:
    """A Masterpiece of the seat's artist with the given faces (vp, city, skill)."""
    from tavola.games.renaissance_rivals.cards import CITIES, SKILLS

    c = g.c
    for j, mid in enumerate(c.mp_ids):
        if c.mp_artist[j] != g.artist[seat]:
            continue
        face = {"vp": c.mp_vp[j], "city": CITIES[c.mp_city[j]], "skill": SKILLS[c.mp_skill[j]]}
        if all(face[k] == v for k, v in want.items()):
            return mid
    raise AssertionError(f"no Masterpiece {want}")
