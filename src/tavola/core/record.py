"""Replaying recorded games: a record is the game's parameters plus its actions in order.

Card data is pinned by content digest: a record carries the digest of every card-data option
(and the content itself when it is not a built-in set), and a record whose card data does not
match its digest is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import RecordError, TavolaError, quote
from .protocol import Game
from .registry import get_spec, new_game

_REQUIRED = ("game", "players", "seed", "actions")


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> Game:
    """Rebuild the game a :meth:`Game.record` describes (its first ``upto`` actions if given).

    Raises :class:`RecordError` naming the first bad field or action.
    """
    if not isinstance(record, Mapping):
        raise RecordError("a game record is a JSON object")
    if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int) or upto < 0):
        raise RecordError(f"'upto' is a number of actions of at least 0, not {quote(upto)}")
    missing = [k for k in _REQUIRED if k not in record]
    if missing:
        raise RecordError(f"the record lacks {', '.join(missing)}")
    try:
        spec = get_spec(record["game"])
    except TavolaError as exc:
        raise RecordError(str(exc)) from None
    version = record.get("rules_version", spec.rules_version)
    if not isinstance(version, str):
        raise RecordError(f"'rules_version' is a string, not {quote(version)}")
    if version != spec.rules_version:
        raise RecordError(
            f"the record is for rules version {quote(version)} of {spec.id}; "
            f"this tavola plays version {spec.rules_version}"
        )
    if record["seed"] is None:
        raise RecordError(
            "the record's seed is missing (a seat's public record cannot be replayed)"
        )
    try:
        game = new_game(
            spec.id,
            players=record["players"],
            seed=record["seed"],
            variant=record.get("variant"),
            options=record.get("options"),
        )
    except TavolaError as exc:
        raise RecordError(f"cannot start the recorded game: {exc}") from None
    _check_cards(game, record.get("cards"))
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("the record's 'actions' is a list of [seat, action] pairs")
    for i, entry in enumerate(actions[:upto] if upto is not None else actions):
        if not (isinstance(entry, list | tuple) and len(entry) == 2):
            raise RecordError(f"action {i} is not a [seat, action] pair: {quote(entry)}")
        seat, data = entry
        try:
            game.act(seat, game.parse_action(seat, data))
        except TavolaError as exc:
            raise RecordError(
                f"action {i} ({quote(data)} by seat {quote(seat)}) cannot be replayed: {exc}"
            ) from None
        except RecursionError:
            raise RecordError(f"action {i} is nested too deeply") from None
    return game


def _check_cards(game: Game, pinned: object) -> None:
    """Refuse a record whose card data is not the data it was played with."""
    if pinned is None:
        return
    if not isinstance(pinned, Mapping):
        raise RecordError("the record's 'cards' maps card options to content digests")
    actual = game.card_digests()
    for name, value in pinned.items():
        if name not in actual:
            raise RecordError(
                f"the record pins card data {quote(name)}, which {game.spec.id} lacks"
            )
        if value != actual[name]:
            raise RecordError(
                f"the record's {name!r} card data has digest {quote(value, 80)}, but the data "
                f"given has digest {actual[name]}: it was edited, or this tavola's built-in "
                "cards changed"
            )
