"""Building exact Testa di Pecora situations for the rules tests.

The helpers set state fields directly (hands are bitmasks over card numbers, see deck.py) and
then let the rules run through the public ``act``. They keep the state consistent: after every
change all 32 cards are in exactly one place, which the game's own invariants check.
Cards are always named by the deck's ids, never by number.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import tavola
from tavola.games.testa_di_pecora.invariants import invariants
from tavola.games.testa_di_pecora.rules import TestaGame, cards_of

CHURCH = (
    "pope",
    "mendicant",
    "cardinal",
    "archbishop",
    "bishop",
    "inquisitor",
    "prior",
    "abbot",
    "camerlengo",
    "canon",
    "chaplain",
    "deacon",
    "friar",
    "novice",
)
RANKS = ("prince", "duke", "marquis", "count", "baron", "knight")
CITIES = ("venice", "florence", "naples")


def city(name: str) -> list[str]:
    """The ids of one city's nobles, strongest first."""
    return [f"{name}-{r}" for r in RANKS]


def new(players: int, seed: int = 0, **options: Any) -> TestaGame:
    """A game whose first dealer is the last seat (seat 0 at its left) unless said otherwise."""
    options.setdefault("first_dealer", players - 1)
    g = tavola.new_game("testa-di-pecora", players=players, seed=seed, options=options)
    assert isinstance(g, TestaGame)
    return g


def card(g: TestaGame, cid: str) -> int:
    return g.deck.index(cid)


def mask(g: TestaGame, ids: Iterable[str]) -> int:
    m = 0
    for cid in ids:
        m |= 1 << card(g, cid)
    return m


def ids(g: TestaGame, m: int) -> list[str]:
    """The ids of the cards in mask ``m``, strongest first."""
    return [g.deck.ids[c] for c in cards_of(m)]


def hand(g: TestaGame, seat: int) -> list[str]:
    return ids(g, g.hands[seat])


def check(g: TestaGame) -> None:
    problems = invariants(g)
    assert problems == [], problems


def deal(
    g: TestaGame, hands: dict[int, Sequence[str]], inherit: Sequence[str] | None = None
) -> None:
    """Re-deal the current season before anyone has acted in it.

    The listed cards go to the listed seats (and the Inheritance, at 5 players); every other
    card fills up the hands in seat order and then the Inheritance, nobles before clerics and
    each in deck order, so that unlisted clerics (the role cards among them) come last.
    """
    assert not g.trades and not g.trick and g.heir < 0 and not g.passed, "deal at a season's start"
    n = g.n
    size = 8 if n == 4 else 6
    placed: set[str] = set()
    new_hands = []
    for s in range(n):
        listed = list(hands.get(s, ()))
        assert len(listed) <= size, f"seat {s} is given {len(listed)} cards"
        new_hands.append(listed)
        placed.update(listed)
    inh = list(inherit or ())
    assert n == 5 or not inh
    placed.update(inh)
    total = sum(len(h) for h in new_hands) + len(inh)
    assert len(placed) == total, "a card is listed twice"
    deck = g.deck
    rest = sorted(
        (c for c in range(32) if deck.ids[c] not in placed),
        key=lambda c: (deck.suit_of[c] == 0, c),
    )
    for h in new_hands:
        while len(h) < size:
            h.append(deck.ids[rest.pop(0)])
    while n == 5 and len(inh) < 2:
        inh.append(deck.ids[rest.pop(0)])
    assert not rest
    g.hands = [mask(g, h) for h in new_hands]
    g.inherit = mask(g, inh)
    if n == 4:
        g.side = g._pope_side()
    check(g)


def act(g: TestaGame, seat: int, kind: str, cid: str | None = None) -> None:
    data: dict[str, Any] = {"kind": kind}
    if cid is not None:
        data["card"] = cid
    g.act(seat, g.parse_action(seat, data))


def play(g: TestaGame, seat: int, cid: str) -> None:
    act(g, seat, "play", cid)


