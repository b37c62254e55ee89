"""The cards of Renaissance Rivals: loaded from a TOML data file, validated, made plain tables.

The rulebook fixes the numbers (97 Commission cards per deck dealt into a 4 x 4 market by level,
the skills by level, St. Peter's, six artists with eight Masterpieces each, one of 8 VP) but
prints no card list and no cross-link chart, so the built-in file is our reconstruction
(docs/rules/renaissance-rivals.md). A card set holds ``[set]``, the cross-link chart
(``[[link]]``), the two Starting Commission kinds (``[[start]]``), the six ``[[artist]]``, their
``[[masterpiece]]`` cards and the 97 ``[[commission]]`` cards of one deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.cards import CardsOption, DataFile
from ...core.errors import meant, quote

SKILLS = (
    "ANAT",
    "ANTIQ",
    "GOLD",
    "PERSP",
    "PORT",
    "LAND",
    "SCULP",
    "ARCH",
    "BRONZ",
    "COLOR",
    "ENGIN",
)
"""The rulebook's skills, by level: five of level 1, two of 2, three of 3, one of 4."""
SKILL_NAMES = (
    "Anatomy",
    "Antiquities",
    "Goldsmithing",
    "Perspective",
    "Portraiture",
    "Landscape",
    "Sculpture",
    "Architecture",
    "Bronze-casting",
    "Colorito",
    "Military Engineering",
)
SKILL_LEVEL = (1, 1, 1, 1, 1, 2, 2, 3, 3, 3, 4)
S = {name: i for i, name in enumerate(SKILLS)}
GOLD, LAND, ARCH, BRONZ, COLOR = S["GOLD"], S["LAND"], S["ARCH"], S["BRONZ"], S["COLOR"]
CITIES = ("Milan", "Florence", "Rome")
CITY_OF_ROW = (0, 1, 1, 2)
"""Row 1 is Milan, rows 2 and 3 Florence, row 4 Rome."""
ROWS = COLS = 4
COL_NAMES = "ABCD"
LAYOUT = ((0, 1, 1, 1), (0, 1, 1, 2), (1, 2, 3, 2), (1, 3, 4, 3))
"""The level of each market stack, rows top (Milan) to bottom (Rome), columns A to D. The
rulebook does not print it. Its numbers (column A holds 26, A2 the lower level-0 stack, D2 the
highest level-2 stack, three level-3 stacks, one of level 4) fit 31,920 layouts with our seven
level-1 and three level-2 stacks; this one (RULES-NOTES) also follows the overview's "the most
valuable Commission cards are found in Rome, but these require Skills that can only be learned
in Florence or Milan": the level-4 stack and two level-3 stacks in Rome, every level-2 stack in
Florence. The card values were tuned on it, and every recorded game depends on it
(docs/rules/renaissance-rivals.md, "Set-up")."""
LEVEL_COUNTS = (14, 42, 18, 18, 5)
"""Cards per level in one deck: two level-0 stacks of 7, seven level-1, three level-2 and three
level-3 stacks of 6, the level-4 stack of 5: 97."""
STACK_SIZE = {0: 7, 1: 6, 2: 6, 3: 6, 4: 5}
N_COMMISSIONS = 97
ARROWS = {
    "U": (-1, 0),
    "D": (1, 0),
    "L": (0, -1),
    "R": (0, 1),
    "UL": (-1, -1),
    "UR": (-1, 1),
    "DL": (1, -1),
    "DR": (1, 1),
}
"""A straight arrow moves one space; a broken one a space in each of its two directions."""
N_ARTISTS = 6
MP_PER_ARTIST = 8
MAJOR_VP = 8
ST_PETERS_COST = 14
ST_PETERS_VP = 10
MAX_VALUE = 20
MP_STEPS = 3
"""The steps of every Masterpiece, each with its Advancement points (the card file gives them)."""
COPY_PREFIXES = ("red-", "s1-", "s2-", "s3-", "s4-")
"""The prefixes the game gives its copies of a card: no id in a card file starts with them."""
_LINK_KEYS = ("skill", "needs")
_START_KEYS = ("id", "name", "count", "influence", "advancement")
_ARTIST_KEYS = ("id", "name", "start")
STARTS = ("A2", "D2")
"""The artists' starting stacks, three on each (the rulebook's 'lowest Level 0 stack', first
column, second row, and 'highest Level 2 stack', fourth column, second row)."""
RULEBOOK_STARTS = {
    "leonardo": "D2",
    "uccello": "D2",
    "michelangelo": "A2",
    "raphael": "D2",
    "nelli": "A2",
    "moretto": "A2",
}
"""[D32] The rulebook's six artists, by id, and the stack it puts each on: 'player tokens for
Michelangelo, Il Moretto, and Plautilla Nelli are placed on top of the lowest Level 0 stack ...,
while Leonardo, Antonia Uccello, and Raphael place their player tokens on the highest Level 2
stack'. An artist of a card file under another id may start on either stack."""
STARTING_COMMISSIONS = {"holy-family": ("Holy Family", 2), "madonna": ("Madonna", 1)}
"""[D32] The Starting Commissions by id, with their rulebook names and how many each player
has: 'Each player starts with two (2) Holy Family cards and one Madonna card.'"""
_MP_KEYS = (
    "id",
    "artist",
    "name",
    "date",
    "skill",
    "city",
    "steps",
    "vp",
    "influence",
    "advancement",
)
_COM_KEYS = (
    "id",
    "name",
    "level",
    "skill",
    "cost",
    "influence",
    "advancement",
    "arrow",
    "st_peters",
)


