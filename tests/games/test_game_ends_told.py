"""Every game's last event says who won, from the game's own result (the log of Testa, Rivals
and the 2006 game ended on the scores, leaving the winner to be worked out)."""

from __future__ import annotations

import random
import re

import pytest

import tavola

GAMES = [s for s in tavola.list_games() if not s.id.startswith("test-")]


@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_the_last_event_names_the_results_winners(spec) -> None:
    told = set()
    for seed in range(8):
        players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        g = tavola.new_game(spec.id, players=players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = min(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
        last = g.events(None)[-1]
        assert last["winners"] == list(g.result.winners), (seed, last)
        said = re.search(r"([^.:]*)\bwins?\b", last["text"])
        if g.result.winners:  # "Seat 2 wins.", "...: seats 1 and 3 win the game."
            assert said and {int(n) for n in re.findall(r"\d+", said[1])} == set(
                g.result.winners
            ), last["text"]
        else:  # a lone player's loss
            assert not said and "lost" in last["text"], last["text"]
        told.add(bool(g.result.winners))
    assert True in told  # games with winners were among them


@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_the_last_event_puts_each_score_before_its_seat(spec) -> None:
    """'Scores: you 14, Seat 1 16' ran a seat's number into its score: the games that end on
    the scores now say them alike, 'Scores: 14 for you, 16 for Seat 1' (Testa ends on its
    season's renown, 'seat 1 at 16')."""
    g = tavola.new_game(spec.id, players=spec.min_players + 1, seed=3)
    rng = random.Random(3)
    while not g.is_over:
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    said = g.events(0)[-1]["text"]
    if "Scores" not in said:
        assert spec.id == "testa-di-pecora" and " at " in said, said
        return
    names = ["you" if s == 0 else f"Seat {s}" for s in range(g.players)]
    told = ", ".join(f"{n:g} for {name}" for name, n in zip(names, g.result.scores, strict=True))
    assert said.endswith(f"Scores: {told}."), said
