"""The game protocol every front end, agent and test is written against (see docs/api.md).

A game is a mutable object with a small surface: ``to_act``, ``legal_actions``, ``act``,
``is_over``/``result``, ``view``, ``info_key``, ``observe``, ``action_mask``, ``events``,
``clone``, ``resample``, ``record``, ``public_record`` and ``parse_action``. Actions are
immutable values from a per-game :class:`ActionCatalog`; each has an integer ``code`` (its index
in the catalog, used by action masks), a JSON form and a human label.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import CardsOption
from .errors import (
    IllegalActionError,
    MalformedActionError,
    SeatError,
    TavolaError,
    quote,
    shorten,
)
from .events import Event, json_copy, seen_by
from .options import whole

if TYPE_CHECKING:
    import numpy as np

    from .registry import GameSpec

MAX_ACTION_TEXT = 4096
"""Longer action input is refused before it is parsed."""

JsonScalar = str | int | bool | None
WorldPolicy = Callable[["Game", int, list["Action"], random.Random], "Action"]
"""How a seat chooses in a drawn world: ``policy(world, seat, legal, rng)`` gives one of
``legal``; ``resample`` may draw the other seats' hidden commitments with one."""


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
        if code.__class__ is not int or kind.__class__ is not str:
            raise TypeError(
                f"Action(code, kind, params, label): a whole number and a string, not "
                f"{quote(code)} and {quote(kind)} (an action of a game: g.parse_action)"
            )
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
        """What makes the action again, as python-chess's ``Move`` reprs do."""
        params = dict(self.params)
        return f"Action({self.code!r}, {self.kind!r}, {params!r}, {self.label!r})"

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
        if not isinstance(action, Action):
            return None
        code = getattr(action, "code", None)
        if code.__class__ is int and 0 <= code < len(self.actions) and self.actions[code] is action:
            return action
        try:  # a forged instance may lack fields, or hold unhashable ones
            return self._by_key.get((action.kind, action.params))
        except (AttributeError, TypeError):
            return None

    def parse(self, data: object, legal: list[Action] | None = None) -> Action:
        """Read an action from an Action, a JSON dict, a JSON string or a label.

        Labels are matched case-insensitively, among the ``legal`` actions first.
        Raises :class:`MalformedActionError` when nothing matches.
        """
        if isinstance(data, Action):
            found = self.canonical(data)
            if found is None:
                raise MalformedActionError(f"{quote(data)} is not an action of this game")
            return found
        if isinstance(data, str):
            if len(data) > MAX_ACTION_TEXT:
                raise MalformedActionError(f"an action is at most {MAX_ACTION_TEXT} characters")
            text = data.strip()
            if text.startswith("{"):
                try:
                    data = json.loads(text)
                except json.JSONDecodeError as exc:
                    raise MalformedActionError(
                        f"invalid JSON action {quote(text)}: {exc.msg}"
                    ) from None
                except RecursionError:
                    raise MalformedActionError("invalid JSON action: nested too deeply") from None
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
                f"unknown action kind {quote(kind)}; expected one of {', '.join(self.kinds)}"
            )
        params = {k: v for k, v in data.items() if k != "kind"}
        try:
            key = (kind, tuple(sorted(params.items())))
            found = self._by_key.get(key)
        except TypeError:
            found = None
        if found is None:
            raise MalformedActionError(f"no {kind!r} action has parameters {quote(params)}")
        return found

    def _parse_text(self, text: str, legal: list[Action] | None) -> Action:
        matches = self._by_text.get(" ".join(text.lower().split()), [])
        if legal is not None:
            preferred = [a for a in matches if a in legal]
            if preferred:
                matches = preferred
        if not matches:
            hint = f"; legal now: {shorten(', '.join(map(str, legal)), 120)}" if legal else ""
            raise MalformedActionError(f"{quote(text)} is not an action of this game{hint}")
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

    def rewards(self, min_score: float = 0.0, max_score: float = 1.0) -> list[float]:
        """Each seat's reward, from -1 to 1: what learners and search bots are paid.

        With several players it goes by place: 1 for the best, -1 for the worst, evenly
        between; seats sharing a place get the average of the places they cover, so rewards
        sum to 0. A player alone is paid for winning first and its score second: a won game
        from 0.5 to 1, a lost one (no winner) from -1 to -0.5, by where the score lies in the
        game's score range; so no lost game pays more than a won one.

        >>> GameResult.from_scores([3, 9, 3]).rewards()
        [-0.5, 1.0, -0.5]
        >>> GameResult.from_scores([2, 0, 5, 1]).rewards()
        [0.3333333333333333, -1.0, 1.0, -0.3333333333333333]
        >>> GameResult.from_scores([15]).rewards(0, 20)
        [0.875]
        >>> GameResult((15,), (), (1,)).rewards(0, 20)
        [-0.625]
        """
        places = self.places
        n = len(places)
        if n == 1:
            share = (self.scores[0] - min_score) / ((max_score - min_score) or 1)
            return [(1 + share) / 2 if self.winners else share / 2 - 1]
        return [(n + 2 - 2 * p - places.count(p)) / (n - 1) for p in places]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "places": list(self.places),
            "ranking": self.ranking,
        }