def square(name: str) -> tuple[int, int] | None:
    """``"B3"`` as (row, column) from 0, or None.

    >>> square("A2"), square("D4"), square("E1")
    ((1, 0), (3, 3), None)
    """
    if len(name) == 2 and name[0] in COL_NAMES and name[1] in "1234":
        return int(name[1]) - 1, COL_NAMES.index(name[0])
    return None


def square_name(r: int, c: int) -> str:
    return f"{COL_NAMES[c]}{r + 1}"


@dataclass(frozen=True, eq=False)
class Cards:
    """One card set as plain tuples.

    Commissions are numbered 0..96 in file order; ``links[k]`` lists, for skill ``k``, the
    alternative sets of skills (bitmasks) whose Mastery cross-links it (empty for level 1).
    Starting kinds and Masterpieces keep their file order; ``mp_artist[i]`` is an artist index.
    """

    key: str
    name: str
    digest: str
    links: tuple[tuple[int, ...], ...]
    start_ids: tuple[str, ...]
    start_names: tuple[str, ...]
    start_count: tuple[int, ...]
    start_inf: tuple[int, ...]
    start_adv: tuple[int, ...]
    artist_ids: tuple[str, ...]
    artist_names: tuple[str, ...]
    artist_start: tuple[tuple[int, int], ...]
    mp_ids: tuple[str, ...]
    mp_names: tuple[str, ...]
    mp_dates: tuple[str, ...]  # when the real work was made ("c. 1503"); "" if not given
    mp_artist: tuple[int, ...]
    mp_skill: tuple[int, ...]
    mp_city: tuple[int, ...]
    mp_steps: tuple[tuple[int, int, int], ...]
    mp_vp: tuple[int, ...]
    mp_inf: tuple[int, ...]
    mp_adv: tuple[int, ...]
    ids: tuple[str, ...]
    names: tuple[str, ...]
    level: tuple[int, ...]
    skill: tuple[int, ...]
    cost: tuple[int, ...]
    inf: tuple[int, ...]
    adv: tuple[int, ...]
    arrow: tuple[str, ...]
    st_peters: int

    def linked(self, skill: int, mastery: int) -> bool:
        """Whether ``skill`` is cross-linked by a Palette giving Mastery of the set ``mastery``
        (a bitmask of skills): level 1 always; higher, when one recipe is all mastered."""
        recipes = self.links[skill]
        if not recipes:
            return True
        return any(r & mastery == r for r in recipes)


