"""The two decks of Renaissance Man (2006): loaded from a TOML data file, validated, made tables.

The rulebook names the five kinds of Creative Reserves (C Cooking, F Friend, G Gamer, M Musician,
W Writer) and says that Challenges list required letters and points and that Events are special
Challenges with benefits; it prints no card list, so the built-in file is our reconstruction
(docs/rules/renaissance-man-2d6.md). A card set holds both decks: ``[[reserve]]`` kinds with
their counts, ``[[challenge]]`` and ``[[event]]`` cards of the Challenge deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.cards import CardsOption, DataFile
from ...core.errors import quote

KINDS = "CFGMW"
"""The five Creative Reserves, in the rulebook's order: Cooking, Friend, Gamer, Musician, Writer."""
K = len(KINDS)
BENEFITS = ("draw", "tribute", "bonus", "waive", "recover")
"""What winning an Event gives (each one rule, see :class:`Cards` and the rules page)."""
MAX_PLAYERS = 6
MIN_RESERVES = 3 * MAX_PLAYERS
"""'Deal 3 CR cards to each player.': a set must deal them at the largest table."""
MAX_REQUIRES = 6
MAX_POINTS = 10
MAX_COUNT = 40
MAX_CARDS = 120
_RESERVE_KEYS = ("letter", "name", "count")
_CHALLENGE_KEYS = ("id", "name", "requires", "points")
_EVENT_KEYS = ("id", "name", "matches", "points", "benefit", "amount")
_AMOUNTS = {"draw": (1, 5), "tribute": (1, 5), "bonus": (1, 3), "waive": (1, 3)}


def counts_of(letters: str) -> tuple[int, ...]:
    """How many of each kind a string of letters names.

    >>> counts_of("CCF")
    (2, 1, 0, 0, 0)
    """
    return tuple(letters.count(k) for k in KINDS)


@dataclass(frozen=True, eq=False)
class Cards:
    """One card set as plain tuples. Challenge-deck cards are numbered 0..N-1 in file order,
    Challenges first, then Events; ``is_event[i]`` tells them apart.

    ``needs[i]`` is a Challenge's required count of each kind (for an Event: which kinds match,
    1 each); ``benefit[i]``/``amount[i]`` are an Event's benefit ("" for a Challenge).
    """

    key: str  # "standard", or "sha-" + 128 bits of the digest: names the set in views
    name: str
    digest: str
    kind_names: tuple[str, ...]
    reserve_counts: tuple[int, ...]
    ids: tuple[str, ...]
    names: tuple[str, ...]
    needs: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    is_event: tuple[bool, ...]
    benefit: tuple[str, ...]
    amount: tuple[int, ...]

    @property
    def n_cards(self) -> int:
        return len(self.ids)

    @property
    def n_challenges(self) -> int:
        return self.is_event.index(True) if True in self.is_event else len(self.ids)

    def letters(self, i: int) -> str:
        """A card's requirements (or an Event's matching kinds) as letters: ``"CCF"``."""
        return "".join(k * n for k, n in zip(KINDS, self.needs[i], strict=True))

    def index(self, card_id: str) -> int:
        return self.ids.index(card_id)


def _letters(f: DataFile, row: dict, table: str, i: int, key: str) -> str:
    text = f.field(row, table, i, key, str).upper().replace(" ", "")
    bad = sorted(set(text) - set(KINDS))
    if bad or not 1 <= len(text) <= MAX_REQUIRES:
        raise f.error(
            f"'{key}' is 1 to {MAX_REQUIRES} letters from {KINDS}, not {quote(text, 20)}",
            table,
            i,
            key,
        )
    return text


