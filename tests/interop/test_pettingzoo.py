"""The PettingZoo adapter: PettingZoo's own API, seed and parallel tests on every registered game
and player count (and on Relay, a game with a solo mode and simultaneous picks by some seats),
and what an agent gets: its own seat's ``observe`` and ``action_mask``, rewards by place, and a
clear error for an illegal action."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

import tavola
from tavola.core.rng import derive_seed
from tavola.interop.common import rewards, table_text
from tavola.interop.pettingzoo import env, parallel_env
from tavola.testing import cases

CASES = cases(every_variant=False)
NAMES = [f"{game}-{variant}-{players}" for game, variant, players in CASES]
RELAY_PLAYERS = [1, 2, 3, 4]


@pytest.mark.parametrize(("game_id", "variant", "players"), CASES, ids=NAMES)
def test_pettingzoo_api_and_seed_tests(game_id: str, variant: str, players: int) -> None:
    api_test(env(game_id, players, variant), num_cycles=1000)
    seed_test(lambda: env(game_id, players, variant), num_cycles=1000)


@pytest.mark.parametrize(("game_id", "variant", "players"), CASES, ids=NAMES)
def test_pettingzoo_parallel_api_test(game_id: str, variant: str, players: int) -> None:
    parallel_api_test(parallel_env(game_id, players, variant), num_cycles=1000)


@pytest.mark.parametrize("players", RELAY_PLAYERS)
def test_a_game_with_a_solo_mode_and_partial_simultaneous_phases(relay: str, players: int) -> None:
    api_test(env(relay, players), num_cycles=1000)
    seed_test(lambda: env(relay, players), num_cycles=1000)
    parallel_api_test(parallel_env(relay, players), num_cycles=1000)


class Last(NamedTuple):
    """One agent's ``last()`` in a played game (the observation as bytes, to compare)."""

    agent: str
    reward: float
    terminated: bool
    truncated: bool
    observation: bytes


def play_aec(e: Any, seed: int) -> list[Last]:
    """Play ``e`` from ``reset(seed)`` with random legal actions; every agent's ``last()``."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    seen = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        seen.append(Last(agent, reward, terminated, truncated, obs["observation"].tobytes()))
        if terminated or truncated:
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return seen


SEVERAL = [case for case in CASES if case[2] > 1]
"""Cases with another seat to compare a twin world's view with."""


@pytest.mark.parametrize(
    ("game_id", "variant", "players"), SEVERAL, ids=[f"{g}-{v}-{n}" for g, v, n in SEVERAL]
)
def test_an_agent_observes_its_own_seat_and_nothing_hidden_from_it(
    game_id: str, variant: str, players: int
) -> None:
    """The observation is ``observe(seat)`` and ``action_mask(seat)``; the agent to act is the
    least seat of ``to_act``; and a twin world where everything hidden from the seat is dealt
    again (``game.resample``) gives the seat the same observation, though other seats' views
    differ there."""
    e = env(game_id, players, variant).unwrapped
    e.reset(seed=3)
    rng = random.Random(3)
    twins_differ = False
    while not e.game.is_over:
        game = e.game
        assert e.agent_selection == f"player_{min(game.to_act)}"
        for seat, agent in enumerate(e.possible_agents):
            mine = e.observe(agent)
            assert np.array_equal(mine["observation"], game.observe(seat))
            assert np.array_equal(mine["action_mask"], game.action_mask(seat))
            for k in range(2):
                twin = game.resample(seat, random.Random(k))
                e.game = twin
                seen = e.observe(agent)
                e.game = game
                assert np.array_equal(seen["observation"], mine["observation"])
                assert np.array_equal(seen["action_mask"], mine["action_mask"])
                others = [t for t in range(players) if t != seat]
                twins_differ |= any(twin.view(t) != game.view(t) for t in others)
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert twins_differ, "no twin differed from the game for another seat: the test saw nothing"


