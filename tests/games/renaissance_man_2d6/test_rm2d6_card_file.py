"""Renaissance Man (2006) card data: the standard set (a reconstruction, as the rules page shows
it), a player's own card file, and bad files refused with the file and line named. Each test
quotes the rulebook sentence it checks; the decisions [Dn] are those of
docs/rules/renaissance-man-2d6.md."""

import itertools
import random
import re
from pathlib import Path

import pytest
from rm2d6_helpers import PLAIN, card_file, check, new, small_set

import tavola
from tavola.games.renaissance_man_2d6.cards import BENEFITS, CARDS, KINDS, cards_by_key

TEXT = CARDS.source("standard")[1]
DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "renaissance-man-2d6.md"


# -- the standard set ---------------------------------------------------------------------------


def test_the_two_decks_are_kept_apart_in_the_card_file() -> None:
    """ "Print the Creative Reserves (CR) cards (first four pages) on a different color stock
    than the Challenge cards (last four pages)." "It’ll make them easier to keep separate." On
    screen the two decks cannot mix: the card file lists the Creative Reserves ([[reserve]], one
    entry per kind with a count) apart from the Challenge deck ([[challenge]] and [[event]], one
    entry per card with an id), and every view counts the two decks apart."""
    tables = set(re.findall(r"^\[\[(\w+)\]\]", TEXT, flags=re.M))
    assert tables == {"reserve", "challenge", "event"}
    c = cards_by_key("standard")
    assert [k for k in KINDS] == ["C", "F", "G", "M", "W"] and len(c.reserve_counts) == 5
    assert not set(c.ids) & set(KINDS) and not set(c.ids) & {k.lower() for k in KINDS}
    v = new(2, seed=1).view(0)
    assert v["reserve_deck"] + sum(v["hand_sizes"]) == sum(c.reserve_counts)
    assert v["challenge_deck"] + len(v["table"]) == c.n_cards


def test_the_standard_set_says_it_is_a_reconstruction() -> None:
    """ "Print the Creative Reserves (CR) cards (first four pages) on a different color stock
    than the Challenge cards (last four pages)." The rulebook prints the cards but lists none:
    the file's header says the set is a reconstruction and names what the rulebook fixes.
    Decision: [D18]."""
    header = TEXT.split("[set]")[0]
    assert "RECONSTRUCTION" in header
    for fixed in ("C Cooking", "F Friend", "G Gamer", "M Musician", "W Writer", "Events"):
        assert fixed in " ".join(header.replace("#", " ").split())
    c = cards_by_key("standard")
    assert c.key == "standard" and "reconstructed" in c.name


def test_the_standard_decks_fill_four_pages_each() -> None:
    """ "Print the Creative Reserves (CR) cards (first four pages) on a different color stock
    than the Challenge cards (last four pages)." Four pages of nine cards each: 36 Creative
    Reserves and 36 cards in the Challenge deck (30 Challenges and 6 Events)."""
    c = cards_by_key("standard")
    assert sum(c.reserve_counts) == 36 and c.n_cards == 36
    assert (TEXT.count("[[challenge]]"), TEXT.count("[[event]]")) == (30, 6)


def test_the_rules_page_shows_the_standard_set_as_it_is() -> None:
    """ "Challenges list their required Creative Reserves: C for Cooking, F for Friend, G for
    Gamer, M for Musician, and W for Writer." The rules page's tables of the standard set (the
    Creative Reserves by kind, every Challenge and Event) agree with the data file: whoever
    changes a card changes the page too.
    Decision: [D18]."""
    c = cards_by_key("standard")
    doc = DOC.read_text(encoding="utf-8")
    kinds = re.findall(r"^\| ([CFGMW]) \| (\w+) \| (\d+) \|$", doc, flags=re.M)
    assert kinds == [(k, c.kind_names[i], str(c.reserve_counts[i])) for i, k in enumerate(KINDS)], (
        "update the Creative Reserves table of docs/rules/renaissance-man-2d6.md"
    )
    rows = re.findall(
        r"^\| `([a-z0-9-]+)` \| (.+?) \| ([CFGMW]+) \| (\d+) \| (.*?) \|$", doc, flags=re.M
    )
    want = []
    for i in range(c.n_cards):
        benefit = f"{c.benefit[i]} {c.amount[i]}" if c.amount[i] else c.benefit[i]
        want.append((c.ids[i], c.names[i], c.letters(i), str(c.points[i]), benefit))
    assert rows == want, "update the card table of docs/rules/renaissance-man-2d6.md"


def test_points_grow_with_the_number_of_requirements() -> None:
    """ "Wisely spend your Creative Reserves to accomplish nifty challenges and end the game with
    the most points in your Success pile." In the standard set a Challenge that requires more
    cards is worth more: points never fall as requirements rise, and every kind is required
    somewhere.
    Decision: [D18]."""
    c = cards_by_key("standard")
    by_size: dict[int, set[int]] = {}
    for i in range(c.n_challenges):
        by_size.setdefault(sum(c.needs[i]), set()).add(c.points[i])
    sizes = sorted(by_size)
    for a, b in itertools.pairwise(sizes):
        assert max(by_size[a]) <= min(by_size[b])
    for k in range(5):
        assert any(c.needs[i][k] for i in range(c.n_challenges))


