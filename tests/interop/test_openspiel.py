"""The OpenSpiel adapter: OpenSpiel's own random simulation test on every registered game and
player count (simultaneous games also turn-based, both ways), its MCTS and IS-MCTS bots playing
whole games, the game types, seeds, and what a player's information state holds: its own view
and every event it saw, the same in a world where all hidden from it is dealt again."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import tavola
from tavola.core.protocol import Action, ActionCatalog
from tavola.core.rng import derive_seed
from tavola.interop import openspiel
from tavola.interop.common import rewards
from tavola.testing import cases

CASES = cases(every_variant=False)
NAMES = [f"{game}-{variant}-{players}" for game, variant, players in CASES]
SIMULTANEOUS = [(g, v, n) for g, v, n in CASES if tavola.get_spec(g).simultaneous]
GAMES = [spec.id for spec in tavola.list_games()]
RELAY_PLAYERS = [1, 2, 3, 4]
Dynamics = pyspiel.GameType.Dynamics


@pytest.mark.parametrize(("game_id", "variant", "players"), CASES, ids=NAMES)
def test_random_simulation(game_id: str, variant: str, players: int) -> None:
    game = openspiel.load(game_id, players, variant=variant, seed=1)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(
    ("game_id", "variant", "players"),
    SIMULTANEOUS,
    ids=[f"{g}-{v}-{n}" for g, v, n in SIMULTANEOUS],
)
def test_random_simulation_of_simultaneous_games_made_turn_based(
    game_id: str, variant: str, players: int
) -> None:
    """By the parameter ``turn_based``, and by OpenSpiel's own transformation."""
    turn_based = openspiel.load(game_id, players, variant=variant, seed=1, turn_based=True)
    assert turn_based.get_type().dynamics == Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(turn_based, num_sims=2, serialize=False, verbose=False)
    game = openspiel.load(game_id, players, variant=variant, seed=1)
    assert game.get_type().dynamics == Dynamics.SIMULTANEOUS
    converted = pyspiel.convert_to_turn_based(game)
    pyspiel.random_sim_test(converted, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("players", RELAY_PLAYERS)
def test_a_game_with_a_solo_mode_and_partial_simultaneous_phases(relay: str, players: int) -> None:
    """Relay: with 3 or 4 players some seats pick at once, the others have no legal action."""
    game = openspiel.load(relay, players, seed=1)
    state = game.new_initial_state()
    if players >= 3:
        assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
        assert state.legal_actions(0) == [] and state.legal_actions(1) == [0, 1, 2]
    else:
        assert state.current_player() == (1 if players == 2 else 0)
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.GENERAL_SUM if players == 1 else utility.ZERO_SUM)
    for made in (game, openspiel.load(relay, players, turn_based=True)):
        pyspiel.random_sim_test(made, num_sims=3, serialize=False, verbose=False)
    converted = pyspiel.convert_to_turn_based(game)
    pyspiel.random_sim_test(converted, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize(("game_id", "variant", "players"), CASES, ids=NAMES)
def test_game_type_and_sizes(game_id: str, variant: str, players: int) -> None:
    spec = tavola.get_spec(game_id)
    info = spec.info(players, variant)
    game = openspiel.load(game_id, players, variant=variant)
    kind = game.get_type()
    assert kind.short_name == openspiel.short_name(game_id)
    assert kind.dynamics == (Dynamics.SIMULTANEOUS if spec.simultaneous else Dynamics.SEQUENTIAL)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    utility = pyspiel.GameType.Utility
    assert kind.utility == (utility.GENERAL_SUM if players == 1 else utility.ZERO_SUM)
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert game.num_players() == players
    assert game.num_distinct_actions() == info.num_distinct_actions
    assert game.max_game_length() == info.max_game_length
    assert (game.min_utility(), game.max_utility()) == (-1, 1)
    if players > 1:
        assert game.utility_sum() == 0
    shape = list(info.observation_shape)
    assert game.observation_tensor_shape() == game.information_state_tensor_shape() == shape


def test_every_game_is_registered_under_its_short_name() -> None:
    names = openspiel.register_all()
    assert names == [openspiel.short_name(g) for g in GAMES] == openspiel.register_all()
    assert set(names) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("python_tavola_testa_di_pecora", {"players": 4})
    assert game.num_players() == 4
    assert pyspiel.load_game("python_tavola_testa_di_pecora").num_players() == 5
    options = {"players": 5, "options": json.dumps({"seasons": 1})}
    state = pyspiel.load_game("python_tavola_testa_di_pecora", options).new_initial_state()
    assert state.world.game.options["seasons"] == 1


def test_bad_parameters_get_clear_errors() -> None:
    with pytest.raises(tavola.UnknownGameError, match="4 to 5 players, not 3"):
        openspiel.load("testa-di-pecora", 3)
    with pytest.raises(tavola.UnknownGameError, match="turn_based is for simultaneous games"):
        openspiel.load("testa-di-pecora", turn_based=True)
    with pytest.raises(tavola.UnknownGameError, match="option 'seasons'"):
        openspiel.load("testa-di-pecora", options={"seasons": 0})
    with pytest.raises(tavola.UnknownGameError, match="options are a JSON object"):
        pyspiel.load_game("python_tavola_testa_di_pecora", {"options": "[1]"})
    with pytest.raises(tavola.UnknownGameError, match="seed is -1"):
        openspiel.load("testa-di-pecora", seed=-2)
    state = openspiel.load("testa-di-pecora", 4, seed=1).new_initial_state()
    with pytest.raises(tavola.IllegalActionError, match="may not take action 65"):
        state.apply_action(65)
    assert state.history() == [] and state.world.game.history == []
    with pytest.raises(tavola.IllegalActionError, match="no action -1"):
        state.action_to_string(0, -1)


def test_a_seed_fixes_the_deals_and_clones_take_none() -> None:
    game = openspiel.load("testa-di-pecora", 4, seed=5)
    first = game.new_initial_state()
    assert first.world.game.canonical() == tavola.new_game("testa-di-pecora", 4, 5).canonical()
    copies = [first.clone() for _ in range(3)]
    assert all(str(c) == str(first) for c in copies)
    second = game.new_initial_state()
    expected = tavola.new_game("testa-di-pecora", 4, derive_seed(5, 1))
    assert second.world.game.canonical() == expected.canonical()
    again = openspiel.load("testa-di-pecora", 4, seed=5).new_initial_state()
    assert again.world.game.canonical() == first.world.game.canonical()
    action = first.legal_actions()[0]
    child = first.child(action)
    assert child.history() == [action] and first.history() == []
    assert child.world.game.history and not first.world.game.history


def sampler(seed: int = 0) -> pyspiel.UniformProbabilitySampler:
    """OpenSpiel's uniform sampler, seeded: unseeded, the worlds a test draws change from run to
    run."""
    return pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)


