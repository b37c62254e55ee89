"""Every error a caller can cause is a TavolaError with a short message, and changes nothing.

One test per input the hardening issue names: seats that are not seats, forged actions, bad
``replay`` arguments and records, wrong options, card data given by path or by hostile content,
card files that are not files, oversized, not UTF-8 or not printable, records whose card data
does not match its digest, oversized input in messages, seeds out of range, bounded caches.
"""

from __future__ import annotations

import builtins
import gc
import io
import json
import os
import random
import re
import subprocess
import sys
import threading
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from forged import forge

import tavola
from tavola import (
    Action,
    CardDataError,
    IllegalActionError,
    MalformedActionError,
    RecordError,
    SeatError,
    TavolaError,
    UnknownGameError,
    read_card_file,
)
from tavola.core import cards
from tavola.core.cards import MAX_CARD_BYTES, CardsOption
from tavola.games.testa_di_pecora import deck as deck_module
from tavola.games.testa_di_pecora import rules
from tavola.games.testa_di_pecora.deck import STANDARD_DECK, deck_by_key

GAME = "testa-di-pecora"
SHORT = 300
"""Every message stays under this many characters, whatever the input."""


def standard_text() -> str:
    return STANDARD_DECK.read_text(encoding="utf-8")


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the first line of ``text`` that contains ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.fixture
def game() -> tavola.Game:
    """A 5-player game at its first decision (the Inheritance is offered)."""
    return tavola.new_game(GAME, players=5, seed=7)


@pytest.fixture
def mid_game() -> tavola.Game:
    """A 5-player game in play, some trades done."""
    g = tavola.new_game(GAME, players=5, seed=7)
    rng = random.Random(1)
    for _ in range(15):
        (seat,) = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g


def refused(
    error: type[Exception], pattern: str, call: Callable[[], object], g: tavola.Game | None = None
) -> str:
    """Call ``call``, which must raise ``error`` matching ``pattern``, with a short message, and
    leave ``g`` (if given) exactly as it was. Returns the message."""
    before = g.canonical() if g is not None else None
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert re.search(pattern, message), message
    assert len(message) < SHORT, message
    assert message.isprintable(), message
    if g is not None:
        assert g.canonical() == before, "a refused call changed the game"
    return message


def to_act(g: tavola.Game) -> int:
    (seat,) = g.to_act
    return seat


# -- seats that are not seats ------------------------------------------------------------------


def test_view_9(game: tavola.Game) -> None:
    refused(SeatError, r"^there is no seat 9: seats are 0 to 4$", lambda: game.view(9), game)


def test_view_true(game: tavola.Game) -> None:
    refused(SeatError, "no seat true", lambda: game.view(True), game)


@pytest.mark.parametrize("seat", [True, False, 1.5, 0.0, 10**30, -1, "0", [0]])
def test_legal_actions_of_a_non_seat(game: tavola.Game, seat: object) -> None:
    """legal_actions(True) once answered for seat 1; floats and huge ints must not answer either."""
    refused(SeatError, "there is no seat", lambda: game.legal_actions(seat), game)


def test_a_numpy_seat_is_told_to_be_an_int(game: tavola.Game) -> None:
    """np.int64(3) was 'there is no seat np.int64(3): seats are 0 to 4', of seat 3."""
    import numpy as np

    seat = np.int64(to_act(game))
    for call in (lambda: game.legal_actions(seat), lambda: game.view(seat)):
        refused(SeatError, r"^seats are Python ints, not int64: pass int\(seat\)", call, game)
    action = game.legal_actions(to_act(game))[0]
    refused(IllegalActionError, "seats are Python ints", lambda: game.act(seat, action), game)


def test_numpy_numbers_are_whole_numbers_for_players_and_options() -> None:
    import numpy as np

    g = tavola.new_game(GAME, players=np.int64(4), seed=1, options={"seasons": np.int64(2)})
    assert (g.players, g.options["seasons"]) == (4, 2)
    assert type(g.players) is int and type(g.options["seasons"]) is int  # JSON as ever
    json.dumps(g.record())


def test_resample_9(game: tavola.Game) -> None:
    refused(SeatError, "no seat 9", lambda: game.resample(9, random.Random(1)), game)


@pytest.mark.parametrize("rng", [None, 5, "seed", random])
def test_resample_without_a_random_generator(game: tavola.Game, rng: object) -> None:
    refused(TavolaError, r"random\.Random", lambda: game.resample(0, rng), game)  # type: ignore[arg-type]


def test_events_9(game: tavola.Game) -> None:
    refused(SeatError, "no seat 9.*or None for a spectator", lambda: game.events(9), game)


@pytest.mark.parametrize("since", [True, -1, 1.5, "0", None])
def test_events_since_a_non_number(game: tavola.Game, since: object) -> None:
    refused(TavolaError, "'since' is an event number", lambda: game.events(0, since), game)  # type: ignore[arg-type]


