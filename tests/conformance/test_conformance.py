"""The conformance suite: every registered game, variant and player count obeys the core
contract (docs/api.md). The checks ship in :mod:`tavola.testing` for game authors; here each runs
as its own test, and Hypothesis fuzzes what plain random play might miss.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tavola
from tavola import MalformedActionError
from tavola.testing import CHECKS, SEEDS, cases, twins
from tavola.testing._support import Case, play_out, playout

CASES = [pytest.param(*case, id="{}-{}-{}p".format(*case)) for case in cases(every_variant=False)]
"""Renaissance Man's easier and tougher variants change only its one-player game."""
MORE_SEEDS = {"check_playouts": range(12)}
"""Checks that are cheap enough to run on more seeds than the shipped default."""
LONG = {"renaissance-man", "renaissance-rivals"}
"""Games whose random playouts run to their safety cap (random players never finish them), so a
seed costs minutes: one seed each here (three for the playouts); ``check_game`` runs three."""


@pytest.mark.parametrize("check", list(CHECKS))
@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
def test_conformance(game_id: str, variant: str, n: int, check: str) -> None:
    if game_id in LONG:
        seeds = SEEDS if check == "check_playouts" else SEEDS[:1]
    else:
        seeds = MORE_SEEDS.get(check, SEEDS)
    CHECKS[check](game_id, variant, n, seeds=seeds)


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
    before = g.canonical()

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
    assert g.canonical() == before


@pytest.mark.parametrize(("game_id", "variant", "n"), CASES)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1), rs_seed=st.integers(0, 2**64 - 1))
def test_resamples_are_twins_at_any_point(
    game_id: str, variant: str, n: int, seed: int, cut: float, rs_seed: int
) -> None:
    # A seeded Random, not st.randoms(): long games draw too much for Hypothesis to store.
    rs = random.Random(rs_seed)
    case = Case("resample", tavola.get_spec(game_id), variant, n)
    states = [g.clone() for g in playout(case, seed)]
    case.step = int(cut * (len(states) - 1))
    g = states[case.step]
    for seat in range(n):
        h = g.resample(seat, rs)
        twins(case, g, h, seat)
        play_out(case, h, rs, case.info.max_game_length - case.step)
