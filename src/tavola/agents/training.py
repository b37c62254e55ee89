"""Training a game's learned value (:mod:`.value`) on games of its heuristic against itself.

:func:`train` plays the games (in worker processes), keeps every ``every``-th position (each
seat's :func:`~.value.position`, and which seats won the game), fits the conditional logit on
the first 80% of the games, and measures it on the other 20%: how often the seat it ranks first
goes on to win, against the game's standing (the leader now), by how far the game had gone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from ..core.errors import TavolaError
from ..core.registry import get_spec, new_game
from ..core.rng import derive_seed
from .value import fit, position, trained_on

QUARTERS = ((0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01))
"""The parts of a game (by the share of its decisions made) the held-out test is reported by."""


@dataclass(frozen=True)
class Trained:
    """A fitted value with what it holds for (``meta``), and its held-out test: for each of
    :data:`QUARTERS`, how often the standing's leader and the value's first seat won."""

    weights: np.ndarray
    mean: np.ndarray
    scale: np.ndarray
    meta: dict[str, Any]
    positions: int
    held_out: list[tuple[float, float, float, float]]  # (low, high, standing, learned)


def train(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    *,
    games: int = 1500,
    seed: int = 0,
    every: int = 7,
    jobs: int = 2,
    made_by: str = "",
    progress: Callable[[int, int], None] | None = None,
) -> Trained:
    """Play ``games`` games of ``game_id``'s heuristic against itself and fit a value on them
    (``progress(done, games)`` after each game)."""
    spec = get_spec(game_id)
    if spec.heuristic is None or spec.standing is None:
        raise TavolaError(f"{spec.title} has no heuristic and standing to train a value with")
    options = dict(options or {})
    sample = new_game(game_id, players=players, seed=0, options=options)  # checks the options
    play = partial(_positions, game_id, players, options, every, seed)
    played = []
    with ProcessPoolExecutor(jobs) as pool:
        for one in pool.map(play, range(games), chunksize=10):
            played.append(one)
            if progress is not None:
                progress(len(played), games)
    split = int(games * 0.8)
    fitting = [one for one in played[:split] if len(one[0])]  # games long enough to keep one
    testing = [one for one in played[split:] if len(one[0])]
    if not fitting or not testing:
        raise TavolaError(
            f"{games} games keep too few positions, one every {every} decisions: play more "
            "games (--games) or keep positions more often (--every)"
        )
    fitted = [np.concatenate(part) for part in zip(*fitting, strict=True)]
    test = [np.concatenate(part) for part in zip(*testing, strict=True)]
    weights, mean, scale = fit(fitted[0], fitted[3])
    scores = ((test[0] - mean) / scale) @ weights
    held_out = []
    for low, high in QUARTERS:
        sel = (test[2] >= low) & (test[2] < high)
        held_out.append(
            (
                low,
                min(high, 1.0),
                _picked(test[1][sel], test[3][sel]),
                _picked(scores[sel], test[3][sel]),
            )
        )
    meta = {
        "game": game_id,
        "players": players,
        "trained_on": trained_on(sample),
        "rules_version": spec.rules_version,
        "made_by": made_by,
    }
    return Trained(weights, mean, scale, meta, len(fitted[0]), held_out)


def _positions(
    game_id: str, players: int, options: dict, every: int, seed: int, number: int
) -> tuple:
    """Game ``number``'s kept positions (positions x seats x features), each
    seat's standing, how far the game had gone (0-1), and each seat's share of the win."""
    spec = get_spec(game_id)
    g = new_game(game_id, players=players, seed=derive_seed(seed, number), options=options)
    rng = random.Random(derive_seed(seed, number, 1))
    kept: list[tuple[list[np.ndarray], list[float], int]] = []
    decisions = 0
    while not g.is_over:
        seat = min(g.to_act)
        legal = g.legal_actions(seat)
        g.act(seat, legal[0] if len(legal) == 1 else spec.heuristic(g.view(seat), legal, rng))
        decisions += 1
        if decisions % every == 0 and not g.is_over:
            seats = range(players)
            kept.append(([position(g, s) for s in seats], list(spec.standing(g)), decisions))
    winners = g.result.winners
    wins = [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    return (
        np.array([k[0] for k in kept], dtype=np.float32),
        np.array([k[1] for k in kept], dtype=np.float64),
        np.array([k[2] / decisions for k in kept]),
        np.array([wins] * len(kept)),
    )


def _picked(scores: np.ndarray, wins: np.ndarray) -> float:
    """The mean share of the win of the seat each position's scores rank first (seats tied
    first: the mean of theirs)."""
    first = scores == scores.max(1, keepdims=True)
    return float(((wins * first).sum(1) / first.sum(1)).mean())