def test_info_key_9(game: tavola.Game) -> None:
    refused(SeatError, "no seat 9", lambda: game.info_key(9), game)


def test_observe_9(game: tavola.Game) -> None:
    refused(SeatError, "no seat 9", lambda: game.observe(9), game)


@pytest.mark.parametrize("seat", [9, True, 1.5, None])
def test_action_mask_of_a_non_seat(game: tavola.Game, seat: object) -> None:
    refused(SeatError, "there is no seat", lambda: game.action_mask(seat), game)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [9, True, 2.0])
def test_public_record_and_hidden_ids_of_a_non_seat(game: tavola.Game, seat: object) -> None:
    refused(SeatError, "there is no seat", lambda: game.public_record(seat), game)  # type: ignore[arg-type]
    refused(SeatError, "there is no seat", lambda: game.hidden_ids(seat), game)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [9, True, 1.5, 10**30, None, "0"])
def test_act_by_a_non_seat(mid_game: tavola.Game, seat: object) -> None:
    action = mid_game.legal_actions(to_act(mid_game))[0]
    refused(IllegalActionError, "there is no seat", lambda: mid_game.act(seat, action), mid_game)  # type: ignore[arg-type]


# -- forged actions ------------------------------------------------------------------------------


def test_act_with_a_forged_action_right_kind_wrong_code(game: tavola.Game) -> None:
    """An action is its kind and parameters: a code that names a legal action (claim) does not
    make a forged 'play' legal, and a forged 'claim' with the code of a card acts as the claim."""
    seat, claim = to_act(game), rules.CLAIM_CODE
    forged_play = Action(claim, "play", {"card": "pope"}, "Claim the Inheritance")
    refused(IllegalActionError, "claim it or pass", lambda: game.act(seat, forged_play), game)
    game.act(seat, Action(0, "claim"))
    assert game.history == [(seat, claim)]


def test_act_with_a_forged_action_with_unknown_params(game: tavola.Game) -> None:
    forged = Action(rules.CLAIM_CODE, "claim", {"who": "me"})
    refused(
        IllegalActionError,
        "is not an action of Testa di Pecora",
        lambda: game.act(to_act(game), forged),
    )
    assert game.history == []


def test_an_action_is_made_of_a_code_and_a_kind() -> None:
    """Action('claim', {}), as its old repr read, failed with "unhashable type: 'dict'"."""
    with pytest.raises(TypeError, match="a whole number and a string, not 'claim' and"):
        Action("claim", {})  # type: ignore[arg-type]
    made = Action(64, "claim", {}, "Claim the Inheritance")
    assert eval(repr(made)) == made and repr(made) == repr(eval(repr(made)))


@pytest.mark.parametrize(
    "forged",
    [
        forge("64", "claim", {"x": 1}),
        forge(1.5, "play", {"card": "nobody"}),
        forge(None, "save", {"card": 3}),
        Action(10**30, "pass", {"now": True}),
        Action(-1, "no-such-kind"),
        Action.__new__(Action),  # no fields at all
    ],
    ids=["str-code", "float-code", "none-code", "huge-code", "negative-code", "empty"],
)
def test_act_and_parse_action_with_forged_codes_and_fields(
    game: tavola.Game, forged: Action
) -> None:
    refused(IllegalActionError, "is not an action", lambda: game.act(to_act(game), forged), game)
    refused(
        MalformedActionError,
        "is not an action",
        lambda: game.parse_action(to_act(game), forged),
        game,
    )


@pytest.mark.parametrize(
    "thing",
    [None, "claim", {"kind": "claim"}, 64, True, object(), [0, "claim"]],
    ids=["none", "text", "json", "code", "bool", "object", "list"],
)
def test_act_with_something_that_is_not_an_action(game: tavola.Game, thing: object) -> None:
    """act(3, 64) said '64 is not an action of Testa di Pecora', yet 64 is claim's code."""
    refused(
        IllegalActionError,
        r"^act takes an Action \(from legal_actions or parse_action\), not ",
        lambda: game.act(to_act(game), thing),  # type: ignore[arg-type]
        game,
    )


# -- replay arguments and records ----------------------------------------------------------------


@pytest.fixture
def record(mid_game: tavola.Game) -> dict[str, Any]:
    return mid_game.record()


@pytest.mark.parametrize("upto", ["3", -1, True, 2.0, [1]])
def test_replay_upto_that_is_not_a_count(record: dict[str, Any], upto: object) -> None:
    refused(RecordError, "'upto' is a number of actions", lambda: tavola.replay(record, upto=upto))  # type: ignore[arg-type]


