"""Renaissance Rivals views are the caller's to change: a view shares no list or dict with the
game, so a client (or a bot) that edits the view it was given cannot change the game."""

import json
import random
from typing import Any

from rr_helpers import new

from tavola.games.renaissance_rivals.heuristic import choose


def scribble(x: Any) -> None:
    """Empty every list and dict in ``x``, as a careless caller might."""
    if isinstance(x, dict | list):
        for v in x.values() if isinstance(x, dict) else x:
            scribble(v)
        x.clear()


def test_changing_a_view_changes_neither_the_game_nor_the_next_view() -> None:
    for players in (1, 3):
        g = new(players, seed=2)
        rng = random.Random(2)
        while not g.is_over:
            for seat in (None, *range(players)):
                before = json.dumps(g.view(seat))
                scribble(g.view(seat))
                assert json.dumps(g.view(seat)) == before
            seat = g.cur
            g.act(seat, choose(g.view(seat), g.legal_actions(seat), rng))
        assert g.view(0)["seats"][0]["completed"]  # the views checked held Masterpieces too
