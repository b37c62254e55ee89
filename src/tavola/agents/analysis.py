"""Analysis of a played game: at each decision of one seat, what the search bot would play.

For a finished (or unfinished) record and a seat, :func:`analyse` replays the game and, at each
of that seat's decisions with more than one legal move, runs the search bot from what the seat
knew then (a :class:`SeatHandle` on the position; the bot never sees the rest), and reports each
option's visits and value: the seat's expected result from 0 (last place) to 1 (first), or
alone, from 0.75 to 1 for a win and from 0 to 0.25 for a loss (:func:`value_words`). The
command line (``tavola analyse``) and the web app's post-game review call it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import RecordError, quote
from ..core.protocol import Action
from ..core.record import replay
from ..core.rng import check_seed, derive_seed
from .base import SeatHandle
from .ismcts import Ismcts, Option
from .names import parse_agent


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the move played and the options as the search rated them."""

    index: int
    """The number of the move in the record (0 for the first)."""
    played: Action
    options: tuple[Option, ...]
    """Every legal option, most searched (the search's choice) first."""

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def played_option(self) -> Option:
        return next(o for o in self.options if o.action == self.played)

    @property
    def loss(self) -> float:
        """How much value the move played gave up against the search's choice (0 if none)."""
        return max(0.0, self.best.value - self.played_option.value)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "played": self.played.to_json(),
            "played_label": self.played.label,
            "best": self.best.action.to_json(),
            "loss": round(self.loss, 4),
            "options": [o.to_json() for o in self.options],
        }


def value_words(players: int) -> str:
    """What an option's value means in a game of ``players``, in words.

    >>> value_words(3)
    "the seat's expected result, 1 for first place and 0 for last"
    """
    if players == 1:  # GameResult.rewards of a player alone, on the search's 0..1 scale
        return (
            "the expected result, 0.75 to 1 for a won game and 0 to 0.25 for a lost one, "
            "higher with the score"
        )
    return "the seat's expected result, 1 for first place and 0 for last"


def analyse(
    record: Mapping[str, Any],
    seat: int,
    agent: str = "ismcts:iterations=400",
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[Decision]:
    """Each decision of ``seat`` in ``record`` as ``agent`` (an ismcts name) rates it.

    The search at move ``i`` draws from ``derive_seed(seed, i)``, so an iteration budget gives
    the same analysis every time. ``progress(done, total)`` is called after each decision.
    RecordError for a bad record or seat; AgentNameError for a bad agent name.
    """
    check_seed(seed)
    kind, params = parse_agent(agent)
    if kind != "ismcts":
        raise RecordError(f"a game is analysed by a search bot (ismcts:...), not {quote(agent)}")
    game = replay(record)  # checks the whole record before any search
    bot = Ismcts(game.spec.id, **params)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise RecordError(f"there is no seat {quote(seat)}: seats are 0 to {game.players - 1}")
    moves = record["actions"]
    total = sum(1 for s, _ in moves if s == seat)
    game = replay(record, upto=0)
    out: list[Decision] = []
    done = 0
    for i, (s, data) in enumerate(moves):
        action = game.parse_action(s, data)
        legal = game.legal_actions(s)
        if s == seat and len(legal) > 1:
            rng = random.Random(derive_seed(seed, i))
            found = bot.search(legal, rng, SeatHandle(game, seat))
            out.append(Decision(i, action, found.options))
        game.act(s, action)
        if s == seat and progress is not None:
            done += 1
            progress(done, total)
    return out