def random_states(game: pyspiel.Game, seed: int) -> list[pyspiel.State]:
    """Every state of a game played at random (simultaneous nodes too)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_simultaneous_node():
            state.apply_actions(
                [rng.choice(state.legal_actions(p) or [0]) for p in range(game.num_players())]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


TWIN_CASES = [(g, n, False) for g, _, n in CASES if n > 1]  # one seat has no other to compare
TWIN_CASES += [(g, n, True) for g, _, n in SIMULTANEOUS if n > 1]
TWIN_NAMES = [f"{g}-{n}{'-turn-based' * turn_based}" for g, n, turn_based in TWIN_CASES]


@pytest.mark.parametrize(("game_id", "players", "turn_based"), TWIN_CASES, ids=TWIN_NAMES)
def test_a_player_sees_its_own_view_and_events_only(
    game_id: str, players: int, turn_based: bool
) -> None:
    """A world resampled for a player (``game.resample``: all hidden from it dealt again) gives
    it the same strings, tensors and legal actions, though another seat's view differs there
    (but in a simultaneous game played at simultaneous nodes, where nothing is hidden between
    joint moves); the information state holds every event the player saw, earlier ones first."""
    game = openspiel.load(game_id, players, seed=2, turn_based=turn_based)
    states = random_states(game, seed=2)
    draw = sampler()
    twins_differ = False
    past: dict[int, list[object]] = {p: [] for p in range(players)}
    for state in [*states[:: max(1, len(states) // 15)], states[-1]]:
        for p in range(players):
            key = state.information_state_string(p)
            seen = json.loads(key)
            assert seen["view"] == state.world.game.view(p)
            assert seen["events"][: len(past[p])] == past[p]  # perfect recall
            past[p] = seen["events"]
            twin = state.resample_from_infostate(p, draw)
            assert twin.information_state_string(p) == key
            assert twin.observation_string(p) == state.observation_string(p)
            assert twin.information_state_tensor(p) == state.information_state_tensor(p)
            assert twin.observation_tensor(p) == state.observation_tensor(p)
            assert twin.current_player() == state.current_player()
            if state.current_player() in (p, pyspiel.PlayerId.SIMULTANEOUS):
                assert twin.legal_actions(p) == state.legal_actions(p)
            others = [q for q in range(players) if q != p]
            twins_differ |= any(
                twin.observation_string(q) != state.observation_string(q) for q in others
            )
    if turn_based or not tavola.get_spec(game_id).simultaneous:  # a hand is hidden between moves
        assert twins_differ


def test_strings_and_tensors_come_from_the_view_events_and_observe() -> None:
    state = random_states(openspiel.load("renaissance-man-2d6", 3, seed=4), 4)[20]
    game = state.world.game
    for p in range(3):
        assert json.loads(state.observation_string(p)) == game.view(p)
        assert np.array_equal(state.observation_tensor(p), game.observe(p).ravel())
        assert np.array_equal(state.information_state_tensor(p), game.observe(p).ravel())
        events = [{k: v for k, v in e.items() if k != "text"} for e in game.events(p)]
        assert json.loads(state.information_state_string(p))["events"] == events
    assert str(state) == game.spec.text.render(game.view(None))


def play_with_bot(game: pyspiel.Game, bot: pyspiel.Bot, seed: int) -> pyspiel.State:
    """A whole game: ``bot`` plays seat 0, the other seats at random."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        action = bot.step(state) if player == 0 else rng.choice(state.legal_actions())
        state.apply_action(action)
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_mcts_and_ismcts_bots_play_whole_games(game_id: str) -> None:
    """MCTS searches the true state (it is a perfect-information bot); IS-MCTS resamples the
    worlds the player cannot tell apart. Simultaneous games are played turn-based."""
    spec = tavola.get_spec(game_id)
    players = max(spec.min_players, 2)  # zero-sum returns: the one-player game has none
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    game = openspiel.load(game_id, players, seed=3)
    searched = pyspiel.convert_to_turn_based(game) if spec.simultaneous else game
    bot = mcts.MCTSBot(searched, 2, 4, evaluator, random_state=rng)
    sampled = openspiel.load(game_id, players, seed=3, turn_based=spec.simultaneous)
    is_bot = ismcts.ISMCTSBot(sampled, evaluator, 2, 4, random_state=rng)
    searched_end = play_with_bot(searched, bot, 1)
    sampled_end = play_with_bot(sampled, is_bot, 2)
    for state in (searched_end, sampled_end):
        assert state.is_terminal() and sum(state.returns()) == pytest.approx(0)
    result = sampled_end.world.game.result
    assert sampled_end.returns() == rewards(result, spec.info(players))


