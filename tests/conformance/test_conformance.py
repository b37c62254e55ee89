"""The conformance suite: every registered game, variant and player count obeys the core
contract (docs/api.md): playouts end, seeds determine games, records replay, clones are
independent, bad input is refused with the game unchanged, views are JSON and never leak.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tavola
from tavola import Game, IllegalActionError, MalformedActionError, TavolaError

CASES = [
    pytest.param(spec.id, variant, n, id=f"{spec.id}-{variant}-{n}p")
    for spec in tavola.list_games()
    for variant in spec.variants
    for n in spec.player_counts
]
MAX_DECISIONS = 100_000


def snapshot(g: Game) -> dict[str, object]:
    """Every slot of the game, deep-copied: the full state, hidden parts included."""
    out: dict[str, object] = {}
    for cls in type(g).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(g, name):
                value = getattr(g, name)
                if isinstance(value, list | dict | set | tuple):
                    value = copy.deepcopy(value)
                out[name] = value
    return out


def views(g: Game) -> list[dict]:
    return [g.view(s) for s in [None, *range(g.players)]]


def step(g: Game, rng: random.Random) -> tuple[int, tavola.Action]:
    """One random legal action by one of the seats to act."""
    seat = rng.choice(sorted(g.to_act))
    legal = g.legal_actions(seat)
    action = rng.choice(legal)
    g.act(seat, action)
    return seat, action


def playout(game_id: str, variant: str, n: int, seed: int) -> Iterator[Game]:
    """Yield the game after each random action until it is over."""
    g = tavola.new_game(game_id, players=n, seed=seed, variant=variant)
    rng = random.Random(seed)
    yield g
    for _ in range(MAX_DECISIONS):
        if g.is_over:
            return
        step(g, rng)
        yield g
    raise AssertionError(f"{game_id} seed {seed} did not end in {MAX_DECISIONS} decisions")


def check_invariants(g: Game) -> None:
    spec = tavola.get_spec(g.spec.id)
    if spec.invariants is not None:
        assert spec.invariants(g) == []


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_random_playouts_end_with_a_valid_result(game_id: str, variant: str, n: int) -> None:
    for seed in range(12):
        for g in playout(game_id, variant, n, seed):
            check_invariants(g)
            if g.is_over:
                assert g.to_act == frozenset()
                assert all(g.legal_actions(s) == [] for s in range(n))
            else:
                assert g.to_act and g.result is None
                for s in range(n):
                    legal = g.legal_actions(s)
                    assert bool(legal) == (s in g.to_act)
                    assert legal == g.legal_actions(s), "legal actions are in a stable order"
                    assert len(set(legal)) == len(legal)
        r = g.result
        assert r is not None and len(r.scores) == n and r.winners
        best = max(r.scores)
        assert list(r.winners) == [s for s in range(n) if r.scores[s] == best]
        assert sorted(r.ranking) == list(range(n)) and r.places[r.ranking[0]] == 1
        json.dumps(r.to_json())


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_same_seed_same_game(game_id: str, variant: str, n: int) -> None:
    a = list(map(views, playout(game_id, variant, n, 5)))
    b = list(map(views, playout(game_id, variant, n, 5)))
    assert a == b
    spec = tavola.get_spec(game_id)
    if spec.chance:
        firsts = {
            json.dumps(views(tavola.new_game(game_id, n, seed=s, variant=variant)))
            for s in range(6)
        }
        assert len(firsts) > 1, "different seeds should give different games"


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_record_replays_through_json(game_id: str, variant: str, n: int) -> None:
    for seed in range(3):
        *_, g = playout(game_id, variant, n, seed)
        record = json.loads(json.dumps(g.record()))
        assert record["game"] == game_id and record["seed"] == seed
        again = tavola.replay(record)
        assert again.record() == g.record()
        assert views(again) == views(g)
        half = len(record["actions"]) // 2
        partial = tavola.replay(record, upto=half)
        assert len(partial.record()["actions"]) == half


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_clones_are_independent(game_id: str, variant: str, n: int) -> None:
    rng = random.Random(1)
    for i, g in enumerate(playout(game_id, variant, n, 11)):
        if i % 9 or g.is_over:
            continue
        before = snapshot(g)
        c = g.clone()
        assert views(c) == views(g) and c.record() == g.record()
        while not c.is_over:
            step(c, rng)
        assert snapshot(g) == before


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_illegal_actions_are_refused_and_change_nothing(game_id: str, variant: str, n: int) -> None:
    for i, g in enumerate(playout(game_id, variant, n, 3)):
        if i % 5 or g.is_over:
            continue
        before = snapshot(g)
        every = g.catalog.actions
        for seat in range(n):
            legal = set(g.legal_actions(seat))
            for action in every:
                if action not in legal:
                    with pytest.raises(IllegalActionError):
                        g.act(seat, action)
        for seat in (-1, n, None, "0", True, 1.5, [0]):
            with pytest.raises(IllegalActionError):
                g.act(seat, every[0])  # type: ignore[arg-type]
        seat = min(g.to_act)
        for junk in (None, "play", 3, {"kind": "nope"}, object()):
            with pytest.raises(TavolaError):
                g.act(seat, junk)  # type: ignore[arg-type]
        assert snapshot(g) == before


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_malformed_input_gets_a_clear_value_error(game_id: str, variant: str, n: int) -> None:
    g = tavola.new_game(game_id, players=n, seed=1, variant=variant)
    seat = min(g.to_act)
    before = snapshot(g)

    @settings(max_examples=150)
    @given(data=st.one_of(_json, st.text(), st.dictionaries(st.just("kind"), st.text())))
    def check(data: object) -> None:
        try:
            action = g.parse_action(seat, data)
        except MalformedActionError as exc:
            assert str(exc)
        else:
            assert action in g.catalog.actions
        for text in (json.dumps(data), str(data)):
            with contextlib.suppress(MalformedActionError):
                g.parse_action(seat, text)

    check()
    assert snapshot(g) == before
    for action in g.legal_actions(seat):
        assert g.parse_action(seat, action.to_json()) == action
        assert g.parse_action(seat, json.dumps(action.to_json())) == action
        assert g.parse_action(seat, str(action)) == action


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_views_are_json(game_id: str, variant: str, n: int) -> None:
    for seed in range(3):
        for g in playout(game_id, variant, n, seed):
            for v in views(g):
                assert json.loads(json.dumps(v)) == v


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1), rs=st.randoms(use_true_random=False))
def test_resample_never_changes_the_seats_view(
    game_id: str, variant: str, n: int, seed: int, cut: float, rs: random.Random
) -> None:
    states = list(map(lambda g: g.clone(), playout(game_id, variant, n, seed)))
    g = states[int(cut * (len(states) - 1))]
    for seat in range(n):
        h = g.resample(seat, rs)
        assert h.view(seat) == g.view(seat)
        assert h.legal_actions(seat) == g.legal_actions(seat)
        assert h.to_act == g.to_act
        check_invariants(h)
        while not h.is_over:  # a resampled world is a playable game
            step(h, rs)
            check_invariants(h)


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_bad_game_parameters_are_refused(game_id: str, variant: str, n: int) -> None:
    spec = tavola.get_spec(game_id)
    for kwargs in (
        {"players": spec.max_players + 1},
        {"players": spec.min_players - 1},
        {"players": "4"},
        {"variant": "no-such-variant"},
        {"options": {"no-such-option": 1}},
        {"seed": -1},
        {"seed": "x"},
    ):
        with pytest.raises(TavolaError):
            tavola.new_game(game_id, **({"players": n} | kwargs))  # type: ignore[arg-type]
    with pytest.raises(TavolaError):
        tavola.new_game("no-such-game")
