"""The learned value: fitted, it ranks first the seat that wins; it reads only the seats'
observations (or the game's features of their views); it is used only for the player count,
variant, options and cards it was trained on; and pimc scores its cut rollouts by it when asked
(with rewards by wins)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

import tavola
from tavola.agents import AgentNameError, Pimc, SeatHandle, make_agent
from tavola.agents.value import (
    LinearValue,
    _value_for,
    file_name,
    fit,
    position,
    save,
    trained_on,
    user_file,
    value_for,
    value_key,
)
from tavola.cli import USAGE_ERROR, main
from tavola.core.registry import get_spec


def test_a_fitted_value_ranks_first_the_seat_that_wins(tmp_path) -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(3000, 3, 4)).astype(np.float32) * [1, 1, 5, 1]
    strength = x[:, :, 0] + 0.3 * rng.normal(size=(3000, 3))
    wins = (strength == strength.max(1, keepdims=True)).astype(float)
    weights, mean, scale = fit(x[:2000], wins[:2000])
    assert np.argmax(np.abs(weights)) == 0 and weights[0] > 0
    scores = ((x[2000:] - mean) / scale) @ weights
    assert wins[2000:][np.arange(1000), scores.argmax(1)].mean() > 0.8
    save(tmp_path / "v.npz", weights, mean, scale, {"trained_on": {}})
    value = LinearValue.load(tmp_path / "v.npz")
    chances = np.exp(x[2000] @ value.weights)
    assert np.allclose(chances / chances.sum(), np.exp(scores[0]) / np.exp(scores[0]).sum())


def test_the_value_reads_only_each_seats_observation() -> None:
    g = tavola.new_game("renaissance-rivals", players=3, seed=4)
    value = value_for(g)
    assert value is not None
    chances = value(g)
    assert len(chances) == 3 and abs(sum(chances) - 1) < 1e-9
    scores = np.array([g.observe(s) @ value.weights for s in range(3)])
    assert np.allclose(chances, np.exp(scores) / np.exp(scores).sum())


def test_a_game_with_features_is_valued_by_them_of_each_seats_view() -> None:
    """The 2013 game's value reads the heuristic's reading of each seat's structure, from that
    seat's view (so two worlds alike to a seat are alike to it)."""
    spec = get_spec("renaissance-man")
    g = tavola.new_game("renaissance-man", players=3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        seat = min(g.to_act)
        g.act(seat, spec.heuristic(g.view(seat), g.legal_actions(seat), rng))
    value = value_for(g)
    assert value is not None and spec.features is not None
    scores = np.array([spec.features(g.view(s)) @ value.weights for s in range(3)])
    assert np.allclose(value(g), np.exp(scores) / np.exp(scores).sum())
    world = SeatHandle(g, 0).resample(random.Random(1))
    assert np.array_equal(position(world, 0), position(g, 0))


def test_a_value_read_from_other_features_is_not_used(tmp_path, monkeypatch) -> None:
    """A value trained before the game's features changed (another size) is left unused."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    g = tavola.new_game("renaissance-man", players=3, seed=1, options={"round_limit": 30})
    path = user_file("renaissance-man", 3, value_key(g))
    path.parent.mkdir(parents=True)
    size = len(position(g, 0)) + 1
    save(path, np.ones(size), np.zeros(size), np.ones(size), {"trained_on": trained_on(g)})
    _value_for.cache_clear()
    assert _value_for("renaissance-man", 3, value_key(g)) is not None
    assert value_for(g) is None


@pytest.mark.parametrize(
    ("game_id", "counts"),
    [
        ("renaissance-rivals", range(2, 5)),
        ("renaissance-man-2d6", range(2, 7)),
        ("renaissance-man", range(2, 5)),
    ],
)
def test_every_shipped_value_matches_its_game_as_it_is(game_id: str, counts: range) -> None:
    """A change to the cards, options or rules leaves a shipped value unused (scored by the
    standing): this fails until the values are trained again."""
    folder = get_spec(game_id).values
    assert folder is not None
    assert sorted(folder.glob("value-*p.npz")) == [folder / file_name(n) for n in counts]
    for players in counts:
        g = tavola.new_game(game_id, players=players, seed=1)
        value = value_for(g)
        assert value is not None  # its trained_on is the game's (deal options aside: below)
        assert value.meta["players"] == players and value.meta["game"] == game_id


def test_a_value_holds_whoever_deals_and_whichever_artist_a_seat_chose() -> None:
    """A dealer, a first player or an artist chosen (options that only pick one of the game's
    own deals: Option.deal) left the shipped value unused, so 'hard' played another bot."""
    for game_id, options in [
        ("renaissance-man", {"dealer": 2}),
        ("renaissance-man-2d6", {"first_player": 1}),
        ("renaissance-rivals", {"artist_0": "nelli", "artist_2": "leonardo"}),
    ]:
        g = tavola.new_game(game_id, players=3, seed=1, options=options)
        assert value_for(g) is not None, game_id
        assert not set(options) & set(trained_on(g)["options"])


def test_the_docs_name_the_options_a_value_leaves_out_of_its_match() -> None:
    """docs/bots.md said a value is used only where 'variant, options and cards match', though
    the options that only pick a deal are left out of the match (the test above)."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    doc = " ".join(doc.split())
    assert "`Option.deal`" in doc
    for game_id in ("renaissance-man", "renaissance-man-2d6", "renaissance-rivals"):
        spec = get_spec(game_id)
        dealing = [k for k, o in spec.options.items() if getattr(o, "deal", False)]
        assert dealing and spec.values is not None
        numbered = [k for k in dealing if re.fullmatch(r"\w+_\d+", k)]
        if numbered:  # artist_0 ... artist_3, named as a span
            assert f"`{numbered[0]}` to `{numbered[-1]}` in" in doc, game_id
        for name in set(dealing) - set(numbered):
            assert f"`{name}` in" in doc, name


def test_a_value_holds_only_for_what_it_was_trained_on() -> None:
    """A game alone, with another turn limit, or with no values folder has none (pimc then
    scores by the standing)."""
    assert value_for(tavola.new_game("renaissance-rivals", players=1, seed=1)) is None
    longer = tavola.new_game("renaissance-rivals", players=3, seed=1, options={"turn_limit": 30})
    assert value_for(longer) is None
    assert "cards" in trained_on(longer) and trained_on(longer)["cards"]
    assert value_for(tavola.new_game("testa-di-pecora", players=4, seed=1)) is None


def test_pimc_scores_its_cut_rollouts_by_the_learned_value() -> None:
    with pytest.raises(AgentNameError, match="needs reward=win"):
        make_agent("pimc:horizon=12,value=learned", "renaissance-rivals")
    with pytest.raises(AgentNameError, match="no learned value"):
        make_agent("pimc:horizon=12,reward=win,value=learned", "testa-di-pecora")
    g = tavola.new_game("renaissance-rivals", players=3, seed=2)
    rng = random.Random(2)
    while len(g.legal_actions(min(g.to_act))) < 3:
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    seat = min(g.to_act)
    view, legal = g.view(seat), g.legal_actions(seat)
    bot = Pimc("renaissance-rivals", rollouts=8, horizon=4, reward="win", value="learned")
    found = bot.search(view, legal, random.Random(0), SeatHandle(g, seat))
    # a chance to win, not a win or a loss: some rollout was valued by the learned value
    assert any(0 < o.value < 1 and o.value not in (0.5, 1 / 3) for o in found.options)
    again = bot.search(view, legal, random.Random(0), SeatHandle(g, seat))
    assert again.options == found.options


def test_a_value_trained_on_your_own_options_is_found_for_games_with_them(
    tmp_path, monkeypatch, capsys
) -> None:
    """`tavola train-value` with --option (or --cards) writes to the user's data folder, where
    the value is found for games played with those options, and only for them."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    args = ["train-value", "renaissance-man-2d6", "--players", "3", "--option", "turn_limit=333"]
    assert main([*args, "--games", "20"]) == 1  # too few: no better than the standing
    assert "not written" in capsys.readouterr().err and not list(tmp_path.rglob("*.npz"))
    assert main([*args, "--games", "300"]) == 0
    out = capsys.readouterr().out
    assert "the value's first" in out and "100%" in out
    longer = tavola.new_game("renaissance-man-2d6", players=3, seed=1, options={"turn_limit": 333})
    written = user_file("renaissance-man-2d6", 3, value_key(longer))
    assert written.is_relative_to(tmp_path) and written.is_file() and written.name in out
    _value_for.cache_clear()
    value = value_for(longer)
    assert value is not None and value.meta["made_by"] == (
        "tavola train-value renaissance-man-2d6 --players 3 --games 300 --seed 0 --every 7 "
        "--option=turn_limit=333"
    )
    standard = value_for(tavola.new_game("renaissance-man-2d6", players=3, seed=1))
    assert standard is not None and standard.meta["trained_on"]["options"]["turn_limit"] == 400
    four = tavola.new_game("renaissance-man-2d6", players=4, seed=1, options={"turn_limit": 333})
    assert value_for(four) is None  # trained for 3 players only


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["renaissance-man-2d6", "--players", "3", "--option", "turn_limit=-4"], "turn_limit"),
        (["renaissance-man-2d6", "--players", "7"], "not 7"),
        (["renaissance-man-2d6", "--players", "3", "--cards", "/nonexistent"], "nonexistent"),
        (["testa-di-pecora", "--players", "4"], "no learned values"),
        (["renaissance-man-2d6"], "--players"),
    ],
)
def test_train_value_refuses_bad_input_in_one_line(args, message, capsys) -> None:
    assert main(["train-value", *args]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_train_value_writes_the_file_it_names_and_says_when_it_replaces_one(
    tmp_path, monkeypatch, capsys
) -> None:
    """numpy adds '.npz' to a name without it: 'written to v.value' wrote v.value.npz."""
    from tavola.agents import training

    def fake(*args, **kwargs) -> training.Trained:
        zeros = np.zeros(3)
        return training.Trained(zeros, zeros, zeros + 1, {"made_by": "test"}, 9, [(0, 1, 0.2, 0.8)])

    monkeypatch.setattr(training, "train", fake)
    out = tmp_path / "v.value"
    args = ["train-value", "renaissance-man-2d6", "--players", "3", "--out", str(out)]
    assert main(args) == 0
    said = capsys.readouterr().out
    assert f"written to {out}" in said and "replaces" not in said
    assert [p.name for p in tmp_path.iterdir()] == ["v.value"]
    assert LinearValue.load(out).meta == {"made_by": "test"}
    assert main(args) == 0
    assert "it replaces the value that was there" in capsys.readouterr().out


def test_too_few_positions_to_fit_is_said_in_words() -> None:
    from tavola.agents.training import train

    with pytest.raises(tavola.TavolaError, match="keep too few positions, one every 100000"):
        train("renaissance-man-2d6", 3, {}, games=10, every=100_000, jobs=1)
