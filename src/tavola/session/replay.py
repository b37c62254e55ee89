"""Replays of finished games: any seat's view at any move, rebuilt from the record; and records
read from a file to be replayed.

A finished game's record is public (its seed reveals every hand), so a replay may show any seat.
At move k it shows exactly what that seat saw then: its view and its events up to move k, the
result only at the last move, and no seed (the record, downloaded apart, has it).
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from ..agents.analysis import analyse
from ..core.errors import RecordError, SeatError, TavolaError, quote
from ..core.protocol import Game
from ..core.record import replay
from .table import LiveTable, state


class NotOverError(TavolaError):
    """A game's record or replay asked for before the game is over."""


def final_game(table: LiveTable) -> Game:
    """``table``'s game, once it is over; NotOverError before."""
    if not table.game.is_over:
        raise NotOverError(
            "the game is not over: its record (whose seed reveals every hand) and its replay "
            "open when it ends"
        )
    return table.game


REVIEWER = "ismcts:iterations=200"
"""The search that reviews a finished game's decisions: a few seconds a game."""


def _seat_of(final: Game, seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < final.players:
        raise SeatError(f"there is no seat {quote(seat)}: seats are 0 to {final.players - 1}")
    return seat


def review_message(table: LiveTable, seat: object) -> dict[str, Any]:
    """Each decision of ``seat`` in ``table``'s finished game, rated by the search bot from what
    that seat knew then (:func:`tavola.agents.analysis.analyse`), and whether a bot made it.
    NotOverError before the end, SeatError for no such seat."""
    final = final_game(table)
    number = _seat_of(final, seat)
    decisions = analyse(final.record(), number, REVIEWER)
    info = table.seats[number]
    return {
        "type": "review",
        "table": table.id,
        "seat": seat,
        "agent": REVIEWER,
        "decisions": [{**d.to_json(), "bot": info.at(d.index).kind == "bot"} for d in decisions],
    }


def replay_message(table: LiveTable, seat: object, step: object) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) saw of ``table``'s finished game after ``step`` moves.

    Raises NotOverError before the end, SeatError for no such seat, TavolaError for a step
    outside 0 to the number of moves."""
    final = final_game(table)
    steps = len(final.history)
    if seat is not None:
        _seat_of(final, seat)
    if type(step) is not int or not 0 <= step <= steps:
        raise TavolaError(f"a step is a number of moves from 0 to {steps}")
    game = replay(final.record(), upto=step)
    return {
        "type": "replay",
        "table": table.id,
        **state(game, seat, 0),
        "moves": step,  # every move is known once the game is over, others' secret steps too
        "legal": [],
        "seats": [s.at(step).to_json() for s in table.seats],  # the move is no secret now
        "step": step,
        "steps": steps,
        "imported": table.imported,
        "cards": game.card_table(),
    }


def finished_game(data: object) -> Game:
    """The finished game a record (parsed JSON) describes; RecordError names what is wrong."""
    game = replay(data)  # type: ignore[arg-type]  # replay() refuses what is not a record
    if not game.is_over:
        raise RecordError(
            f"the record stops after {len(game.history)} actions, before the game is over: "
            "only a finished game can be replayed"
        )
    return game


def record_id(record: dict[str, Any]) -> str:
    """The id of the table an imported record becomes: from its content, so importing the
    same record again opens the same replay."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode()).digest()
    return "r" + base64.urlsafe_b64encode(digest[:9]).decode()
