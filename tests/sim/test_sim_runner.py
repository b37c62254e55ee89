"""Playing games between agents: seeding, seat rotation, determinism across jobs, the cap."""

import random
from typing import Any

import pytest

import tavola
from tavola.agents import AGENTS, SeatHandle
from tavola.core.rng import derive_seed
from tavola.sim import play_game, seating, simulate, to_json

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
        assert o == play_game(GAME, seating(LINEUP, i), derive_seed(11, i))


def test_same_seed_same_numbers_whatever_the_jobs() -> None:
    one = to_json(simulate(GAME, 30, LINEUP, seed=3, jobs=1))
    two = to_json(simulate(GAME, 30, LINEUP, seed=3, jobs=2))
    one.pop("games_per_second")
    two.pop("games_per_second")
    assert one == two
    other = to_json(simulate(GAME, 30, LINEUP, seed=4))
    assert other["wins_by_seat"] != one["wins_by_seat"]


def test_one_agent_name_takes_every_seat() -> None:
    sim = simulate(GAME, 2, ["random"], players=4)
    assert sim.players == 4
    assert all(o.agents == ("random",) * 4 for o in sim.outcomes)


def test_games_that_hit_the_cap_are_reported() -> None:
    report = to_json(simulate(GAME, 3, ["random"], max_decisions=5))
    assert report["capped_games"] == 3
    assert len(report["capped_seeds"]) == 3
    assert report["wins_by_agent"]["random"]["played"] == 0


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
    monkeypatch.setitem(AGENTS, "spy", lambda game_id: _Spy(seen))
    outcome = play_game(GAME, ["spy"] * 5, seed=1)
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
        ({"seed": -1}, "seed"),
        ({"players": 9}, "4 to 5 players"),
    ],
)
def test_bad_settings_raise_tavola_errors(kwargs: dict[str, Any], message: str) -> None:
    settings: dict[str, Any] = {"game_id": GAME, "games": 1, "agents": ["random"], **kwargs}
    with pytest.raises(tavola.TavolaError, match=message):
        simulate(**settings)
