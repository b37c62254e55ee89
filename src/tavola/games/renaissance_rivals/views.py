"""What one seat of Renaissance Rivals may see: its own hand and deck, and everything public.

Public: the market's top cards and the size of each stack, the Red piles' sizes, every pawn,
Palette, discard pile, Elevated pile, completed Masterpiece and Masterpiece in progress, the
cards the player to act has used this turn and the points they made, and the size of every hand
and deck. Each seat also sees its own hand, and the cards of its own deck (not their order).
Of another seat, a seat knows which cards are in its deck or unseen in its hand, together
(``unseen``), since every card a player owns is public when gained. Hidden: other hands, every
deck's order, the market below the top cards, the Red piles' order.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from .cards import CITIES, SKILLS, square_name
from .rules import DIR_NAMES, END_REASONS, LAYOUT, PHASES

if TYPE_CHECKING:
    from .rules import RenaissanceRivals

SQUARES = tuple((square_name(p // 4, p % 4), LAYOUT[p // 4][p % 4]) for p in range(16))
"""Each market square's name and level, row-major (A1 = 0 ... D4 = 15)."""
CITY_KEYS = tuple(city.lower() for city in CITIES)


@cache  # at most one entry per set of skills (2 ** 11)
def skill_names(mask: int) -> tuple[str, ...]:
    """The names of the skills in bitmask ``mask``, in skill order."""
    return tuple(SKILLS[k] for k in range(len(SKILLS)) if mask >> k & 1)


def card_ids(ids: tuple[str, ...], cards: list[int]) -> list[str]:
    """The ids of ``cards``, in order (a loop: faster than a comprehension or map on 3.11)."""
    out = []
    for i in cards:
        out.append(ids[i])
    return out


def seat_json(g: RenaissanceRivals, s: int, mine: bool) -> dict[str, Any]:
    """Seat ``s`` as a seat sees it (``mine``: its own) or another seat."""
    ids = g.t.ids
    working = {}
    for city in range(3):
        w = g.working[s][city]
        if w >= 0:
            working[CITY_KEYS[city]] = {"card": ids[w], "steps_done": g.progress[s][city]}
    hand = g.hands[s]
    deck = g.decks[s]
    deck_ids = None
    if mine:
        deck_ids = card_ids(ids, deck)
        deck_ids.sort()
    mastery = g.mastery[s]
    masterpieces, commissions, removed = g.score_parts(s)
    return {
        "artist": g.c.artist_ids[g.artist[s]],
        "pawn": SQUARES[g.pawn[s]][0],
        "hand_size": len(hand),
        "hand": card_ids(ids, hand) if mine else None,
        "deck_size": len(deck),
        "deck": deck_ids,
        "unseen": None if mine else card_ids(ids, g.unseen(s)),
        "discards": card_ids(ids, g.discards[s]),
        "palette": card_ids(ids, g.palettes[s]),
        "mastery": list(skill_names(mastery)),
        "cross_linked": list(skill_names(g.t.linked(mastery))),
        "elevated": card_ids(ids, g.elevated[s]),
        "completed": card_ids(ids, g.completed[s]),
        "in_progress": working,
        "score": masterpieces + commissions - removed,
        "score_parts": {
            "masterpieces": masterpieces,
            "commissions": commissions,
            "removed": removed,
        },
    }


def _solo_vp(g: RenaissanceRivals) -> dict[str, int]:
    """The cards the solo game scores apart from their face: St. Peter's (of the first deck:
    the solo game has no Red deck [D11])."""
    i = g.t.st_peters[0]
    return {g.t.ids[i]: g.t.solo_owned_vp[i]}


def build_view(g: RenaissanceRivals, seat: int | None) -> dict[str, Any]:
    """The JSON-serialisable view of ``g`` for ``seat`` (None: a spectator)."""
    ids = g.t.ids
    market = []
    for (name, level), stack in zip(SQUARES, g.stacks, strict=True):
        market.append(
            {
                "stack": name,
                "level": level,
                "top": ids[stack[-1]] if stack else None,
                "count": len(stack),
            }
        )
    seats = []
    for s in range(g.n):
        seats.append(seat_json(g, s, s == seat))
    return {
        "game": "renaissance-rivals",
        "cards": g.c.key,
        "seat": seat,
        "players": g.n,
        "solo": g.solo,
        "red_deck": g.red,
        "phase": PHASES[g.phase],
        "turn": g.turn,
        "round": (g.turn - 1) // g.n + 1,
        "turn_limit": g.turn_limit,
        "current": g.cur,
        "to_act": sorted(g.to_act),
        "market": market,
        "red_piles": list(map(len, g.piles)) if g.red else None,
        "seats": seats,
        "this_turn": {
            "used": card_ids(ids, g.used),
            "influence": g.inf_pool,
            "advancement": g.adv_pool,
            "elevations": g.charges if seat == g.cur else None,  # [D19] the hand's secret
            "bonus_moves": g.bonus,
            "acted": g.acted,
            "free_move": not (g.acted or g.free_used) and g.phase == 0,
            "free_move_taken": g.free_used,
        },
        "removed": card_ids(ids, g.removed) if g.solo else None,
        "card_vp": _solo_vp(g) if g.solo else {},
        "ended": END_REASONS[g.ended] if g.ended >= 0 else None,
        "directions": list(DIR_NAMES),
    }