def _skill(f: DataFile, row: dict, table: str, i: int, key: str = "skill") -> int:
    name = f.field(row, table, i, key, str)
    if name not in S:
        raise f.error(
            f"'{key}' is one of {', '.join(SKILLS)}, not {quote(name, 20)}", table, i, key
        )
    return S[name]


def _name(f: DataFile, row: dict, table: str, i: int) -> str:
    name = f.field(row, table, i, "name", str).strip()
    if not name:
        raise f.error("a card needs a name", table, i, "name")
    return name


def parse_cards(f: DataFile) -> Cards:
    """Validate a card file (its tables checked by CARDS.tables); errors name the line of the
    entry or key at fault."""
    name = f.set_name()
    seen: dict[str, tuple[str, int]] = {}

    def ident(row: dict, table: str, i: int) -> str:
        return f.card_id(row, table, i, seen, COPY_PREFIXES)

    # -- the cross-link chart
    recipes: list[list[int]] = [[] for _ in SKILLS]
    for i, row in enumerate(f.entries("link")):
        f.only_keys(row, _LINK_KEYS, "link", i)
        k = _skill(f, row, "link", i)
        if SKILL_LEVEL[k] == 1:
            raise f.error(f"{SKILLS[k]} is a level-1 skill: it needs no cross-link", "link", i)
        needs = f.field(row, "link", i, "needs", list)
        mask = 0
        for need in needs:
            if not isinstance(need, str) or need not in S:
                raise f.error(f"'needs' lists skills, not {quote(need, 20)}", "link", i, "needs")
            if SKILL_LEVEL[S[need]] >= SKILL_LEVEL[k]:
                raise f.error(
                    f"{SKILLS[k]} (level {SKILL_LEVEL[k]}) is cross-linked by lower-level "
                    f"skills, not {need}",
                    "link",
                    i,
                    "needs",
                )
            mask |= 1 << S[need]
        if len(needs) < 2 or bin(mask).count("1") != len(needs):
            raise f.error("'needs' lists two or more different skills", "link", i, "needs")
        recipes[k].append(mask)
    for k, level in enumerate(SKILL_LEVEL):
        if level > 1 and not recipes[k]:
            raise f.error(f"no [[link]] cross-links {SKILLS[k]}", "link", 0)
    # -- the Starting Commissions
    # "Each player starts with two (2) Holy Family cards and one Madonna card." [D32]
    rule = "each player starts with 2 Holy Family and 1 Madonna"
    starts = f.entries("start")
    s_ids, s_names, s_count, s_inf, s_adv = [], [], [], [], []
    for i, row in enumerate(starts):
        f.only_keys(row, _START_KEYS, "start", i)
        sid = ident(row, "start", i)
        if sid not in STARTING_COMMISSIONS:
            raise f.error(
                f"{rule}: a [[start]] is 'holy-family' or 'madonna', not {quote(sid, 20)}",
                "start",
                i,
                "id",
            )
        s_ids.append(sid)
        s_names.append(_name(f, row, "start", i))
        count = f.integer(row, "start", i, "count", 1, 3)
        rulebook_name, want = STARTING_COMMISSIONS[sid]
        if count != want:
            raise f.error(
                f"{rule}: the count of {sid} ({rulebook_name}) is {want}, not {count}",
                "start",
                i,
                "count",
            )
        s_count.append(count)
        s_inf.append(f.integer(row, "start", i, "influence", 0, MAX_VALUE))
        s_adv.append(f.integer(row, "start", i, "advancement", 0, MAX_VALUE))
    for sid in STARTING_COMMISSIONS:
        if sid not in s_ids:
            raise f.error(f"{rule}: no [[start]] with id {sid!r}", "start", max(0, len(s_ids) - 1))
    # -- the artists
    artists = f.entries("artist")
    a_ids, a_names, a_start = [], [], []
    for i, row in enumerate(artists):
        f.only_keys(row, _ARTIST_KEYS, "artist", i)
        a_ids.append(ident(row, "artist", i))
        a_names.append(_name(f, row, "artist", i))
        where = f.field(row, "artist", i, "start", str)
        sq = square(where)
        if sq is None:
            raise f.error(
                f"'start' is a market stack A1 to D4, not {quote(where, 10)}", "artist", i, "start"
            )
        named = square_name(*sq)
        if named not in STARTS:
            raise f.error(
                f"an artist starts on A2 or D2 (the rulebook's two starting stacks), not "
                f"{quote(where, 10)}",
                "artist",
                i,
                "start",
            )
        fixed = RULEBOOK_STARTS.get(a_ids[-1])
        if fixed is not None and named != fixed:
            raise f.error(
                f"the rulebook puts {a_ids[-1]} on {fixed}, not {named} (an artist under an "
                "id of its own may start on A2 or D2)",
                "artist",
                i,
                "start",
            )
        if [square_name(*x) for x in a_start].count(named) == N_ARTISTS // 2:
            raise f.error(
                f"three artists start on A2 ('the lowest Level 0 stack') and three on D2 ('the "
                f"highest Level 2 stack'): this is a fourth on {named}",
                "artist",
                i,
                "start",
            )
        a_start.append(sq)
    if len(a_ids) != N_ARTISTS:
        raise f.error(
            f"the game has {N_ARTISTS} artists, not {len(a_ids)}", "artist", max(0, len(a_ids) - 1)
        )
    # -- the Masterpieces
    mps = f.entries("masterpiece")
    m: dict[str, list] = {
        k: [] for k in ("id", "name", "date", "art", "sk", "city", "st", "vp", "i", "a")
    }
    for i, row in enumerate(mps):
        t = "masterpiece"
        f.only_keys(row, _MP_KEYS, t, i, optional={"date"})
        m["id"].append(ident(row, t, i))
        m["name"].append(_name(f, row, t, i))
        m["date"].append(f.field(row, t, i, "date", str).strip() if "date" in row else "")
        artist = f.field(row, t, i, "artist", str)
        if artist not in a_ids:
            raise f.error(
                f"'artist' is one of {', '.join(a_ids)}, not {quote(artist)}{meant(artist, a_ids)}",
                t,
                i,
                "artist",
            )
        m["art"].append(a_ids.index(artist))
        m["sk"].append(_skill(f, row, t, i))
        city = f.field(row, t, i, "city", str)
        if city not in CITIES:
            raise f.error(f"'city' is Milan, Florence or Rome, not {quote(city, 20)}", t, i, "city")
        m["city"].append(CITIES.index(city))
        steps = f.field(row, t, i, "steps", list)
        if len(steps) != MP_STEPS or not all(
            isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MAX_VALUE for x in steps
        ):
            raise f.error(
                f"'steps' is three whole numbers from 1 to {MAX_VALUE} (the Advancement points "
                "of each step)",
                t,
                i,
                "steps",
            )
        m["st"].append(tuple(steps))
        m["vp"].append(f.integer(row, t, i, "vp", 1, MAJOR_VP))
        m["i"].append(f.integer(row, t, i, "influence", 0, MAX_VALUE))
        m["a"].append(f.integer(row, t, i, "advancement", 0, MAX_VALUE))
    for a in range(N_ARTISTS):
        mine = [j for j, x in enumerate(m["art"]) if x == a]
        if len(mine) != MP_PER_ARTIST:
            raise f.error(
                f"{a_ids[a]} has {len(mine)} Masterpieces; each artist has {MP_PER_ARTIST}",
                "artist",
                a,
            )
        majors = [j for j in mine if m["vp"][j] == MAJOR_VP]
        if len(majors) != 1:
            raise f.error(
                f"{a_ids[a]} has {len(majors)} Masterpieces of {MAJOR_VP} VP; each artist has "
                "exactly one (the major)",
                "masterpiece",
                mine[0],
                "vp",
            )
    # -- the Commissions
    coms = f.entries("commission")
    c: dict[str, list] = {
        k: [] for k in ("id", "name", "lv", "sk", "cost", "i", "a", "arrow", "stp")
    }
    for i, row in enumerate(coms):
        t = "commission"
        f.only_keys(row, _COM_KEYS, t, i, optional={"st_peters"})
        c["id"].append(ident(row, t, i))
        c["name"].append(_name(f, row, t, i))
        level = f.integer(row, t, i, "level", 0, 4)
        k = _skill(f, row, t, i)
        if SKILL_LEVEL[k] != max(1, level):
            raise f.error(
                f"a level-{level} Commission has a level-{max(1, level)} skill, not {SKILLS[k]}",
                t,
                i,
                "skill",
            )
        c["lv"].append(level)
        c["sk"].append(k)
        special = "st_peters" in row and f.field(row, t, i, "st_peters", bool)
        high = ST_PETERS_COST if special else MAX_VALUE
        c["cost"].append(f.integer(row, t, i, "cost", 1, high))
        c["i"].append(f.integer(row, t, i, "influence", 0, MAX_VALUE))
        c["a"].append(f.integer(row, t, i, "advancement", 0, MAX_VALUE))
        arrow = f.field(row, t, i, "arrow", str)
        if arrow not in ARROWS:
            raise f.error(
                f"'arrow' is one of {', '.join(ARROWS)}, not {quote(arrow, 10)}", t, i, "arrow"
            )
        c["arrow"].append(arrow)
        if special:
            if level != 3 or SKILLS[k] != "ARCH" or c["cost"][-1] != ST_PETERS_COST:
                raise f.error(
                    "St. Peter's is a level-3 ARCH Commission that costs 14 Influence",
                    t,
                    i,
                    "st_peters",
                )
            if c["stp"]:
                raise f.error("a second St. Peter's", t, i, "st_peters")
            c["stp"].append(i)
    if len(c["id"]) != N_COMMISSIONS:
        raise f.error(
            f"a deck has {N_COMMISSIONS} Market Commission cards, not {len(c['id'])}",
            "commission",
            min(len(c["id"]), N_COMMISSIONS) - 1 if c["id"] else 0,
        )
    for level, want in enumerate(LEVEL_COUNTS):
        have = c["lv"].count(level)
        if have != want:
            raise f.error(
                f"{have} Commissions of level {level}; the market's stacks take {want}",
                "commission",
                c["lv"].index(level) if level in c["lv"] else 0,
                "level",
            )
    if not c["stp"]:
        raise f.error("no St. Peter's (st_peters = true) among the level-3 cards", "commission")
    key = CARDS.key_for(f)
    cards = Cards(
        key=key,
        name=name,
        digest=f.digest,
        links=tuple(tuple(r) for r in recipes),
        start_ids=tuple(s_ids),
        start_names=tuple(s_names),
        start_count=tuple(s_count),
        start_inf=tuple(s_inf),
        start_adv=tuple(s_adv),
        artist_ids=tuple(a_ids),
        artist_names=tuple(a_names),
        artist_start=tuple(a_start),
        mp_ids=tuple(m["id"]),
        mp_names=tuple(m["name"]),
        mp_dates=tuple(m["date"]),
        mp_artist=tuple(m["art"]),
        mp_skill=tuple(m["sk"]),
        mp_city=tuple(m["city"]),
        mp_steps=tuple(m["st"]),
        mp_vp=tuple(m["vp"]),
        mp_inf=tuple(m["i"]),
        mp_adv=tuple(m["a"]),
        ids=tuple(c["id"]),
        names=tuple(c["name"]),
        level=tuple(c["lv"]),
        skill=tuple(c["sk"]),
        cost=tuple(c["cost"]),
        inf=tuple(c["i"]),
        adv=tuple(c["a"]),
        arrow=tuple(c["arrow"]),
        st_peters=c["stp"][0],
    )
    return cards


CARDS = CardsOption(
    "the Commission, Starting and Masterpiece cards and the cross-link chart",
    builtin={"standard": Path(__file__).parent / "data" / "cards.toml"},
    parse=parse_cards,
    tables=("[set]", "[[link]]", "[[start]]", "[[artist]]", "[[masterpiece]]", "[[commission]]"),
)

cards_by_key = CARDS.by_key