def test_replay_upto_a_count_stops_there(record: dict[str, Any]) -> None:
    assert tavola.replay(record, upto=3).history == tavola.replay(record).history[:3]
    whole = len(record["actions"])
    assert tavola.replay(record, upto=whole).history == tavola.replay(record).history
    refused(  # it gave the whole game, silently
        RecordError,
        f"^'upto' is past the record's end: it holds {whole} actions$",
        lambda: tavola.replay(record, upto=whole + 1),
    )


@pytest.mark.parametrize("seat", [99, "x", None])
def test_parse_action_for_no_seat(game: tavola.Game, seat: object) -> None:
    """parse_action(99, 'claim') gave an action, as if seat 99 existed."""
    refused(SeatError, "there is no seat", lambda: game.parse_action(seat, "claim"), game)  # type: ignore[arg-type]


def test_record_seed_none(record: dict[str, Any]) -> None:
    refused(RecordError, "seed is missing", lambda: tavola.replay(record | {"seed": None}))


@pytest.mark.parametrize("seed", ["7", 2**64, -1, 7.0, True])
def test_record_seed_out_of_range_or_not_a_number(record: dict[str, Any], seed: object) -> None:
    refused(
        RecordError,
        "a seed is a whole number from 0 to 2\\*\\*64 - 1",
        lambda: tavola.replay(record | {"seed": seed}),
    )


@pytest.mark.parametrize("version", [2, None, ["2"]])
def test_record_rules_version_not_a_string(record: dict[str, Any], version: object) -> None:
    refused(
        RecordError,
        "'rules_version' is a string",
        lambda: tavola.replay(record | {"rules_version": version}),
    )


@pytest.mark.parametrize("field", ["game", "rules_version", "players", "seed", "cards", "actions"])
def test_record_without_a_required_field(record: dict[str, Any], field: str) -> None:
    damaged = {k: v for k, v in record.items() if k != field}
    refused(RecordError, f"the record lacks {field}", lambda: tavola.replay(damaged))


@pytest.mark.parametrize(
    "change",
    [
        {"game": ["x"]},
        {"players": True},
        {"variant": 5},
        {"options": ["deck"]},
        {"actions": {"0": 1}},
        {"actions": [[0]]},
        {"actions": [[0, {"kind": "claim"}, 1]]},
        {"actions": [[True, {"kind": "claim"}]]},
        {"actions": [[0, "[" * 5000]]},
    ],
    ids=lambda change: next(iter(change)),
)
def test_record_with_a_field_of_the_wrong_shape(
    record: dict[str, Any], change: dict[str, Any]
) -> None:
    refused(RecordError, ".", lambda: tavola.replay(record | change))


def test_replay_of_something_that_is_not_a_record() -> None:
    for thing in (None, [], "record", json.loads("[" * 500 + "]" * 500)):
        refused(RecordError, "a game record is a JSON object", lambda t=thing: tavola.replay(t))


# -- options ---------------------------------------------------------------------------------------


def test_options_deck_5() -> None:
    refused(
        UnknownGameError,
        r"option 'deck' names a built-in card set \(standard\) or gives the content",
        lambda: tavola.new_game(GAME, options={"deck": 5}),
    )


def test_options_as_a_list() -> None:
    refused(
        UnknownGameError,
        "options are a mapping of option name to value, not list",
        lambda: tavola.new_game(GAME, options=["deck"]),  # type: ignore[arg-type]
    )


def test_options_deck_as_a_path_object() -> None:
    """A record must stay JSON, and a path is never opened: a Path is refused (even one that
    names the shipped deck)."""
    refused(
        UnknownGameError,
        "not PosixPath|not WindowsPath",
        lambda: tavola.new_game(GAME, options={"deck": STANDARD_DECK}),
    )