@pytest.mark.parametrize(("game_id", "variant", "players"), CASES, ids=NAMES)
def test_rewards_come_at_the_end_by_place(game_id: str, variant: str, players: int) -> None:
    e = env(game_id, players, variant)
    seen = play_aec(e, seed=5)
    result = e.unwrapped.game.result
    expected = rewards(result, tavola.get_spec(game_id).info(players, variant))
    final = {last.agent: last.reward for last in seen if last.terminated}
    assert [final[a] for a in e.unwrapped.possible_agents] == expected
    assert all(last.reward == 0 for last in seen if not last.terminated)
    if players > 1:  # one player is paid by score, and may lose
        assert sum(expected) == pytest.approx(0)
        best = max(expected)
        assert {seat for seat, r in enumerate(expected) if r == best} == set(result.winners)


def test_the_same_seed_deals_the_same_game_and_tavola_its_game() -> None:
    e = env("testa-di-pecora", 4)
    e.reset(seed=7)
    assert e.unwrapped.game.canonical() == tavola.new_game("testa-di-pecora", 4, 7).canonical()
    e.reset()
    again = tavola.new_game("testa-di-pecora", 4, derive_seed(7, 1))
    assert e.unwrapped.game.canonical() == again.canonical()
    first = play_aec(env("renaissance-man-2d6", 3), 11)
    assert play_aec(env("renaissance-man-2d6", 3), 11) == first
    assert play_aec(env("renaissance-man-2d6", 3), 12) != first


def test_a_parallel_step_takes_one_decision_of_each_seat_in_to_act(relay: str) -> None:
    e = parallel_env(relay, 3)
    obs, infos = e.reset(seed=1)
    assert set(obs) == set(infos) == {"player_0", "player_1", "player_2"}
    assert not obs["player_0"]["action_mask"].any()  # the leader does not pick
    game = e.unwrapped.game
    obs, reward, *_ = e.step({"player_0": 0, "player_1": 0, "player_2": 1})
    assert [seat for seat, _ in game.history] == [1, 2]  # player_0's action was ignored
    assert game.to_act == {0} and obs["player_0"]["action_mask"].tolist() == [0, 0, 0, 1, 1]
    assert set(reward.values()) == {0.0}
    e.step({"player_0": 3})  # the leader banks: only its action is needed
    assert game.to_act == {0, 2} and game.view(None)["round"] == 1


def test_parallel_episodes_repeat_from_a_seed_and_end_for_every_agent() -> None:
    def episode(seed: int) -> list[object]:
        e = parallel_env("test-morra", 3)
        obs, _ = e.reset(seed=seed)
        rng = random.Random(seed)
        steps: list[object] = []
        while e.agents:
            actions = {
                a: rng.choice(np.flatnonzero(o["action_mask"]).tolist() or [0])
                for a, o in obs.items()
            }
            obs, reward, terminated, truncated, _ = e.step(actions)
            steps.append((actions, reward, terminated, truncated))
        assert all(terminated.values()) and not any(truncated.values())
        assert sum(reward.values()) == pytest.approx(0)
        return steps

    assert episode(4) == episode(4)
    assert len(episode(4)) == 3  # Morra: three rounds, each one parallel step


def test_a_game_is_truncated_after_max_steps() -> None:
    e = env("testa-di-pecora", 4, max_steps=5)
    seen = play_aec(e, seed=2)
    assert len(e.unwrapped.game.history) == 5 and not e.unwrapped.game.is_over
    assert all(last.reward == 0 and not last.terminated for last in seen)
    with pytest.raises(tavola.TavolaError, match="the game is over: reset"):
        e.step(None)
    assert [last.agent for last in seen if last.truncated] == [f"player_{s}" for s in range(4)]
    p = parallel_env("renaissance-man-2d6", 2, max_steps=3)
    obs, _ = p.reset(seed=2)
    truncated = {}
    while p.agents:
        actions = {
            a: int(np.flatnonzero(o["action_mask"])[0])
            for a, o in obs.items()
            if o["action_mask"].any()
        }
        obs, _, terminated, truncated, _ = p.step(actions)
    assert all(truncated.values()) and not any(terminated.values())
    assert len(p.unwrapped.game.history) == 3


