"""Replaying recorded games: a record is the game's parameters plus its actions in order.

Card data is pinned by content digest: a record carries the digest of every card-data option
(and the content itself when it is not a built-in set), and a record whose card data does not
match its digest is refused before anything is parsed or played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import CardsOption, digest
from .errors import RecordError, TavolaError, quote
from .protocol import Game
from .registry import GameSpec, get_spec, new_game

_REQUIRED = ("game", "rules_version", "players", "seed", "cards", "actions")


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
        raise RecordError(
            f"the record lacks {', '.join(missing)} (a game's record, as a finished table's "
            "'Download the record' or Game.record() gives it, holds them all)"
        )
    try:
        spec = get_spec(record["game"])
    except TavolaError as exc:
        raise RecordError(str(exc)) from None
    version = record["rules_version"]
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
    options = record.get("options")
    _check_cards(spec, options if isinstance(options, Mapping) else {}, record["cards"])
    try:
        game = new_game(
            spec.id,
            players=record["players"],
            seed=record["seed"],
            variant=record.get("variant"),
            options=options,
        )
    except TavolaError as exc:
        raise RecordError(f"cannot start the recorded game: {exc}") from None
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("the record's 'actions' is a list of [seat, action] pairs")
    if upto is not None and upto > len(actions):
        raise RecordError(f"'upto' is past the record's end: it holds {len(actions)} actions")
    for i, entry in enumerate(actions[:upto] if upto is not None else actions):
        at = f"move {i + 1} (actions[{i}])"  # as a replay counts its moves, and as JSON does
        if not (isinstance(entry, list | tuple) and len(entry) == 2):
            raise RecordError(f"{at} is not a [seat, action] pair: {quote(entry)}")
        seat, data = entry
        try:
            action = game.parse_action(seat, data)
        except TavolaError as exc:
            raise RecordError(f"{at}, by seat {quote(seat, 20)}, cannot be read: {exc}") from None
        except RecursionError:
            raise RecordError(f"{at} is nested too deeply") from None
        try:
            game.act(seat, action)
        except TavolaError as exc:
            raise RecordError(
                f"{at}, {action} by seat {quote(seat, 20)}, cannot be replayed; "
                f"the game's answer to seat {quote(seat, 20)}: {exc}"  # its "you" is that seat
            ) from None
    return game


def _check_cards(spec: GameSpec, options: Mapping[Any, Any], pinned: object) -> None:
    """Refuse a record whose card data is not exactly the data it pins by digest."""
    declared = {n: o for n, o in spec.options.items() if isinstance(o, CardsOption)}
    if not isinstance(pinned, Mapping) or set(pinned) != set(declared):
        names = ", ".join(map(repr, declared)) or "none"
        raise RecordError(
            f"the record's 'cards' maps each card-data option of {spec.id} ({names}) to the "
            "digest of its data"
        )
    for name, option in declared.items():
        text = option.text_of(options.get(name, option.default))
        if text is None:
            continue  # not card data at all: starting the game says what is wrong
        try:
            actual = digest(text)
        except TavolaError as exc:
            raise RecordError(str(exc)) from None
        if pinned[name] != actual:
            raise RecordError(
                f"the record's {name!r} card data has digest {quote(pinned[name], 80)}, but the "
                f"data given has digest {actual}: it was edited, or this tavola's built-in cards "
                "changed"
            )