@pytest.fixture
def no_file_access(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Opening or even looking at any file fails the test."""

    def forbidden(*args: object, **kwargs: object) -> Any:
        raise AssertionError(f"a file was touched: {args!r}")

    for target, name in ((os, "open"), (os, "stat"), (os, "lstat"), (builtins, "open")):
        monkeypatch.setattr(target, name, forbidden)
    monkeypatch.setattr(io, "open", forbidden)
    yield


def test_options_deck_etc_passwd(no_file_access: None) -> None:
    """A name that is not a built-in set is refused without opening it, and the message does not
    tell whether such a file exists: it reads the same for a file that does not."""
    there = refused(
        UnknownGameError,
        "no built-in card set",
        lambda: tavola.new_game(GAME, options={"deck": "/etc/passwd"}),
    )
    nowhere = refused(
        UnknownGameError,
        "no built-in card set",
        lambda: tavola.new_game(GAME, options={"deck": "/etc/no-such"}),
    )
    assert there.replace("passwd", "X") == nowhere.replace("no-such", "X")


def test_options_deck_content_of_2_mb() -> None:
    text = "# " + "x" * (2 << 20) + "\n"
    refused(
        CardDataError,
        r"^x: the card file is larger than 256 KiB$",
        lambda: tavola.new_game(GAME, options={"deck": {"name": "x", "toml": text}}),
    )


def test_options_deck_content_of_many_wide_characters() -> None:
    """The cap is on bytes: 400,000 four-byte characters are 1.6 MB."""
    text = "# " + "\U0001f0a1" * 400_000
    refused(
        CardDataError,
        "larger than",
        lambda: tavola.new_game(GAME, options={"deck": {"name": "x", "toml": text}}),
    )


@pytest.mark.parametrize(
    "content",
    [
        {"toml": 5},
        {"name": "x"},
        {"name": "x", "toml": "", "path": "/etc/passwd"},
        {"name": 5, "toml": ""},
    ],
    ids=["toml-int", "no-toml", "extra-key", "name-int"],
)
def test_options_deck_content_of_the_wrong_shape(content: dict[str, Any]) -> None:
    refused(
        UnknownGameError, "option 'deck'", lambda: tavola.new_game(GAME, options={"deck": content})
    )


@pytest.mark.parametrize(
    ("options", "pattern"),
    [
        ({"seasons": True}, "whole number from 1 to 12, not true"),
        ({"seasons": 3.0}, "not 3.0"),
        ({"seasons": 10**5000}, "whole number from 1 to 12"),
        ({"first_dealer": 5}, "seat from 0 to 4"),
        ({"no_such": 1}, "unknown option 'no_such'"),
        ({5: 1}, "unknown option 5"),
    ],
)
def test_options_of_the_wrong_type_or_range(options: dict[Any, Any], pattern: str) -> None:
    refused(UnknownGameError, pattern, lambda: tavola.new_game(GAME, options=options))


def test_a_record_with_a_custom_deck_is_json(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(standard_text().replace('name = "Pope"', 'name = "Papa"'), encoding="utf-8")
    g = tavola.new_game(GAME, seed=1, options={"deck": read_card_file(path)})
    assert json.loads(json.dumps(g.record())) == g.record()


# -- card files ------------------------------------------------------------------------------------


def _within(seconds: float, call: Callable[[], object]) -> BaseException | None:
    """Run ``call`` in a daemon thread; fail if it has not ended after ``seconds``."""
    caught: list[BaseException | None] = [None]

    def run() -> None:
        try:
            call()
        except BaseException as exc:
            caught[0] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the call hung"
    return caught[0]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_read_card_file_dev_zero() -> None:
    refused(
        CardDataError,
        "^zero: a card file must be a regular file$",
        lambda: read_card_file("/dev/zero"),
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_read_card_file_fifo(tmp_path: Path) -> None:
    """Nobody writes to the pipe: reading it would wait forever."""
    fifo = tmp_path / "deck.toml"
    os.mkfifo(fifo)
    error = _within(5, lambda: read_card_file(fifo))
    assert isinstance(error, CardDataError)
    assert str(error) == "deck.toml: a card file must be a regular file"


def test_read_card_file_directory(tmp_path: Path) -> None:
    refused(CardDataError, "a card file must be a regular file", lambda: read_card_file(tmp_path))


def test_read_card_file_missing(tmp_path: Path) -> None:
    refused(
        CardDataError,
        "^nowhere.toml: cannot read the card file: No such file or directory$",
        lambda: read_card_file(tmp_path / "nowhere.toml"),
    )


@pytest.mark.parametrize("path", [None, 5, b"deck.toml", "a\x00b", "x" * 5000])
def test_read_card_file_of_something_that_is_not_a_path(path: object) -> None:
    refused(CardDataError, ".", lambda: read_card_file(path))  # type: ignore[arg-type]


def test_read_card_file_50_mb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Refused by its size, before any byte is read (a sparse file: no disk is used)."""
    big = tmp_path / "big.toml"
    with big.open("wb") as f:
        f.truncate(50 << 20)
    monkeypatch.setattr(os, "read", lambda *args: pytest.fail("the file was read"))
    refused(
        CardDataError,
        "^big.toml: the card file is larger than 256 KiB$",
        lambda: read_card_file(big),
    )


def test_read_card_file_just_under_the_cap_is_read(tmp_path: Path) -> None:
    path = tmp_path / "padded.toml"
    text = standard_text()
    path.write_text(text + "#" * (MAX_CARD_BYTES - len(text.encode()) - 1) + "\n", "utf-8")
    tavola.new_game(GAME, options={"deck": read_card_file(path)})


def test_read_card_file_with_a_bom(tmp_path: Path) -> None:
    """A leading byte-order mark is dropped: the deck is the standard one, byte for byte."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + STANDARD_DECK.read_bytes())
    content = read_card_file(path)
    assert content == {"name": "bom.toml", "toml": standard_text()}
    assert tavola.new_game(GAME, options={"deck": content}).deck.key == "standard"


def test_read_card_file_not_utf8(tmp_path: Path) -> None:
    raw = STANDARD_DECK.read_bytes()
    at = raw.index(b"Pope")
    path = tmp_path / "latin1.toml"
    path.write_bytes(raw[:at] + b"P\xe4pste" + raw[at + 4 :])
    line = raw[:at].count(b"\n") + 1
    refused(
        CardDataError,
        rf"^latin1.toml, line {line}: the card file is not UTF-8 text \(byte {at + 1} is 0xe4\)$",
        lambda: read_card_file(path),
    )


def test_read_card_file_names_an_unprintable_file_name_escaped(tmp_path: Path) -> None:
    path = tmp_path / "evil\x1b[2J.toml"
    path.write_text(standard_text(), encoding="utf-8")
    content = read_card_file(path)
    assert content["name"] == "evil\\x1b[2J.toml" and content["name"].isprintable()
    tavola.new_game(GAME, options={"deck": content})


def deck_error(text: str, name: str = "my.toml") -> str:
    """The message of the CardDataError that ``text`` as a deck raises."""
    return refused(
        CardDataError,
        ".",
        lambda: tavola.new_game(GAME, options={"deck": {"name": name, "toml": text}}),
    )


@pytest.mark.parametrize(
    ("char", "shown"),
    [
        ("\\u0000", r"\x00"),
        ("\\u001b[31m", r"\x1b[31m"),
        ("\\u202e", r"\u202e"),
        ("\\u2028", r"\u2028"),
    ],
    ids=["nul", "esc", "right-to-left-override", "line-separator"],
)
def test_card_name_with_an_unprintable_character(char: str, shown: str) -> None:
    """TOML escapes put NUL, ESC and the like in a name; they would reach the terminal."""
    text = standard_text().replace('name = "Pope"', f'name = "Po{char}pe"')
    message = deck_error(text)
    line = line_of(text, f'name = "Po{char}pe"')
    assert message.startswith(f"my.toml, line {line}: 'name' must be printable text"), message
    assert shown in message


def test_unknown_key_in_deck_table() -> None:
    text = standard_text().replace("[deck]\n", '[deck]\ncolour = "red"\n', 1)
    message = deck_error(text)
    assert message.startswith(f"my.toml, line {line_of(text, 'colour =')}: unknown key 'colour'")


@pytest.mark.parametrize("key", ['colour = "red"', '"colour" = "red"', "colour.shade = 1"])
def test_unknown_key_in_card(key: str) -> None:
    text = standard_text().replace("influence = 14\n", f"influence = 14\n{key}\n", 1)
    message = deck_error(text)
    assert message.startswith(f"my.toml, line {line_of(text, key)}: unknown key 'colour'"), message


@pytest.mark.parametrize("table", ["[extra]", "[[extra]]", "[deck.extra]"])
def test_unknown_table(table: str) -> None:
    text = standard_text() + f"\n{table}\nx = 1\n"
    message = deck_error(text)
    assert re.match(rf"my.toml, line {line_of(text, table)}: unknown (table|key)", message), message


def test_cards_written_as_an_inline_array_are_named_by_entry_and_id() -> None:
    """'card = [{...}, ...]' is valid TOML with no line per entry: its errors named neither
    line nor card ('inline.toml: 'ducats' must be a whole number, not '3'')."""
    data = tomllib.loads(standard_text())
    data["card"][3]["ducats"] = "3"

    def toml(v: object) -> str:
        return json.dumps(v) if isinstance(v, (str, bool)) else str(v)

    rows = ["{" + ", ".join(f"{k} = {toml(v)}" for k, v in c.items()) + "}" for c in data["card"]]
    deck = "\n".join(f"{k} = {toml(v)}" for k, v in data["deck"].items())
    text = "card = [\n  " + ",\n  ".join(rows) + "\n]\n[deck]\n" + deck + "\n"
    card_id = data["card"][3]["id"]
    assert (
        deck_error(text)
        == f"my.toml, card entry 4 (id '{card_id}'): 'ducats' must be a whole number, not '3'"
    )


def test_an_inline_entry_missing_a_key_is_named_once() -> None:
    """An entry of an inline array that lacked a key was named twice: 'my.toml, card entry 2
    (id 'hermit'): [[card]] entry 2 lacks 'suit'' (and it is no [[card]] entry)."""
    text = 'card = [{id = "pope"}, {id = "hermit"}]\n[deck]\ntrump_suit = "Church"\n'
    assert deck_error(text) == "my.toml, card entry 1 (id 'pope'): the entry lacks 'name', " + (
        "'suit', 'ducats' and 'influence'"
    )


@pytest.mark.parametrize(
    "game", ["testa-di-pecora", "renaissance-man", "renaissance-rivals", "renaissance-man-2d6"]
)
def test_a_key_outside_any_table_is_named_as_a_key_with_its_line(game: str) -> None:
    """A key written before the first table (or a table header commented out) was called an
    'unknown table [colour]', with no line."""
    spec = tavola.get_spec(game)
    option = next(o for o in spec.options.values() if isinstance(o, CardsOption))
    text = 'colour = "red"\n' + option.text_of("standard")
    with pytest.raises(tavola.CardDataError) as refused:
        option.load({"name": "my.toml", "toml": text})
    assert str(refused.value).startswith("my.toml, line 1: unknown key 'colour' outside any table")


@pytest.mark.parametrize(
    "table", ['["\\u001b[2J"]', '["' + "x" * 5000 + '"]'], ids=["escape", "long"]
)
def test_unknown_table_with_a_hostile_name(table: str) -> None:
    message = deck_error(standard_text() + f"\n{table}\nx = 1\n")
    assert "unknown table" in message and "\x1b" not in message


def test_many_long_suit_names_get_a_short_message() -> None:
    count = iter(range(100))
    text = re.sub(
        r'suit = "(Venice|Florence|Naples)"',
        lambda m: f'suit = "{m.group(1) * 7}{next(count)}"',
        standard_text(),
    )
    assert "exactly three cities" in deck_error(text)


@pytest.mark.parametrize("value", ["3", "true", "[1]", "{ a = 1 }"])
def test_mistyped_role(value: str) -> None:
    text = standard_text().replace('role = "abbot"', f"role = {value}")
    message = deck_error(text)
    line = line_of(text, f"role = {value}")
    assert message.startswith(f"my.toml, line {line}: 'role' must be text in quotes"), message


@pytest.mark.parametrize(
    "text",
    ["", "\x00", "\ufeff[deck]", "a = " + "[" * 5000 + "]" * 5000, "x = \ud800"],
    ids=["empty", "nul", "bom-in-text", "deep", "surrogate"],
)
def test_card_content_that_is_not_a_deck(text: str) -> None:
    deck_error(text)


def test_deck_by_key_of_a_deck_not_loaded_here() -> None:
    """A view names its deck by key; a process that never loaded that deck says so."""
    refused(
        CardDataError,
        "no card set 'sha-0000' is loaded in this process",
        lambda: deck_by_key("sha-0000"),
    )
    refused(CardDataError, "is loaded", lambda: deck_by_key(["x"]))  # type: ignore[arg-type]


# -- records pin their card data -------------------------------------------------------------------


def custom_deck_text() -> str:
    return standard_text().replace('name = "Pope"', 'name = "Pontiff"')


def test_record_with_a_custom_deck_replays_in_a_fresh_process(tmp_path: Path) -> None:
    """The record carries the deck's content: another process in another directory replays it
    identically after the file is gone."""
    path = tmp_path / "mine.toml"
    path.write_text(custom_deck_text(), encoding="utf-8")
    g = tavola.new_game(GAME, seed=3, options={"deck": read_card_file(path)})
    rng = random.Random(3)
    for _ in range(12):
        (seat,) = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
    record = g.record()
    path.unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "record.json").write_text(json.dumps(record), encoding="utf-8")
    code = (
        "import json, tavola; g = tavola.replay(json.load(open('record.json'))); "
        "print(json.dumps({'view': g.view(0), 'record': g.record(), 'name': g.deck.names[0]}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=elsewhere, capture_output=True, text=True, check=True
    ).stdout
    there = json.loads(out)
    assert there == {"view": g.view(0), "record": record, "name": "Pontiff"}


