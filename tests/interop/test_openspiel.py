"""The OpenSpiel adapter: OpenSpiel's own random simulation test on every registered game and
player count (simultaneous games also turn-based, both ways), its MCTS and IS-MCTS bots playing
whole games, its rl_environment, the game types, seeds, and what a player's information state
holds: its own view and every event it saw, the same in a world where all hidden from it is
dealt again. Then simultaneous nodes (joint actions, their names, masks), game strings with any
options, serialization and pickling."""

from __future__ import annotations

import json
import pickle
import random
import re
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import tavola
from tavola.core.protocol import Action, ActionCatalog
from tavola.core.rng import derive_seed
from tavola.games.testa_di_pecora.deck import STANDARD_DECK
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
    """Relay: with 3 or 4 players some seats pick at once, the others have no legal action; every
    node is a simultaneous one, even where one seat acts (as OpenSpiel's simultaneous games)."""
    game = openspiel.load(relay, players, seed=1)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    assert state.legal_actions(0) == ([] if players > 1 else [0, 1, 2])
    if players > 1:
        assert state.legal_actions(1) == [0, 1, 2]
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.GENERAL_SUM if players == 1 else utility.ZERO_SUM)
    for made in (game, openspiel.load(relay, players, turn_based=True)):
        pyspiel.random_sim_test(made, num_sims=3, serialize=False, verbose=False)
        play_in_rl_environment(made, seed=players)
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
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        kind = pyspiel.IIGObservationType(perfect_recall=False, private_info=private)
        with pytest.raises(ValueError, match="a player's own view"):  # as docs/interop.md says
            make_observation(game, kind)


@pytest.mark.parametrize("seed", [2**31, 2**64 - 1, -2, True, 1.5])
def test_a_seed_openspiel_cannot_hold_is_refused_in_words(seed: object) -> None:
    """pybind's own 'Unable to cast Python instance' came out for seeds from 2**31."""
    with pytest.raises(
        tavola.TavolaError, match=re.escape("seed is -1 (fresh deals) or 0 to 2**31 - 1")
    ):
        openspiel.load("testa-di-pecora", 4, seed=seed)  # type: ignore[arg-type]
    assert openspiel.load("testa-di-pecora", 4, seed=2**31 - 1).new_initial_state() is not None


@pytest.mark.parametrize("turn_based", ["yes", 1, 0, "", None])
def test_turn_based_is_a_real_boolean(turn_based: object) -> None:
    """'yes' and 1 were taken as True, 0, '' and None as False; OpenSpiel's own parameters
    (load_game with 'turn_based=1' or {'turn_based': 'yes'}) refuse all but a bool."""
    with pytest.raises(tavola.UnknownGameError, match="turn_based is True or False, not "):
        openspiel.load("renaissance-man", 2, turn_based=turn_based)  # type: ignore[arg-type]


def at_a_simultaneous_node(players: int = 3, seed: int = 1) -> pyspiel.State:
    """A state of Renaissance Man where several seats act at once."""
    state = openspiel.load("renaissance-man", players, seed=seed).new_initial_state()
    while len(state.world.game.to_act) < 2:
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


def test_masks_are_per_player_at_a_simultaneous_node() -> None:
    """The mask of the simultaneous player held joint actions where action codes go: meaningless,
    and with 4 players (625 joint actions, 239 codes) written past its end, killing the process.
    It is refused in words now; a player's own mask is its legal codes."""
    state = at_a_simultaneous_node()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    for p in range(3):
        mask = state.legal_actions_mask(p)
        assert len(mask) == state.get_game().num_distinct_actions()
        assert [code for code, legal in enumerate(mask) if legal] == state.legal_actions(p)
        assert mask == state.world.game.action_mask(p).tolist()
    for ask in (state.legal_actions_mask, lambda: state.legal_actions_mask(-2)):
        with pytest.raises(ValueError, match="a mask per player"):
            ask()
    turn = openspiel.load("testa-di-pecora", 4, seed=1).new_initial_state()
    assert turn.legal_actions_mask() == turn.legal_actions_mask(turn.current_player())
    assert [code for code, ok in enumerate(turn.legal_actions_mask()) if ok] == turn.legal_actions()
    crash = (
        "from tavola.interop import openspiel\n"
        "state = openspiel.load('renaissance-man', 4, seed=5).new_initial_state()\n"
        "assert len(state.legal_actions()) > state.get_game().num_distinct_actions()\n"
        "try:\n    state.legal_actions_mask()\nexcept ValueError:\n    print('refused')\n"
    )
    run = subprocess.run([sys.executable, "-c", crash], capture_output=True, text=True, timeout=300)
    assert (run.returncode, run.stdout) == (0, "refused\n"), run.stderr[-2000:]


def play_in_rl_environment(game: pyspiel.Game, seed: int) -> pyspiel.State:
    """A whole game through OpenSpiel's rl_environment, at random: it calls apply_actions at every
    node of a simultaneous game (a seat with no legal action sends 0), apply_action otherwise."""
    env = rl_environment.Environment(game, enable_legality_check=True)
    simultaneous = game.get_type().dynamics == Dynamics.SIMULTANEOUS
    rng = random.Random(seed)
    step = env.reset()
    while not step.last():
        legal = step.observations["legal_actions"]
        assert step.is_simultaneous_move() == simultaneous
        if simultaneous:
            step = env.step([rng.choice(codes) if codes else 0 for codes in legal])
        else:
            step = env.step([rng.choice(legal[step.current_player()])])
    state = env.get_state
    assert state.is_terminal() and step.rewards == state.returns()
    return state


