"""What each seat may know of a Testa di Pecora game: the one place hidden cards are filtered.

Public: hand sizes, the cards played this season, who passed and who claimed, renown, past
seasons (savings are revealed when a season is scored). Private: a seat's own hand and, for the
Heir, the savings. The coalitions are shown only as far as the seat can know them: "The partner
does not reveal their identity", so a partner is known to others once the Abbot is played.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
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


def played_seat(g: TestaGame, card: int) -> int:
    """The seat that played ``card`` this season (current trade included), or -1."""
    n = g.n
    for leader, cards, _ in g.trades:
        if card in cards:
            return (leader + cards.index(card)) % n
    if card in g.trick:
        return (g.leader + g.trick.index(card)) % n
    return -1


def role_holders(g: TestaGame, seat: int | None) -> list[int]:
    """For each of :func:`role_cards`, the seat ``seat`` knows holds or played it (-1: unknown)."""
    own = 0
    if seat is not None:
        own = g.hands[seat] | (g.savings if seat == g.heir else 0)
    holders = []
    for card in role_cards(g):
        holders.append(seat if own >> card & 1 else played_seat(g, card))  # type: ignore[arg-type]
    return holders


def known_coalition(
    g: TestaGame, seat: int | None, holders: list[int] | None = None
) -> dict[str, Any]:
    """The coalition as ``seat`` can know it: members and opponents known so far (``holders``:
    :func:`role_holders`, if already known)."""
    n = g.n
    if g.phase == OVER or (g.phase == CLAIM and n == 5):
        return {"members": [], "opponents": [], "complete": False, "alone": None}
    if holders is None:
        holders = role_holders(g, seat)
    members: set[int] = {g.heir} if n == 5 else set()
    known_all = True
    for holder in holders:
        if holder >= 0:
            members.add(holder)
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


def own_role(g: TestaGame, seat: int | None, holders: list[int]) -> str | None:
    """The seat's own part this season: heir, partner, pope, mendicant, alone or opponent
    (``holders``: :func:`role_holders` for the seat)."""
    if seat is None or g.phase == OVER or (g.phase == CLAIM and g.n == 5):
        return None
    if g.n == 5:
        abbot = holders[0] == seat
        if seat == g.heir:
            return "heir (alone)" if abbot else "heir"
        return "partner" if abbot else "opponent"
    pope, mendicant = holders[0] == seat, holders[1] == seat
    if pope and mendicant:
        return "pope and mendicant (alone)"
    return "pope" if pope else "mendicant" if mendicant else "opponent"


def card_ids(ids: tuple[str, ...], m: int) -> list[str]:
    """The ids of the cards in mask ``m``, strongest first."""
    out = []
    for c in cards_of(m):
        out.append(ids[c])
    return out


def plays_json(ids: tuple[str, ...], n: int, leader: int, cards: Sequence[int]) -> list[Any]:
    """A trade's cards as ``[seat, card id]`` in the order played, ``leader`` first."""
    out = []
    for c in cards:
        out.append([leader, ids[c]])
        leader = leader + 1 if leader + 1 < n else 0
    return out


def trades_json(g: TestaGame, trades: Sequence[tuple[int, tuple[int, ...], int]]) -> list[Any]:
    """Completed trades: who led, who played what (in order), who won, for how many ducats."""
    deck = g.t.deck
    ids = deck.ids
    ducats = deck.ducats
    n = g.n
    out = []
    for leader, cards, winner in trades:
        total = 0
        for c in cards:
            total += ducats[c]
        out.append(
            {
                "leader": leader,
                "cards": plays_json(ids, n, leader, cards),
                "winner": winner,
                "ducats": total,
            }
        )
    return out


def copied(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of a past season's or pass-out's record, its lists copied too."""
    out = entry.copy()
    for k, v in entry.items():
        if v.__class__ is list:
            out[k] = v[:]
    return out


def build_view(g: TestaGame, seat: int | None) -> dict[str, Any]:
    """The JSON-serialisable view of ``g`` for ``seat`` (None: a spectator)."""
    if seat is not None:
        g._query_seat(seat)
    deck = g.deck
    ids = deck.ids
    n = g.n
    phase = g.phase
    in_season = phase != OVER
    trick = g.trick
    result = g.result
    holders = role_holders(g, seat)
    seasons_done = []
    for entry in g.seasons_log:
        done = copied(entry)
        done["last_trade"] = trades_json(g, (entry["last_trade"],))[0]
        seasons_done.append(done)
    passouts = []
    for p in g.passouts:
        passouts.append(copied(p))
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
        "hand": card_ids(ids, g.hands[seat]) if seat is not None else None,
        "hand_sizes": list(map(int.bit_count, g.hands)) if in_season else [0] * n,
        "inheritance": {
            "face_down": g.inherit.bit_count() if in_season else 0,
            "passed": list(g.passed) if in_season else [],
            "heir": g.heir if g.heir >= 0 and in_season else None,
        },
        "savings": {
            "count": g.savings.bit_count() if in_season else 0,
            "cards": card_ids(ids, g.savings) if seat == g.heir and in_season else None,
        },
        "trade": {
            "leader": g.leader if trick else (g.cur if phase == PLAY else None),
            "suit": deck.suit_names[deck.suit_of[trick[0]]] if trick else None,
            "cards": plays_json(ids, n, g.leader, trick),
        },
        "trades": trades_json(g, g.trades),
        "ducats_won": list(g.won) if in_season else [0] * n,
        "role": own_role(g, seat, holders),
        "coalition": known_coalition(g, seat, holders),
        "passouts": passouts,
        "seasons_done": seasons_done,
        "result": result.to_json() if result is not None else None,
    }
