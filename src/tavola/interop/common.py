"""What both adapters share: seeds of successive games, rewards, action codes, table text."""

from __future__ import annotations

import json

from ..core.errors import IllegalActionError, quote, shorten
from ..core.options import whole
from ..core.protocol import Action, Game, GameResult
from ..core.registry import GameInfo
from ..core.rng import check_seed, derive_seed, fresh_seed


class Seeds:
    """The seeds of successive games: ``seed`` itself first, then ``derive_seed(seed, k)`` for
    the k-th game after it; with no seed, fresh random ones.

    >>> seeds = Seeds(7)
    >>> [seeds.next() for _ in range(3)] == [7, derive_seed(7, 1), derive_seed(7, 2)]
    True
    """

    __slots__ = ("_count", "_seed")

    def __init__(self, seed: int | None = None) -> None:
        self._seed = None if seed is None else check_seed(seed)
        self._count = 0

    def next(self) -> int:
        """The seed of the next game."""
        if self._seed is None:
            return fresh_seed()
        k, self._count = self._count, self._count + 1
        return self._seed if k == 0 else derive_seed(self._seed, k)


def rewards(result: GameResult, info: GameInfo) -> list[float]:
    """Each seat's reward, -1 to 1: :meth:`GameResult.rewards` in ``info``'s score range."""
    return result.rewards(info.min_score, info.max_score)


def legal_action(game: Game, seat: int, code: object, who: str) -> Action:
    """The legal action of ``seat`` whose code is ``code``; else an IllegalActionError (the game
    unchanged) that says what ``who`` may do."""
    given = code.item() if getattr(code, "shape", None) == () else code  # type: ignore[attr-defined]
    code = whole(given)  # a 0-d numpy array: its number
    if code is None:
        raise IllegalActionError(
            f"an action is an action code (a whole number), not {quote(given)}"
        )
    legal = game.legal_actions(seat)
    for action in legal:
        if action.code == code:
            return action
    actions = game.catalog.actions
    name = f"{code} ({actions[code]})" if 0 <= code < len(actions) else str(code)
    if not legal:
        raise IllegalActionError(f"{who} may not act now (action {name})")
    allowed = shorten(", ".join(f"{a.code} ({a})" for a in legal), 200)
    raise IllegalActionError(f"{who} may not take action {name} now; legal: {allowed}")


def table_text(game: Game) -> str:
    """What a spectator sees, as text: the game's own rendering, or its view as JSON."""
    view = game.view(None)
    text = game.spec.text
    return text.render(view) if text is not None else json.dumps(view, indent=1, sort_keys=True)