def test_record_with_the_custom_deck_edited(tmp_path: Path) -> None:
    g = tavola.new_game(
        GAME, seed=3, options={"deck": {"name": "mine.toml", "toml": custom_deck_text()}}
    )
    record = g.record()
    edited = (
        custom_deck_text()
        .replace("ducats = 11", "ducats = 12", 1)
        .replace("ducats = 10", "ducats = 9", 1)
    )
    record["options"]["deck"] = {"name": "mine.toml", "toml": edited}
    refused(
        RecordError,
        "'deck' card data has digest 'sha256:.*it was edited",
        lambda: tavola.replay(record),
    )
    record["options"]["deck"] = "standard"
    refused(RecordError, "it was edited", lambda: tavola.replay(record))


def test_record_of_the_builtin_deck_with_its_digest_changed(record: dict[str, Any]) -> None:
    assert record["cards"] == {"deck": deck_module.DECKS.digest("standard")}
    forged = record | {"cards": {"deck": "sha256:" + "0" * 64}}
    refused(RecordError, "card data has digest 'sha256:0000", lambda: tavola.replay(forged))


@pytest.mark.parametrize(
    "cards_field",
    [{}, [], None, {"deck": None}, {"deck": "x", "other": "y"}],
    ids=["empty", "list", "none", "digest-none", "extra"],
)
def test_record_whose_cards_field_is_wrong(record: dict[str, Any], cards_field: object) -> None:
    refused(RecordError, "card", lambda: tavola.replay(record | {"cards": cards_field}))


