"""Helpers for the Renaissance Man (2013) tests: games set up by hand, commitments by steps."""

from __future__ import annotations

from typing import Any

import tavola
from tavola.games.renaissance_man.rules import DOWN, FOUND, RM, SLOTS, RenaissanceMan, slot_name

GAME = "renaissance-man"
ORDER = ("merchant", "scholar", "baker", "knight", "renaissance")
SLOT = {slot_name(p): p for p in range(SLOTS)}


def new(
    players: int = 2, seed: int = 1, variant: str | None = None, **options: Any
) -> RenaissanceMan:
    g = tavola.new_game(GAME, players=players, seed=seed, variant=variant, options=options)
    assert isinstance(g, RenaissanceMan)
    return g


def step(g: RenaissanceMan, seat: int, data: dict[str, Any] | str) -> None:
    if isinstance(data, str):
        data = {"kind": data}
    g.act(seat, g.parse_action(seat, data))


def lay_foundations(g: RenaissanceMan, orders: dict[int, tuple[str, ...]] | None = None) -> None:
    """Every seat lays its Foundation (default: Merchant, Scholar, Baker, Knight, RM)."""
    for s in range(g.players):
        order = (orders or {}).get(s, ORDER)
        for worker in order[:4]:
            step(g, s, {"kind": "foundation", "worker": worker})


def card(g: RenaissanceMan, cid: str) -> int:
    return g.c.ids.index(cid)


def find_card(
    g: RenaissanceMan,
    typ: int,
    needs: tuple[int, int] | None = None,
    offers: tuple[int, int] | None = None,
) -> int:
    """The first card of type ``typ`` (and needs/offers, if given)."""
    c = g.c
    for i in range(c.n_cards):
        if (
            c.typ[i] == typ
            and (needs is None or c.need[i] == needs)
            and (offers is None or c.offer[i] == offers)
        ):
            return i
    raise LookupError((typ, needs, offers))


def give(g: RenaissanceMan, seat: int, *cards: int) -> None:
    """Move ``cards`` into ``seat``'s hand from wherever they are (deck first)."""
    for x in cards:
        _take_out(g, x)
        g.hands[seat].append(x)
    g.hands[seat].sort()


def put(g: RenaissanceMan, seat: int, slot: str, x: int, down: bool = False) -> None:
    """Put card ``x`` at ``slot`` of ``seat``'s structure (taken from wherever it is)."""
    _take_out(g, x)
    g.set_slot(seat, SLOT[slot], DOWN + x if down else x)


def _take_out(g: RenaissanceMan, x: int) -> None:
    for pile in [g.deck, g.disc_pub, *g.hands, *g.known]:
        while x in pile:
            pile.remove(x)
    g.disc_sec = [e for e in g.disc_sec if e[1] != x]
    g.recruits = [-1 if r == x else r for r in g.recruits]
    for s, st in enumerate(g.st):
        for p in range(SLOTS):
            if st[p] >= 0 and st[p] < FOUND and st[p] % DOWN == x:
                g.set_slot(s, p, -1)
    g.pending = [-1 if r == x else r for r in g.pending]


def park(g: RenaissanceMan, x: int) -> None:
    """Return card ``x`` to the bottom of the deck (out of the way)."""
    _take_out(g, x)
    g.deck.insert(0, x)


def on_top(g: RenaissanceMan, *cards: int) -> None:
    """Put ``cards`` on top of the deck (taken from wherever they are), the first drawn first."""
    for x in reversed(cards):
        _take_out(g, x)
        g.deck.append(x)


def in_deck(g: RenaissanceMan, typ: int) -> list[int]:
    """The cards of type ``typ`` still in the deck."""
    return [i for i in range(g.c.n_cards) if g.c.typ[i] == typ and i in g.deck]


def rms(g: RenaissanceMan) -> list[int]:
    """The Renaissance Man cards still in the deck."""
    return in_deck(g, RM)


def clear_hand(g: RenaissanceMan, seat: int) -> None:
    for x in list(g.hands[seat]):
        park(g, x)


def commit(g: RenaissanceMan, seat: int, *steps: dict[str, Any] | str) -> None:
    for s in steps:
        step(g, seat, s)


def pass_all(g: RenaissanceMan, but: tuple[int, ...] = ()) -> None:
    for s in sorted(g.to_act):
        if s not in but:
            commit(g, s, "pass", "ready")


def kinds(g: RenaissanceMan, seat: int) -> list[str]:
    return [a.kind for a in g.legal_actions(seat)]


def labels(g: RenaissanceMan, seat: int) -> list[dict[str, Any]]:
    return [a.to_json() for a in g.legal_actions(seat)]
