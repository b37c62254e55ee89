"""Every tavola game as an OpenSpiel Python game (the ``ai`` extra; see docs/interop.md).

``register_all()`` registers each game as ``python_tavola_<id with _>``; ``load(game_id,
players)`` registers and loads one, as ``pyspiel.load_game(short_name(game_id), {"players": n})``
does. Parameters: ``players``, ``seed`` (-1: fresh deals), ``variant``, ``options`` (the game's
options as a JSON object in URL-safe base64, :func:`encode_options`; plain JSON is read too) and,
for simultaneous games, ``turn_based``.

- Dynamics: sequential, or simultaneous for a game with ``spec.simultaneous``: then every node is
  a simultaneous one, where the seats not in ``to_act`` have no legal actions; ``turn_based``
  gives such a game sequential nodes, the seats that must act one after the other, which is
  exact because the game hides commitments.
- Chance is sampled: a state's tavola game is dealt when the state is first used, from the
  next of the loaded game's seeds (:class:`~tavola.interop.common.Seeds`); that seed fixes its
  future, so a clone plays on exactly as the original.
- Returns come at the end, :func:`tavola.interop.common.rewards`: zero-sum with 2+ players.
- A player's observation string is the JSON of its ``view``; its information-state string adds
  every event it saw (``events(seat)``, without the sentences), so it has perfect recall; both
  tensors are ``observe(seat)``.
- ``resample_from_infostate`` is ``game.resample(seat, rng)``; the other seats' past in the
  sampled world is what everyone saw (the spectator's events).
- States serialize (``serialize()``) and pickle, games pickle as their string; OpenSpiel's
  ``serialize_game_and_state`` cannot work (it needs an RNG state a Python game cannot give).
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import math
import random
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalActionError, UnknownGameError, quote
from ..core.protocol import ActionCatalog, Game
from ..core.registry import GameSpec, get_spec, list_games, new_game
from .common import Seeds, legal_action, rewards, table_text

if TYPE_CHECKING:
    import pyspiel

PREFIX = "python_tavola_"


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a tavola game.

    >>> short_name("testa-di-pecora")
    'python_tavola_testa_di_pecora'
    """
    return PREFIX + game_id.replace("-", "_")


def encode_options(options: dict[str, Any]) -> str:
    """The parameter ``options``: the JSON of ``options`` in URL-safe base64, unpadded, so that
    OpenSpiel's game strings (which split on ``,`` and ``=``) hold any options.

    >>> encode_options({"seasons": 1, "redeals": 2})
    'eyJyZWRlYWxzIjoyLCJzZWFzb25zIjoxfQ'
    >>> decode_options("eyJyZWRlYWxzIjoyLCJzZWFzb25zIjoxfQ"), decode_options('{"seasons": 1}')
    ({'redeals': 2, 'seasons': 1}, {'seasons': 1})
    """
    return base64.urlsafe_b64encode(_json(options).encode()).decode().rstrip("=")


def decode_options(text: str) -> dict[str, Any]:
    """The options of the parameter ``options``: :func:`encode_options`'s form, or plain JSON."""
    try:
        options = json.loads(text)
    except json.JSONDecodeError as exc:
        try:
            options = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        except (binascii.Error, ValueError):
            raise UnknownGameError(
                f"options are a JSON object, plain or in URL-safe base64: {exc.msg}"
            ) from None
    if not isinstance(options, dict):
        raise UnknownGameError(f"options are a JSON object, not {quote(text)}")
    return options


def register_all() -> list[str]:
    """Register with OpenSpiel every tavola game it does not know yet; every game's name."""
    spiel = _pyspiel()
    known = set(spiel.registered_names())
    names = []
    for spec in list_games():
        name = short_name(spec.id)
        if name not in known:
            # a class, as OpenSpiel's own Python games register: a function or partial held by
            # OpenSpiel's registry would be freed after Python has shut down, and crash it
            game_class = type("TavolaGame", (_classes()[0],), {"game_id": spec.id})
            spiel.register_game(_game_type(spec, spec.min_players, False), game_class)
        names.append(name)
    return names