class Game(ABC):
    """Base class of every game. Subclasses keep their state in plain slots for speed.

    Subclasses set ``spec`` and implement the abstract members. The base class supplies
    ``record``, ``public_record``, ``events``, ``action_mask`` and ``parse_action`` on top of
    ``history`` (a list of ``(seat, code)``), ``log`` (raw events, see :meth:`describe_event`)
    and ``catalog`` (the game's :class:`ActionCatalog`).
    """

    __slots__ = (
        "_options",
        "catalog",
        "history",
        "log",
        "log_base",
        "players",
        "resampled",
        "seed",
        "variant",
    )

    spec: GameSpec
    players: int
    seed: int
    variant: str
    _options: dict[str, Any]
    history: list[tuple[int, int]]
    log: list[tuple[Any, ...]]
    log_base: int
    catalog: ActionCatalog
    resampled: bool

    def _start(self, players: int, seed: int, variant: str, options: dict[str, Any]) -> None:
        """Set the fields every game has, for a new game."""
        self.players = players
        self.seed = seed
        self.variant = variant
        self._options = options
        self.history = []
        self.log = []
        self.log_base = 0
        self.resampled = False

    def _copy_base(self, other: Game) -> None:
        """Copy the fields every game has from ``other`` (for ``clone``)."""
        self.players = other.players
        self.seed = other.seed
        self.variant = other.variant
        self._options = other._options  # never changed: shared
        self.history = other.history[:]
        self.log = other.log[:]
        self.log_base = other.log_base
        self.catalog = other.catalog
        self.resampled = other.resampled

    @property
    def options(self) -> dict[str, Any]:
        """Every option's value, defaults included (a copy, all the way down: the game's own
        never changes)."""
        return json_copy(self._options)

    # -- what every game implements ---------------------------------------------------------

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
    def info_key(self, seat: int | None) -> Hashable:
        """A hashable value equal for two games exactly when ``seat``'s views are equal."""

    @abstractmethod
    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s view as a float32 array of shape ``spec.info(players).observation_shape``."""

    @abstractmethod
    def describe_event(self, raw: tuple[Any, ...]) -> Event:
        """The :class:`Event` a raw ``log`` entry stands for, with who may see what."""

    @abstractmethod
    def canonical(self) -> Hashable:
        """The full state, hidden parts included, as a comparable value (for tests)."""

    @abstractmethod
    def clone(self) -> Game:
        """An independent copy."""

    def __copy__(self) -> Game:
        """``copy.copy`` gives what :meth:`clone` gives: a shallow copy would share the
        state's lists, and playing on it would change the original."""
        return self.clone()

    @abstractmethod
    def resample(self, seat: int, rng: random.Random, policy: WorldPolicy | None = None) -> Game:
        """A copy that looks the same to ``seat``, all it cannot see re-drawn at random.

        It depends only on what ``seat`` can see, on ``rng`` (and ``policy``), and holds
        nothing true that ``seat`` cannot see: implementations call :meth:`_forget` on the copy.
        The other seats' finished hidden commitments of an open simultaneous phase are drawn
        again step by step, by ``policy`` on the drawn world if given (as those seats would
        choose there: a search bot's model of its opponents), else uniformly. A game with no
        such commitments ignores ``policy``.
        """

    def hidden_ids(self, seat: int | None) -> frozenset[str]:
        """Ids of the cards hidden from ``seat`` now (scanned for in what it is sent)."""
        return frozenset()

    def event_text(self, event: dict[str, Any], viewer: int | None) -> str:
        """A short sentence for ``event`` (as already filtered for ``viewer``)."""
        return event["kind"]

    def card_table(self) -> dict[str, Any]:
        """What front ends show of the game's cards, by the ids views use (names, suits,
        values): the printed faces of the card set, public to all. JSON; empty by default."""
        return {}

    # -- what the core supplies -------------------------------------------------------------

    def action_mask(self, seat: int) -> np.ndarray:
        """A 0/1 int8 array over the catalog's codes: 1 where ``seat`` may act now."""
        import numpy as np

        mask = np.zeros(len(self.catalog), dtype=np.int8)
        codes = [a.code for a in self.legal_actions(self._query_seat(seat))]
        mask[codes] = 1
        return mask

    @property
    def at_limit(self) -> bool:
        """Whether the game ended at its safety limit (a cap on its rounds or turns, which its
        rules page names, for a game nobody ends) and not by its rules: a simulation reports
        such games. A game with such a limit overrides this."""
        return False

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last step: a step of a secret choice it has not
        finished (a simultaneous phase's commitment). A game with such commitments of several
        steps overrides this and :meth:`take_back`; others have nothing to take back."""
        return False

    def take_back(self, seat: int) -> int:
        """Take back ``seat``'s last step of its unfinished secret choice, as if never taken
        (it leaves the history; nobody else saw it); returns its index in the history it had.
        IllegalActionError if there is none (:meth:`can_take_back`)."""
        raise self._nothing_to_take_back(seat)

    def _nothing_to_take_back(self, seat: object) -> IllegalActionError:
        if not self._valid_seat(seat):
            return IllegalActionError(self._no_seat(seat))
        return IllegalActionError(
            f"seat {seat} has no step to take back: only a step of a secret choice not yet "
            "finished can be"
        )

    def _drop_last_step(self, seat: int) -> int:
        """Remove ``seat``'s last move from the history (a step nobody else saw); its index."""
        history = self.history
        for i in range(len(history) - 1, -1, -1):
            if history[i][0] == seat:
                del history[i]
                return i
        raise AssertionError("a step to take back is in the history")

    def moves_seen(self, seat: int | None) -> int:
        """How many of the moves so far ``seat`` (None: a spectator) knows were made: all of
        them, but the other seats' steps of an open secret commitment (a game with such
        commitments overrides this, with :meth:`Commitments.hidden_from`)."""
        self._query_seat(seat, spectator=True)
        return len(self.history)

    def events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """What ``seat`` (None: a spectator) saw happen, from event number ``since`` on.

        Each event is JSON: ``i`` (its number), ``kind``, its fields, ``hidden`` (fields left
        out for this seat, if any) and ``text``, a sentence. Numbers are shared by all seats,
        so a seat's list may skip numbers it may not see.
        """
        seat = self._query_seat(seat, spectator=True)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise TavolaError(f"'since' is an event number of at least 0, not {quote(since)}")
        out = []
        base = self.log_base
        log = self.log
        for i in range(max(since, base), base + len(log)):
            form = seen_by(self.describe_event(log[i - base]), seat)
            if form is not None:
                form = {"i": i, **form}
                form["text"] = self.event_text(form, seat)
                out.append(form)
        return out

    def card_digests(self) -> dict[str, str]:
        """The content digest of each card-data option: what pins the cards in a record."""
        return {
            name: option.digest(self._options[name])
            for name, option in self.spec.options.items()
            if isinstance(option, CardsOption)
        }

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this game with :func:`tavola.replay`, as JSON.

        It holds the seed, which reveals every hidden card: it is for after the game, or for its
        owner. A seat gets :meth:`public_record`.
        """
        if self.resampled:
            raise TavolaError("a resampled game is a search hypothesis and has no record")
        actions = self.catalog.actions
        return {
            **self._setup(),
            "seed": self.seed,
            "actions": [[seat, actions[code].to_json()] for seat, code in self.history],
        }

    def _setup(self) -> dict[str, Any]:
        """What both records start with: the game, its rules version, players, variant,
        options and card digests."""
        return {
            "game": self.spec.id,
            "rules_version": self.spec.rules_version,
            "players": self.players,
            "variant": self.variant,
            "options": json_copy(self._options),
            "cards": self.card_digests(),
        }

    def public_record(self, seat: int | None) -> dict[str, Any]:
        """The game as ``seat`` (None: a spectator) saw it: no seed, nothing hidden from it."""
        seat = self._query_seat(seat, spectator=True)
        result = self.result
        return {
            **self._setup(),
            "seat": seat,
            "events": self.events(seat),
            "result": result.to_json() if result is not None else None,
        }

    def parse_action(self, seat: int, data: object) -> Action:
        """Read an action (Action, JSON dict or string, or label) for ``seat``.

        Raises :class:`MalformedActionError` (a ValueError) if it names no action of the game,
        SeatError if there is no such seat; an action that exists but is not legal now is
        returned, and ``act`` will refuse it.
        """
        return self.catalog.parse(data, self.legal_actions(self._query_seat(seat)))

    def _forget(self, rng: random.Random) -> None:
        """Make this copy a search hypothesis: no true past, no true seed (see ``resample``)."""
        if not isinstance(rng, random.Random):
            raise TavolaError(f"resample draws from a random.Random, not {quote(rng)}")
        self.resampled = True
        self.seed = rng.getrandbits(64)
        self.history = []
        self.log_base += len(self.log)
        self.log = []

    def _valid_seat(self, seat: object) -> bool:
        return seat.__class__ is int and 0 <= seat < self.players  # type: ignore[operator]

    def _query_seat(self, seat: object, spectator: bool = False) -> Any:
        """``seat`` if it exists (or is None and ``spectator``); else a SeatError."""
        if (seat is None and spectator) or self._valid_seat(seat):
            return seat
        also = ", or None for a spectator" if spectator else ""
        raise SeatError(self._no_seat(seat) + also)

    def _no_seat(self, seat: object) -> str:
        """Why ``seat`` is not a seat of this game."""
        if whole(seat) is not None and seat.__class__ is not int:  # numpy's, say
            return (
                f"seats are Python ints, not {type(seat).__name__}: pass int(seat) "
                f"(seats are 0 to {self.players - 1})"
            )
        return f"there is no seat {quote(seat)}: seats are 0 to {self.players - 1}"

    def _refuse_seat(self, seat: object) -> IllegalActionError:
        """The error for a seat that may not act now (nonexistent, or not its turn)."""
        if not self._valid_seat(seat):
            return IllegalActionError(self._no_seat(seat))
        if self.is_over:
            return IllegalActionError("the game is over")
        waiting = ", ".join(map(str, sorted(self.to_act)))
        return IllegalActionError(f"seat {seat} may not act now; waiting for seat {waiting}")

    def _unknown_action(self, action: object) -> IllegalActionError:
        """The error for ``act`` given something that is not an action of this game."""
        if not isinstance(action, Action):  # a code, a label, a dict: parse_action reads those
            return IllegalActionError(
                f"act takes an Action (from legal_actions or parse_action), not {quote(action)}"
            )
        return IllegalActionError(f"{quote(action)} is not an action of {self.spec.title}")

    def _refuse_action(self, action: Action, legal: Iterable[Action]) -> IllegalActionError:
        """The error for an action of the game that is not legal now, naming those that are."""
        return IllegalActionError(f"{action} is not legal now; legal: {', '.join(map(str, legal))}")


def freeze(value: Any) -> Hashable:
    """A hashable, comparable copy of nested JSON-like data (dicts become sorted item tuples)."""
    if isinstance(value, dict):
        return ("{}", tuple(sorted((k, freeze(v)) for k, v in value.items())))
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set | frozenset):
        return ("set", tuple(sorted(value)))
    return value
