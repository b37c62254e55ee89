"""Seeded randomness and card data files."""

import importlib
import importlib.resources
import re
from collections import Counter
from collections.abc import Callable

import pytest

import tavola
from tavola import CardDataError
from tavola.core.cards import DataFile, read_card_file
from tavola.core.rng import derive_seed, shuffle, stream


def test_derived_seeds_are_fixed_across_machines_and_separate_streams() -> None:
    # Pinned values: a change here would change every recorded game.
    assert derive_seed(0) == 0xE220A8397B1DCDAF
    assert derive_seed(7, 1) != derive_seed(7, 2) != derive_seed(8, 1)
    assert stream(7, 3).random() == stream(7, 3).random()


def test_shuffles_are_fixed_across_machines_and_uniform() -> None:
    # Pinned: a change here would change every recorded game (and must raise rules versions).
    cards = list(range(10))
    shuffle(cards, 0, 1)
    assert cards == [4, 1, 2, 5, 9, 6, 8, 0, 3, 7]
    again = list(range(10))
    shuffle(again, 0, 1)
    other = list(range(10))
    shuffle(other, 0, 2)
    assert again == cards != other
    # Every order of four cards about equally often over 24,000 seeds: chi-square with 23
    # degrees of freedom stays under 49.7 (p = 0.001) for a fair shuffle.
    counts: Counter[tuple[int, ...]] = Counter()
    for seed in range(24000):
        deck = [0, 1, 2, 3]
        shuffle(deck, seed, 5)
        counts[tuple(deck)] += 1
    assert len(counts) == 24
    assert sum((n - 1000) ** 2 / 1000 for n in counts.values()) < 49.7
    # Long decks use more than one BLAKE2b block, and keep every card.
    deck = list(range(97))
    shuffle(deck, 3, 1 << 40)
    assert sorted(deck) == list(range(97)) and deck != list(range(97))


def test_data_file_errors_name_the_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = DataFile("cards.toml", '[deck]\nname = "x"\n\n[[card]]\nid = "a"\n\n[[card]]\nid = 3\n')
    rows = f.entries("card")
    assert f.field(rows[0], "card", 0, "id", str) == "a"
    with pytest.raises(CardDataError, match=r"cards\.toml, line 8: 'id' must be text in quotes"):
        f.field(rows[1], "card", 1, "id", str)
    with pytest.raises(CardDataError, match=r"line 7: \[\[card\]\] entry 2 lacks 'name'"):
        f.field(rows[1], "card", 1, "name", str)


def test_bad_toml_and_missing_files_are_clear(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CardDataError, match=r"bad\.toml, line 1: not valid TOML: [^(]+$"):
        DataFile("bad.toml", "[deck\n")
    with pytest.raises(CardDataError, match="cannot read"):
        read_card_file(tmp_path / "missing.toml")


@pytest.mark.parametrize("game", ["renaissance_man", "renaissance_man_2d6", "renaissance_rivals"])
def test_a_card_set_table_is_optional_and_a_byte_order_mark_is_skipped(game: str) -> None:
    """The rules pages call ``[set]`` optional; without it the set is named after its file.
    A byte-order mark at the start of text given directly (not read from a file) is skipped."""
    cards = importlib.import_module(f"tavola.games.{game}.cards").CARDS
    text = cards.builtin["standard"].read_text(encoding="utf-8")
    start = text.index("\n[set]\n") + 1
    end = text.index("\n\n", start)
    bare = cards.parse(DataFile("mine.toml", text[:start] + text[end:]))
    assert bare.name == "mine"
    shipped = cards.parse(DataFile("cards.toml", "\ufeff" + text))
    assert shipped.name != "mine" and shipped.digest != bare.digest


def test_card_ids_are_checked_alike_in_every_game() -> None:
    """One rule for every game's ids: a long one is fine, a wrong character or a copy's prefix
    is named as such (the 2013 game refused ids over 20 characters as not lower-case), and a
    second use of an id names the line of the first (it did not: a designer searched the file)."""
    cards = importlib.import_module("tavola.games.renaissance_man.cards").CARDS
    text = cards.builtin["standard"].read_text(encoding="utf-8")
    long = text.replace('"merchant-03"', '"merchant-coin-bread-03"')
    assert "merchant-coin-bread-03" in cards.parse(DataFile("mine.toml", long)).ids
    f = DataFile("ids.toml", '[[card]]\nid = "Pope"\n\n[[card]]\nid = "red-x"\n')
    rows = f.entries("card")
    with pytest.raises(CardDataError, match=r"line 2: id 'Pope' must be lower-case letters"):
        f.card_id(rows[0], "card", 0, {})
    with pytest.raises(CardDataError, match=r"line 5: .*\(not starting with 'red-' or 's1-'\)"):
        f.card_id(rows[1], "card", 1, {}, ("red-", "s1-"))
    with pytest.raises(
        CardDataError, match=r"line 5: duplicate id 'red-x' \(the same as on line 2\)"
    ):
        f.card_id(rows[1], "card", 1, {"red-x": ("card", 0)})


