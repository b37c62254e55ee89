"""The Testa di Pecora deck: loaded from a TOML data file, validated, turned into plain tables.

Cards are numbered 0..31: the trump suit (the Church) first, then each city, every suit from
its highest rank to its lowest, so a lower number always means a stronger card in its suit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.cards import DataFile

STANDARD_DECK = Path(__file__).parent / "data" / "deck.toml"
N_CARDS = 32
TOTAL_DUCATS = 120
ROLES = ("pope", "mendicant", "abbot")
_CARD_KEYS = {"id", "name", "suit", "ducats", "influence", "role"}
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True, eq=False)
class Deck:
    """One deck as plain tuples indexed by card number (0 = the highest cleric)."""

    key: str  # "standard", or "sha-" + a digest of the file: names the deck in views
    name: str
    source: str
    ids: tuple[str, ...]
    names: tuple[str, ...]
    suit_of: tuple[int, ...]  # 0 = the Church (trumps), 1..3 = the cities
    suit_names: tuple[str, ...]
    ducats: tuple[int, ...]
    influence: tuple[int, ...]
    pope: int
    mendicant: int
    abbot: int

    @property
    def suit_masks(self) -> tuple[int, ...]:
        return tuple(sum(1 << c for c in range(N_CARDS) if self.suit_of[c] == s) for s in range(4))

    def index(self, card_id: str) -> int:
        return self.ids.index(card_id)


_BY_KEY: dict[str, Deck] = {}


def deck_by_key(key: str) -> Deck:
    """A deck loaded earlier in this process, by the ``deck`` key its games' views carry."""
    if key not in _BY_KEY and key == "standard":
        load_deck()
    return _BY_KEY[key]


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a deck file (the standard deck when ``path`` is None)."""
    path = Path(path) if path is not None else STANDARD_DECK
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = -1
    return _load(str(path), stamp)


@lru_cache(maxsize=16)
def _load(path: str, _stamp: int) -> Deck:
    f = DataFile(path)
    meta = f.data.get("deck")
    if not isinstance(meta, dict):
        raise f.error('the file needs a [deck] table with trump_suit = "..."')
    trump = f.field(meta, "deck", 0, "trump_suit", str)
    name = meta.get("name", Path(path).stem)
    rows = f.entries("card")
    if len(rows) != N_CARDS:
        raise f.error(
            f"a Testa di Pecora deck has {N_CARDS} cards (4 x 8, or 5 x 6 + 2); this file has "
            f"{len(rows)}",
            "card",
            N_CARDS if len(rows) > N_CARDS else len(rows) - 1,  # the first extra, or the last card
        )
    cards = []
    seen_ids: dict[str, int] = {}
    seen_names: dict[str, int] = {}
    roles: dict[str, int] = {}
    for i, row in enumerate(rows):
        extra = sorted(set(row) - _CARD_KEYS)
        if extra:
            raise f.error(f"unknown key(s) {', '.join(extra)}", "card", i, extra[0])
        cid = f.field(row, "card", i, "id", str)
        if not _ID.match(cid):
            raise f.error(f"id {cid!r} must be lower-case letters, digits and '-'", "card", i, "id")
        if cid in seen_ids:
            raise f.error(f"duplicate id {cid!r}", "card", i, "id")
        seen_ids[cid] = i
        cname = f.field(row, "card", i, "name", str).strip()
        if not cname or cname.lower() in seen_names:
            raise f.error(f"card names must be non-empty and unique: {cname!r}", "card", i, "name")
        seen_names[cname.lower()] = i
        suit = f.field(row, "card", i, "suit", str)
        ducats = f.field(row, "card", i, "ducats", int)
        influence = f.field(row, "card", i, "influence", int)
        for key, value in (("ducats", ducats), ("influence", influence)):
            if value < 0:
                raise f.error(f"{key} cannot be negative ({value})", "card", i, key)
        role = row.get("role")
        if role is not None:
            if role not in ROLES:
                raise f.error(
                    f"role must be one of {', '.join(ROLES)}, not {role!r}", "card", i, "role"
                )
            if role in roles:
                raise f.error(f"a second card with role {role!r}", "card", i, "role")
            if suit != trump:
                raise f.error(f"the {role} must be a cleric (suit {trump!r})", "card", i, "role")
            roles[role] = i
        cards.append((cid, cname, suit, ducats, influence, i))
    missing = [r for r in ROLES if r not in roles]
    if missing:
        raise f.error(f"no card has role {', '.join(map(repr, missing))}", "card", 0)
    suits = [trump] + [s for s in dict.fromkeys(c[2] for c in cards) if s != trump]
    if trump not in {c[2] for c in cards}:
        raise f.error(f"no card is in the trump suit {trump!r}", "deck", 0, "trump_suit")
    if len(suits) != 4:
        # Too many cities: name the first card of the smallest (likely a misspelt suit).
        extra = 0
        if len(suits) > 4:
            sizes = {s: sum(c[2] == s for c in cards) for s in suits[1:]}
            odd = min(reversed(suits[1:]), key=sizes.__getitem__)
            extra = next(c[5] for c in cards if c[2] == odd)
        raise f.error(
            f"the deck needs the trump suit and exactly three cities, found {', '.join(suits)}",
            "card",
            extra,
            "suit" if len(suits) > 4 else None,
        )
    total = sum(c[3] for c in cards)
    if total != TOTAL_DUCATS:
        raise f.error(
            f"the ducats add up to {total}; the rules say there are {TOTAL_DUCATS}", "card", 0
        )
    order = sorted(cards, key=lambda c: (suits.index(c[2]), c[5]))
    new_index = {c[5]: k for k, c in enumerate(order)}
    key = "standard" if Path(path) == STANDARD_DECK else f"sha-{f.digest[:12]}"
    deck = _BY_KEY[key] = Deck(
        key=key,
        name=str(name),
        source=path,
        ids=tuple(c[0] for c in order),
        names=tuple(c[1] for c in order),
        suit_of=tuple(suits.index(c[2]) for c in order),
        suit_names=tuple(suits),
        ducats=tuple(c[3] for c in order),
        influence=tuple(c[4] for c in order),
        pope=new_index[roles["pope"]],
        mendicant=new_index[roles["mendicant"]],
        abbot=new_index[roles["abbot"]],
    )
    return deck
