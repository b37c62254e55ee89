"""The registry: metadata as data, and new_game's checks."""

import pytest

import tavola
from tavola import UnknownGameError


def test_testa_di_pecora_is_registered_with_its_metadata() -> None:
    spec = tavola.get_spec("testa-di-pecora")
    assert spec in tavola.list_games()
    assert (spec.min_players, spec.max_players) == (4, 5)
    assert spec.hidden_information and spec.chance and not spec.simultaneous
    assert spec.variants == ("standard",) and spec.rules_version
    assert set(spec.to_json()) >= {
        "id",
        "title",
        "min_players",
        "max_players",
        "variants",
        "rules_version",
        "simultaneous",
        "hidden_information",
    }


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError, match="testa-di-pecora"):
        tavola.new_game("chess")


def test_defaults_players_to_maximum_and_keeps_a_fresh_seed() -> None:
    g = tavola.new_game("testa-di-pecora")
    assert g.players == 5
    assert isinstance(g.record()["seed"], int)
    assert tavola.replay(g.record()).view(0) == g.view(0)


def test_record_errors_name_the_action() -> None:
    g = tavola.new_game("testa-di-pecora", players=4, seed=1)
    record = g.record()
    record["actions"] = [[0, {"kind": "play", "card": "nobody"}]]
    with pytest.raises(tavola.RecordError, match=r"move 1 \(actions\[0\]\)"):
        tavola.replay(record)
    with pytest.raises(tavola.RecordError, match="rules version"):
        tavola.replay(g.record() | {"rules_version": "0"})
    # the game's "your" is the acting seat's, not the importer's (the hand is seat 0's)
    assert "deacon" in g.view(0)["hand"] and g.to_act == {2}
    record["actions"] = [[2, {"kind": "play", "card": "deacon"}]]
    with pytest.raises(tavola.RecordError) as refused:
        tavola.replay(record)
    assert str(refused.value) == (
        "move 1 (actions[0]), Deacon by seat 2, cannot be replayed; the game's answer to seat 2: "
        "Deacon is not in your hand"
    )
    with pytest.raises(tavola.RecordError, match="lacks"):
        tavola.replay({"game": "testa-di-pecora"})


def test_variants_and_options_say_the_player_counts_they_are_for() -> None:
    """Decision D24: 'with two to four players they play as standard', so the spec says the
    easier and tougher variants and their solo_cards are for one player (forms offer them only
    there), and a game of three with them still plays as standard."""
    spec = tavola.get_spec("renaissance-man")
    assert spec.variants_for(1) == ("standard", "easier", "tougher")
    assert spec.variants_for(3) == ("standard",)
    solo = spec.options["solo_cards"]
    assert solo.applies(1) and not solo.applies(2)
    assert not spec.options["round_limit"].players and spec.options["round_limit"].applies(4)
    data = spec.to_json()
    assert data["variant_players"] == {"easier": [1, 1], "tougher": [1, 1]}
    assert data["options"]["solo_cards"]["players"] == [1, 1]
    assert data["options"]["round_limit"]["players"] is None
    assert tavola.get_spec("testa-di-pecora").variants_for(4) == ("standard",)
    tougher = tavola.new_game("renaissance-man", 3, seed=5, variant="tougher")
    standard = tavola.new_game("renaissance-man", 3, seed=5)
    assert {**tougher.view(0), "variant": "standard"} == standard.view(0)
