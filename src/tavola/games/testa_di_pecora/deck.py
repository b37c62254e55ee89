"""The Testa di Pecora deck: loaded from a TOML data file, validated, turned into plain tables.

Cards are numbered 0..31: the trump suit (the Church) first, then each city, every suit from
its highest rank to its lowest, so a lower number always means a stronger card in its suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.cards import CardsOption, DataFile, read_card_file
from ...core.errors import quote, shorten

STANDARD_DECK = Path(__file__).parent / "data" / "deck.toml"
N_CARDS = 32
TOTAL_DUCATS = 120
MAX_INFLUENCE = 999
"""A card's influence at most (the rulebook gives none; the standard deck's highest is 14)."""
ROLES = ("pope", "mendicant", "abbot")
_CARD_KEYS = ("id", "name", "suit", "ducats", "influence", "role")
_DECK_KEYS = ("name", "trump_suit")


@dataclass(frozen=True, eq=False)
class Deck:
    """One deck as plain tuples indexed by card number (0 = the highest cleric)."""

    key: str  # "standard", or "sha-" + 128 bits of the file's digest: names the deck in views
    name: str
    source: str
    digest: str
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


def load_deck(source: str | Path | dict[str, str] | None = None) -> Deck:
    """The standard deck (None or "standard"), a local file's (a path), or given content."""
    if source is None:
        source = "standard"
    elif isinstance(source, Path) or (isinstance(source, str) and source not in DECKS.builtin):
        source = read_card_file(source)
    return DECKS.load(DECKS.check("deck", source, 5))


def parse_deck(f: DataFile) -> Deck:
    """Validate a deck file (its tables checked by DECKS.tables); errors name the line of the
    entry or key at fault."""
    meta = f.table("deck", _DECK_KEYS, optional={"name"})
    trump = f.field(meta, "deck", 0, "trump_suit", str)
    name = f.field(meta, "deck", 0, "name", str) if "name" in meta else Path(f.path).stem
    rows = f.entries("card")
    cards = []
    seen_ids: dict[str, tuple[str, int]] = {}
    seen_names: dict[str, tuple[str, int]] = {}
    roles: dict[str, int] = {}
    for i, row in enumerate(rows):
        f.only_keys(row, _CARD_KEYS, "card", i, optional={"role"})
        cid = f.card_id(row, "card", i, seen_ids)
        cname = f.field(row, "card", i, "name", str).strip()
        if not cname:
            raise f.error("a card needs a name", "card", i, "name")
        if cname.lower() in seen_names:  # names are unique whatever their case
            raise f.repeated(
                f"name {quote(cname, 30)}", seen_names[cname.lower()], "card", i, "name"
            )
        seen_names[cname.lower()] = ("card", i)
        suit = f.field(row, "card", i, "suit", str)
        ducats = f.integer(row, "card", i, "ducats", 0, TOTAL_DUCATS)
        influence = f.integer(row, "card", i, "influence", 0, MAX_INFLUENCE)
        role = f.field(row, "card", i, "role", str) if "role" in row else None
        if role is not None:
            if role not in ROLES:
                raise f.error(
                    f"role must be one of {', '.join(ROLES)}, not {role!r}", "card", i, "role"
                )
            if role in roles:
                raise f.error(f"a second card with role {role!r}", "card", i, "role")
            if suit != trump:
                raise f.error(
                    f"the {role} must be a cleric, of the trump suit {trump!r} ([deck] "
                    f"trump_suit), not of {suit!r}",
                    "card",
                    i,
                    "role",
                )
            roles[role] = i
        cards.append((cid, cname, suit, ducats, influence, i))
    if len(rows) != N_CARDS:  # after each card's own checks: one half written is named first
        raise f.error(
            f"a Testa di Pecora deck has {N_CARDS} cards (4 x 8, or 5 x 6 + 2); this file has "
            f"{len(rows)}",
            "card",
            N_CARDS if len(rows) > N_CARDS else len(rows) - 1,  # the first extra, or the last card
        )
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
            "the deck needs the trump suit and exactly three cities, found "
            + shorten(", ".join(suits), 120),
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
    key = DECKS.key_for(f)
    return Deck(
        key=key,
        name=name,
        source=f.path,
        digest=f.digest,
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


DECKS = CardsOption(
    help="the 32 cards: their suits, ranks, ducats and the role cards",
    default="standard",
    builtin={"standard": STANDARD_DECK},
    parse=parse_deck,
    tables=("[deck]", "[[card]]"),
    kind="a deck file",
)
deck_by_key = DECKS.by_key
"""A deck in use in this process, by the ``deck`` key its games' views carry (a view carries
the key, never the cards): a :class:`CardDataError` for a deck not loaded here."""
