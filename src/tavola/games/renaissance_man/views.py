"""What one seat of Renaissance Man (2013) may see: its own hand, and everything public.

Public: the Recruit board and its knights, every structure (a face-down Renaissance Man as
``"down"``), every token, the supply, hand sizes, the cards of a hand that all have seen (a
recruit taken into it, until its holder's next face-down discard), the size of the deck and of
the discard pile and the cards that went into it face up, who has committed in an open phase,
the cards the last public step showed (``shown``) and what each seat did in the last reveal
(``last_actions``: each seat's action type in the last action phase; ``last_discards``: how
many cards each seat discarded face down in the last discard phase). Hidden: others' hands but
their known cards, the deck's order, face-down cards, others' face-down discards, others'
commitments.

The easier one-player game's reshuffle ([D24]) takes its cards at random from the
face-down discard pile: after it, which cards went into the new deck and which stayed in the pile
nobody knows. ``reshuffled_from`` then names the cards all saw go into the pile before (face
up): each is now in the deck or still in the pile, face down. A seat's own face-down discards
of before are no longer named (they may be in the deck: a view names no card hidden from its
seat that the public does not name). ``public_discards`` and ``my_discards`` name only the
cards discarded since.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.protocol import Action
from .cards import PAIRS, SYMBOLS, WORKERS
from .rules import DOWN, END_REASONS, FOUND, PHASES, RESOLVE, VARIANTS

if TYPE_CHECKING:
    from .rules import RenaissanceMan

ACTIONS = ("pass", None, "hire", "teach", "barter", "recruit")
PAIR_NAMES = tuple(f"{SYMBOLS[a]}/{SYMBOLS[b]}" for a, b in PAIRS)


def token_json(tok: int) -> dict[str, str]:
    return {"face": SYMBOLS[tok % 4], "token": PAIR_NAMES[tok // 4]}


def slot_json(g: RenaissanceMan, x: int) -> str | None:
    if x < 0:
        return None
    if x >= FOUND:
        return f"foundation-{WORKERS[x - FOUND]}"
    if x >= DOWN:
        return "down"
    return g.c.ids[x]


def step_json(step: Action) -> dict[str, Any]:
    """A step of the seat's own secret choice: the action, and its label, the game's words for it.

    >>> step_json(Action(0, "drop", {"token": "coin"}, "Drop a coin token"))
    {'kind': 'drop', 'token': 'coin', 'label': 'Drop a coin token'}
    """
    return {**step.to_json(), "label": step.label}


def build_view(g: RenaissanceMan, seat: int | None) -> dict[str, Any]:
    ids = g.c.ids
    n = g.players
    acts = g.t.actions
    recruit = None
    if g.phase == RESOLVE:
        recruit = {"seat": g.rseat, "area": SYMBOLS[g.area], "card": ids[g.rcard]}
    over = g.ended >= 0
    return {
        "game": "renaissance-man",
        "cards": g.c.key,
        "seat": seat,
        "players": n,
        "variant": g.variant,
        "dealer": g.dealer,
        "phase": PHASES[g.phase],
        "round": g.round,
        "round_limit": g.round_limit,
        "level": g.level,
        "to_act": sorted(g.to_act),
        "recruits": [ids[x] if x >= 0 else None for x in g.recruits],
        "knights": [list(row) for row in g.board],
        "opposing": list(g.opp) if n == 1 else None,
        "structures": [[slot_json(g, x) for x in st] for st in g.st],
        "stored": [[token_json(t) for t in toks] for toks in g.stored],
        "rm_tokens": [[token_json(t) for t in toks] for toks in g.rm],
        "supply": dict(zip(PAIR_NAMES, g.supply, strict=True)),
        "hand": None if seat is None else [ids[x] for x in g.hands[seat]],
        "hand_sizes": [len(h) for h in g.hands],
        "known": [[ids[x] for x in k] for k in g.known],
        "deck": len(g.deck),
        "discards": len(g.disc_pub) + len(g.disc_sec),
        "public_discards": [ids[x] for x in g.disc_pub],
        "my_discards": None if seat is None else [ids[c] for s, c in g.disc_sec if s == seat],
        "aside": g.aside,
        "solo_cards": g.solo_cards if n == 1 and g.variant != VARIANTS[0] else None,
        "reshuffled": g.easier_used,
        "reshuffled_from": [ids[x] for x in g.pool] if g.easier_used else None,
        "commitments": g.commits.public() if g.commits.is_open else None,
        "mine": None
        if seat is None or not g.commits.is_open
        else [step_json(acts[x]) for x in g.commits.mine(seat)],
        "to_place": [x >= 0 for x in g.pending],
        "recruit": recruit,
        "shown": [ids[x] for x in g.shown],
        "last_actions": [ACTIONS[k + 2] for k in g.last[0]],
        "last_discards": list(g.last[1]),
        "ended": END_REASONS[g.ended] if over else None,
        "winners": list(g.result.winners) if over else None,  # type: ignore[union-attr]
        "scores": g.scores() if over else None,
    }
