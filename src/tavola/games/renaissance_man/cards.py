"""The cards of Renaissance Man (Rubbo, 2013): loaded from a TOML data file, validated, made tables.

The rulebook says there are 96 game cards and 48 double-sided tokens, that each worker has a
large icon (Merchant: coin, Scholar: book, Baker: bread, Knight: shield), two needs at its
bottom and two offers at its top corners, and that Renaissance Man cards have no large icon and
wild corners. It prints no card list, so the built-in file is our reconstruction
(docs/rules/renaissance-man.md). A card file holds ``[[card]]`` entries (96 of them) and
``[[token]]`` entries (the 48 tokens, by their pair of faces).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from ...core.cards import CardsOption, DataFile
from ...core.errors import quote

SYMBOLS = ("coin", "book", "bread", "shield")
"""The four icons, in the Recruit board's order from left to right."""
WORKERS = ("merchant", "scholar", "baker", "knight", "renaissance")
"""Card types: the worker whose large icon is SYMBOLS[i], then the Renaissance Man (no icon)."""
WORKER_NAMES = ("Merchant", "Scholar", "Baker", "Knight", "Renaissance Man")
RM = 4
WILD = 15
"""A wild corner (any of the four icons), as a bitmask."""
DECK_SIZE = 96
"""'Shuffles the 96 game cards.'"""
TOKENS = 48
"""'The Dealer places the 48 double-sided tokens ...'"""
PAIRS = tuple((a, b) for a in range(4) for b in range(a + 1, 4))
"""The six pairs of different faces a double-sided token can have."""
_CORNERS = ("needs", "offers")
"""What a worker card has and a Renaissance Man does not (it has wild corners)."""
_CARD_KEYS = ("id", "type", *_CORNERS)
_TOKEN_KEYS = ("faces", "count")


@dataclass(frozen=True, eq=False)
class Cards:
    """One card set as plain tuples, cards numbered 0..95 in file order.

    ``typ[i]`` is an index of WORKERS; ``need[i]`` and ``offer[i]`` are (left, right) icons
    (indices of SYMBOLS), ``None`` for a Renaissance Man; ``tokens[j]`` is how many tokens
    have the faces ``PAIRS[j]``.
    """

    key: str  # "standard", or "sha-" + 128 bits of the digest: names the set in views
    name: str
    digest: str
    ids: tuple[str, ...]
    typ: tuple[int, ...]
    need: tuple[tuple[int, int] | None, ...]
    offer: tuple[tuple[int, int] | None, ...]
    tokens: tuple[int, ...]

    @property
    def n_cards(self) -> int:
        return len(self.ids)

    @functools.cached_property
    def names(self) -> dict[str, str]:
        """Each card's name by id: its worker type and its number among the cards of that type
        ("Merchant #3", as the card's face shows it), as the rulebook names no card."""
        seen = [0] * len(WORKERS)
        out = {}
        for cid, t in zip(self.ids, self.typ, strict=True):
            seen[t] += 1
            out[cid] = f"{WORKER_NAMES[t]} #{seen[t]}"
        return out


def _icons(f: DataFile, row: dict, i: int, key: str) -> tuple[int, int]:
    value = f.field(row, "card", i, key, list)
    if len(value) != 2 or not all(isinstance(v, str) and v in SYMBOLS for v in value):
        raise f.error(
            f"'{key}' is two icons (left, right) from {', '.join(SYMBOLS)}, not {quote(value, 40)}",
            "card",
            i,
            key,
        )
    return SYMBOLS.index(value[0]), SYMBOLS.index(value[1])


def parse_cards(f: DataFile) -> Cards:
    """Validate a card file (its tables checked by CARDS.tables); errors name the line of the
    entry or key at fault."""
    name = f.set_name()
    rows = f.entries("card")
    ids: list[str] = []
    typ: list[int] = []
    need: list[tuple[int, int] | None] = []
    offer: list[tuple[int, int] | None] = []
    seen: dict[str, tuple[str, int]] = {}
    for i, row in enumerate(rows):
        f.only_keys(row, _CARD_KEYS, "card", i, optional=_CORNERS)
        cid = f.card_id(row, "card", i, seen)
        kind = f.field(row, "card", i, "type", str)
        if kind not in WORKERS:
            raise f.error(
                f"'type' is one of {', '.join(WORKERS)}, not {quote(kind, 20)}", "card", i, "type"
            )
        t = WORKERS.index(kind)
        if t == RM:
            for key in _CORNERS:
                if key in row:
                    raise f.error(
                        f"a Renaissance Man has wild corners: it takes no '{key}'", "card", i, key
                    )
            need.append(None)
            offer.append(None)
        else:
            f.require(row, "card", i, _CORNERS)
            need.append(_icons(f, row, i, "needs"))
            offer.append(_icons(f, row, i, "offers"))
        ids.append(cid)
        typ.append(t)
    if len(ids) != DECK_SIZE:
        raise f.error(
            f"the rules say there are {DECK_SIZE} game cards, not {len(ids)}",
            "card",
            min(len(ids), DECK_SIZE) - 1 if ids else 0,
        )
    for t in range(4):
        if t not in typ:
            raise f.error(f"the deck needs at least one {WORKERS[t]}", "card", 0)
    tokens = [0] * len(PAIRS)
    token_rows = f.entries("token")
    for i, row in enumerate(token_rows):
        f.only_keys(row, _TOKEN_KEYS, "token", i)
        faces = f.field(row, "token", i, "faces", list)
        if (
            len(faces) != 2
            or not all(isinstance(v, str) and v in SYMBOLS for v in faces)
            or faces[0] == faces[1]
        ):
            raise f.error(
                f"'faces' is two different icons from {', '.join(SYMBOLS)}, not {quote(faces, 40)}",
                "token",
                i,
                "faces",
            )
        a, b = sorted(SYMBOLS.index(v) for v in faces)
        count = f.integer(row, "token", i, "count", 0, TOKENS)
        tokens[PAIRS.index((a, b))] += count
    if sum(tokens) != TOKENS:
        raise f.error(
            f"the tokens add up to {sum(tokens)}; the rules say there are {TOKENS}", "token", 0
        )
    key = CARDS.key_for(f)
    cards = Cards(
        key=key,
        name=name,
        digest=f.digest,
        ids=tuple(ids),
        typ=tuple(typ),
        need=tuple(need),
        offer=tuple(offer),
        tokens=tuple(tokens),
    )
    return cards


CARDS = CardsOption(
    "the 96 game cards and 48 tokens",
    builtin={"standard": Path(__file__).parent / "data" / "cards.toml"},
    parse=parse_cards,
    tables=("[set]", "[[card]]", "[[token]]"),
)

cards_by_key = CARDS.by_key
