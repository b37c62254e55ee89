"""What one seat of Renaissance Man (2006) may see: its own hand, and everything public.

Public: every face-up Challenge, every Success pile and score, the size of each hand and of
both decks, the CR discards, cards played to an attempt or an Event, the standing Event
benefits, the dice last rolled, and the cards of each hand that all have seen (``known``: cards
shown in an attempt or an Event and taken back, a tribute, a recovery). Hidden: the rest of
others' hands and both decks' order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import KINDS
from .odds import least_roll, modifier_parts, parts_json, parts_sum, success_chance
from .rules import END_REASONS, EVENT, PHASES
from .text import why_words

if TYPE_CHECKING:
    from .rules import RenaissanceMan2d6


_C, _F, _G, _M, _W = KINDS


def by_kind(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    """Counts per kind as ``{"C": 1, ...}`` (every kind, zeros included).

    >>> by_kind((1, 0, 2, 0, 0))
    {'C': 1, 'F': 0, 'G': 2, 'M': 0, 'W': 0}
    """
    return {_C: counts[0], _F: counts[1], _G: counts[2], _M: counts[3], _W: counts[4]}


def build_view(g: RenaissanceMan2d6, seat: int | None) -> dict[str, Any]:
    """The JSON-serialisable view of ``g`` for ``seat`` (None: a spectator)."""
    c = g.c
    ids = c.ids
    card_id = ids.__getitem__
    attempt = None
    if g.target >= 0:
        s = g.cur
        turned = g.target == g.turned
        parts = modifier_parts(c.needs[g.target], g.played, turned, g.bonus[s], g.waive[s])
        mod = parts_sum(parts)
        why = parts_json(parts)
        attempt = {
            "challenge": ids[g.target],
            "turned": turned,
            "played": by_kind(g.played),
            "modifier": mod,  # with the cards played so far
            "why": why,  # what makes up the modifier, as the roll event will say
            "why_words": why_words(why),
            "least_roll": least_roll(mod),
            "chance": round(success_chance(mod), 4),
        }
    event = None
    if g.ev >= 0:
        event = {
            "card": ids[g.ev],
            "turned_by": g.cur,
            "played": list(map(by_kind, g.ev_played)),
        }
    success = []
    for pile in g.success:
        success.append(list(map(card_id, pile)))
    to_act = sorted(g.to_act)
    return {
        "game": "renaissance-man-2d6",
        "cards": c.key,
        "seat": seat,
        "players": g.n,
        "phase": PHASES[g.phase],
        "turn": g.turns + 1,
        "turn_limit": g.turn_limit,
        "current": g.cur,
        "to_act": to_act,
        "first_player": g.first,
        "hand": None if seat is None else by_kind(g.hands[seat]),
        "hand_sizes": list(map(sum, g.hands)),
        "known": list(map(by_kind, g.known)),
        "unseen": by_kind(g.unseen(seat)),
        "reserve_deck": len(g.cr_deck),
        "reserve_discards": by_kind(g.discards),
        "challenge_deck": len(g.ch_deck),
        "table": list(map(card_id, g.table)),
        "turned": ids[g.turned] if g.turned >= 0 else None,
        "attempt": attempt,
        "event": event,
        "event_next": g.ev_seat if g.phase == EVENT else None,
        "success": success,
        "scores": list(g.scores),
        "bonus": list(g.bonus),
        "waive": list(g.waive),
        "dice": [{"seat": s, "dice": [d1, d2]} for s, d1, d2 in g.last_dice],
        "declared": g.declared if g.declared >= 0 else None,
        "last_turn": g.end_turn + 1 if g.end_turn >= 0 else None,
        "ended": END_REASONS[g.ended] if g.ended >= 0 else None,
    }
