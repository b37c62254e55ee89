"""A learned value of a position: each seat's chance to win, from the seats' observations.

A conditional logit (McFadden): seat ``s`` scores ``w . (x_s - mean) / scale``, where ``x_s`` is
:func:`position` (read from its view only: ``game.observe(s)``, or the game's ``features``), and
the chances are the softmax of the scores over the seats. It is fitted to who won games of the
heuristic against itself (``tavola train-value``, :mod:`.training`); ``pimc:value=learned``
scores the worlds of its rollouts cut at the horizon by it. A value holds for the game, player
count, variant, options and cards it was trained on (its file says which), since the
observation's layout and the cards' worth depend on them.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core.protocol import Game
from ..core.registry import get_spec


class LinearValue:
    """Each seat's chance to win, by a softmax over the seats of a linear score (``mean`` is
    kept in the file, but shifts every seat's score alike, so the softmax ignores it)."""

    __slots__ = ("meta", "weights")

    def __init__(
        self, weights: np.ndarray, mean: np.ndarray, scale: np.ndarray, meta: dict
    ) -> None:
        self.weights = (weights / scale).astype(np.float64)  # the mean's part is alike for all
        self.meta = meta

    def __call__(self, game: Game) -> list[float]:
        """Each seat's chance to win ``game`` from here (they sum to 1)."""
        scores = np.array([position(game, s) @ self.weights for s in range(game.players)])
        scores = np.exp(scores - scores.max())
        return (scores / scores.sum()).tolist()

    @classmethod
    def load(cls, path: Path) -> LinearValue:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            return cls(data["weights"], data["mean"], data["scale"], meta)


def position(game: Game, seat: int) -> np.ndarray:
    """What a value reads of ``seat``'s position: the game's ``features`` of its view, or its
    observation."""
    features = game.spec.features
    return game.observe(seat) if features is None else features(game.view(seat))


def save(path: Path, weights: np.ndarray, mean: np.ndarray, scale: np.ndarray, meta: dict) -> None:
    """Write a value's file (``meta``: what it was trained on and how), at ``path`` exactly
    (numpy would add ``.npz`` to a name without it)."""
    with open(path, "wb") as file:
        np.savez(
            file,
            weights=weights.astype(np.float32),
            mean=mean.astype(np.float32),
            scale=scale.astype(np.float32),
            meta=np.array(json.dumps(meta, sort_keys=True, default=str)),
        )


def fit(
    observations: np.ndarray,
    wins: np.ndarray,
    l2: float = 1e-3,
    steps: int = 400,
    rate: float = 0.05,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Weights, mean and scale of the conditional logit fitted to ``observations`` (positions x
    seats x features) and ``wins`` (positions x seats: each seat's share of the win), by Adam
    on the mean log loss with an L2 penalty ``l2``."""
    flat = observations.reshape(-1, observations.shape[2])
    mean, scale = flat.mean(0), flat.std(0) + 1e-3
    x = ((observations - mean) / scale).astype(np.float32)
    wins = wins.astype(np.float32)  # a float64 operand would copy x to float64 at every step
    w = np.zeros(x.shape[2], np.float32)
    m, v = np.zeros_like(w), np.zeros_like(w)
    for t in range(1, steps + 1):
        z = x @ w
        p = np.exp(z - z.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        grad = np.tensordot(p - wins, x, axes=2) / len(x) + l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= rate * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return w, mean, scale


def file_name(players: int) -> str:
    """The name of a game's value file for ``players`` (in ``GameSpec.values``)."""
    return f"value-{players}p.npz"


def trained_on(game: Game) -> dict[str, Any]:
    """What a value trained on ``game`` holds for: its variant, its options, and its cards by
    content (a card file with other numbers is another game to a value); not the options that
    only pick a deal (a dealer, an artist: ``Option.deal``), since a position is worth the same
    whoever dealt."""
    cards = game.card_digests()
    options = {k: v for k, v in game.options.items() if k not in cards}
    return _without_deals({"variant": game.variant, "options": options, "cards": cards}, game.spec)


def _without_deals(trained: Any, spec: Any) -> Any:
    """``trained`` (a :func:`trained_on`, or a value file's record of one, which may name deal
    options: files trained before they were left out do) without the options that only deal."""
    if not isinstance(trained, dict) or not isinstance(trained.get("options"), dict):
        return trained
    kept = {
        k: v
        for k, v in trained["options"].items()
        if not getattr(spec.options.get(k), "deal", False)
    }
    return {**trained, "options": kept}


def user_file(game_id: str, players: int, key: str) -> Path:
    """Where a value trained on a user's own cards or options lives: in the user's data folder,
    named by a digest of what it was trained on (``key``: :func:`value_key`)."""
    from platformdirs import user_data_path

    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    folder = user_data_path("tavola", appauthor=False) / "values" / game_id
    return folder / f"value-{players}p-{digest}.npz"


def value_for(game: Game) -> LinearValue | None:
    """The learned value of ``game``'s player count trained on the same variant, options and
    cards: the user's own (``tavola train-value``), else the one its game ships
    (``GameSpec.values``)."""
    if game.spec.values is None:
        return None
    value = _value_for(game.spec.id, game.players, value_key(game))
    if value is not None and value.weights.shape != position(game, 0).shape:
        return None  # trained on what the game's features were before they changed
    return value


def value_key(game: Game) -> str:
    """:func:`trained_on` of ``game`` as canonical JSON: a value file holds for this key."""
    return _canonical(trained_on(game))


def _canonical(trained: Any) -> str:
    return json.dumps(trained, sort_keys=True, default=str)


@lru_cache(maxsize=64)
def _value_for(game_id: str, players: int, key: str) -> LinearValue | None:
    shipped = Path(get_spec(game_id).values or ".") / file_name(players)
    for path in (user_file(game_id, players, key), shipped):
        if path.is_file():
            value = LinearValue.load(path)
            trained = _without_deals(value.meta.get("trained_on"), get_spec(game_id))
            if _canonical(trained) == key:
                return value
    return None
