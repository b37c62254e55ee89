"""The game protocol every front end, agent and test is written against (see docs/api.md).

A game is a mutable object with a small surface: ``to_act``, ``legal_actions``, ``act``,
``is_over``/``result``, ``view``, ``clone``, ``resample``, ``record`` and ``parse_action``.
Actions are immutable values from a per-game :class:`ActionCatalog`; each has an integer
``code`` (its index in the catalog, handy for action masks), a JSON form and a human label.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import IllegalActionError, MalformedActionError

if TYPE_CHECKING:
    from .registry import GameSpec

JsonScalar = str | int | bool | None


class Action:
    """An immutable, hashable move: ``kind`` plus named parameters, with a human ``label``.

    Two actions are equal when kind and parameters are equal; ``code`` and ``label`` are
    presentation. ``str(action)`` is the label; ``action.to_json()`` is the wire form.

    >>> a = Action(3, "play", {"card": "pope"}, "Pope")
    >>> a.to_json(), str(a)
    ({'kind': 'play', 'card': 'pope'}, 'Pope')
    """

    __slots__ = ("_hash", "code", "kind", "label", "params")

    code: int
    kind: str
    params: tuple[tuple[str, JsonScalar], ...]
    label: str

    def __init__(
        self,
        code: int,
        kind: str,
        params: Mapping[str, JsonScalar] | None = None,
        label: str | None = None,
    ) -> None:
        items = tuple(sorted((params or {}).items()))
        set_ = object.__setattr__
        set_(self, "code", code)
        set_(self, "kind", kind)
        set_(self, "params", items)
        set_(self, "label", label if label is not None else kind)
        set_(self, "_hash", hash((kind, items)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.params == other.params

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {dict(self.params)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.code, self.kind, dict(self.params), self.label))

    def to_json(self) -> dict[str, JsonScalar]:
        """The wire form: ``{"kind": ..., <params>...}``."""
        return {"kind": self.kind, **dict(self.params)}


class ActionCatalog:
    """Every action a game can ever take, indexed by code, by value and by label."""

    __slots__ = ("_by_key", "_by_text", "actions", "kinds")

    def __init__(
        self, actions: Iterable[Action], aliases: Mapping[int, Iterable[str]] | None = None
    ) -> None:
        """``aliases`` maps an action code to further texts that name it (e.g. a card's id)."""
        self.actions: tuple[Action, ...] = tuple(actions)
        for i, a in enumerate(self.actions):
            if a.code != i:
                raise ValueError(f"action {a!r} has code {a.code}, expected {i}")
        self._by_key = {(a.kind, a.params): a for a in self.actions}
        self.kinds = sorted({a.kind for a in self.actions})
        by_text: dict[str, list[Action]] = {}
        for a in self.actions:
            texts = {a.label, " ".join([a.kind, *map(str, dict(a.params).values())])}
            texts.update((aliases or {}).get(a.code, ()))
            for text in texts:
                by_text.setdefault(" ".join(text.lower().split()), []).append(a)
        self._by_text = by_text

    def __len__(self) -> int:
        return len(self.actions)

    def canonical(self, action: object) -> Action | None:
        """The catalog's own instance equal to ``action``, or None."""
        if isinstance(action, Action):
            if action.code < len(self.actions) and self.actions[action.code] is action:
                return action
            return self._by_key.get((action.kind, action.params))
        return None

    def parse(self, data: object, legal: list[Action] | None = None) -> Action:
        """Read an action from an Action, a JSON dict, a JSON string or a label.

        Labels are matched case-insensitively, among the ``legal`` actions first.
        Raises :class:`MalformedActionError` when nothing matches.
        """
        if isinstance(data, Action):
            found = self.canonical(data)
            if found is None:
                raise MalformedActionError(f"{data!r} is not an action of this game")
            return found
        if isinstance(data, str):
            text = data.strip()
            if text.startswith("{"):
                try:
                    data = json.loads(text)
                except json.JSONDecodeError as exc:
                    raise MalformedActionError(f"invalid JSON action {text!r}: {exc.msg}") from None
            else:
                return self._parse_text(text, legal)
        if isinstance(data, Mapping):
            return self._parse_json(data)
        raise MalformedActionError(
            f"an action is a JSON object or a label, not {type(data).__name__}"
        )

    def _parse_json(self, data: Mapping[Any, Any]) -> Action:
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise MalformedActionError(
                f"an action needs a 'kind' string, one of {', '.join(self.kinds)}"
            )
        if kind not in self.kinds:
            raise MalformedActionError(
                f"unknown action kind {kind!r}; expected one of {', '.join(self.kinds)}"
            )
        params = {k: v for k, v in data.items() if k != "kind"}
        try:
            key = (kind, tuple(sorted(params.items())))
            found = self._by_key.get(key)
        except TypeError:
            found = None
        if found is None:
            raise MalformedActionError(f"no {kind!r} action has parameters {params!r}")
        return found

    def _parse_text(self, text: str, legal: list[Action] | None) -> Action:
        matches = self._by_text.get(" ".join(text.lower().split()), [])
        if legal is not None:
            preferred = [a for a in matches if a in legal]
            if preferred:
                matches = preferred
        if not matches:
            hint = f"; legal now: {', '.join(map(str, legal))}" if legal else ""
            raise MalformedActionError(f"{text!r} is not an action of this game{hint}")
        return matches[0]


@dataclass(frozen=True)
class GameResult:
    """The outcome of a finished game. ``places[seat]`` is 1 for the best; ties share a place."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    places: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: Iterable[float]) -> GameResult:
        """Winners are all seats with the top score; places count the seats strictly ahead."""
        s = tuple(scores)
        top = max(s)
        return cls(
            scores=s,
            winners=tuple(i for i, v in enumerate(s) if v == top),
            places=tuple(1 + sum(1 for w in s if w > v) for v in s),
        )

    @property
    def ranking(self) -> list[int]:
        """Seats from best to worst (ties in seat order)."""
        return sorted(range(len(self.scores)), key=lambda i: (self.places[i], i))

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "places": list(self.places),
            "ranking": self.ranking,
        }


class Game(ABC):
    """Base class of every game. Subclasses keep their state in plain slots for speed.

    Subclasses set ``spec`` and implement the abstract members; the base class supplies
    ``record`` and ``parse_action`` on top of ``history`` (a list of ``(seat, code)``) and
    ``catalog`` (the game's :class:`ActionCatalog`).
    """

    __slots__ = ("catalog", "history", "options", "players", "resampled", "seed", "variant")

    spec: GameSpec
    players: int
    seed: int
    variant: str
    options: dict[str, Any]
    history: list[tuple[int, int]]
    catalog: ActionCatalog
    resampled: bool

    @property
    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """Seats that must act now (several in a simultaneous phase; none once over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now, in a stable order (empty if it need not act)."""

    @abstractmethod
    def act(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raise IllegalActionError and change nothing if illegal."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> GameResult | None:
        """The outcome once the game is over, else None."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-serialisable dict of all that ``seat`` may know (None: a spectator)."""

    @abstractmethod
    def clone(self) -> Game:
        """An independent copy."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Game:
        """A copy that looks the same to ``seat`` with all it cannot see re-dealt at random."""

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this game with :func:`tavola.replay`, as JSON."""
        if self.resampled:
            raise ValueError("a resampled game is a search hypothesis and has no record")
        actions = self.catalog.actions
        return {
            "game": self.spec.id,
            "rules_version": self.spec.rules_version,
            "players": self.players,
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, actions[code].to_json()] for seat, code in self.history],
        }

    def parse_action(self, seat: int, data: object) -> Action:
        """Read an action (Action, JSON dict or string, or label) for ``seat``.

        Raises :class:`MalformedActionError` (a ValueError) if it names no action of the game;
        an action that exists but is not legal now is returned, and ``act`` will refuse it.
        """
        return self.catalog.parse(
            data, self.legal_actions(seat) if self._valid_seat(seat) else None
        )

    def _valid_seat(self, seat: object) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players

    def _refuse_seat(self, seat: object) -> IllegalActionError:
        """The error for a seat that may not act now (nonexistent, or not its turn)."""
        if not self._valid_seat(seat):
            return IllegalActionError(
                f"there is no seat {seat!r}: seats are 0 to {self.players - 1}"
            )
        if self.is_over:
            return IllegalActionError("the game is over")
        waiting = ", ".join(map(str, sorted(self.to_act)))
        return IllegalActionError(f"seat {seat} may not act now; waiting for seat {waiting}")
