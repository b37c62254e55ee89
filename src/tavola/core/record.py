"""Replaying recorded games: a record is the game's parameters plus its actions in order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import RecordError, TavolaError
from .protocol import Game
from .registry import get_spec, new_game

_REQUIRED = ("game", "players", "seed", "actions")


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> Game:
    """Rebuild the game a :meth:`Game.record` describes (its first ``upto`` actions if given).

    Raises :class:`RecordError` naming the first bad field or action.
    """
    if not isinstance(record, Mapping):
        raise RecordError("a game record is a JSON object")
    missing = [k for k in _REQUIRED if k not in record]
    if missing:
        raise RecordError(f"the record lacks {', '.join(missing)}")
    spec = get_spec(record["game"])
    version = record.get("rules_version", spec.rules_version)
    if version != spec.rules_version:
        raise RecordError(
            f"the record is for rules version {version} of {spec.id}; "
            f"this tavola plays version {spec.rules_version}"
        )
    try:
        game = new_game(
            spec.id,
            players=record["players"],
            seed=record["seed"],
            variant=record.get("variant"),
            options=record.get("options") or {},
        )
    except TavolaError as exc:
        raise RecordError(f"cannot start the recorded game: {exc}") from None
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("the record's 'actions' is a list of [seat, action] pairs")
    for i, entry in enumerate(actions[:upto] if upto is not None else actions):
        if not (isinstance(entry, list | tuple) and len(entry) == 2):
            raise RecordError(f"action {i} is not a [seat, action] pair: {entry!r}")
        seat, data = entry
        try:
            game.act(seat, game.parse_action(seat, data))
        except TavolaError as exc:
            raise RecordError(
                f"action {i} ({data!r} by seat {seat!r}) cannot be replayed: {exc}"
            ) from None
    return game
