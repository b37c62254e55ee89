"""What each seat may know of a Testa di Pecora game: the one place hidden cards are filtered.

Public: hand sizes, the cards played this season, who passed and who claimed, renown, past
seasons (savings are revealed when a season is scored). Private: a seat's own hand and, for the
Heir, the savings. The coalitions are shown only as far as the seat can know them: "The partner
does not reveal their identity", so a partner is known to others once the Abbot is played.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from .rules import CLAIM, OVER, PLAY, cards_of

if TYPE_CHECKING:
    from .rules import TestaGame


def role_cards(g: TestaGame) -> tuple[int, ...]:
    """The cards that make a coalition: the Pope and Mendicant (4 players) or the Abbot (5)."""
    return g.t.roles[g.n]


def info_key(g: TestaGame, seat: int | None) -> Hashable:
    """What ``seat`` knows, as a tuple of the very fields :func:`build_view` shows.

    Equal for two games exactly when their views for ``seat`` are equal (the conformance suite
    checks it): whatever the view leaves out (say, the ducats of a finished season) is left
    out here too; role and coalition follow from the rest.
    """
    if seat is not None:
        g._query_seat(seat)
    if g.phase == OVER:
        return (
            seat,
            OVER,
            g.dealer,
            tuple(g.renown),
            tuple(g.trades),
            g.past,
            g.t.deck.key,
            g.seasons,
            g.redeals,
        )
    own = g.hands[seat] if seat is not None else -1
    return (
        seat,
        g.phase,
        g.cur,
        g.season,
        g.dealer,
        tuple(g.renown),
        own,
        tuple([h.bit_count() for h in g.hands]),
        g.inherit.bit_count(),
        tuple(g.passed),
        g.heir,
        g.savings.bit_count(),
        g.savings if seat == g.heir else -1,
        tuple(g.trick),
        g.leader if g.trick else -1,
        tuple(g.trades),
        tuple(g.won),
        g.past,
        g.t.deck.key,
        g.seasons,
        g.redeals,
    )


def played_by(g: TestaGame) -> dict[int, int]:
    """Card -> seat for every card played this season (current trade included)."""
    out = {}
    n = g.n
    for leader, cards, _ in g.trades:
        for i, c in enumerate(cards):
            out[c] = (leader + i) % n
    for i, c in enumerate(g.trick):
        out[c] = (g.leader + i) % n
    return out


def known_coalition(g: TestaGame, seat: int | None) -> dict[str, Any]:
    """The coalition as ``seat`` can know it: members and opponents known so far."""
    n = g.n
    if g.phase == OVER or (g.phase == CLAIM and n == 5):
        return {"members": [], "opponents": [], "complete": False, "alone": None}
    played = played_by(g)
    members: set[int] = {g.heir} if n == 5 else set()
    known_all = True
    own = 0
    if seat is not None:
        own = g.hands[seat] | (g.savings if seat == g.heir else 0)
    for card in role_cards(g):
        if card in played:
            members.add(played[card])
        elif own >> card & 1:
            members.add(seat)  # type: ignore[arg-type]
        else:
            known_all = False
    opponents: set[int] = set()
    if known_all:
        opponents = set(range(n)) - members
    elif seat is not None and seat not in members:
        opponents.add(seat)
    return {
        "members": sorted(members),
        "opponents": sorted(opponents),
        "complete": known_all,
        "alone": len(members) == 1 if known_all else None,
    }


def own_role(g: TestaGame, seat: int | None) -> str | None:
    """The seat's own part this season: heir, partner, pope, mendicant, alone or opponent."""
    if seat is None or g.phase == OVER:
        return None
    deck = g.deck
    held = g.hands[seat] | (g.savings if seat == g.heir else 0)
    mine = {c for c, s in played_by(g).items() if s == seat} | set(cards_of(held))
    if g.n == 5:
        if g.phase == CLAIM:
            return None
        if seat == g.heir:
            return "heir (alone)" if deck.abbot in mine else "heir"
        return "partner" if deck.abbot in mine else "opponent"
    pope, mendicant = deck.pope in mine, deck.mendicant in mine
    if pope and mendicant:
        return "pope and mendicant (alone)"
    return "pope" if pope else "mendicant" if mendicant else "opponent"


def trade_json(g: TestaGame, trade: tuple[int, tuple[int, ...], int]) -> dict[str, Any]:
    """A completed trade: who led, who played what (in order), who won, for how many ducats."""
    leader, cards, winner = trade
    ids = g.deck.ids
    return {
        "leader": leader,
        "cards": [[(leader + i) % g.n, ids[c]] for i, c in enumerate(cards)],
        "winner": winner,
        "ducats": g.ducats_of(sum(1 << c for c in cards)),
    }


def build_view(g: TestaGame, seat: int | None) -> dict[str, Any]:
    """The JSON-serialisable view of ``g`` for ``seat`` (None: a spectator)."""
    if seat is not None:
        g._query_seat(seat)
    deck = g.deck
    ids = deck.ids
    n = g.n
    suit = deck.suit_names[deck.suit_of[g.trick[0]]] if g.trick else None
    in_season = g.phase != OVER
    result = g.result
    return {
        "game": "testa-di-pecora",
        "deck": deck.key,
        "seat": seat,
        "players": n,
        "phase": g.phase_name,
        "to_act": sorted(g.to_act),
        "season": min(g.season + 1, g.seasons),
        "seasons": g.seasons,
        "redeals": g.redeals,
        "dealer": g.dealer,
        "renown": list(g.renown),
        "hand": [ids[c] for c in cards_of(g.hands[seat])] if seat is not None else None,
        "hand_sizes": [h.bit_count() for h in g.hands] if in_season else [0] * n,
        "inheritance": {
            "face_down": g.inherit.bit_count() if in_season else 0,
            "passed": list(g.passed) if in_season else [],
            "heir": g.heir if g.heir >= 0 and in_season else None,
        },
        "savings": {
            "count": g.savings.bit_count() if in_season else 0,
            "cards": [ids[c] for c in cards_of(g.savings)]
            if seat == g.heir and in_season
            else None,
        },
        "trade": {
            "leader": g.leader if g.trick else (g.cur if g.phase == PLAY else None),
            "suit": suit,
            "cards": [[(g.leader + i) % n, ids[c]] for i, c in enumerate(g.trick)],
        },
        "trades": [trade_json(g, trade) for trade in g.trades],
        "ducats_won": list(g.won) if in_season else [0] * n,
        "role": own_role(g, seat),
        "coalition": known_coalition(g, seat),
        "passouts": [dict(p, influence=list(p["influence"])) for p in g.passouts],
        "seasons_done": [
            {
                **{k: list(v) if isinstance(v, list) else v for k, v in entry.items()},
                "last_trade": trade_json(g, entry["last_trade"]),
            }
            for entry in g.seasons_log
        ],
        "result": result.to_json() if result is not None else None,
    }