def test_the_designers_notes_live_on_in_the_card_set() -> None:
    """The designer's notes set no rule; the standard set's names recall them.
    "Sharon and I made this game up for Ben’s birthday." "Happy Birthday, Ben!" (the Event
    Ben's Birthday);
    "We brainstormed it over a sunrise breakfast on July 2, 2006." (A Sunrise Breakfast; the
    year names the game, Renaissance Man (2006));
    "I laid it out and wrote the rules July 2nd and 3rd."
    "We play tested it at Games Night with JP and Markus (thanks, guys!) on July 4th, ’06."
    (Games Night);
    "I did more layout and rewrote the rules on July 5th, ’06." "Thanks to Sharon for editing."
    (The Rewrite, which takes back discarded cards: a second draft).
    Decision: [D18]."""
    c = cards_by_key("standard")
    events = {c.ids[i]: c.names[i] for i in range(c.n_cards) if c.is_event[i]}
    for cid in ("bens-birthday", "sunrise-breakfast", "games-night", "the-rewrite"):
        assert cid in events
    assert c.benefit[c.index("the-rewrite")] == "recover"
    assert tavola.get_spec("renaissance-man-2d6").title.endswith("(2006)")


def test_the_five_kinds_are_bens_five_adjectives() -> None:
    """ "The game is based on five adjectives that describe Ben well: Chef, Gamer, Musician,
    Writer, and—most of all—a gosh-darn great Friend." The five Creative Reserves (Cooking for
    the Chef); and, most of all, Friend: no kind has more cards in the standard set than Friend.
    Decision: [D18]."""
    c = cards_by_key("standard")
    assert c.kind_names == ("Cooking", "Friend", "Gamer", "Musician", "Writer")
    assert c.reserve_counts[1] == max(c.reserve_counts)