def test_an_illegal_action_is_refused_with_what_is_legal_and_changes_nothing() -> None:
    e = env("testa-di-pecora", 4)
    e.reset(seed=1)
    game = e.unwrapped.game
    before = game.canonical()
    agent = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(tavola.IllegalActionError, match=rf"{agent} may not take action {illegal}"):
        e.step(illegal)
    for bad in ("pope", 1.0, True, None, 66):
        with pytest.raises(tavola.IllegalActionError):
            e.step(bad)
    assert game.canonical() == before and e.agent_selection == agent
    p = parallel_env("test-morra", 3)
    p.reset(seed=1)
    before = p.unwrapped.game.canonical()
    with pytest.raises(tavola.IllegalActionError, match="player_2 may not take action 7"):
        p.step({"player_0": 0, "player_1": 1, "player_2": 7})
    with pytest.raises(tavola.TavolaError, match="player_1 must act now"):
        p.step({"player_0": 0, "player_2": 1})
    with pytest.raises(tavola.TavolaError, match="no agent 'player_9'"):
        p.step({"player_0": 0, "player_1": 0, "player_2": 0, "player_9": 0})
    assert p.unwrapped.game.canonical() == before


def test_bad_arguments_get_clear_errors() -> None:
    with pytest.raises(tavola.UnknownGameError, match="no game 'chess'"):
        env("chess")
    with pytest.raises(tavola.UnknownGameError, match="4 to 5 players, not 3"):
        env("testa-di-pecora", 3)
    with pytest.raises(tavola.TavolaError, match="render_mode is None, 'human' or 'ansi'"):
        env("testa-di-pecora", render_mode="rgb_array")
    with pytest.raises(tavola.TavolaError, match="max_steps is a whole number"):
        parallel_env("testa-di-pecora", max_steps=0)
    e = env("testa-di-pecora", 4)
    with pytest.raises(tavola.TavolaError, match="reset"):
        e.step(0)
    with pytest.raises(tavola.TavolaError, match="reset"):  # was an AttributeError
        e.last()
    with pytest.raises(tavola.TavolaError, match="a seed is a whole number"):
        e.reset(seed=-1)
    with pytest.raises(tavola.TavolaError, match="no agent 'player_4'"):
        e.observation_space("player_4")


def test_render_shows_the_spectators_table(capsys: pytest.CaptureFixture[str]) -> None:
    e = env("testa-di-pecora", 4, render_mode="ansi")
    e.reset(seed=1)
    game = e.unwrapped.game
    assert e.render() == game.spec.text.render(game.view(None)) == table_text(game)
    h = env("test-morra", 2, render_mode="human")
    h.reset(seed=1)
    capsys.readouterr()
    h.step(0)
    assert '"round": 0' in capsys.readouterr().out  # no text module: the view as JSON
    quiet = env("testa-di-pecora", 4)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_pettingzoos_illegal_move_wrapper_ends_the_game_instead() -> None:
    e = TerminateIllegalWrapper(env("testa-di-pecora", 4), illegal_reward=-1)
    e.reset(seed=1)
    obs, *_ = e.last()
    cheat = e.agent_selection
    e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(e.terminations.values()) and e.rewards[cheat] == -1
    assert not e.unwrapped.game.history


def test_an_action_may_be_a_numpy_number_or_a_0_d_array() -> None:
    """What a network's argmax gives: np.array(32) was refused as 'not array(32)'."""
    e = env("testa-di-pecora", 4)
    e.reset(seed=1)
    for code in (np.array, np.int64, int) * 2:
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
        e.step(code(legal[0]))
    assert len(e.unwrapped.game.history) == 6
    with pytest.raises(tavola.IllegalActionError, match="a whole number\\), not true"):
        e.step(np.array(True))


@pytest.mark.parametrize("make", [env, parallel_env])
def test_an_environment_pickles_and_deep_copies_mid_game(make: Any) -> None:
    """Vectorised trainers copy environments: pickle failed on the class, deepcopy on a module."""
    import copy
    import pickle

    e = make("renaissance-man", 2)
    e.reset(seed=4)
    for twin in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
        assert twin.unwrapped.game.canonical() == e.unwrapped.game.canonical()
        assert twin.unwrapped.spec is e.unwrapped.spec
