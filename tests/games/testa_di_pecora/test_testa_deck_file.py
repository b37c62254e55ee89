"""Testa di Pecora card data: the standard deck honours every number of the rulebook, a user's
own deck file loads and plays, and a bad file is refused with the file and line named."""

import os
import random
import re
from pathlib import Path

import pytest
from testa_helpers import CHURCH, CITIES, RANKS, check, city, claim, deal, new, trade

import tavola
from tavola import read_card_file
from tavola.games.testa_di_pecora.deck import STANDARD_DECK, load_deck

TEXT = STANDARD_DECK.read_text(encoding="utf-8")


# -- the standard deck -------------------------------------------------------------------------


def test_the_standard_deck_has_32_cards_for_4x8_or_5x6_plus_2() -> None:
    """ "In the four player game: Eight cards are dealt to each player." "In the five player game
    (recommended): Six cards are dealt to each player." "Two cards are dealt face down, and are
    the Inheritance." 4 x 8 = 5 x 6 + 2 = 32 cards, each with its own id and name."""
    deck = load_deck()
    assert len(deck.ids) == 32
    assert len(set(deck.ids)) == 32 and len({n.lower() for n in deck.names}) == 32
    assert deck.key == "standard"


def test_the_standard_deck_has_the_church_and_three_cities() -> None:
    """ "Each day begins with the lead player opening the trade proposal by playing their
    sponsoring noble, who can be from Venice, Florence, Naples, or the Church." The Church has 14
    clerics (Sheepshead's four queens, four jacks and six diamonds, the trump suit); Venice,
    Florence and Naples have 6 nobles each, strongest first."""
    deck = load_deck()
    assert deck.suit_names == ("Church", "Venice", "Florence", "Naples")
    assert [deck.suit_of.count(s) for s in range(4)] == [14, 6, 6, 6]
    assert list(deck.ids[:14]) == list(CHURCH)
    for k, name in enumerate(CITIES):
        assert list(deck.ids[14 + 6 * k : 20 + 6 * k]) == [f"{name}-{r}" for r in RANKS]


def test_the_standard_deck_holds_120_ducats_as_in_sheepshead() -> None:
    """ "There are 120 ducats in the game, and so the coalition that wins a majority of it wins
    the game." Sheepshead's card points: ace 11, ten 10, king 4, queen 3, jack 2, others 0."""
    deck = load_deck()
    assert sum(deck.ducats) == 120
    assert list(deck.ducats[:14]) == [3, 3, 3, 3, 2, 2, 2, 2, 11, 10, 4, 0, 0, 0]
    for k in range(3):
        assert list(deck.ducats[14 + 6 * k : 20 + 6 * k]) == [11, 10, 4, 0, 0, 0]


def test_the_standard_deck_marks_pope_mendicant_and_abbot() -> None:
    """ "The player with the Pope and the player with the Mendicant are partnered in a coalition."
    "The Heir's Partner is the player holding the Abbot." The Pope and the Mendicant are the two
    highest clerics (Sheepshead's black queens); the Abbot is the eighth (the jack of diamonds,
    Sheepshead's called partner card)."""
    deck = load_deck()
    assert (deck.pope, deck.mendicant, deck.abbot) == (0, 1, 7)
    assert [deck.ids[c] for c in (deck.pope, deck.mendicant, deck.abbot)] == [
        "pope",
        "mendicant",
        "abbot",
    ]


def test_the_standard_deck_prints_influence_on_clerics_only() -> None:
    """ "If nobody claims the Inheritance, players add up their influence scores." Decision: the
    Pope 14 down to the Novice 1; a noble "has no influence" away from its city, so 0.
    Decision: [D8] (docs/rules/testa-di-pecora.md).
    """
    deck = load_deck()
    assert list(deck.influence[:14]) == list(range(14, 0, -1))
    assert set(deck.influence[14:]) == {0}


def test_the_standard_deck_says_it_is_a_reconstruction() -> None:
    """ "All influence cards are shuffled together." The rulebook lists no cards: the file's
    header says the deck is a reconstruction after Sheepshead and names the numbers it honours."""
    header = TEXT.split("[deck]")[0]
    assert "RECONSTRUCTION" in header and "Sheepshead" in header
    for number in ("32 cards", "120 ducats", "4 players x 8 cards", "5 players x 6 cards + 2"):
        assert number in header


