"""Core value types: actions, the action catalog, results."""

import pickle

import pytest

from tavola import Action, GameResult, MalformedActionError
from tavola.core.protocol import ActionCatalog

CATALOG = ActionCatalog(
    [
        Action(0, "play", {"card": "pope"}, "Pope"),
        Action(1, "play", {"card": "abbot"}, "Abbot"),
        Action(2, "pass", None, "Pass"),
    ],
    aliases={2: ["p"]},
)


def test_actions_are_immutable_values_with_json_and_label() -> None:
    a = Action(0, "play", {"card": "pope"}, "Pope")
    b = Action(7, "play", {"card": "pope"}, "another label")
    assert a == b and hash(a) == hash(b), "equality is kind and parameters"
    assert a != Action(0, "play", {"card": "abbot"}, "Pope")
    assert a.to_json() == {"kind": "play", "card": "pope"} and str(a) == "Pope"
    with pytest.raises(AttributeError):
        a.kind = "x"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a


def test_catalog_codes_must_be_indices() -> None:
    with pytest.raises(ValueError, match="code"):
        ActionCatalog([Action(1, "pass")])


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"kind": "play", "card": "abbot"}, 1),
        ('{"kind": "play", "card": "pope"}', 0),
        ("  POPE ", 0),
        ("play abbot", 1),
        ("p", 2),
        (Action(9, "pass"), 2),
    ],
)
def test_catalog_parses_json_labels_and_aliases(data: object, code: int) -> None:
    assert CATALOG.parse(data).code == code


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "invalid JSON"),
        ({"card": "pope"}, "needs a 'kind'"),
        ({"kind": "fly"}, "unknown action kind 'fly'"),
        ({"kind": "play", "card": "nobody"}, "no 'play' action"),
        ({"kind": "play", "card": ["unhashable"]}, "no 'play' action"),
        ("dance", "not an action"),
        (42, "not int"),
        (Action(0, "fly"), "not an action"),
    ],
)
def test_catalog_refuses_malformed_input_clearly(data: object, message: str) -> None:
    with pytest.raises(MalformedActionError, match=message):
        CATALOG.parse(data)


def test_labels_prefer_legal_actions_and_hint_them() -> None:
    twins = ActionCatalog(
        [Action(0, "play", {"c": 1}, "Pope"), Action(1, "save", {"c": 1}, "x")],
        aliases={1: ["pope"]},
    )
    assert twins.parse("pope").code == 0
    assert twins.parse("pope", legal=[twins.actions[1]]).code == 1
    with pytest.raises(MalformedActionError, match="legal now: x"):
        twins.parse("zzz", legal=[twins.actions[1]])


def test_result_shares_wins_and_places() -> None:
    r = GameResult.from_scores([3, 7, 7, 1])
    assert r.winners == (1, 2)
    assert r.places == (3, 1, 1, 4)
    assert r.ranking == [1, 2, 0, 3]
    assert r.to_json()["winners"] == [1, 2]