def test_record_with_an_edited_deck_is_refused_before_parsing(
    monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]
) -> None:
    """The digest is checked first: content that does not match is never parsed."""
    monkeypatch.setattr(cards, "DataFile", lambda *args: pytest.fail("the edited data was parsed"))
    edited = record | {"options": record["options"] | {"deck": {"name": "x", "toml": "junk"}}}
    refused(RecordError, "it was edited", lambda: tavola.replay(edited))


# -- short messages for long input -----------------------------------------------------------------

LONG = "x" * 5000

LONG_INPUTS: dict[str, Callable[[tavola.Game], object]] = {
    "game id": lambda g: tavola.new_game(LONG),
    "players": lambda g: tavola.new_game(GAME, players=LONG),  # type: ignore[arg-type]
    "variant": lambda g: tavola.new_game(GAME, variant=LONG),
    "seed": lambda g: tavola.new_game(GAME, seed=LONG),  # type: ignore[arg-type]
    "option name": lambda g: tavola.new_game(GAME, options={LONG: 1}),
    "option value": lambda g: tavola.new_game(GAME, options={"seasons": LONG}),
    "deck name": lambda g: tavola.new_game(GAME, options={"deck": LONG}),
    "deck label": lambda g: tavola.new_game(GAME, options={"deck": {"name": LONG, "toml": ""}}),
    "card name": lambda g: tavola.new_game(
        GAME,
        options={
            "deck": {
                "name": "x",
                "toml": standard_text().replace('name = "Pope"', f'name = "{LONG}"'),
            }
        },
    ),
    "card key": lambda g: tavola.new_game(
        GAME,
        options={"deck": {"name": "x", "toml": standard_text() + f"\n[[card]]\n{LONG} = 1\n"}},
    ),
    "seat": lambda g: g.view(LONG),  # type: ignore[arg-type]
    "act seat": lambda g: g.act(LONG, g.catalog.actions[0]),  # type: ignore[arg-type]
    "act action": lambda g: g.act(to_act(g), LONG),  # type: ignore[arg-type]
    "action label": lambda g: g.parse_action(0, LONG[:4000]),
    "action kind": lambda g: g.parse_action(0, {"kind": LONG}),
    "action params": lambda g: g.parse_action(0, {"kind": "play", "card": LONG}),
    "action json": lambda g: g.parse_action(0, '{"kind": "' + LONG[:4000] + '"}'),
    "action text": lambda g: g.parse_action(0, LONG),
    "record game": lambda g: tavola.replay(g.record() | {"game": LONG}),
    "record version": lambda g: tavola.replay(g.record() | {"rules_version": LONG}),
    "record action": lambda g: tavola.replay(g.record() | {"actions": [[LONG, LONG]]}),
    "record label": lambda g: tavola.replay(g.record() | {"actions": [[to_act(g), LONG]]}),
    "record digest": lambda g: tavola.replay(g.record() | {"cards": {"deck": LONG}}),
    "upto": lambda g: tavola.replay(g.record(), upto=LONG),  # type: ignore[arg-type]
    "card file path": lambda g: read_card_file(LONG),
}


