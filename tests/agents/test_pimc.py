"""The rollout bot (pimc): its name and parameters, the same choice under the same seed, the same
choice in positions that look the same to its seat, the heuristic's move kept unless another is
clearly better, a time budget kept (the clock read before every rollout), and play stronger than
random. Its fairness on every game is also the
conformance suite's ``check_bots_fair``."""

from __future__ import annotations

import random
import time

import pytest

import tavola
from tavola.agents import AgentNameError, Pimc, SeatHandle, make_agent
from tavola.agents import pimc as pimc_module
from tavola.agents.pimc import _beats
from tavola.sim import simulate
from tavola.sim.stats import summarize
from tavola.testing.bots import decide


def a_choice(game_id: str, players: int, seed: int, moves: int = 20) -> tavola.Game:
    """A position after about ``moves`` random moves where the seat to act has a choice."""
    g = tavola.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    while moves > 0 or len(g.legal_actions(min(g.to_act))) < 3:
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
        moves -= 1
    return g


def test_the_bot_is_named_with_its_parameters_and_refuses_bad_ones() -> None:
    assert make_agent("pimc", "testa-di-pecora").name == "pimc"
    bot = make_agent("pimc:rollouts=40,horizon=12,reward=win", "renaissance-rivals")
    assert bot.name == "pimc:rollouts=40,horizon=12,reward=win"
    with pytest.raises(AgentNameError, match="margin is a number from 0 to 10, not '-1'"):
        make_agent("pimc:margin=-1", "testa-di-pecora")
    with pytest.raises(AgentNameError, match="pimc has no parameter 'worlds'; its parameters: "):
        make_agent("pimc:worlds=3", "testa-di-pecora")
    with pytest.raises(AgentNameError, match="width is a whole number of at least 2, not '1'"):
        make_agent("pimc:width=1", "testa-di-pecora")
    with pytest.raises(tavola.TavolaError, match="no fast playout policy"):
        make_agent("pimc:policy=playout", "renaissance-rivals")


@pytest.mark.parametrize(
    ("game_id", "players"), [("testa-di-pecora", 4), ("renaissance-rivals", 3)]
)
def test_the_same_seed_gives_the_same_search_within_its_budget(game_id: str, players: int) -> None:
    g = a_choice(game_id, players, 3)
    seat = min(g.to_act)
    bot = Pimc(game_id, rollouts=24, horizon=10)
    view, legal = g.view(seat), g.legal_actions(seat)
    runs = [bot.search(view, legal, random.Random(5), SeatHandle(g, seat)) for _ in range(2)]
    assert runs[0].options == runs[1].options
    found = runs[0]
    assert found.iterations >= 1 and len(found.options) == min(len(legal), 8)
    assert {o.action for o in found.options} <= set(legal)
    assert found.best in legal and all(0 <= o.value <= 1 for o in found.options)
    assert bot.choose(view, legal, random.Random(5), SeatHandle(g, seat)) == found.best


@pytest.mark.parametrize(
    ("game_id", "players"), [("testa-di-pecora", 4), ("renaissance-man-2d6", 3)]
)
def test_positions_that_look_the_same_to_the_seat_get_the_same_move(
    game_id: str, players: int
) -> None:
    differing = 0
    for seed in range(3):
        g = a_choice(game_id, players, seed)
        seat = min(g.to_act)
        twin = g.resample(seat, random.Random(seed + 100))
        differing += twin.canonical() != g.canonical()
        name = "pimc:rollouts=12,horizon=10"
        assert decide(name, game_id, g, seat, seed) == decide(name, game_id, twin, seat, seed)
    assert differing


def test_the_heuristics_move_is_kept_unless_another_is_clearly_better() -> None:
    assert _beats([1, 1, 1, 0.5], [0, 0.5, 0, 0.5], margin=2)
    assert not _beats([1, 0, 1, 0], [0, 1, 0, 1], margin=0.5)
    assert not _beats([1.0], [0.0], margin=0)
    g = a_choice("testa-di-pecora", 4, 1)
    seat = min(g.to_act)
    view, legal = g.view(seat), g.legal_actions(seat)
    hint = tavola.get_spec("testa-di-pecora").heuristic(view, legal, random.Random(0))
    stubborn = Pimc("testa-di-pecora", rollouts=16, margin=10)
    assert stubborn.choose(view, legal, random.Random(0), SeatHandle(g, seat)) == hint


class Recording(SeatHandle):
    """A handle that notes the policy each world's hidden commitments are drawn by."""

    def __init__(self, game: tavola.Game, seat: int) -> None:
        super().__init__(game, seat)
        self.policies: list[object] = []

    def resample(self, rng, policy=None):  # type: ignore[no-untyped-def]
        self.policies.append(policy)
        return super().resample(rng, policy)


def test_worlds_draw_the_others_commitments_as_the_heuristic_would() -> None:
    """With ``others=heuristic``, a seat that has committed in secret is given, in a world,
    the commitment the heuristic (every seat's model in the rollouts) makes on that seat's view
    of the world; by default it is drawn uniformly (no stronger, measured: docs/bots.md)."""
    g = a_choice("renaissance-man", 3, 4)
    seat = min(g.to_act)
    view, legal = g.view(seat), g.legal_actions(seat)
    for name, modelled in (("pimc:rollouts=4,others=heuristic", True), ("pimc:rollouts=4", False)):
        handle = Recording(g, seat)
        make_agent(name, "renaissance-man").choose(view, legal, random.Random(0), handle)
        assert handle.policies and all((p is not None) is modelled for p in handle.policies)
    policy = make_agent("pimc:others=heuristic", "renaissance-man").others
    world = g.resample(seat, random.Random(2))
    other = next(s for s in range(3) if s != seat)
    options = world.legal_actions(other)
    heuristic = tavola.get_spec("renaissance-man").heuristic
    assert policy(world, other, options, random.Random(3)) == heuristic(
        world.view(other), options, random.Random(3)
    )