def test_the_nobles_are_the_nobility_of_three_italian_cities() -> None:
    """ "In Renaissance Italy, princes and doges might seem to rule the land, but the true power
    is held by the great merchant houses." The players are merchant houses; the cards are the
    clerics of the Church and the nobles of Venice, Florence and Naples, a Prince at the head of
    each city."""
    deck = load_deck()
    for k, name in enumerate(("Venice", "Florence", "Naples")):
        assert deck.suit_names[k + 1] == name
        assert deck.names[14 + 6 * k] == f"Prince of {name}"


# -- a user's own deck -------------------------------------------------------------------------


def my_deck_text() -> str:
    """The standard deck renamed (Milan for Venice, 'my-' ids), with the Abbot's role moved to
    the Prior and a different (still 120) spread of ducats between two clerics."""
    text = TEXT.replace('id = "', 'id = "my-').replace('"Venice"', '"Milan"')
    text = text.replace("of Venice", "of Milan")
    text = text.replace('role = "abbot"\n', "")
    text = text.replace('id = "my-prior"\n', 'id = "my-prior"\nrole = "abbot"\n')
    # Pope 3 -> 5 and Cardinal 3 -> 1: the total stays 120.
    for name, ducats in (("Pope", 5), ("Cardinal", 1)):
        before = f'name = "{name}"\nsuit = "Church"\nducats = 3'
        assert before in text
        text = text.replace(before, before[:-1] + str(ducats))
    return text


def test_a_users_deck_loads_through_the_deck_option_and_plays(tmp_path: Path) -> None:
    """ "The Heir's Partner is the player holding the Abbot." A deck of one's own, given as the
    option deck = path, is validated and used: its names, suits, ducats and roles (here the
    Prior is the Abbot card) rule whole games, which record and replay.
    Decision: [D26] (docs/rules/testa-di-pecora.md).
    """
    path = tmp_path / "my-deck.toml"
    path.write_text(my_deck_text(), encoding="utf-8")
    for n in (4, 5):
        g = new(n, seed=8, deck=read_card_file(path))
        deck = g.deck
        assert deck.key.startswith("sha-") and g.view(0)["deck"] == deck.key
        assert deck.suit_names == ("Church", "Milan", "Florence", "Naples")
        assert deck.ids[deck.abbot] == "my-prior"
        assert deck.ducats[deck.index("my-pope")] == 5
        rng = random.Random(n)
        while not g.is_over:
            (seat,) = g.to_act
            g.act(seat, rng.choice(g.legal_actions(seat)))
            check(g)
            if n == 5 and g.phase_name == "play" and not g.trades and not g.trick:
                holder = next((s for s in range(5) if g.hands[s] >> deck.abbot & 1), g.heir)
                assert g.partner == (-1 if holder == g.heir else holder)
        assert all(sum(e["ducats"]) == 120 for e in g.seasons_log)
        again = tavola.replay(g.record())
        assert again.renown == g.renown and again.deck is deck


def test_a_users_deck_decides_the_partner(tmp_path: Path) -> None:
    """ "The Heir's Partner is the player holding the Abbot." With the Abbot's role on the Prior,
    the holder of the Prior is the partner, not the holder of the card named Abbot.
    Decision: [D26] (docs/rules/testa-di-pecora.md).
    """
    path = tmp_path / "my-deck.toml"
    path.write_text(my_deck_text(), encoding="utf-8")
    g = new(5, seed=1, deck=read_card_file(path))
    deal(g, {3: ["my-prior"], 4: ["my-abbot"]}, ["my-novice", "my-friar"])
    claim(g, 1, ["my-novice", "my-friar"])
    assert g.partner == 3 and g.side == (1, 3)