def legal(g: TestaGame, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the seat to act): card ids, or claim/pass."""
    if seat is None:
        seat = g.cur
    return [str(a.to_json().get("card", a.kind)) for a in g.legal_actions(seat)]


def claim(g: TestaGame, heir: int, save: Sequence[str]) -> None:
    """Seats pass from the dealer's left until ``heir`` claims; the Heir saves ``save``."""
    while g.cur != heir:
        act(g, g.cur, "pass")
    act(g, heir, "claim")
    for cid in save:
        act(g, heir, "save", cid)


def trade(g: TestaGame, cards: Sequence[str]) -> int | None:
    """Play one trading day, ``cards`` in playing order from the lead.

    Returns the winner, or None when this trade ended the season (a new deal clears trades).
    """
    seasons = len(g.seasons_log)
    for cid in cards:
        play(g, g.cur, cid)
    if len(g.seasons_log) > seasons:
        return None
    return g.trades[-1][2]


def fake_trade(g: TestaGame, order: Sequence[str], winner: int) -> None:
    """Record a trade as played without the rules deciding it (to reach a late position fast):
    the cards leave their players' hands, the winner collects their ducats and leads next."""
    assert not g.trick
    leader = g.cur
    played = []
    for k, cid in enumerate(order):
        s = (leader + k) % g.n
        bit = 1 << card(g, cid)
        assert g.hands[s] & bit, f"seat {s} does not hold {cid}"
        g.hands[s] ^= bit
        played.append(card(g, cid))
    g.trades.append((leader, tuple(played), winner))
    g.won[winner] += sum(g.deck.ducats[c] for c in played)
    g.cur = winner
    check(g)


def stage_season(
    g: TestaGame,
    trades: Sequence[tuple[Sequence[str], int]],
    *,
    heir: int | None = None,
    save: Sequence[str] = (),
    real: int = 1,
) -> None:
    """Deal so that this season's trading days are ``trades``, then play them.

    Each trade is ``(cards, winner)`` where ``cards[s]`` is the card seat ``s`` plays; the lead
    is the dealer's left for the first trade and the previous winner afterwards. The first
    ``len(trades) - real`` trades are recorded with :func:`fake_trade`; the last ``real`` are
    played through ``act``, so the rules decide them (a middle one must go to its ``winner``).
    At 5 players ``heir`` claims the Inheritance, which is dealt as exactly ``save``, and saves
    those two cards again.
    """
    n = g.n
    hands = {s: [cards[s] for cards, _ in trades] for s in range(n)}
    if n == 5:
        assert heir is not None and len(save) == 2
        deal(g, hands, save)
        claim(g, heir, save)
    else:
        deal(g, hands)
    for i, (cards, winner) in enumerate(trades):
        order = [cards[(g.cur + k) % n] for k in range(n)]
        if i < len(trades) - real:
            fake_trade(g, order, winner)
        else:
            got = trade(g, order)
            if i < len(trades) - 1:
                assert got == winner, f"trade {i + 1} went to seat {got}, not {winner}"


def snapshot(g: TestaGame) -> str:
    """Everything in the game's state, as text, to show that a refused action changed nothing."""
    fields = sorted({*TestaGame.__slots__, "history", "seed", "players", "resampled"})
    return repr([(name, getattr(g, name)) for name in fields])


def card_ids_in(data: object, g: TestaGame) -> set[str]:
    """Every card id mentioned anywhere in a JSON value (a view)."""
    known = set(g.deck.ids)
    found: set[str] = set()

    def walk(x: object) -> None:
        if isinstance(x, str):
            if x in known:
                found.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)

    walk(data)
    return found


def pass_out(g: TestaGame) -> dict[str, Any]:
    """All five seats pass the Inheritance; the pass-out's summary."""
    for _ in range(5):
        act(g, g.cur, "pass")
    return g.passouts[-1]