CARD_OPTION = {
    "testa-di-pecora": ("testa_di_pecora", "deck"),
    "renaissance-man": ("renaissance_man", "cards"),
    "renaissance-man-2d6": ("renaissance_man_2d6", "cards"),
    "renaissance-rivals": ("renaissance_rivals", "cards"),
}


def card_error(game: str, edit: Callable[[str], str]) -> str:
    """The message of the CardDataError a game's standard card file edited by ``edit`` gets."""
    package, option = CARD_OPTION[game]
    path = importlib.resources.files(f"tavola.games.{package}") / "data" / f"{option}.toml"
    text = edit(path.read_text(encoding="utf-8"))
    with pytest.raises(CardDataError) as info:
        tavola.new_game(game, options={option: {"name": "mine.toml", "toml": text}})
    return str(info.value)


@pytest.mark.parametrize(
    ("game", "fields", "said"),
    [
        ("testa-di-pecora", "suit ducats influence", "'suit', 'ducats' and 'influence'"),
        ("renaissance-man", "needs offers", "'needs' and 'offers'"),
        ("renaissance-man-2d6", "requires points", "'requires' and 'points'"),
        (
            "renaissance-rivals",
            "count influence advancement",
            "'count', 'influence' and 'advancement'",
        ),
    ],
)
def test_an_entry_missing_several_keys_is_told_all_of_them_at_once(
    game: str, fields: str, said: str
) -> None:
    """A designer who leaves out several keys of a card hears of every one in one message (only
    the first was named, so fixing a file took a run per key)."""

    def drop(text: str) -> str:
        for key in fields.split():
            text = re.sub(rf"^{key} = .*\n", "", text, count=1, flags=re.M)
        return text

    assert re.fullmatch(
        rf"mine\.toml, line \d+: \[\[\w+\]\] entry 1 lacks {said}", card_error(game, drop)
    )


def test_the_first_unknown_table_or_key_in_the_file_is_the_one_named() -> None:
    """A designer fixes a file from the top: of two unknown tables or keys, the error names the
    one on the earlier line (it named the first in alphabetical order, further down)."""
    f = DataFile("mine.toml", '[set]\nname = "x"\nzeta = 1\nalpha = 2\n\n[[links]]\n\n[[art]]\n')
    with pytest.raises(CardDataError, match=r"mine\.toml, line 6: unknown table \[links\]"):
        f.only_tables("a card file", "[set]", "[[card]]")
    with pytest.raises(CardDataError, match=r"mine\.toml, line 3: unknown key 'zeta'"):
        f.only_keys(f.data["set"], ("name", "note"), "set", 0, optional=("name", "note"))


@pytest.mark.parametrize(
    ("game", "edit", "said"),
    [
        (  # it said "the file needs a [deck] table", as if the rest were there
            "testa-di-pecora",
            lambda text: "# my deck, to do\n",
            r"mine\.toml: the file holds no card data \(it is empty, or only comments\): a deck "
            r"file has \[deck\] and \[\[card\]\]",
        ),
        (  # "expected [[reserve]] entries"
            "renaissance-man-2d6",
            lambda text: "",
            r"mine\.toml: the file holds no card data .*: a card file has \[set\], \[\[reserve",
        ),
        (  # "expected [[token]] entries", with no line
            "renaissance-man",
            lambda text: "token = 48\n" + text[: text.index("\n[[token]]")],
            r"mine\.toml, line \d+: 'token' is \[\[token\]\] entries, not 48",
        ),
        (
            "renaissance-rivals",
            lambda text: re.sub(r"^\[\[link\]\]\n(.*\n)*?\n(?=\[\[start)", "", text, flags=re.M),
            r"mine\.toml: the file has no \[\[link\]\] entries",
        ),
        (  # "not valid TOML: Cannot declare ('card',) twice"
            "testa-di-pecora",
            lambda text: re.sub(r"^\[\[card\]\]", "[card]", text, flags=re.M),
            r"mine\.toml, line \d+: \[card\] again \(as on line \d+\): a table is written once",
        ),
        (  # "... write each of a list of entries as [[deck]]", of a one-table [deck]
            "testa-di-pecora",
            lambda text: text + '\n[deck]\ntrump_suit = "Church"\n',
            r"mine\.toml, line \d+: \[deck\] again \(as on line \d+\): a table is written once; "
            r"keep one \[deck\] header, with all its keys under it",
        ),
        (  # "the file needs a [deck] table", of a file that has it
            "testa-di-pecora",
            lambda text: re.sub(r"^\[deck\]", "[[deck]]", text, flags=re.M),
            r"mine\.toml, line \d+: \[deck\] is one table: write it once, as \[deck\]",
        ),
    ],
)
def test_a_file_without_its_tables_says_what_it_lacks(
    game: str, edit: Callable[[str], str], said: str
) -> None:
    """An empty file, a missing table, a table written with the wrong brackets or as a plain
    key: each gets a sentence that says so, at its line when it has one."""
    assert re.fullmatch(said + ".*", card_error(game, edit))