def load(
    game_id: str,
    players: int | None = None,
    *,
    seed: int | None = None,
    variant: str | None = None,
    options: dict[str, Any] | None = None,
    turn_based: bool = False,
) -> pyspiel.Game:
    """The OpenSpiel game of ``game_id`` (registered first if needed); ``seed`` fixes the deals
    of its states, the first being ``tavola.new_game(..., seed=seed)`` (docs/interop.md says
    which states take a seed)."""
    spec = get_spec(game_id)
    if not isinstance(turn_based, bool):  # OpenSpiel refuses all else for a bool parameter
        raise UnknownGameError(f"turn_based is True or False, not {quote(turn_based)}")
    if turn_based and not spec.simultaneous:
        raise UnknownGameError(f"{spec.title} is turn-based: turn_based is for simultaneous games")
    register_all()
    params: dict[str, Any] = {}
    if players is not None:
        params["players"] = players
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not -1 <= seed < 2**31:
            raise UnknownGameError(  # an OpenSpiel parameter is a C++ int
                f"an OpenSpiel game's seed is -1 (fresh deals) or 0 to 2**31 - 1, not {quote(seed)}"
            )
        params["seed"] = seed
    if variant is not None:
        params["variant"] = variant
    if options is not None:
        params["options"] = encode_options(options)
    if turn_based:
        params["turn_based"] = True
    return _pyspiel().load_game(short_name(game_id), params)


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError as exc:
        raise ImportError(
            "the OpenSpiel adapter needs the ai extra: pip install 'tavola[ai]'"
        ) from exc
    return pyspiel


def _parameters(spec: GameSpec) -> dict[str, Any]:
    params: dict[str, Any] = {
        "players": spec.max_players,
        "seed": -1,
        "variant": spec.variants[0],
        "options": encode_options({}),
    }
    if spec.simultaneous:
        params["turn_based"] = False
    return params


def _game_type(spec: GameSpec, players: int, turn_based: bool) -> Any:
    spiel = _pyspiel()
    kind = spiel.GameType
    simultaneous = spec.simultaneous and not turn_based
    return kind(
        short_name=short_name(spec.id),
        long_name=f"tavola {spec.title}",
        dynamics=kind.Dynamics.SIMULTANEOUS if simultaneous else kind.Dynamics.SEQUENTIAL,
        chance_mode=(
            kind.ChanceMode.SAMPLED_STOCHASTIC if spec.chance else kind.ChanceMode.DETERMINISTIC
        ),
        information=(
            kind.Information.IMPERFECT_INFORMATION
            if spec.hidden_information or spec.simultaneous
            else kind.Information.PERFECT_INFORMATION
        ),
        utility=kind.Utility.ZERO_SUM if players > 1 else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(spec),
    )


