"""Agent names with parameters: ``ismcts:iterations=400,c=0.5``, ``heuristic``, ``hard``.

A name is a kind, then optionally ``:`` and ``key=value`` pairs separated by commas. Each kind
declares its parameters (type, range, default), so a bad name or value gets a message that says
what there is. Lists of agents are comma-separated too: :func:`split_agents` gives a
``key=value`` piece to the agent before it. Difficulty levels (``easy``, ``medium``, ``hard``)
are names of their own, mapped onto kinds in :data:`DIFFICULTIES`, for every front end; a
game may name its own ``hard`` (:func:`difficulties`).

>>> parse_agent("ismcts:iterations=400,c=0.5")
('ismcts', {'iterations': 400, 'c': 0.5})
>>> split_agents("ismcts:iterations=400,c=0.5,heuristic,random")
['ismcts:iterations=400,c=0.5', 'heuristic', 'random']
>>> parse_agent("hard")
('ismcts', {'iterations': 400, 'prior': 3.0})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import UnknownGameError, meant, quote


class AgentNameError(UnknownGameError):
    """An agent name that names no agent, or a parameter it does not take."""


@dataclass(frozen=True)
class Param:
    """One parameter of an agent kind: its type, default, bounds or choices, and meaning."""

    type: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def read(self, kind: str, key: str, text: str) -> Any:
        """The value ``text`` stands for, checked; AgentNameError says what is allowed."""
        try:
            value = self.type(text)
        except ValueError:
            raise AgentNameError(f"{kind}: {key} is {self.describe()}, not {quote(text)}") from None
        if (
            (self.low is not None and value < self.low)
            or (self.high is not None and value > self.high)
            or (self.choices and value not in self.choices)
            or (self.type is float and value != value)  # NaN
        ):
            raise AgentNameError(f"{kind}: {key} is {self.describe()}, not {quote(text)}")
        return value

    def describe(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        noun = "a whole number" if self.type is int else "a number"
        if self.high is None:
            return f"{noun} of at least {self.low:g}"
        return f"{noun} from {self.low:g} to {self.high:g}"


@dataclass(frozen=True)
class AgentKind:
    """A kind of agent: ``make(game_id, **params)`` builds one; ``params`` it takes; ``probes``
    are cheap instances the conformance suite checks on every game (those naming the heuristic
    only on games that have one)."""

    name: str
    summary: str
    make: Callable[..., Any] = field(repr=False)
    params: Mapping[str, Param] = field(default_factory=dict)
    probes: tuple[str, ...] = ()


DIFFICULTIES: dict[str, str] = {
    "easy": "heuristic:slips=0.5",
    "medium": "heuristic",
    "hard": "ismcts:iterations=400,prior=3",
}
"""Levels a player understands, as agent names (a level is itself a valid agent name); a game
may name another ``hard`` (``GameSpec.hard``). ``easy`` plays half its moves at random: it
beats the random bot and loses to ``medium`` in every game (docs/bots.md)."""
PLAIN_EASY = "random"
"""``easy`` in a game without a heuristic."""
PLAIN_SEARCH = "ismcts:iterations=400"
"""``hard`` in a game without a heuristic (nothing to roll out with or prefer)."""


def difficulties(game_id: str | None = None) -> dict[str, str]:
    """The levels as agent names in ``game_id`` (None: :data:`DIFFICULTIES`): ``hard`` is the
    game's own where its spec names one, the bot measured strongest there (docs/bots.md). A
    game without a heuristic has no ``medium``, and its ``hard`` searches with random rollouts.

    >>> difficulties("renaissance-man-2d6")["hard"]
    'pimc:horizon=12,reward=win,value=learned'
    """
    if game_id is None:
        return dict(DIFFICULTIES)
    from ..core.registry import get_spec

    spec = get_spec(game_id)
    if spec.heuristic is None:  # medium is the heuristic, and hard's search leans on it
        return {"easy": PLAIN_EASY, "hard": spec.hard or PLAIN_SEARCH}
    return DIFFICULTIES | {"hard": spec.hard} if spec.hard else dict(DIFFICULTIES)


def level_words(game_id: str) -> dict[str, str]:
    """What each level of ``game_id`` does, in a player's words (the lobby says it).

    >>> level_words("renaissance-rivals")["easy"]
    "follows the game's rules of thumb, but plays 50% of its moves at random"
    """
    words = {}
    for level, agent in difficulties(game_id).items():
        kind, params = parse_agent(agent, game_id=game_id)
        if kind == "random":
            words[level] = "plays any legal move at random"
        elif kind == "heuristic":
            slips = params.get("slips", 0.0)
            but = f", but plays {slips:.0%} of its moves at random" if slips else ""
            words[level] = f"follows the game's rules of thumb{but}"
        else:
            words[level] = "searches ahead without seeing hidden cards (a moment a move)"
    return words


def agent_name(kind: str, given: Mapping[str, Any], params: Mapping[str, Param]) -> str:
    """The name that makes an agent again: its kind and its parameters not at their default.

    >>> agent_name("ismcts", {"iterations": 400, "c": 0.5}, {"iterations": Param(int, 400, ""),
    ...     "c": Param(float, 0.7, "")})
    'ismcts:c=0.5'
    """
    shown = [f"{k}={v}" for k, v in given.items() if v is not None and v != params[k].default]
    return kind + (":" + ",".join(shown) if shown else "")


def parse_agent(
    text: object, kinds: Mapping[str, AgentKind] | None = None, game_id: str | None = None
) -> tuple[str, dict]:
    """``(kind, params)`` named by ``text`` (a difficulty level as in ``game_id``, if given);
    AgentNameError for a bad name or parameter."""
    if kinds is None:
        from . import KINDS as kinds  # the registry imports this module
    if not isinstance(text, str) or len(text) > 200:
        raise AgentNameError(f"an agent name is text such as 'heuristic', not {quote(text)}")
    text = text.strip()
    if text in DIFFICULTIES:  # a level: as this game names it
        levels = difficulties(game_id)
        if text not in levels:
            raise AgentNameError(
                f"no {text!r} bot in this game (it has no heuristic); levels: {', '.join(levels)}"
            )
        text = levels[text]
    name, colon, rest = text.partition(":")
    kind = kinds.get(name.strip())
    if kind is None and name.strip() in DIFFICULTIES:
        raise AgentNameError(
            f"a level such as {name.strip()!r} takes no parameters: give them to an agent "
            f"(ismcts:..., pimc:...)"
        )
    if kind is None:
        names = [*sorted(kinds), *DIFFICULTIES]
        raise AgentNameError(
            f"no agent {quote(name)}{meant(name, names)}; agents: {', '.join(names)}"
        )
    pieces = [p for p in (p.strip() for p in rest.split(",")) if p]
    if colon and not pieces:  # listed as typed, 'ismcts:' would be another agent than 'ismcts'
        first = next(iter(kind.params), None)
        raise AgentNameError(
            f"{quote(text)} has no parameters after its ':': write {kind.name!r} alone"
            + (f", or name=value after the ':' ({kind.name}:{first}=...)" if first else "")
        )
    params: dict[str, Any] = {}
    for piece in pieces:
        key, eq, value = (s.strip() for s in piece.partition("="))
        if key in kind.params and not eq:
            raise AgentNameError(
                f"{kind.name}: give {key} a value, as {key}=..., not {quote(piece)}; "
                f"{key}: {kind.params[key].help}, {kind.params[key].describe()}"
            )
        if key not in kind.params:
            takes = (
                "; ".join(f"{k}: {p.help}, {p.describe()}" for k, p in kind.params.items())
                or "none"
            )
            fault = (
                f"has no parameter {quote(key)}" if key else f"needs name=value, not {quote(piece)}"
            )
            raise AgentNameError(f"{kind.name} {fault}; its parameters: {takes}")
        if key in params:
            raise AgentNameError(f"{kind.name}: {key} is given twice")
        params[key] = kind.params[key].read(kind.name, key, value)
    return kind.name, params


def split_agents(text: str) -> list[str]:
    """Comma-separated agent names, where a ``key=value`` piece belongs to the name before it."""
    names: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if names and "=" in piece and ":" not in piece:
            names[-1] += "," + piece
        else:
            names.append(piece)
    return names