def test_actions_that_share_a_label_get_distinct_names() -> None:
    catalog = ActionCatalog(
        [Action(0, "play", {"card": "ace"}, "Ace"), Action(1, "save", {"card": "ace"}, "Ace")]
    )
    assert openspiel._action_names(catalog) == [
        'Ace {"kind": "play", "card": "ace"}',
        'Ace {"kind": "save", "card": "ace"}',
    ]


def test_observers_through_openspiels_observation_api() -> None:
    game = openspiel.load("testa-di-pecora", 4, seed=6)
    state = random_states(game, 6)[10]
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    plain = make_observation(game)
    for p in range(4):
        recall.set_from(state, p)
        assert recall.string_from(state, p) == state.information_state_string(p)
        assert np.array_equal(recall.tensor, state.world.game.observe(p).ravel())
        assert plain.string_from(state, p) == state.observation_string(p)
    assert game.make_observer({}) is not None  # C++ asks with no observation type
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="a player's own view"):
        make_observation(game, public)


@pytest.mark.parametrize("seed", [2**31, 2**64 - 1, -2, True, 1.5])
def test_a_seed_openspiel_cannot_hold_is_refused_in_words(seed: object) -> None:
    """pybind's own 'Unable to cast Python instance' came out for seeds from 2**31."""
    with pytest.raises(
        tavola.TavolaError, match=re.escape("seed is -1 (fresh deals) or 0 to 2**31 - 1")
    ):
        openspiel.load("testa-di-pecora", 4, seed=seed)  # type: ignore[arg-type]
    assert openspiel.load("testa-di-pecora", 4, seed=2**31 - 1).new_initial_state() is not None


def at_a_simultaneous_node(players: int = 3) -> object:
    state = openspiel.load("renaissance-man", players, seed=1).new_initial_state()
    while state.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
        state.apply_action(state.legal_actions()[0])
    return state


def test_a_simultaneous_node_takes_flat_joint_actions_as_openspiel_does() -> None:
    """legal_actions() there raised 'no seat -2'; apply_action(9) played seat 0 alone."""
    state = at_a_simultaneous_node()
    per_player = [state.legal_actions(p) for p in range(3)]
    sizes = [len(codes) or 1 for codes in per_player]
    assert state.legal_actions() == list(range(sizes[0] * sizes[1] * sizes[2]))
    flat = len(state.legal_actions()) - 1  # the last choice of every player
    twin = state.clone()
    state.apply_action(flat)
    twin.apply_actions([codes[-1] if codes else pyspiel.INVALID_ACTION for codes in per_player])
    assert state.world.game.history == twin.world.game.history
    assert len(state.world.game.history) == len(twin.world.game.history) > 0


def test_joint_actions_that_do_not_fit_the_node_are_refused_and_change_nothing() -> None:
    state = at_a_simultaneous_node()
    before = list(state.world.game.history)
    for wrong in (
        lambda: state.apply_actions([0]),
        lambda: state.apply_action(10**9),
    ):
        with pytest.raises(tavola.TavolaError):
            wrong()
        assert state.world.game.history == before
    turn = openspiel.load("testa-di-pecora", 4, seed=1).new_initial_state()
    with pytest.raises(tavola.TavolaError, match="not a simultaneous node"):
        turn.apply_actions([0, 0, 0, 0])
    assert turn.world.game.history == []
    done = openspiel.load("testa-di-pecora", 4, seed=1).new_initial_state()
    while not done.is_terminal():
        done.apply_action(done.legal_actions()[0])
    with pytest.raises(tavola.TavolaError, match="the game is over"):
        done.apply_action(0)