class _Rules:
    """What every state of one loaded game shares (never copied with a state): its parameters,
    sizes and action names, and the seeds of its deals."""

    __slots__ = (
        "info",
        "names",
        "options",
        "params",
        "players",
        "seeds",
        "simultaneous",
        "spec",
        "variant",
    )

    def __init__(self, spec: GameSpec, params: dict[str, Any]) -> None:
        options = decode_options(params["options"])
        self.params = {**params, "options": encode_options(options)}
        """The parameters, ``options`` in :func:`encode_options`'s form."""
        self.players, self.variant, self.options = spec.check(
            params["players"], params["variant"], options
        )
        seed = params["seed"]
        if seed < -1:
            raise UnknownGameError(f"seed is -1 (fresh deals) or at least 0, not {seed}")
        self.seeds = Seeds(None if seed == -1 else seed)
        self.spec = spec
        self.info = spec.info(self.players, self.variant, self.options)
        self.simultaneous = spec.simultaneous and not params.get("turn_based", False)
        self.names = _action_names(self.deal(0).catalog)

    def deal(self, seed: int) -> Game:
        return new_game(
            self.spec.id, self.players, seed=seed, variant=self.variant, options=self.options
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game's id and parameters (a ``GameSpec`` does not pickle); the copy's
        seeds start over."""
        return _rules, (self.spec.id, self.params)


def _rules(game_id: str, params: dict[str, Any]) -> _Rules:
    return _Rules(get_spec(game_id), params)


def _action_names(catalog: ActionCatalog) -> list[str]:
    """Each action's label, with its JSON form too if another action has the same label."""
    labels = [str(a) for a in catalog.actions]
    return [
        label if labels.count(label) == 1 else f"{label} {json.dumps(a.to_json())}"
        for label, a in zip(labels, catalog.actions, strict=True)
    ]


Past = tuple[str, ...]
"""The events a seat saw, each as JSON without its sentence (made from the fields anyway)."""


class _World:
    """The tavola game behind a state, and the events each seat saw (``None``: the spectator).

    The game is dealt when first needed, from the next of the loaded game's seeds: OpenSpiel
    clones a Python state by making a new initial state and deep-copying the attributes of the
    original into it, so a state made for a clone is never dealt. In a resampled world, ``before``
    holds what each seat saw before the game's own events begin.
    """

    __slots__ = ("_game", "_seen", "before", "rules")

    def __init__(
        self, rules: _Rules, game: Game | None = None, before: dict[int | None, Past] | None = None
    ) -> None:
        self.rules, self._game, self.before = rules, game, before or {}
        self._seen: dict[int | None, tuple[Past, int]] = {}

    @property
    def game(self) -> Game:
        if self._game is None:
            self._game = self.rules.deal(self.rules.seeds.next())
        return self._game

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        copy = _World(self.rules, self.game.clone(), self.before)
        copy._seen = dict(self._seen)
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled dealt (``state.serialize()`` pickles it), without the cache of events."""
        return _World, (self.rules, self.game, self.before)

    def seen(self, seat: int | None) -> Past:
        """Every event ``seat`` saw; kept, so that only new ones are asked of the game."""
        past, since = self._seen.get(seat) or (self.before.get(seat, ()), 0)
        new = self.game.events(seat, since)
        if new:
            past += tuple(_json({k: v for k, v in e.items() if k != "text"}) for e in new)
            self._seen[seat] = (past, new[-1]["i"] + 1)
        return past

    def info_state(self, seat: int) -> str:
        """``{"events": [...], "seat": seat, "view": {...}}`` as JSON with sorted keys."""
        events = ",".join(self.seen(seat))
        return f'{{"events":[{events}],"seat":{seat},"view":{self.observation(seat)}}}'

    def observation(self, seat: int) -> str:
        return _json(self.game.view(seat))

    def resample(self, seat: int, rng: random.Random) -> _World:
        """A world ``seat`` cannot tell from this one; the others' past in it is the public one."""
        public = self.seen(None)
        before: dict[int | None, Past] = dict.fromkeys(range(self.rules.players), public)
        before[None] = public
        before[seat] = self.seen(seat)
        return _World(self.rules, self.game.resample(seat, rng), before)


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class _GameBase:
    """A tavola game as an OpenSpiel game (``game_id`` is set by each registered subclass)."""

    game_id: str

    def __init__(self, params: dict[str, Any]) -> None:
        spiel = _pyspiel()
        spec = get_spec(self.game_id)
        rules = _Rules(spec, params)
        info = rules.info
        super().__init__(  # type: ignore[call-arg]
            _game_type(spec, rules.players, params.get("turn_based", False)),
            spiel.GameInfo(
                num_distinct_actions=info.num_distinct_actions,
                max_chance_outcomes=0,
                num_players=rules.players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0 if rules.players > 1 else None,
                max_game_length=info.max_game_length,
            ),
            rules.params,  # options encoded, so that str(game) loads the game again
        )
        self.rules = rules

    def new_initial_state(self) -> Any:
        """A state of a new deal, dealt when first used (see :class:`_World`)."""
        return _classes()[1](self, _World(self.rules))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its string (OpenSpiel's own pickling needs an RNG state, which a Python
        game cannot give): the copy's deals start over from the seed."""
        return _load_game, (str(self),)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer of a player's own view, with perfect recall for the information state
        (``iig_obs_type.perfect_recall``); the default is the observation."""
        spiel = _pyspiel()
        if isinstance(iig_obs_type, dict):  # OpenSpiel's C++ passes only the parameters then
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"tavola observers take no parameters, not {quote(params)}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != spiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("tavola games observe a player's own view (public and private info)")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self.rules.info.observation_shape, recall)


class _Observer:
    """OpenSpiel's observer of one player: ``observe(seat)`` as the tensor; the view (and the
    events it saw, with ``recall``) as the string."""

    def __init__(self, shape: tuple[int, ...], recall: bool) -> None:
        import numpy as np

        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self.recall = recall

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = state.world.game.observe(player).ravel()

    def string_from(self, state: Any, player: int) -> str:
        world = state.world
        return world.info_state(player) if self.recall else world.observation(player)


class _StateBase:
    """A tavola game as an OpenSpiel state."""

    def __init__(self, game: Any, world: _World) -> None:
        super().__init__(game)  # type: ignore[call-arg]
        self.world = world
        """The tavola game and the seats' past (hidden parts included: for tools and tests)."""

    def current_player(self) -> int:
        """The seat to act; in a simultaneous game, every node is a simultaneous one (OpenSpiel's
        convention: a seat not in ``to_act`` has no legal action there)."""
        spiel = _pyspiel()
        game = self.world.game
        if game.is_over:
            return spiel.PlayerId.TERMINAL
        if self.world.rules.simultaneous:
            return spiel.PlayerId.SIMULTANEOUS
        return min(game.to_act)

    def _legal_actions(self, player: int) -> list[int]:
        if player < 0:  # the simultaneous player: OpenSpiel's flat joint actions
            return list(range(math.prod(map(len, self._joint()))))
        return sorted(a.code for a in self.world.game.legal_actions(player))

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """A player's legal action codes as 0/1; refused for the simultaneous player, whose flat
        joint actions are no action codes (OpenSpiel would write them past the mask's end)."""
        spiel = _pyspiel()
        if player is None:
            player = self.current_player()
        if player == spiel.PlayerId.SIMULTANEOUS:
            raise ValueError(
                "a simultaneous node has a mask per player: legal_actions_mask(player), "
                "player 0 to num_players() - 1"
            )
        return spiel.State.legal_actions_mask(self, player)

    def _joint(self) -> list[list[int]]:
        """Each player's choices at a simultaneous node, for a flat joint action (OpenSpiel's
        order: player 0 the fastest-moving digit); a seat not in ``to_act`` has one, no action."""
        game = self.world.game
        if game.is_over:
            raise IllegalActionError("the game is over")
        if not self.world.rules.simultaneous:
            raise IllegalActionError("this is not a simultaneous node: one player acts")
        return [
            self._legal_actions(p) if p in game.to_act else [_pyspiel().INVALID_ACTION]
            for p in range(game.players)
        ]

    def _split(self, joint: int) -> list[int]:
        """Each player's action in the flat joint action ``joint`` (``INVALID_ACTION``: none)."""
        choices = self._joint()
        if isinstance(joint, bool) or not isinstance(joint, int):
            raise IllegalActionError(f"a joint action is a whole number, not {quote(joint)}")
        if not 0 <= joint < math.prod(map(len, choices)):
            raise IllegalActionError(f"there is no joint action {joint} at this node")
        actions = []
        for codes in choices:
            joint, digit = divmod(joint, len(codes))
            actions.append(codes[digit])
        return actions

    def _apply_action(self, action: int) -> None:
        game = self.world.game
        if self.world.rules.simultaneous:
            self._apply_actions(self._split(action))
            return
        if game.is_over:
            raise IllegalActionError("the game is over")
        seat = min(game.to_act)
        game.act(seat, legal_action(game, seat, action, f"player {seat}"))

    def _apply_actions(self, actions: list[int]) -> None:
        """One decision of every seat in ``to_act`` (the others' entries are ignored), all
        checked before any is taken."""
        game = self.world.game
        self._joint()  # a simultaneous node, or an error
        if len(actions) != game.players:
            raise IllegalActionError(
                f"apply_actions takes one action per player ({game.players}), not {len(actions)}"
            )
        moves = [
            (seat, legal_action(game, seat, actions[seat], f"player {seat}"))
            for seat in sorted(game.to_act)
        ]
        for seat, move in moves:
            game.act(seat, move)

    def _action_to_string(self, player: int, action: int) -> str:
        """An action code's name; for the simultaneous player, each player's part of the flat
        joint action, OpenSpiel's way (``[Pope, -, Bishop]``: ``-`` for a seat not acting)."""
        names = self.world.rules.names
        if player == _pyspiel().PlayerId.SIMULTANEOUS:
            parts = [names[code] if code >= 0 else "-" for code in self._split(action)]
            return f"[{', '.join(parts)}]"
        if not 0 <= action < len(names):
            raise IllegalActionError(
                f"there is no action {action}: codes are 0 to {len(names) - 1}"
            )
        return names[action]

    def is_terminal(self) -> bool:
        return self.world.game.is_over

    def returns(self) -> list[float]:
        result, rules = self.world.game.result, self.world.rules
        return [0.0] * rules.players if result is None else rewards(result, rules.info)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one (same information state), all it
        cannot see dealt again from ``probability_sampler``'s numbers."""
        world = self.world.resample(player_id, random.Random(int(probability_sampler() * 2**53)))
        return type(self)(self.get_game(), world)  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return table_text(self.world.game)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and ``serialize()`` (OpenSpiel's own pickling needs the game's
        RNG state, which a Python game cannot give)."""
        return _load_state, (self.get_game(), self.serialize())  # type: ignore[attr-defined]


def _load_game(text: str) -> Any:
    register_all()
    return _pyspiel().load_game(text)


def _load_state(game: Any, text: str) -> Any:
    return game.deserialize_state(text)


@functools.cache
def _classes() -> tuple[type, type]:
    """The game and state classes: the code above on pyspiel's base classes, made when first
    needed so that this module imports without OpenSpiel."""
    spiel = _pyspiel()
    return (
        type("TavolaGame", (_GameBase, spiel.Game), {"__module__": __name__}),
        type("TavolaState", (_StateBase, spiel.State), {"__module__": __name__}),
    )
