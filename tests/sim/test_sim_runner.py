"""Playing games between agents: seeding, seat rotation, determinism across jobs and start
methods, the cap, and worker processes that never outlive a run."""

import io
import multiprocessing
import random
from typing import Any

import pytest
from rich.console import Console

import tavola
from tavola.agents import KINDS, AgentKind, SeatHandle
from tavola.core.rng import derive_seed
from tavola.games.testa_di_pecora.deck import STANDARD_DECK
from tavola.sim import (
    AGENT_STREAM,
    SimulationError,
    agent_seeds,
    play_game,
    seating,
    simulate,
    to_json,
    wilson,
)
from tavola.sim.report import render

GAME = "testa-di-pecora"
LINEUP = ["heuristic", "random", "random", "random", "random"]


def test_seating_rotates_agents_over_seats_by_game() -> None:
    agents = ["a", "b", "c", "d"]
    assert seating(agents, 0) == ("a", "b", "c", "d")
    assert seating(agents, 1) == ("b", "c", "d", "a")
    assert seating(agents, 6) == ("c", "d", "a", "b")


def test_simulation_rotates_and_seeds_games_from_the_run_seed() -> None:
    sim = simulate(GAME, 10, LINEUP, seed=11)
    assert sim.agents == tuple(LINEUP)
    for i, o in enumerate(sim.outcomes):
        assert o.seed == derive_seed(11, i)
        assert o.agents.index("heuristic") == (-i) % 5
        assert o == play_game(GAME, seating(LINEUP, i), derive_seed(11, i), agent_seeds(11, i, 5))


def test_duplicate_seating_plays_each_deal_once_per_seat() -> None:
    """``--seats duplicate``: the P games of deal d are rotations of one lineup on the deal's
    seed and seat streams, so every agent plays every hand of it once; an agent that is an
    exact copy of its opponents wins exactly 1/P of every deal, and a few such deals still
    leave its interval a width."""
    sim = simulate(GAME, 10, LINEUP, seed=11, seats="duplicate")
    assert sim.deal_size == 5
    for i, o in enumerate(sim.outcomes):
        deal = i // 5
        assert o.seed == derive_seed(11, deal)
        assert o.agents == seating(LINEUP, i)
        assert o == play_game(GAME, o.agents, o.seed, agent_seeds(11, deal, 5))
    for deal in range(2):
        games = sim.outcomes[5 * deal : 5 * deal + 5]
        assert sorted(g.agents.index("heuristic") for g in games) == [0, 1, 2, 3, 4]
    twins = simulate(
        GAME, 12, ["heuristic", "medium", "medium", "medium"], seed=2, seats="duplicate"
    )
    for deal in range(3):  # medium is the heuristic: the four games of a deal are one game
        assert len({(o.winners, o.scores) for o in twins.outcomes[4 * deal : 4 * deal + 4]}) == 1
    heuristic = to_json(twins)["wins_by_agent"]["heuristic"]
    # three deals alike narrow nothing: the interval is Wilson's over the 12 games (it was of
    # no width, and so were 100.0% - 100.0% for a bot that won all of 4 deals against others)
    assert heuristic["share"] == 0.25
    assert heuristic["ci95"] == [round(x, 6) for x in wilson(3, 12)]
    rotated = to_json(simulate(GAME, 12, ["heuristic", "medium", "medium", "medium"], seed=2))
    low, high = rotated["wins_by_agent"]["heuristic"]["ci95"]
    assert low < 0.25 < high


def test_bots_draw_from_secret_streams_of_the_run_seed() -> None:
    """Seat s of game i draws from derive_seed(run seed, AGENT_STREAM, i, s): the game's seed
    (which its record shows) does not predict its bots."""
    assert agent_seeds(11, 3, 5) == tuple(derive_seed(11, AGENT_STREAM, 3, s) for s in range(5))
    game_seed = derive_seed(11, 3)
    assert set(agent_seeds(11, 3, 5)).isdisjoint(
        derive_seed(game_seed, AGENT_STREAM, s) for s in range(5)
    )
    lineup = ["random"] * 5
    outcomes = {play_game(GAME, lineup, game_seed, agent_seeds(r, 3, 5)) for r in range(4)}
    assert len(outcomes) > 1, "the same deal played by bots of other streams goes otherwise"
    with pytest.raises(tavola.TavolaError, match="agent seeds"):
        play_game(GAME, lineup, game_seed, (1, 2))


def _numbers(**kwargs: Any) -> dict[str, Any]:
    report = to_json(simulate(GAME, 12, LINEUP, seed=3, **kwargs))
    report.pop("games_per_second")
    return report


def test_same_seed_same_numbers_whatever_the_jobs() -> None:
    one = _numbers(jobs=1)
    assert _numbers(jobs=2) == one
    assert _numbers(jobs=5) == one
    other = to_json(simulate(GAME, 12, LINEUP, seed=4))
    assert other["wins_by_seat"] != one["wins_by_seat"]


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_same_numbers_under_every_start_method(method: str) -> None:
    """Games are found through entry points, so a spawned worker knows them too."""
    assert _numbers(jobs=2, start_method=method) == _numbers(jobs=1)
    assert not multiprocessing.active_children()


def test_a_custom_deck_plays_the_same_in_spawned_workers() -> None:
    """The deck travels as content: a fresh worker process parses it and plays it alike."""
    text = STANDARD_DECK.read_text(encoding="utf-8").replace('name = "Pope"', 'name = "Pontiff"')
    mine = {"deck": {"name": "mine.toml", "toml": text}}
    one = _numbers(jobs=1, options=mine)
    assert _numbers(jobs=2, options=mine, start_method="spawn") == one