@pytest.mark.parametrize(
    ("game", "other", "said"),
    [
        ("testa-di-pecora", "renaissance-man", "Renaissance Man (2013), not for Testa di Pecora"),
        ("renaissance-man", "renaissance-rivals", "Renaissance Rivals, not for Renaissance Man"),
        ("renaissance-rivals", "renaissance-man-2d6", "Renaissance Man (2006), not for Renais"),
        ("renaissance-man-2d6", "testa-di-pecora", "Testa di Pecora, not for Renaissance Man"),
    ],
)
def test_another_games_card_file_is_told_to_be_that_games(game: str, other: str, said: str) -> None:
    """A file made for another game (the lobby has a card-file field for each) was called one
    of unknown tables ('unknown table [set] (a deck file has [deck] and [[card]])'), with no
    word of the game it fits."""
    package, option = CARD_OPTION[other]
    path = importlib.resources.files(f"tavola.games.{package}") / "data" / f"{option}.toml"
    text = path.read_text(encoding="utf-8")
    found = card_error(game, lambda _: text)
    assert re.match(
        rf"mine\.toml, line \d+: this looks like a card file for {re.escape(said)}", found
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (  # "not valid TOML: Invalid value"
            '[[card]]\nid = "pope"\nname = Pope\n',
            r"line 3: text is written between straight double quotes \(\"Pope\"\), numbers in "
            r"digits \(not valid TOML: Invalid value\)",
        ),
        ("[[card]]\nname = \u201cPope\u201d\n", r"line 2: text is written between straight"),
        (  # "not valid TOML: Illegal character '\n'"
            '[[card]]\nname = "Pope\nsuit = "Church"\n',
            r"line 2: a quote opened on this line is not closed \(not valid TOML: Illegal",
        ),
        (  # "not valid TOML: Expected "'" (at end of document)", with no line
            "[[card]]\nname = 'Pope'\nsuit = 'Church\nducats = 3\n",
            r"line 3: a quote opened on this line is not closed \(not valid TOML: Expected",
        ),
        (  # "not valid TOML: Cannot overwrite a value"
            '[[card]]\nname = "Pope"\nsuit = "Church"\nname = "Papa"\n',
            r"line 4: 'name' is given twice \(as on line 2\) \(not valid TOML: Cannot overwrite",
        ),
    ],
)
def test_a_toml_slip_is_told_in_plain_words(text: str, said: str) -> None:
    """The commonest slips of a hand-edited file get a sentence a designer understands, at the
    line to fix, before the parser's own words."""
    with pytest.raises(CardDataError) as info:
        DataFile("mine.toml", text)
    assert re.match(r"mine\.toml, " + said, str(info.value))


@pytest.mark.parametrize(
    ("name", "label"),
    [
        (
            "my-deck-" + "with-cheaper-nobles-" * 5 + "v2.toml",
            "my-deck-" + "with-cheaper-nobles-" * 3 + "with-cheaper",
        ),
        ("deck\u202e.toml", "deck\\u202e.toml"),
        ("a\x1bb", "a\\x1bb"),
        ("", "card file"),
    ],
)
def test_card_data_given_by_content_is_named_as_a_local_file_is(name: str, label: str) -> None:
    """A file chosen in the lobby whose name is longer than 80 characters, holds a character
    not to show or is empty is named as ``--cards`` names a file (shortened, escaped): it was
    refused ("the card data's name is at most 80 characters"), so a file the terminal took
    could not be used in the browser."""
    text = (
        importlib.resources.files("tavola.games.testa_di_pecora") / "data/deck.toml"
    ).read_text()
    g = tavola.new_game("testa-di-pecora", options={"deck": {"name": name, "toml": text}})
    assert g.record()["options"]["deck"]["name"] == label
    bad = {"name": name, "toml": text.replace("ducats = 11", "ducats = -1", 1)}
    with pytest.raises(CardDataError) as info:
        tavola.new_game("testa-di-pecora", options={"deck": bad})
    assert str(info.value).startswith(f"{label}, line ")
