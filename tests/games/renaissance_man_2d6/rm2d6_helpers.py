"""Building exact Renaissance Man (2006) positions for the rules tests.

A test starts a game with :func:`new`, moves cards with :func:`arrange` and :func:`lay_out`
(plain fields: hands, decks, discards, table, Success piles), fixes the coming dice with
:func:`fix_dice`, and then acts only through the public ``act``/``legal_actions``. Every helper
keeps the state whole (each card in exactly one place), which the game's own invariants check.
Creative Reserves are written as letters ("CCF"), Challenges by their ids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import tavola
from tavola.games.renaissance_man_2d6.cards import KINDS
from tavola.games.renaissance_man_2d6.invariants import invariants
from tavola.games.renaissance_man_2d6.rules import RenaissanceMan2d6, _dice

GAME = "renaissance-man-2d6"
K = len(KINDS)


def new(
    players: int = 2, seed: int = 0, first: int | None = 0, **options: Any
) -> RenaissanceMan2d6:
    """A game whose first player is ``first`` (seat 0 unless said otherwise; None: the seed's)."""
    options.setdefault("first_player", first)
    g = tavola.new_game(GAME, players=players, seed=seed, options=options)
    assert isinstance(g, RenaissanceMan2d6)
    return g


def counts(letters: str) -> list[int]:
    """Cards per kind: ``counts("CCF") == [2, 1, 0, 0, 0]``."""
    bad = set(letters) - set(KINDS)
    assert not bad, f"not a kind: {bad}"
    return [letters.count(k) for k in KINDS]


def letters(counts_: Sequence[int]) -> str:
    """The inverse of :func:`counts`, in kind order."""
    return "".join(k * n for k, n in zip(KINDS, counts_, strict=True))


def check(g: RenaissanceMan2d6) -> None:
    problems = invariants(g)
    assert problems == [], problems


def arrange(
    g: RenaissanceMan2d6,
    hands: Mapping[int, str] | None = None,
    *,
    top: str = "",
    deck: str | None = None,
    discards: str = "",
    rest: int | None = None,
) -> None:
    """Place the Creative Reserves: each seat's hand (seats not named hold nothing), the
    discards, and the deck, ``top`` first (the next draw is ``top[0]``).

    With ``deck`` None the deck is ``top`` over every card not placed; with ``deck`` given it
    is exactly that (top first) and the cards not placed go to seat ``rest``'s hand. What the
    others know of each hand is reset to nothing.
    """
    hands = dict(hands or {})
    total = list(g.c.reserve_counts)
    new_hands = [counts(hands.get(s, "")) for s in range(g.n)]
    placed = [sum(h[k] for h in new_hands) for k in range(K)]
    disc = counts(discards)
    order = top if deck is None else deck
    for k in range(K):
        placed[k] += disc[k] + order.count(KINDS[k])
    left = [total[k] - placed[k] for k in range(K)]
    assert min(left) >= 0, f"more cards placed than the set holds: {left}"
    if deck is None:
        bottom = [k for k in range(K) for _ in range(left[k])]
    else:
        bottom = []
        if any(left):
            assert rest is not None, f"cards {letters(left)} are left over: name a seat 'rest'"
            for k in range(K):
                new_hands[rest][k] += left[k]
    g.hands = new_hands
    g.known = [[0] * K for _ in range(g.n)]
    g.discards = disc
    g.cr_deck = bottom + [KINDS.index(ch) for ch in reversed(order)]
    check(g)


def card(g: RenaissanceMan2d6, cid: str) -> int:
    return g.c.index(cid)


def lay_out(
    g: RenaissanceMan2d6,
    table: Sequence[str] = (),
    *,
    top: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    success: Mapping[int, Sequence[str]] | None = None,
    rest: int | None = None,
) -> None:
    """Place the Challenge-deck cards: face up on the table (in that order), in Success piles
    (scores follow), and in the deck, ``top`` first (the next card turned up is ``top[0]``).

    With ``deck`` None the deck is ``top`` over every card not placed (in file order, the first
    at the bottom); with ``deck`` given it is exactly that and the cards not placed go to seat
    ``rest``'s Success pile (an error if there are some and no ``rest``).
    """
    success = {s: list(p) for s, p in (success or {}).items()}
    order = list(top if deck is None else deck)
    named = [*table, *order, *(c for p in success.values() for c in p)]
    assert len(set(named)) == len(named), "a card is placed twice"
    left = [c for c in g.c.ids if c not in named]
    if deck is None:
        bottom = left
    else:
        bottom = []
        if left:
            assert rest is not None, f"cards {left} are left over: name a seat 'rest'"
            success.setdefault(rest, []).extend(left)
    g.table = [card(g, c) for c in table]
    g.ch_deck = [card(g, c) for c in [*bottom, *reversed(order)]]
    g.success = [[card(g, c) for c in success.get(s, ())] for s in range(g.n)]
    g.scores = [sum(g.c.points[i] for i in pile) for pile in g.success]
    check(g)


Roll = int | tuple[int, int] | range | None
HIGH = range(10, 13)
"""A total of 10 to 12: beats any LOW total even with 3 more added to it."""
LOW = range(2, 5)
"""A total of 2 to 4."""


def _fits(want: Roll, dice: tuple[int, int]) -> bool:
    if want is None:
        return True
    if isinstance(want, tuple):
        return dice == want
    if isinstance(want, range):
        return sum(dice) in want
    return sum(dice) == want


def fix_dice(
    g: RenaissanceMan2d6,
    *rolls: Roll,
    when: Callable[[list[int]], bool] | None = None,
) -> None:
    """Make the game's next rolls of 2d6 be ``rolls``: each a total, an exact pair, a range of
    totals or None (any); and, if given, ``when(totals)`` true of the run's totals.

    The dice stay the seed's own: the game's roll counter is moved to the first place in the
    seed's sequence of rolls where such rolls follow one another."""
    for k in range(g.rolls, g.rolls + 200_000):
        dice = [_dice(g.seed, k + i) for i in range(len(rolls))]
        if all(_fits(w, d) for w, d in zip(rolls, dice, strict=True)) and (
            when is None or when([sum(d) for d in dice])
        ):
            g.rolls = k
            return
    raise AssertionError(f"no run of rolls {rolls} in the seed's first 200,000")


def next_dice(g: RenaissanceMan2d6, ahead: int = 0) -> tuple[int, int]:
    """The dice the game will roll ``ahead`` rolls from now."""
    return _dice(g.seed, g.rolls + ahead)


def do(g: RenaissanceMan2d6, seat: int, data: Any) -> None:
    """Act for ``seat`` through the public protocol (``data`` as a front end would send it)."""
    g.act(seat, g.parse_action(seat, data))
    check(g)


def draw_reserve(g: RenaissanceMan2d6) -> None:
    do(g, g.cur, {"kind": "draw", "deck": "reserves"})


def turn_up(g: RenaissanceMan2d6) -> None:
    do(g, g.cur, {"kind": "draw", "deck": "challenges"})


def attempt(g: RenaissanceMan2d6, cid: str) -> None:
    do(g, g.cur, {"kind": "attempt", "challenge": cid})


def play(g: RenaissanceMan2d6, seat: int, cards: str) -> None:
    """``seat`` plays the given cards one at a time (to an attempt or to an Event)."""
    for ch in cards:
        do(g, seat, {"kind": "play", "card": ch})


def roll(g: RenaissanceMan2d6) -> None:
    do(g, g.cur, {"kind": "roll"})


def stand(g: RenaissanceMan2d6, seat: int) -> None:
    do(g, seat, {"kind": "stand"})


def pass_(g: RenaissanceMan2d6, seat: int | None = None) -> None:
    do(g, g.cur if seat is None else seat, {"kind": "pass"})


def declare(g: RenaissanceMan2d6) -> None:
    do(g, g.cur, {"kind": "declare"})


def actor(g: RenaissanceMan2d6) -> int:
    (seat,) = g.to_act
    return seat


def legal(g: RenaissanceMan2d6, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the seat to act), in short words:
    ``draw reserves``, ``draw challenges``, ``attempt <id>``, ``play C``, ``roll``, ``stand``,
    ``pass``, ``declare``."""
    if seat is None:
        seat = actor(g)
    return [" ".join(map(str, a.to_json().values())) for a in g.legal_actions(seat)]


def mark(g: RenaissanceMan2d6) -> int:
    """The number the next event will have (to read only what follows)."""
    return g.log_base + len(g.log)


# -- card files of our own ----------------------------------------------------------------------


def card_file(
    reserves: Mapping[str, int] | None = None,
    challenges: Sequence[tuple[str, str, int]] = (),
    events: Sequence[tuple[str, str, int, str, int | None]] = (),
    name: str = "t.toml",
) -> dict[str, str]:
    """A card set as the ``cards`` option takes it: reserves by letter and count, Challenges as
    ``(id, requires, points)``, Events as ``(id, matches, points, benefit, amount or None)``."""
    reserves = dict(reserves or {k: 4 for k in KINDS})
    lines = ["[set]", 'name = "test set"', ""]
    for k, n in reserves.items():
        lines += ["[[reserve]]", f'letter = "{k}"', f'name = "Kind {k}"', f"count = {n}", ""]
    for cid, req, pts in challenges:
        lines += ["[[challenge]]", f'id = "{cid}"', f'name = "Challenge {cid}"']
        lines += [f'requires = "{req}"', f"points = {pts}", ""]
    for cid, match, pts, benefit, amount in events:
        lines += ["[[event]]", f'id = "{cid}"', f'name = "Event {cid}"', f'matches = "{match}"']
        lines += [f"points = {pts}", f'benefit = "{benefit}"']
        if amount is not None:
            lines.append(f"amount = {amount}")
        lines.append("")
    return {"name": name, "toml": "\n".join(lines)}


PLAIN = [
    ("c", "C", 1),
    ("f", "F", 1),
    ("g", "G", 1),
    ("m", "M", 1),
    ("w", "W", 1),
    ("cf", "CF", 2),
    ("gw", "GW", 2),
    ("ccf", "CCF", 3),
    ("fgmw", "FGMW", 5),
]
"""Nine Challenges for small test sets: one per kind, two pairs, a double, and a four."""


def small_set(*events: tuple[str, str, int, str, int | None], **kw: Any) -> dict[str, str]:
    """Four of each Creative Reserve (20), the nine :data:`PLAIN` Challenges and ``events``."""
    return card_file(challenges=PLAIN, events=events, **kw)
