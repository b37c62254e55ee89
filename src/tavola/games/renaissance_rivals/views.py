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

from typing import TYPE_CHECKING, Any

from .cards import CITIES, SKILLS, square_name
from .rules import DIR_NAMES, END_REASONS, LAYOUT, PHASES

if TYPE_CHECKING:
    from .rules import RenaissanceRivals


def build_view(g: RenaissanceRivals, seat: int | None) -> dict[str, Any]:
    t = g.t
    ids = t.ids
    c = g.c
    market = []
    for p, stack in enumerate(g.stacks):
        market.append(
            {
                "stack": square_name(p // 4, p % 4),
                "level": LAYOUT[p // 4][p % 4],
                "top": ids[stack[-1]] if stack else None,
                "count": len(stack),
            }
        )
    players = []
    for s in range(g.n):
        mine = s == seat
        working = {}
        for city in range(3):
            w = g.working[s][city]
            if w >= 0:
                working[CITIES[city].lower()] = {"card": ids[w], "steps_done": g.progress[s][city]}
        p = g.pawn[s]
        players.append(
            {
                "artist": c.artist_ids[g.artist[s]],
                "pawn": square_name(p // 4, p % 4),
                "hand_size": len(g.hands[s]),
                "hand": [ids[i] for i in g.hands[s]] if mine else None,
                "deck_size": len(g.decks[s]),
                "deck": sorted(ids[i] for i in g.decks[s]) if mine else None,
                "unseen": None if mine else [ids[i] for i in g.unseen(s)],
                "discards": [ids[i] for i in g.discards[s]],
                "palette": [ids[i] for i in g.palettes[s]],
                "mastery": [SKILLS[k] for k in range(len(SKILLS)) if g.mastery[s] >> k & 1],
                "cross_linked": [SKILLS[k] for k in g.cross_linked(s)],
                "elevated": [ids[i] for i in g.elevated[s]],
                "completed": [ids[i] for i in g.completed[s]],
                "in_progress": working,
                "score": g.score(s),
            }
        )
    return {
        "game": "renaissance-rivals",
        "cards": c.key,
        "seat": seat,
        "players": g.n,
        "solo": g.solo,
        "red_deck": g.red,
        "phase": PHASES[g.phase],
        "turn": g.turns + 1,
        "round": g.turns // g.n + 1,
        "turn_limit": g.turn_limit,
        "current": g.cur,
        "to_act": sorted(g.to_act),
        "market": market,
        "red_piles": [len(pile) for pile in g.piles] if g.red else None,
        "seats": players,
        "this_turn": {
            "used": [ids[i] for i in g.used],
            "influence": g.inf_pool,
            "advancement": g.adv_pool,
            "elevations": g.charges,
            "bonus_moves": g.bonus,
            "acted": g.acted,
            "free_move": not (g.acted or g.free_used) and g.phase == 0,
            "free_move_taken": g.free_used,
        },
        "removed": [ids[i] for i in g.removed] if g.solo else None,
        "ended": END_REASONS[g.ended] if g.ended >= 0 else None,
        "directions": list(DIR_NAMES),
    }