def test_cards_rank_in_file_order_within_their_suit(tmp_path: Path) -> None:
    """ "If any clerics were played, the highest ranking cleric wins the round; otherwise, the
    highest ranking merchant from the city where the trade is happening carries the day." In a
    deck file each suit is listed strongest first; suits may come in any order: here Naples is
    listed before the Church and Venice's nobles are listed from the Knight up.
    Decisions: [D17], [D26] (docs/rules/testa-di-pecora.md).
    """
    blocks = TEXT.split("\n[[card]]\n")
    head, cards = blocks[0], [b.strip() + "\n" for b in blocks[1:]]
    church, venice, florence, naples = cards[:14], cards[14:20], cards[20:26], cards[26:]
    order = naples + church + venice[::-1] + florence
    text = head + "".join("\n[[card]]\n" + b for b in order)
    path = tmp_path / "reordered.toml"
    path.write_text(text, encoding="utf-8")
    deck = load_deck(path)
    assert deck.suit_names == ("Church", "Naples", "Venice", "Florence")
    venice_ids = [i for i, s in zip(deck.ids, deck.suit_of, strict=True) if s == 2]
    assert venice_ids == [f"venice-{r}" for r in reversed(RANKS)]
    g = new(4, seed=1, deck=read_card_file(path))
    layout = {
        0: ["venice-prince"],
        1: ["venice-knight"],
        2: [*city("florence"), "deacon", "friar"],
        3: [*city("naples"), "chaplain", "novice"],
    }
    deal(g, layout)
    assert trade(g, ["venice-prince", "venice-knight", "florence-prince", "naples-prince"]) == 1