class _Broken:
    """An agent that fails at its first decision."""

    name = "broken"
    searches = False

    def choose(self, *args: Any) -> Any:
        raise RuntimeError("this agent is broken")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork")
def test_an_error_in_a_worker_reaches_the_caller_and_stops_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(
        KINDS, "broken", AgentKind("broken", "", lambda game_id: _Broken())
    )  # forked workers see it
    with pytest.raises(RuntimeError, match="this agent is broken"):
        simulate(GAME, 400, ["broken"], jobs=2, start_method="fork")
    assert not multiprocessing.active_children()


def test_an_interrupt_in_the_parent_stops_every_worker_at_once() -> None:
    """A KeyboardInterrupt while games run (here from the progress callback) goes on to the
    caller only once every worker is stopped and reaped."""

    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(GAME, 100_000, ["random"], jobs=2, progress=interrupt)
    assert not multiprocessing.active_children()


def test_one_agent_name_takes_every_seat() -> None:
    sim = simulate(GAME, 2, ["random"], players=4)
    assert sim.players == 4
    assert all(o.agents == ("random",) * 4 for o in sim.outcomes)


def test_games_that_hit_the_cap_are_reported() -> None:
    report = to_json(simulate(GAME, 3, ["random"], max_decisions=5))
    assert report["capped_games"] == 3
    assert len(report["capped_seeds"]) == 3
    assert report["wins_by_agent"]["random"]["played"] == 0


@pytest.mark.parametrize(
    ("game", "limit"),
    [
        ("renaissance-man", {"round_limit": 5}),
        ("renaissance-rivals", {"turn_limit": 5}),
        ("renaissance-man-2d6", {"turn_limit": 10}),
    ],
)
def test_games_that_end_at_the_games_own_safety_limit_are_reported(game, limit) -> None:
    """A game nobody ends stops at its rules page's cap on rounds or turns, scored as it
    stands: RULES-NOTES, 'report, don't hide, any game that hits a safety cap'. The console
    said nothing of it (only the HTML report's 'How games end', and not for the 2006 game)."""
    sim = simulate(game, 2, ["random"], players=2, options=limit)
    assert [o.at_limit for o in sim.outcomes] == [True, True]
    assert all(o.winners or o.scores for o in sim.outcomes)  # finished games, counted
    report = to_json(sim)
    assert report["at_limit_seeds"] == [o.seed for o in sim.outcomes]
    assert report["capped_games"] == 0
    out = io.StringIO()
    render(sim, Console(file=out, width=300))
    assert "2 games ended at the game's safety limit on rounds or turns" in out.getvalue()
    assert f"Their seeds: {sim.outcomes[0].seed}, {sim.outcomes[1].seed}" in out.getvalue()


def test_a_game_ended_by_its_rules_is_not_at_its_limit() -> None:
    sim = simulate("renaissance-rivals", 2, ["heuristic"], players=2)
    assert [o.at_limit for o in sim.outcomes] == [False, False]
    out = io.StringIO()
    render(sim, Console(file=out, width=300))
    assert "safety limit" not in out.getvalue() and to_json(sim)["at_limit_seeds"] == []


class _Spy:
    """Records what the runner shows it, then plays at random."""

    name = "spy"
    searches = True

    def __init__(self, seen: list[tuple[int, int, int]]) -> None:
        self.seen = seen

    def choose(
        self, view: dict[str, Any], legal: list[Any], rng: random.Random, handle: SeatHandle
    ) -> Any:
        self.seen.append((view["seat"], handle.seat, len(legal)))
        world = handle.resample(rng)
        assert world.resampled and world.view(handle.seat) == view
        return legal[rng.randrange(len(legal))]


def test_agents_get_their_own_seat_view_and_handle(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, int]] = []
    monkeypatch.setitem(KINDS, "spy", AgentKind("spy", "", lambda game_id: _Spy(seen)))
    outcome = play_game(GAME, ["spy"] * 5, seed=1, agent_seeds=range(5))
    assert len(seen) == outcome.decisions
    assert all(view_seat == seat and n > 0 for view_seat, seat, n in seen)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agents": ["random", "random"]}, "2 agents"),
        ({"agents": ["random"] * 4, "players": 5}, "4 agents for 5 players"),
        ({"agents": ["nobody"]}, "no agent 'nobody'"),
        ({"agents": []}, "at least one agent"),
        ({"games": 0}, "number of games"),
        ({"jobs": 0}, "number of jobs"),
        ({"jobs": 10_000}, "number of jobs is at most 256"),
        ({"games": 10**20}, "number of games is at most 1,000,000, not 1000000"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed is at most 2\\*\\*64 - 1"),
        ({"start_method": "teleport"}, "start method is one of"),
        ({"players": 9}, "4 to 5 players"),
    ],
)
def test_bad_settings_raise_tavola_errors(kwargs: dict[str, Any], message: str) -> None:
    settings: dict[str, Any] = {"game_id": GAME, "games": 1, "agents": ["random"], **kwargs}
    with pytest.raises(tavola.TavolaError, match=message):
        simulate(**settings)


def test_agents_given_as_one_string_are_read_as_the_command_line_reads_them() -> None:
    """A string was taken for a list of its letters: "no agent 'h'"."""
    assert simulate(GAME, 2, "heuristic,random,random,random,random").agents == tuple(LINEUP)
    for wrong in (None, [1, 2], 5):
        with pytest.raises(SimulationError, match="agents are a list of agent names"):
            simulate(GAME, 2, wrong)  # type: ignore[arg-type]