@pytest.mark.parametrize("where", list(LONG_INPUTS))
def test_error_messages_for_a_5000_character_input_are_short(
    mid_game: tavola.Game, where: str
) -> None:
    message = refused(TavolaError, ".", lambda: LONG_INPUTS[where](mid_game), mid_game)
    assert LONG[:100] not in message


def test_a_long_label_among_many_legal_actions_gets_a_short_message() -> None:
    """The hint that lists the legal actions is cut too (8 cards in hand, long card names)."""
    text = standard_text()
    for name in re.findall(r'^name = "(.+)"$', text, re.MULTILINE)[1:]:
        text = text.replace(f'name = "{name}"', f'name = "{name} {"of the long title " * 3}"')
    g = tavola.new_game(GAME, players=4, seed=1, options={"deck": {"name": "x", "toml": text}})
    seat = to_act(g)
    assert len(g.legal_actions(seat)) == 8
    label = LONG[:4000]  # longer text is refused before it is read
    message = refused(
        MalformedActionError, "legal now: .*…$", lambda: g.parse_action(seat, label), g
    )
    assert message.startswith("'xxxx")
    record = g.record() | {"actions": [[seat, label]]}
    refused(
        RecordError,
        r"^move 1 \(actions\[0\]\), by seat \d, cannot be read: 'xxx",
        lambda: tavola.replay(record),
    )


# -- seeds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [2**64, 2**64 + 7, -1, 2**200])
def test_seeds_outside_64_bits_are_refused(seed: int) -> None:
    """They would alias smaller seeds (2**64 + 7 would deal as 7)."""
    refused(
        UnknownGameError,
        "a seed is a whole number from 0 to 2\\*\\*64 - 1",
        lambda: tavola.new_game(GAME, seed=seed),
    )


