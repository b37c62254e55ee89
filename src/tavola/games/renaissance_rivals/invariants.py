"""Invariants of a Renaissance Rivals game, checked by the conformance suite after each act."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .rules import K_MP, MP0, NC, OVER, RED, ST0, Tables

if TYPE_CHECKING:
    from ...core.protocol import Game


@lru_cache(maxsize=256)
def _expected(t: Tables, artists: tuple[int, ...], red: bool) -> list[int]:
    """How many places each card number is in (1: in play, 0: out of the game)."""
    used = set(range(2 * RED if red else RED))
    used |= {i for i in range(MP0, ST0) if t.mp_artist[i] in artists}
    used |= {ST0 + 3 * s + j for s in range(len(artists)) for j in range(3)}
    if red:  # the Red deck's level-0 cards stay out of the game
        used -= {RED + i for i in range(RED) if t.level[RED + i] == 0}
    return [1 if i in used else 0 for i in range(NC)]


def invariants(game: Game) -> list[str]:
    """Broken invariants of ``game`` (empty when all hold)."""
    g = game
    t = g.t  # type: ignore[attr-defined]
    bad = []
    where = [0] * NC
    for stack in g.stacks:
        for i in stack:
            where[i] += 1
    for pile in g.piles:
        for i in pile:
            where[i] += 1
    for i in g.removed:
        where[i] += 1
    for s in range(g.n):
        for place in (
            g.decks[s],
            g.hands[s],
            g.discards[s],
            g.palettes[s],
            g.elevated[s],
            g.completed[s],
            [w for w in g.working[s] if w >= 0],
        ):
            for i in place:
                where[i] += 1
        own = {i for i in range(MP0, ST0) if t.mp_artist[i] == g.artist[s]}
        own |= {ST0 + 3 * s + j for j in range(3)}
        for place in (g.decks[s], g.hands[s], g.discards[s], g.completed[s]):
            for i in place:
                if i >= MP0 and i not in own:
                    bad.append(f"seat {s} holds {t.ids[i]}, not its card")
        if any(t.kind[i] == K_MP for i in g.palettes[s] + g.elevated[s]):
            bad.append(f"seat {s} has a Masterpiece in its Palette or Elevated")
        skills = [t.skill[i] for i in g.palettes[s]]
        if len(set(skills)) != len(skills):
            bad.append(f"seat {s} has two Palette cards of one skill")
        mask = 0
        for k in skills:
            mask |= 1 << k
        if mask != g.mastery[s]:
            bad.append(f"seat {s}'s Mastery is not its Palette's skills")
        for city in range(3):
            w = g.working[s][city]
            if w >= 0 and t.mp_city[w] != city:
                bad.append(f"seat {s} works on {t.ids[w]} in the wrong city")
            if not 0 <= g.progress[s][city] <= 2 or (w < 0 and g.progress[s][city]):
                bad.append(f"seat {s}: progress in city {city} is wrong")
        if not 0 <= g.pawn[s] < 16:
            bad.append(f"seat {s}'s pawn left the market")
    expected = _expected(t, tuple(g.artist), g.red)
    if where != expected:
        for i in range(NC):
            if where[i] != expected[i]:
                bad.append(f"{t.ids[i]} is in {where[i]} places, expected {expected[i]}")
    if any(i not in g.hands[g.cur] for i in g.used):
        bad.append("a card used this turn is not in the hand")
    if g.inf_pool < 0 or g.adv_pool < 0 or g.charges < 0 or g.bonus < 0:
        bad.append("a pool of points is negative")
    if g.phase == OVER and g.ended < 0:
        bad.append("the game is over with no reason")
    return bad