@pytest.mark.parametrize("turn_based", [False, True])
def test_openspiels_rl_environment_plays_simultaneous_games(turn_based: bool) -> None:
    """rl_environment sends a simultaneous game apply_actions at every node; where one seat
    acted, that raised 'this is not a simultaneous node: one player acts'."""
    game = openspiel.load("renaissance-man", 3, seed=1, turn_based=turn_based)
    if not turn_based:
        alone = next(s for s in random_states(game, 1) if len(s.world.game.to_act) == 1)
        # a node where one seat acts is a simultaneous one, as OpenSpiel's are
        assert alone.current_player() == pyspiel.PlayerId.SIMULTANEOUS
        (seat,) = alone.world.game.to_act
        assert [bool(alone.legal_actions(p)) for p in range(3)] == [p == seat for p in range(3)]
        assert alone.legal_actions() == list(range(len(alone.legal_actions(seat))))
    end = play_in_rl_environment(game, seed=1)
    info = tavola.get_spec("renaissance-man").info(3)
    assert end.returns() == rewards(end.world.game.result, info)


def test_a_joint_action_is_named_by_each_players_choice(relay: str) -> None:
    """action_to_string(SIMULTANEOUS, j) named action code j, not joint action j. Relay, 3
    players: seat 0 leads (no action), seats 1 and 2 pick 1, 2 or 3, seat 1 the faster digit."""
    state = openspiel.load(relay, 3, seed=1).new_initial_state()
    simultaneous = pyspiel.PlayerId.SIMULTANEOUS
    names = [state.action_to_string(simultaneous, j) for j in state.legal_actions()]
    assert names[:4] == ["[-, 1, 1]", "[-, 2, 1]", "[-, 3, 1]", "[-, 1, 2]"]
    assert names[-1] == "[-, 3, 3]" and len(names) == 9
    assert state.action_to_string(5) == "[-, 3, 2]"  # the current player's: the joint action
    assert state.action_to_string(1, 2) == "3"
    with pytest.raises(tavola.IllegalActionError, match="no joint action 9"):
        state.action_to_string(simultaneous, 9)
    state.apply_action(5)
    assert state.world.game.history == [(1, 2), (2, 1)]  # codes 2 and 1: picks 3 and 2


def test_a_game_string_loads_the_same_game_whatever_its_options() -> None:
    """OpenSpiel splits a game string on commas: options as plain JSON made str(game) unloadable
    from two options on, and a deck's TOML text breaks it too. They are URL-safe base64 now."""
    text = STANDARD_DECK.read_text(encoding="utf-8")
    deck = {"name": "my-deck.toml", "toml": text.replace('"Pope"', '"Papa (Leo, X=10)"')}
    several = {"seasons": 1, "redeals": 2}
    for options in (several, {"deck": deck, "seasons": 2, "first_dealer": 1}):
        game = openspiel.load("testa-di-pecora", 4, seed=7, options=options)
        again = pyspiel.load_game(str(game))
        assert str(again) == str(game) and again.get_parameters() == game.get_parameters()
        expected = tavola.new_game("testa-di-pecora", 4, seed=7, options=options)
        assert again.new_initial_state().world.game.canonical() == expected.canonical()
    names = [again.new_initial_state().action_to_string(0, a) for a in range(4)]
    assert "Papa (Leo, X=10)" in names
    name = openspiel.short_name("testa-di-pecora")
    plain = pyspiel.load_game(name, {"players": 4, "seed": 7, "options": json.dumps(several)})
    assert str(plain) == str(openspiel.load("testa-di-pecora", 4, seed=7, options=several))
    assert str(plain).startswith(f"{name}(options={openspiel.encode_options(several)},")
    with pytest.raises(tavola.UnknownGameError, match="options are a JSON object"):
        pyspiel.load_game(name, {"options": "not~json"})


def test_states_serialize_and_games_and_states_pickle() -> None:
    """state.serialize() and pickle failed (a GameSpec does not pickle, nor OpenSpiel's own form
    without an RNG state). OpenSpiel's serialize_game_and_state still cannot (docs/interop.md)."""
    game = openspiel.load("testa-di-pecora", 4, seed=7, options={"seasons": 1, "redeals": 2})
    state = random_states(game, 7)[12]
    for twin in (game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))):
        assert twin.history() == state.history() and len(state.history()) == 12
        assert twin.world.game.canonical() == state.world.game.canonical()
        for p in range(4):
            assert twin.information_state_string(p) == state.information_state_string(p)
        twin.apply_action(twin.legal_actions()[0])  # and it plays on
    copy = pickle.loads(pickle.dumps(game))
    assert str(copy) == str(game)
    first = tavola.new_game("testa-di-pecora", 4, 7, options={"seasons": 1, "redeals": 2})
    assert copy.new_initial_state().world.game.canonical() == first.canonical()
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.serialize_game_and_state(game, state)
