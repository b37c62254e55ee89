"""Testa di Pecora views are the caller's to change: a view shares no list or dict with the
game, so a client that edits the view it was sent cannot change the game or later views."""

import json
import random
from typing import Any

from testa_helpers import new


def scribble(x: Any) -> None:
    """Empty every list and dict in ``x``, as a careless caller might."""
    if isinstance(x, dict | list):
        for v in x.values() if isinstance(x, dict) else x:
            scribble(v)
        x.clear()


def test_changing_a_view_changes_neither_the_game_nor_the_next_view() -> None:
    seen = set()
    for seed in (15, 16):  # seeds with a pass-out
        g = new(5, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            for seat in (None, *range(5)):
                before = json.dumps(g.view(seat))
                scribble(g.view(seat))
                assert json.dumps(g.view(seat)) == before
            v = g.view(None)
            seen.update(k for k in ("passouts", "seasons_done", "trades") if v[k])
            seat = min(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
    assert seen == {"passouts", "seasons_done", "trades"}
