"""Invariants of a Renaissance Man (2013) game, checked by the conformance suite after each act."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import DOWN, FOUND, KNIGHTS, MAX_STORED, OVER, SLOTS, SUPPORTS, occupancy

if TYPE_CHECKING:
    from ...core.protocol import Game


def invariants(game: Game) -> list[str]:
    g = game
    c = g.c  # type: ignore[attr-defined]
    bad = []
    places = list(g.deck) + list(g.disc_pub) + [x for _, x in g.disc_sec]
    places += [x for x in g.recruits if x >= 0] + [x for x in g.pending if x >= 0]
    if g.rcard >= 0:
        places.append(g.rcard)
    for s in range(g.players):
        places += g.hands[s]
        st = g.st[s]
        places += [x % DOWN for x in st if 0 <= x < FOUND]
        if sorted(x - FOUND for x in st[:5]) != list(range(5)) and g.round > 0:
            bad.append(f"seat {s}: level one is not its five Foundation cards")
        if g.occ[s] != occupancy(st):
            bad.append(f"seat {s}: occupancy {g.occ[s]:b} is not its structure's")
        cached = g._infos[s]
        if cached is not None:  # what set_slot() should have forgotten
            g._infos[s] = None
            if g._info(s, ()) != cached:
                bad.append(f"seat {s}: a stale structure summary {cached}")
        for p in range(5, SLOTS):
            if st[p] >= 0 and any(st[q] < 0 for q in SUPPORTS[p]):
                bad.append(f"seat {s}: slot {p} floats")
        if len(g.stored[s]) > MAX_STORED:
            bad.append(f"seat {s}: {len(g.stored[s])} stored tokens")
        if len({x % 4 for x in g.rm[s]}) != len(g.rm[s]) or len(g.rm[s]) > 3:
            bad.append(f"seat {s}: Renaissance Man tokens {g.rm[s]}")
        if sum(g.board[a][s] for a in range(4)) > KNIGHTS:
            bad.append(f"seat {s}: more than {KNIGHTS} knights on the board")
        if not set(g.known[s]) <= set(g.hands[s]):
            bad.append(f"seat {s}: known cards not in hand")
    if sorted(places) != list(range(c.n_cards)):
        bad.append("the cards are not each in one place")
    tokens = sum(g.supply) + sum(len(x) for x in g.stored) + sum(len(x) for x in g.rm)
    if tokens != sum(c.tokens) or min(g.supply) < 0:
        bad.append(f"{tokens} tokens, expected {sum(c.tokens)}")
    if g.phase == OVER and g.ended < 0:
        bad.append("the game is over with no reason")
    return bad
