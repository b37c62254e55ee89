"""Fuzzing every entry point that takes input: ``new_game``, ``act``, ``parse_action``,
``replay`` and card data. Whatever comes in, the only exception is a TavolaError (with a short,
printable message), and a refused call changes nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from forged import forge
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tavola
from tavola import Action, TavolaError, read_card_file
from tavola.games.testa_di_pecora.deck import STANDARD_DECK

GAME = "testa-di-pecora"
EXAMPLES = settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**63, max_value=2**70)
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["testa-di-pecora", "standard", "deck", "seasons", "claim", "pass", "play"])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


def deep(depth: int) -> Any:
    """A list nested ``depth`` deep (what json.loads would make of '[[[...]]]')."""
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


odd_values = st.sampled_from(
    [
        Path("deck.toml"),
        STANDARD_DECK,
        "/etc/passwd",
        "/dev/zero",
        b"bytes",
        object(),
        float("nan"),
        10**5000,
        "x" * 5000,
        "\x00\x1b[2J\ud800",
        deep(3000),
        {"name": "x", "toml": "[deck]\n"},
    ]
)
anything = json_values | odd_values


def refused_cleanly(exc: TavolaError) -> None:
    message = str(exc)
    assert message and len(message) < 300 and message.isprintable(), message


def a_game(seed: int, moves: int) -> tavola.Game:
    g = tavola.new_game(GAME, players=5, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        (seat,) = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g


@EXAMPLES
@given(
    players=st.none() | st.integers(0, 8) | anything,
    seed=st.none() | st.integers(-5, 2**64 + 5) | anything,
    variant=st.none() | st.just("standard") | anything,
    options=st.none()
    | st.dictionaries(
        st.sampled_from(["deck", "seasons", "first_dealer", "redeals"]) | st.text(max_size=8),
        anything,
        max_size=3,
    )
    | anything,
)
def test_fuzz_new_game(players: object, seed: object, variant: object, options: object) -> None:
    try:
        g = tavola.new_game(GAME, players=players, seed=seed, variant=variant, options=options)  # type: ignore[arg-type]
    except TavolaError as exc:
        refused_cleanly(exc)
    else:
        assert json.loads(json.dumps(g.record())) == g.record()


GAMES = [a_game(seed, moves) for seed, moves in ((1, 0), (2, 9), (3, 40))]


def forged_actions() -> st.SearchStrategy[Action]:
    return st.builds(
        forge,
        st.integers(-3, 70) | st.none() | st.text(max_size=3) | st.floats(),
        st.sampled_from(["play", "save", "claim", "pass", "fly"]) | st.text(max_size=5),
        st.dictionaries(
            st.sampled_from(["card", "x"]),
            st.sampled_from(["pope", "abbot", "nobody"]) | st.integers() | st.none(),
            max_size=2,
        ),
    )


def actions_for(g: tavola.Game) -> st.SearchStrategy[object]:
    catalog = st.sampled_from(g.catalog.actions)
    as_json = catalog.map(lambda a: a.to_json())
    as_text = catalog.map(lambda a: json.dumps(a.to_json())) | catalog.map(str)
    return catalog | forged_actions() | as_json | as_text | anything


@EXAMPLES
@given(data=st.data())
def test_fuzz_act(data: st.DataObject) -> None:
    g = data.draw(st.sampled_from(GAMES)).clone()
    seat = data.draw(st.sampled_from(sorted(g.to_act) or [0]) | st.integers(-2, 6) | anything)
    action = data.draw(actions_for(g))
    before = g.canonical()
    try:
        g.act(seat, action)  # type: ignore[arg-type]
    except TavolaError as exc:
        refused_cleanly(exc)
        assert g.canonical() == before
    else:
        assert g.history[-1][0] == seat and g.canonical() != before


text_junk = (
    st.text(max_size=60)
    | st.text(alphabet='{}[]":,kind play card pope 0123456789\\', max_size=80)
    | st.integers(0, 6000).map(lambda n: "[" * n + "]" * n)
    | st.integers(0, 6000).map(lambda n: '{"kind": ' + "[" * n)
    | st.just('{"kind": "play", "card": ' + "9" * 4000 + "}")
)


@EXAMPLES
@given(data=st.data())
def test_fuzz_parse_action(data: st.DataObject) -> None:
    g = data.draw(st.sampled_from(GAMES))
    seat = data.draw(st.sampled_from(sorted(g.to_act) or [0]) | st.integers(-2, 6) | anything)
    value = data.draw(text_junk | json_values.map(json.dumps) | actions_for(g))
    before = g.canonical()
    try:
        action = g.parse_action(seat, value)  # type: ignore[arg-type]
    except TavolaError as exc:
        refused_cleanly(exc)
    else:
        assert g.catalog.canonical(action) is action
    assert g.canonical() == before


RECORD = a_game(4, 25).record()
FIELDS = sorted(RECORD)


@st.composite
def mutated_records(draw: st.DrawFn) -> dict[str, Any]:
    record = json.loads(json.dumps(RECORD))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["drop", "set", "action", "drop-action", "swap", "seat"]))
        actions = record.get("actions")
        if how == "drop":
            record.pop(draw(st.sampled_from(FIELDS)), None)
        elif how == "set":
            record[draw(st.sampled_from(FIELDS))] = draw(anything)
        elif isinstance(actions, list) and actions:
            i = draw(st.integers(0, len(actions) - 1))
            if how == "action":
                actions[i] = draw(anything)
            elif how == "drop-action":
                del actions[i]
            elif how == "swap":
                actions[i], actions[-1] = actions[-1], actions[i]
            elif isinstance(actions[i], list) and actions[i]:
                actions[i][0] = draw(st.integers(-1, 6) | anything)
    return record


@EXAMPLES
@given(record=mutated_records(), upto=st.none() | st.integers(-2, 40) | anything)
def test_fuzz_replay(record: dict[str, Any], upto: object) -> None:
    try:
        g = tavola.replay(record, upto=upto)  # type: ignore[arg-type]
    except TavolaError as exc:
        refused_cleanly(exc)
    else:
        assert g.record()["actions"] == record["actions"][: len(g.history)]


DECK_BYTES = STANDARD_DECK.read_bytes()


@st.composite
def mutated_deck_bytes(draw: st.DrawFn) -> bytes:
    data = bytearray(DECK_BYTES)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data) - 1))
        how = draw(st.sampled_from(["flip", "insert", "delete", "copy"]))
        if how == "flip":
            data[at] = draw(st.integers(0, 255))
        elif how == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif how == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        else:
            start = draw(st.integers(0, len(data) - 1))
            data[at:at] = data[start : start + draw(st.integers(1, 200))]
    if draw(st.booleans()):
        data[:0] = b"\xef\xbb\xbf"
    return bytes(data)


@EXAMPLES
@given(raw=mutated_deck_bytes(), errors=st.sampled_from(["replace", "surrogateescape", "ignore"]))
def test_fuzz_card_content(raw: bytes, errors: str) -> None:
    """Byte mutations of the shipped deck, decoded leniently (lone surrogates included)."""
    content = {"name": "fuzzed.toml", "toml": raw.decode("utf-8", errors)}
    try:
        g = tavola.new_game(GAME, players=4, seed=1, options={"deck": content})
    except TavolaError as exc:
        refused_cleanly(exc)
    else:
        assert tavola.replay(g.record()).canonical() == g.canonical()


@EXAMPLES
@given(raw=mutated_deck_bytes())
def test_fuzz_card_file(tmp_path_factory: Any, raw: bytes) -> None:
    """The same bytes as a file: read_card_file refuses non-UTF-8 with a CardDataError."""
    path = tmp_path_factory.mktemp("fuzz") / "fuzzed.toml"
    path.write_bytes(raw)
    try:
        tavola.new_game(GAME, players=5, seed=1, options={"deck": read_card_file(path)})
    except TavolaError as exc:
        refused_cleanly(exc)