def test_the_largest_seed_plays_and_differs_from_0() -> None:
    top = tavola.new_game(GAME, players=4, seed=2**64 - 1)
    assert top.seed == 2**64 - 1 and top.record()["seed"] == 2**64 - 1
    assert top.hands != tavola.new_game(GAME, players=4, seed=0).hands
    assert tavola.replay(top.record()).canonical() == top.canonical()


# -- caches ----------------------------------------------------------------------------------------


def test_the_parse_cache_stays_bounded() -> None:
    """100 distinct decks are loaded; the caches keep only the last few, not every one."""
    text = standard_text()
    for i in range(100):
        content = {
            "name": f"d{i}.toml",
            "toml": text.replace('name = "Pope"', f'name = "Pope {i}"'),
        }
        tavola.new_game(GAME, options={"deck": content})
    gc.collect()
    assert len(cards._PARSED) <= cards._CACHE_SIZE
    assert rules.tables_for.cache_info().currsize <= cards._CACHE_SIZE
    assert len(deck_module.DECKS._loaded) <= 2 * cards._CACHE_SIZE


def test_a_games_options_are_a_copy() -> None:
    """Changing what ``g.options`` returned rewrote the game's record (and its clones')."""
    g = tavola.new_game("testa-di-pecora", players=4, seed=7)
    g.options["seasons"] = 1
    twin = g.clone()
    assert g.options["seasons"] == twin.options["seasons"] == 3
    assert g.record()["options"]["seasons"] == 3


def test_a_games_card_data_option_is_copied_all_the_way_down(tmp_path: Path) -> None:
    """``g.options["deck"]["toml"] = "x"`` broke the game's record: replaying it failed."""
    path = tmp_path / "mine.toml"
    path.write_text(standard_text(), encoding="utf-8")
    g = tavola.new_game(GAME, seed=1, options={"deck": read_card_file(path)})
    g.options["deck"]["toml"] = "x"
    g.record()["options"]["deck"]["toml"] = "x"
    assert tavola.replay(g.record()).canonical() == g.canonical()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a" + ".a" * 30000 + " = 1", "my.toml, line 1: a key of more than 4 dotted parts"),
        ("[deck]\n[" + "a." * 40 + "a]", "my.toml, line 2: a key of more than 4 dotted parts"),
        ("x = {" + "a." * 40 + "b = 1}", "my.toml, line 1: a key of more than 4 dotted parts"),
        (
            'x."\u2028".' + "a." * 30000 + "a = 1",  # a line break to Python, not to TOML
            "my.toml, line 1: a key of more than 4 dotted parts",
        ),
        ("x = " + "9" * 5000, "my.toml: not valid card data: Exceeds the limit (4300 digits)"),
    ],
    ids=["dotted-key", "dotted-header", "dotted-inline", "line-separator", "huge-number"],
)
def test_card_text_the_toml_parser_chokes_on_is_refused_before(text: str, words: str) -> None:
    """A key of 30,000 dotted parts (60 KB) held a server's event loop 17 s and took gigabytes
    (Python's parser is quadratic in a key's parts); a number of 5,000 digits raised a
    ValueError the card loader did not catch (a 500)."""
    assert deck_error(text).startswith(words)


def test_dots_in_quoted_text_and_comments_are_no_key() -> None:
    """Only a key's own dots count: quoted text (unclosed quotes too, scanned in one pass) and
    comments may hold any number."""
    dots = "." * 100
    assert "dotted parts" not in deck_error(f'[deck]\nname = "{dots}"  # {dots}\n')
    assert "dotted parts" not in deck_error(f"[deck]\nname = '{dots}'\n")
    assert "dotted parts" in deck_error(f'[deck]\n"{dots}"{".a" * 9} = 1\n')


def test_a_number_past_the_digits_python_prints_is_named_by_its_size() -> None:
    """TOML reads 0x, 0o and 0b numbers of any length; printing one in the range error raised
    a ValueError (a 500 from the web app)."""
    huge = standard_text().replace("ducats = 11", "ducats = 0x" + "f" * 5000, 1)
    assert "'ducats' is from 0 to 120, not <a number of 20000 bits>" in deck_error(huge)


def test_a_line_separator_in_a_comment_does_not_shift_the_lines_named() -> None:
    """Python's splitlines() also breaks at U+2028, U+2029 and U+0085, which TOML does not:
    the lines errors named came after such a comment, one too far."""
    text = standard_text()
    bad = "# a comment\u2028with a separator\n" + text.replace("ducats = 11", "ducats = -1", 1)
    line = bad.split("\n").index("ducats = -1") + 1
    assert deck_error(bad).startswith(f"my.toml, line {line}: 'ducats' is from 0 to 120")