def test_a_game_whose_resample_takes_no_policy_still_gets_searched() -> None:
    """A plug-in game written before ``resample`` took a policy (``seat, rng`` only) still
    has its worlds drawn for the search bots: they pass a policy only when they have one."""
    g = a_choice("testa-di-pecora", 4, 2)

    class Older(type(g)):  # type: ignore[misc]
        __slots__ = ()

        def resample(self, seat, rng):  # type: ignore[no-untyped-def, override]
            world = super().resample(seat, rng)
            world.__class__ = Older
            return world

    g.__class__ = Older
    seat = min(g.to_act)
    view, legal = g.view(seat), g.legal_actions(seat)
    for name in ("pimc:rollouts=4", "ismcts:iterations=20"):
        bot = make_agent(name, "testa-di-pecora")
        assert bot.choose(view, legal, random.Random(0), SeatHandle(g, seat)) in legal


def test_a_time_budget_stops_the_search_and_still_chooses() -> None:
    g = a_choice("renaissance-rivals", 3, 2)
    seat = min(g.to_act)
    for seconds in (0.01, 0.05):
        found = Pimc("renaissance-rivals", rollouts=10**6, seconds=seconds).search(
            g.view(seat), g.legal_actions(seat), random.Random(1), SeatHandle(g, seat)
        )
        assert found.best in g.legal_actions(seat)
        assert all(o.visits <= found.iterations for o in found.options)


class _Clock:
    """A clock that moves only when a rollout is played, by ``step`` seconds."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.rollouts = 0.0, step, 0

    def perf_counter(self) -> float:
        return self.now


@pytest.mark.parametrize(("seconds", "rollouts"), [(0.05, 3), (1.0, 50)])
def test_the_clock_is_read_before_every_rollout(
    monkeypatch: pytest.MonkeyPatch, seconds: float, rollouts: int
) -> None:
    """With rollouts of 0.02 s, a budget of 0.05 s stops after 3 rollouts, and of 1 s after 50:
    the clock was read only between worlds, after a world's rollouts of every candidate (up to
    8), so pimc:seconds=0.05 took 0.3-0.5 s a move in the 3-player Renaissance games. A world
    cut short by the clock is left out (every candidate is rated on the same worlds); with no
    world played, the move is the heuristic's."""
    clock = _Clock(0.02)
    rollout = Pimc._rollout

    def timed(self, *args):  # type: ignore[no-untyped-def]
        clock.rollouts += 1
        clock.now += clock.step
        return rollout(self, *args)

    monkeypatch.setattr(pimc_module, "time", clock)
    monkeypatch.setattr(Pimc, "_rollout", timed)
    g = a_choice("renaissance-rivals", 3, 2)
    seat = min(g.to_act)
    view, legal = g.view(seat), g.legal_actions(seat)
    assert len(legal) >= 4  # a world is more rollouts than a 0.05 s budget holds
    found = Pimc("renaissance-rivals", rollouts=10**6, seconds=seconds).search(
        view, legal, random.Random(1), SeatHandle(g, seat)
    )
    assert clock.rollouts == rollouts
    assert found.best in legal and 0 < found.seconds <= seconds + 0.02
    assert sum(o.visits for o in found.options) <= rollouts
    if seconds < 0.1:
        assert found.iterations == 0 and all(o.visits == 0 for o in found.options)
        heuristic = tavola.get_spec("renaissance-rivals").heuristic
        assert found.best == heuristic(view, legal, random.Random(random.Random(1).getrandbits(64)))
    else:
        assert found.iterations >= 1


def test_a_time_budget_is_kept_to_about_one_rollout() -> None:
    """In real time: the search ends at most about one rollout (to the end of the game) after
    its budget. It played every candidate of a world (here 8 rollouts, 0.25-0.3 s) first."""
    g = a_choice("renaissance-rivals", 3, 2)
    seat = min(g.to_act)
    view, legal = g.view(seat), g.legal_actions(seat)
    assert len(legal) >= 8
    bot = Pimc("renaissance-rivals", seconds=0.05)
    rollout, longest = bot._rollout, [0.0]

    def timed(*args):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        try:
            return rollout(*args)
        finally:
            longest[0] = max(longest[0], time.perf_counter() - start)

    bot._rollout = timed  # type: ignore[method-assign]
    start = time.perf_counter()
    assert bot.choose(view, legal, random.Random(0), SeatHandle(g, seat)) in legal
    took = time.perf_counter() - start
    assert took <= 0.05 + longest[0] + 0.05, (took, longest[0])


def test_the_rollout_bot_beats_random_play() -> None:
    """Ten 2-player games of the dice game: the bot wins at least 8 (a bot no better than random
    reaches 8 in about one run in eighteen; this one won all ten)."""
    name = "pimc:rollouts=8,width=3,horizon=20"
    sim = simulate("renaissance-man-2d6", 10, [name, "random"], seed=1)
    assert summarize(sim.outcomes, 2).by_agent[name].wins >= 8