def test_every_event_benefit_is_one_of_five_rules() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." The benefits are ours, each one rule: draw, tribute, bonus, waive,
    recover.
    Decision: [D15]."""
    assert BENEFITS == ("draw", "tribute", "bonus", "waive", "recover")
    c = cards_by_key("standard")
    assert {c.benefit[i] for i in range(c.n_cards) if c.is_event[i]} <= set(BENEFITS)


# -- a player's own card file ---------------------------------------------------------------------


def test_an_own_card_file_plays_records_and_replays(tmp_path: Path) -> None:
    """ "2d6 and a deck of Renaissance Man cards." A deck of one's own, read with
    tavola.read_card_file and given as the option cards, is validated and rules whole games; its
    key (from the file's digest) is in every view, and the record replays without the file.
    Decision: [D18]."""
    path = tmp_path / "mine.toml"
    path.write_text(small_set(("party", "CFG", 2, "bonus", 2))["toml"], encoding="utf-8")
    for players in (2, 5):
        g = tavola.new_game(
            "renaissance-man-2d6",
            players=players,
            seed=3,
            options={"cards": tavola.read_card_file(path)},
        )
        assert g.view(0)["cards"].startswith("sha-") and g.c.ids[-1] == "party"
        assert cards_by_key(g.view(0)["cards"]) is g.c
        rng = random.Random(players)
        while not g.is_over:
            (seat,) = g.to_act
            g.act(seat, rng.choice(g.legal_actions(seat)))
            check(g)
        again = tavola.replay(g.record())
        assert again.events(None) == g.events(None)


# -- bad files ------------------------------------------------------------------------------------


BASE = small_set(("e1", "CF", 1, "draw", 2), ("e2", "G", 1, "recover", None))["toml"]


def without_block(text: str, table: str, first_line: str) -> str:
    """``text`` without the [[table]] entry whose first key line is ``first_line``."""
    block = f"[[{table}]]\n{first_line}\n"
    start = text.index(block)
    end = text.index("\n\n", start) + 2
    return text[:start] + text[end:]


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line of ``text`` that is exactly ``needle``."""
    hits = [i for i, line in enumerate(text.splitlines(), start=1) if line.strip() == needle]
    return hits[occurrence - 1]


FEW = card_file(challenges=PLAIN[:5])["toml"]
SMALL = card_file({k: 3 for k in KINDS}, PLAIN)["toml"]
HUGE = card_file({"C": 40, "F": 40, "G": 40, "M": 1, "W": 1}, PLAIN)["toml"]
LONG = card_file(
    challenges=[(f"c{i}", "C", 1) for i in range(115)],
    events=[(f"e{i}", "F", 1, "recover", None) for i in range(6)],
)["toml"]

# (name, text, words the message must contain, the line: (its text, occurrence))
BAD = [
    (
        "unknown letter",
        BASE.replace('"CCF"', '"CQF"'),
        "letters from CFGMW, not 'CQF'",
        ('requires = "CQF"', 1),
    ),
    (
        "unknown kind",
        BASE.replace('letter = "W"', 'letter = "X"'),
        "one of C, F, G, M, W",
        ('letter = "X"', 1),
    ),
    (
        "missing kind",
        without_block(BASE, "reserve", 'letter = "M"'),
        "no \\[\\[reserve\\]\\] for M",
        ("[[reserve]]", 1),
    ),
    ("duplicate id", BASE.replace('id = "gw"', 'id = "cf"'), "duplicate id 'cf'", ('id = "cf"', 2)),
    ("event id twice", BASE.replace('id = "e2"', 'id = "c"'), "duplicate id 'c'", ('id = "c"', 2)),
    (
        "bad benefit",
        BASE.replace('benefit = "draw"', 'benefit = "steal"'),
        "'benefit' is one of draw, tribute",
        ('benefit = "steal"', 1),
    ),
    (
        "amount too big",
        BASE.replace("amount = 2", "amount = 9"),
        "'amount' is from 1 to 5, not 9",
        ("amount = 9", 1),
    ),
    (
        "amount not taken",
        BASE.replace('benefit = "recover"', 'benefit = "recover"\namount = 1'),
        "a 'recover' benefit takes no 'amount'",
        ("amount = 1", 1),
    ),
    (
        "amount missing",
        BASE.replace("amount = 2\n", ""),
        "\\[\\[event\\]\\] entry 1 lacks 'amount'",
        ("[[event]]", 1),
    ),
    (
        "points too high",
        BASE.replace("points = 5", "points = 11"),
        "'points' is from 1 to 10, not 11",
        ("points = 11", 1),
    ),
    (
        "no points",
        BASE.replace("points = 1\n", "points = 0\n", 1),
        "'points' is from 1 to 10, not 0",
        ("points = 0", 1),
    ),
    (
        "matches twice",
        BASE.replace('matches = "CF"', 'matches = "CC"'),
        "names each kind at most once",
        ('matches = "CC"', 1),
    ),
    (
        "count zero",
        BASE.replace("count = 4", "count = 0", 1),
        "'count' is from 1 to 40, not 0",
        ("count = 0", 1),
    ),
    (
        "unknown key",
        BASE.replace('id = "g"\n', 'id = "g"\ncolour = "red"\n'),
        "unknown key 'colour'",
        ('colour = "red"', 1),
    ),
    (
        "missing name",
        BASE.replace('name = "Challenge m"\n', ""),
        "\\[\\[challenge\\]\\] entry 4 lacks 'name'",
        ("[[challenge]]", 4),
    ),
    ("not TOML", BASE.replace("points = 3", "points = 3 3"), "not valid TOML", ("points = 3 3", 1)),
    ("too few challenges", FEW, "at least 6 \\[\\[challenge\\]\\] cards", ("[[challenge]]", 5)),
    ("too few reserves", SMALL, "at least 18 Creative Reserves cards", ("[[reserve]]", 1)),
    ("too many reserves", HUGE, "a deck holds at most 120 cards", ("[[reserve]]", 1)),
    ("too many cards", LONG, "a deck holds at most 120 cards", ("[[event]]", 6)),
]


@pytest.mark.parametrize(("name", "text", "words", "where"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_card_file_names_the_file_and_the_line(
    name: str, text: str, words: str, where: tuple[str, int]
) -> None:
    """A card file of one's own must hold what the rules need: the five letters ("C for Cooking,
    F for Friend, G for Gamer, M for Musician, and W for Writer"), 3 Creative Reserves for each
    of up to six players, a face-up Challenge for each, unique ids, Events with a known benefit
    and a sensible amount. A bad file raises tavola.CardDataError whose message starts with the
    file's name and the line at fault.
    Decision: [D18]."""
    assert text != BASE
    with pytest.raises(tavola.CardDataError) as info:
        tavola.new_game(
            "renaissance-man-2d6",
            players=2,
            seed=1,
            options={"cards": {"name": "t.toml", "toml": text}},
        )
    message = str(info.value)
    assert message.startswith("t.toml, line "), message
    assert re.search(words, message), message
    found = re.search(r"line (\d+)", message)
    assert found is not None and int(found.group(1)) == line_of(text, *where), message


def test_a_small_enough_deck_deals_six_players() -> None:
    """ "Deal 3 CR cards to each player." The least a card file may hold, 18 Creative Reserves and
    6 Challenges, deals a game of six players (the CR deck then starts empty)."""
    cards = card_file({"C": 4, "F": 4, "G": 4, "M": 3, "W": 3}, PLAIN[:6])
    g = new(6, seed=2, cards=cards)
    assert g.view(None)["hand_sizes"] == [3] * 6 and g.view(None)["reserve_deck"] == 0
    assert len(g.view(None)["table"]) == 6 and g.view(None)["challenge_deck"] == 0