def test_an_edited_deck_file_is_read_again(tmp_path: Path) -> None:
    """A deck file changed on disk is validated again, not served from a cache.
    Decision: [D26] (docs/rules/testa-di-pecora.md).
    """
    path = tmp_path / "deck.toml"
    path.write_text(TEXT, encoding="utf-8")
    assert load_deck(path).ids == load_deck().ids
    path.write_text(TEXT.replace("ducats = 11", "ducats = 12", 1), encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    with pytest.raises(tavola.CardDataError, match="add up to 121"):
        load_deck(path)


# -- bad files ---------------------------------------------------------------------------------


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line of ``text`` that is exactly ``needle``."""
    hits = [i for i, line in enumerate(text.splitlines(), start=1) if line.strip() == needle]
    return hits[occurrence - 1]


def card_header(text: str, k: int) -> int:
    """The line of the ``k``-th [[card]] header of ``text`` (1-based; -1 for the last)."""
    hits = [i for i, line in enumerate(text.splitlines(), start=1) if line == "[[card]]"]
    return hits[k - 1] if k > 0 else hits[k]


EXTRA = '\n[[card]]\nid = "naples-squire"\nname = "Squire of Naples"\nsuit = "Naples"\n'
EXTRA += "ducats = 0\ninfluence = 0\n"
WITHOUT_ROLE = TEXT.replace('role = "abbot"\n', "")

POPE_NAME_LINE = TEXT.splitlines().index('name = "Pope"') + 1
# (name, bad file text, words the message must contain, where the line must point)
BAD = [
    (
        "bad TOML",
        TEXT.replace("ducats = 3\n", "ducats = 2 3\n", 1),
        "not valid TOML",
        "ducats = 2 3",
    ),
    (
        "[card] for [[card]]",  # the parser named the next card's line, in its own words
        TEXT.replace("\n[[card]]\n", "\n[card]\n", 1),
        r"\[card\] makes 'card' one table, and \[\[card\]\] on line \d+ a list of them",
        "[card]",
    ),
    (
        "[card] after [[card]]",
        TEXT[::-1].replace("\n]]drac[[\n", "\n]drac[\n", 1)[::-1],
        r"\[card\] makes 'card' one table, and \[\[card\]\] on line \d+ a list of them",
        "[card]",
    ),
    ("31 cards", TEXT[: TEXT.rindex("[[card]]")], "has 32 cards .* this file has 31", -1),
    ("33 cards", TEXT + EXTRA, "this file has 33", 33),
    (  # it was named by the count of cards ("this file has 33"), not by what it lacks
        "an extra card of only its id",
        TEXT + '\n[[card]]\nid = "naples-squire"\n',
        r"\[\[card\]\] entry 33 lacks 'name'",
        33,
    ),
    (
        "ducats not 120",
        TEXT.replace("ducats = 11", "ducats = 12", 1),
        "ducats add up to 121; the rules say there are 120",
        1,
    ),
    (
        "duplicate id",
        TEXT.replace('id = "cardinal"', 'id = "pope"'),
        "duplicate id 'pope'",
        ('id = "pope"', 2),
    ),
    (  # it said "card names must be non-empty and unique", and not where the first one is
        "duplicate name",
        TEXT.replace('name = "Cardinal"', 'name = "pope"'),
        rf"duplicate name 'pope' \(the same as on line {POPE_NAME_LINE}\)",
        'name = "pope"',
    ),
    (
        "unknown key",
        TEXT.replace('id = "prior"', 'id = "prior"\ncolour = "red"'),
        "unknown key 'colour'",
        'colour = "red"',
    ),
    ("missing role", WITHOUT_ROLE, "no card has role 'abbot'", 1),
    (
        "negative ducats",
        TEXT.replace("ducats = 10\ninfluence = 5", "ducats = -10\ninfluence = 5"),
        "'ducats' is from 0 to 120, not -10",
        "ducats = -10",
    ),
    (
        "negative influence",
        TEXT.replace("influence = 9", "influence = -9"),
        "'influence' is from 0 to 999, not -9",
        "influence = -9",
    ),
    (
        "influence past any use",
        TEXT.replace("influence = 9", "influence = 99999999999999999999"),
        "'influence' is from 0 to 999, not 99999999999999999999",
        "influence = 99999999999999999999",
    ),
    (
        "non-cleric role",
        WITHOUT_ROLE.replace(
            'name = "Knight of Naples"\n', 'name = "Knight of Naples"\nrole = "abbot"\n'
        ),
        "the abbot must be a cleric, of the trump suit 'Church' .*, not of 'Naples'",
        'role = "abbot"',
    ),
    (  # it said "the pope must be a cleric (suit 'Chruch')" of a Pope in the Church
        "a misspelt trump suit",
        TEXT.replace('trump_suit = "Church"', 'trump_suit = "Chruch"'),
        r"the pope must be a cleric, of the trump suit 'Chruch' \(\[deck\] trump_suit\), not "
        "of 'Church'",
        'role = "pope"',
    ),
    (
        "unknown role",
        TEXT.replace('role = "abbot"', 'role = "bishop"'),
        "role must be one of pope, mendicant, abbot",
        'role = "bishop"',
    ),
    (
        "role twice",
        TEXT.replace('role = "abbot"', 'role = "pope"'),
        "a second card with role 'pope'",
        ('role = "pope"', 2),
    ),
    ("missing name", TEXT.replace('name = "Prior"\n', ""), "entry 7 lacks 'name'", 7),
    (
        "ducats not a number",
        TEXT.replace("ducats = 4\ninfluence = 4", 'ducats = "4"\ninfluence = 4'),
        "'ducats' must be a whole number",
        'ducats = "4"',
    ),
    (
        "a fourth city",
        TEXT.replace('suit = "Naples"', 'suit = "Milan"', 1),
        "exactly three cities, found Church, Venice, Florence, Milan, Naples",
        'suit = "Milan"',
    ),
]


def expected_line(text: str, where: object) -> int:
    """``where``: a card's position (its [[card]] header), or a line's text (and occurrence)."""
    if isinstance(where, int):
        return card_header(text, where)
    if isinstance(where, tuple):
        return line_of(text, *where)
    assert isinstance(where, str)
    return line_of(text, where)


@pytest.mark.parametrize(("name", "text", "words", "where"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_deck_file_names_the_file_and_the_line(
    tmp_path: Path, name: str, text: str, words: str, where: object
) -> None:
    """A user's deck must honour the same numbers as the standard one ("There are 120 ducats in
    the game..."; 32 cards; the Pope, the Mendicant and the Abbot among the clerics); a bad file
    raises tavola.CardDataError whose message names the file, the line and what is wrong.
    Decision: [D26] (docs/rules/testa-di-pecora.md).
    """
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(tavola.CardDataError) as info:
        new(5, seed=1, deck=read_card_file(path))
    message = str(info.value)
    assert message.startswith(path.name + ", line")
    assert re.search(words, message), message
    found = re.search(r"line (\d+)", message)
    assert found is not None, message
    assert int(found.group(1)) == expected_line(text, where), message


def test_a_missing_deck_file_is_a_card_data_error(tmp_path: Path) -> None:
    """The option deck = path names a file that must exist and be readable."""
    path = tmp_path / "nowhere.toml"
    with pytest.raises(tavola.CardDataError, match="cannot read the card file") as info:
        new(4, deck=read_card_file(path))
    assert str(info.value).startswith(path.name)


def test_a_file_without_a_deck_table_is_refused(tmp_path: Path) -> None:
    """The [deck] table names the trump suit (the Church); without it the file is refused."""
    path = tmp_path / "nodeck.toml"
    path.write_text(TEXT.replace("[deck]", "[dek]"), encoding="utf-8")
    with pytest.raises(tavola.CardDataError, match=r"unknown table \[dek\]"):
        new(4, deck=read_card_file(path))