def parse_cards(f: DataFile) -> Cards:
    """Validate a card file (its tables checked by CARDS.tables); errors name the line of the
    entry or key at fault."""
    name = f.set_name()
    reserves = f.entries("reserve")
    by_letter: dict[str, tuple[str, int]] = {}
    for i, row in enumerate(reserves):
        f.only_keys(row, _RESERVE_KEYS, "reserve", i)
        letter = f.field(row, "reserve", i, "letter", str)
        if letter not in KINDS:
            raise f.error(
                f"'letter' is one of {', '.join(KINDS)}, not {quote(letter, 10)}",
                "reserve",
                i,
                "letter",
            )
        if letter in by_letter:
            raise f.error(f"a second [[reserve]] for {letter}", "reserve", i, "letter")
        kind_name = f.field(row, "reserve", i, "name", str).strip()
        by_letter[letter] = (kind_name, f.integer(row, "reserve", i, "count", 1, MAX_COUNT))
    missing = [k for k in KINDS if k not in by_letter]
    if missing:  # a property of the whole deck: named at its first entry
        raise f.error(
            f"no [[reserve]] for {', '.join(missing)} (all five kinds are needed)", "reserve", 0
        )
    if sum(n for _, n in by_letter.values()) < MIN_RESERVES:
        raise f.error(
            f"at least {MIN_RESERVES} Creative Reserves cards are needed (3 dealt to each of "
            f"up to {MAX_PLAYERS} players), not {sum(n for _, n in by_letter.values())}",
            "reserve",
            0,
        )
    ids: list[str] = []
    names: list[str] = []
    needs: list[tuple[int, ...]] = []
    points: list[int] = []
    benefit: list[str] = []
    amount: list[int] = []
    seen: dict[str, tuple[str, int]] = {}

    def card(table: str, i: int, row: dict, letters_key: str) -> None:
        cid = f.card_id(row, table, i, seen)
        cname = f.field(row, table, i, "name", str).strip()
        if not cname:
            raise f.error("a card needs a name", table, i, "name")
        ids.append(cid)
        names.append(cname)
        needs.append(counts_of(_letters(f, row, table, i, letters_key)))
        points.append(f.integer(row, table, i, "points", 0 if table == "event" else 1, MAX_POINTS))

    challenges = f.entries("challenge")
    for i, row in enumerate(challenges):
        f.only_keys(row, _CHALLENGE_KEYS, "challenge", i)
        card("challenge", i, row, "requires")
        benefit.append("")
        amount.append(0)
    if len(challenges) < MAX_PLAYERS:
        raise f.error(
            f"at least {MAX_PLAYERS} [[challenge]] cards are needed (one face up per player)",
            "challenge",
            len(challenges) - 1,
        )
    events = f.data.get("event", [])
    if events:
        events = f.entries("event")
    for i, row in enumerate(events):
        f.only_keys(row, _EVENT_KEYS, "event", i, optional={"amount"})
        card("event", i, row, "matches")
        if max(needs[-1]) > 1:
            raise f.error("'matches' names each kind at most once", "event", i, "matches")
        what = f.field(row, "event", i, "benefit", str)
        if what not in BENEFITS:
            raise f.error(
                f"'benefit' is one of {', '.join(BENEFITS)}, not {quote(what, 20)}",
                "event",
                i,
                "benefit",
            )
        if what in _AMOUNTS:
            low, high = _AMOUNTS[what]
            amount.append(f.integer(row, "event", i, "amount", low, high))
        elif "amount" in row:
            raise f.error(f"a {what!r} benefit takes no 'amount'", "event", i, "amount")
        else:
            amount.append(0)
        benefit.append(what)
    counts = tuple(by_letter[k][1] for k in KINDS)
    if sum(counts) > MAX_CARDS:
        raise f.error(f"a deck holds at most {MAX_CARDS} cards", "reserve", 0)
    if len(ids) > MAX_CARDS:  # named at the first card too many
        over = MAX_CARDS - len(challenges)
        table, i = ("challenge", MAX_CARDS) if over < 0 else ("event", over)
        raise f.error(f"a deck holds at most {MAX_CARDS} cards", table, i)
    key = CARDS.key_for(f)
    cards = Cards(
        key=key,
        name=name,
        digest=f.digest,
        kind_names=tuple(by_letter[k][0] for k in KINDS),
        reserve_counts=counts,
        ids=tuple(ids),
        names=tuple(names),
        needs=tuple(needs),
        points=tuple(points),
        is_event=tuple([False] * len(challenges) + [True] * len(events)),
        benefit=tuple(benefit),
        amount=tuple(amount),
    )
    return cards


CARDS = CardsOption(
    "the Creative Reserves and Challenge decks",
    builtin={"standard": Path(__file__).parent / "data" / "cards.toml"},
    parse=parse_cards,
    tables=("[set]", "[[reserve]]", "[[challenge]]", "[[event]]"),
)

cards_by_key = CARDS.by_key
