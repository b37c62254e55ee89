"""The search bot (ismcts) and agent names with parameters: names parse or get a clear error,
the search is deterministic under a seed, sees only its seat's worlds, plays every game to the
end (simultaneous phases and dice included) and beats random play. Its fairness on every game is
the conformance suite's ``check_bots_fair``."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import tavola
from tavola.agents import (
    AGENTS,
    DIFFICULTIES,
    AgentNameError,
    Ismcts,
    SeatHandle,
    difficulties,
    level_words,
    make_agent,
    parse_agent,
    split_agents,
)
from tavola.agents.ismcts import _reward
from tavola.core.registry import list_games
from tavola.sim import simulate
from tavola.sim.runner import play_game
from tavola.sim.stats import summarize


@pytest.mark.parametrize(
    ("text", "kind", "params"),
    [
        ("random", "random", {}),
        ("ismcts", "ismcts", {}),
        ("ismcts:iterations=50", "ismcts", {"iterations": 50}),
        (" ismcts : c = 1.5 , rollout=heuristic ", "ismcts", {"c": 1.5, "rollout": "heuristic"}),
        ("ismcts:seconds=0.5,iterations=9", "ismcts", {"seconds": 0.5, "iterations": 9}),
        ("easy", "heuristic", {"slips": 0.5}),
        ("heuristic:slips=0.25", "heuristic", {"slips": 0.25}),
        ("medium", "heuristic", {}),
        ("hard", "ismcts", {"iterations": 400, "prior": 3.0}),
    ],
)
def test_agent_names_with_parameters_parse(text: str, kind: str, params: dict) -> None:
    assert parse_agent(text) == (kind, params)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "alphazero",
            "no agent 'alphazero'; agents: heuristic, ismcts, pimc, random, easy, medium",
        ),
        ("ismcts:iter=3", "ismcts has no parameter 'iter'; its parameters: iterations"),
        (
            "ismcts:iterations",  # said "ismcts has no parameter 'iterations'"
            "ismcts: give iterations a value, as iterations=..., not 'iterations'; iterations: ",
        ),
        ("ismcts:=5", "ismcts needs name=value, not '=5'; its parameters: iterations"),
        ("ismcts:iterations=0", "iterations is a whole number of at least 1, not '0'"),
        ("ismcts:iterations=2.5", "iterations is a whole number of at least 1, not '2.5'"),
        ("ismcts:c=-1", "c is a number from 0 to 10, not '-1'"),
        ("ismcts:c=nan", "c is a number from 0 to 10, not 'nan'"),
        ("ismcts:seconds=0", "seconds is a number from 0.01 to 600, not '0'"),
        (
            "ismcts:rollout=smart",
            "rollout is one of random, mast, heuristic, playout, not 'smart'",
        ),
        ("ismcts:c=1,c=2", "c is given twice"),
        ("random:c=1", "random has no parameter 'c'; its parameters: none"),
        (  # accepted, and listed as an agent 'ismcts:' beside 'ismcts'
            "ismcts:",
            "'ismcts:' has no parameters after its ':': write 'ismcts' alone, or name=value",
        ),
        ("random: ,", "'random: ,' has no parameters after its ':': write 'random' alone"),
        (42, "an agent name is text"),
        ("x" * 300, "an agent name is text"),
        ("hard:iterations=3", "a level such as 'hard' takes no parameters"),
    ],
)
def test_a_bad_agent_name_gets_a_message_saying_what_there_is(text: object, message: str) -> None:
    with pytest.raises(AgentNameError) as caught:
        make_agent(text, "testa-di-pecora")  # type: ignore[arg-type]
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_an_agent_for_a_game_that_does_not_exist_is_refused() -> None:
    """'random' asked for no game's rules, so any game id was taken."""
    for name in ("random", "heuristic", "ismcts"):
        with pytest.raises(tavola.TavolaError, match="no game 'nope'"):
            make_agent(name, "nope")


def test_a_list_of_agents_keeps_parameters_with_their_agent() -> None:
    assert split_agents("ismcts:iterations=400,c=0.5,heuristic,random") == [
        "ismcts:iterations=400,c=0.5",
        "heuristic",
        "random",
    ]
    assert split_agents("random,hard") == ["random", "hard"]


def test_difficulty_levels_are_agent_names_for_every_front_end() -> None:
    assert set(DIFFICULTIES) == {"easy", "medium", "hard"}
    assert set(DIFFICULTIES) <= set(AGENTS)
    for level in DIFFICULTIES:
        assert make_agent(level, "renaissance-man-2d6").name
    assert make_agent("hard", "testa-di-pecora").name == "ismcts:prior=3.0"


def test_a_game_may_name_its_own_hard_bot() -> None:
    """Where the default search bot is weaker than the heuristic (the 2006 game) or not
    measured, ``hard`` is the game's own choice, measured level with medium or ahead."""
    for spec in list_games():
        if spec.heuristic is None:  # a test game: no medium, nor hard
            continue
        levels = difficulties(spec.id)
        assert levels["hard"] == (spec.hard or DIFFICULTIES["hard"])
        assert {k: v for k, v in levels.items() if k != "hard"} == {
            k: v for k, v in DIFFICULTIES.items() if k != "hard"
        }
        assert make_agent("hard", spec.id).name == make_agent(levels["hard"], spec.id).name
    assert (
        make_agent("hard", "renaissance-man-2d6").name == "pimc:horizon=12,reward=win,value=learned"
    )
    assert make_agent("hard", "renaissance-rivals").name == (
        "pimc:rollouts=16,horizon=12,reward=win,value=learned"
    )
    assert make_agent("hard", "renaissance-man").name == (
        "pimc:rollouts=16,horizon=36,reward=win,value=learned"
    )
    assert difficulties() == DIFFICULTIES


def test_an_agent_is_named_by_what_differs_from_the_defaults() -> None:
    assert make_agent("ismcts:iterations=400,c=0.7", "testa-di-pecora").name == "ismcts"
    assert make_agent("ismcts:c=1.0", "testa-di-pecora").name == "ismcts:c=1.0"


def test_heuristic_rollouts_need_a_game_with_a_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from tavola.core import registry

    spec = registry.get_spec("testa-di-pecora")
    monkeypatch.setitem(
        registry._REGISTRY,
        "plain",
        dataclasses.replace(spec, id="plain", heuristic=None, playout=None, standing=None),
    )
    with pytest.raises(tavola.TavolaError, match="no heuristic for ismcts to roll out with"):
        make_agent("ismcts:rollout=heuristic", "plain")
    with pytest.raises(tavola.TavolaError, match="no fast playout policy for ismcts"):
        make_agent("ismcts:rollout=playout", "plain")
    with pytest.raises(AgentNameError, match="no standing for ismcts to score a horizon"):
        make_agent("ismcts:horizon=10", "plain")


def test_a_game_without_a_heuristic_offers_only_the_levels_it_can_make(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No medium (the heuristic), and hard searches with random rollouts, without a prior."""
    import dataclasses

    from tavola.core import registry

    spec = registry.get_spec("testa-di-pecora")
    monkeypatch.setitem(
        registry._REGISTRY, "plain", dataclasses.replace(spec, id="plain", heuristic=None)
    )
    levels = difficulties("plain")
    assert set(levels) == {"easy", "hard"}
    for level in levels:  # each level offered can be made
        assert make_agent(level, "plain").name == make_agent(levels[level], "plain").name
    assert make_agent("hard", "plain").name == "ismcts"
    with pytest.raises(AgentNameError, match=r"no 'medium' bot in this game.*levels: easy, hard"):
        make_agent("medium", "plain")
    assert level_words("plain")["easy"] == "plays any legal move at random"


def test_easy_is_the_heuristic_with_slips_and_says_so() -> None:
    """A trial's easy Rivals bot (then the random agent) never acquired a card: easy is now the
    heuristic playing half its moves at random, and the lobby says what each level does."""
    game = "renaissance-rivals"
    g = tavola.new_game(game, players=2, seed=3)
    view, legal = g.view(0), g.legal_actions(0)
    plain, always = make_agent("heuristic", game), make_agent("heuristic:slips=1", game)
    for i in range(20):  # a slip draws, then plays the random agent's move
        rng = random.Random(i)
        rng.random()
        assert always.choose(view, legal, random.Random(i)) == legal[rng.randrange(len(legal))]
    assert make_agent("heuristic:slips=0", game).name == "heuristic" == plain.name
    easy = make_agent("easy", game)
    assert easy.name == "heuristic:slips=0.5"
    picks = {easy.choose(view, legal, random.Random(i)) for i in range(40)}
    assert plain.choose(view, legal, random.Random(0)) in picks and len(picks) > 1
    with pytest.raises(AgentNameError, match=r"slips is a number from 0 to 1, not '1.5'"):
        make_agent("heuristic:slips=1.5", game)
    assert level_words(game) == {
        "easy": "follows the game's rules of thumb, but plays 50% of its moves at random",
        "medium": "follows the game's rules of thumb",
        "hard": "searches ahead without seeing hidden cards (a moment a move)",
    }


def test_a_horizon_scores_the_world_by_its_standing_where_the_rollout_stops() -> None:
    """With horizon=1 a rollout plays one decision, then the seats are paid by place in the
    game's standing, as if it ended there."""
    from tavola.agents.ismcts import _Ended, _reward

    bot = make_agent("ismcts:iterations=8,horizon=1", "renaissance-man-2d6")
    g = position("renaissance-man-2d6", 3, seed=4, moves=40)
    scores = list(g.scores)
    expected = _reward(g)(_Ended(tavola.GameResult.from_scores(scores)))
    assert bot._estimate(g, _reward(g)) == expected
    assert bot.choose(
        g.view(min(g.to_act)),
        g.legal_actions(min(g.to_act)),
        random.Random(1),
        tavola.agents.SeatHandle(g, min(g.to_act)),
    ) in g.legal_actions(min(g.to_act))


def position(game_id: str, players: int, seed: int, moves: int) -> tavola.Game:
    """A game after ``moves`` random moves."""
    g = tavola.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g


def a_choice(game_id: str, players: int, seed: int) -> tavola.Game:
    """A position where the seat to act has more than one legal move."""
    for moves in range(10, 60):
        g = position(game_id, players, seed, moves)
        if len(g.legal_actions(min(g.to_act))) > 1:
            return g
    raise AssertionError("no choice found")


def test_the_search_is_the_same_under_the_same_seed_and_counts_its_iterations() -> None:
    g = a_choice("testa-di-pecora", 4, 3)
    seat = min(g.to_act)
    legal = g.legal_actions(seat)
    bot = Ismcts("testa-di-pecora", iterations=60)
    runs = [bot.search(legal, random.Random(7), SeatHandle(g, seat)) for _ in range(2)]
    assert runs[0].options == runs[1].options
    found = runs[0]
    assert found.iterations == 60
    assert sorted(o.action.code for o in found.options) == sorted(a.code for a in legal)
    assert sum(o.visits for o in found.options) == 60
    assert all(0 <= o.value <= 1 for o in found.options)
    assert found.options == tuple(sorted(found.options, key=lambda o: (-o.visits, -o.value)))
    assert bot.choose(g.view(seat), legal, random.Random(7), SeatHandle(g, seat)) == found.best


def test_a_time_budget_stops_the_search_and_still_chooses() -> None:
    g = a_choice("renaissance-man-2d6", 3, 1)
    seat = min(g.to_act)
    found = Ismcts("renaissance-man-2d6", seconds=0.05).search(
        g.legal_actions(seat), random.Random(1), SeatHandle(g, seat)
    )
    assert found.iterations >= 1
    assert found.best in g.legal_actions(seat)


def test_the_search_leaves_the_position_as_it_was() -> None:
    g = a_choice("renaissance-man-2d6", 4, 2)
    before = g.canonical()
    seat = min(g.to_act)
    Ismcts("renaissance-man-2d6", iterations=30).search(
        g.legal_actions(seat), random.Random(0), SeatHandle(g, seat)
    )
    assert g.canonical() == before


def test_a_single_legal_move_is_played_without_a_handle() -> None:
    g = tavola.new_game("testa-di-pecora", players=4, seed=1)
    only = g.legal_actions(min(g.to_act))[:1]
    assert Ismcts("testa-di-pecora").choose({}, only, random.Random(0)) == only[0]
    with pytest.raises(tavola.TavolaError, match="needs a SeatHandle"):
        Ismcts("testa-di-pecora").choose({}, g.legal_actions(min(g.to_act)), random.Random(0))


@pytest.mark.parametrize(
    ("game_id", "players"), [("testa-di-pecora", 5), ("renaissance-man-2d6", 6), ("test-morra", 3)]
)
@pytest.mark.parametrize("agent", ["ismcts:iterations=8", "ismcts:iterations=3,rollout=heuristic"])
def test_the_search_bot_plays_whole_games(game_id: str, players: int, agent: str) -> None:
    if "heuristic" in agent and tavola.get_spec(game_id).heuristic is None:
        agent = "ismcts:iterations=3"
    outcome = play_game(game_id, [agent] * players, seed=4, agent_seeds=list(range(players)))
    assert not outcome.hit_cap and outcome.winners


def test_the_search_bot_beats_random_play() -> None:
    """Ten 2-player games of the dice game: 60 iterations a move win at least 7 (they win about
    0.79 of games: 31.5 of 40 from seed 1; a bot no better than random reaches 7 once in six)."""
    sim = simulate("renaissance-man-2d6", 10, ["ismcts:iterations=60", "random"], seed=1)
    assert summarize(sim.outcomes, 2).by_agent["ismcts:iterations=60"].wins >= 7


def test_rewards_go_by_place_or_by_score_and_by_outcome_then_score_for_one_player() -> None:
    def finished(players: int, scores: list[float]) -> SimpleNamespace:
        result = tavola.GameResult.from_scores(scores)
        info = SimpleNamespace(min_score=-10.0, max_score=30.0)
        spec = SimpleNamespace(info=lambda n, variant, options: info)
        return SimpleNamespace(players=players, spec=spec, variant="", options={}, result=result)

    four = finished(4, [5, 9, 9, 1])
    assert _reward(four)(four) == pytest.approx([1 / 3, 5 / 6, 5 / 6, 0])  # two share 1st, 2nd
    assert _reward(four, by_score=True)(four) == [15 / 40, 19 / 40, 19 / 40, 11 / 40]
    solo = finished(1, [10])  # won (the top score), halfway up the score range
    assert _reward(solo)(solo) == [0.875]
    solo.result = tavola.GameResult((10,), (), (1,))  # the same score, the game lost
    assert _reward(solo)(solo) == [0.125]


def test_a_prior_leans_the_root_towards_the_heuristics_move() -> None:
    g = a_choice("testa-di-pecora", 4, 5)
    seat = min(g.to_act)
    legal = g.legal_actions(seat)
    hint = tavola.get_spec("testa-di-pecora").heuristic(g.view(seat), legal, random.Random(0))
    visits = {}
    for prior in (0.0, 10.0):
        found = Ismcts("testa-di-pecora", iterations=40, prior=prior).search(
            legal, random.Random(2), SeatHandle(g, seat)
        )
        visits[prior] = next(o.visits for o in found.options if o.action == hint)
    assert visits[10.0] > visits[0.0]
    assert visits[10.0] == max(
        o.visits
        for o in Ismcts("testa-di-pecora", iterations=40, prior=10.0)
        .search(legal, random.Random(2), SeatHandle(g, seat))
        .options
    )


@pytest.mark.parametrize("name", ["random", "heuristic", "ismcts:iterations=5", "pimc:rollouts=4"])
def test_an_agent_asked_to_choose_from_nothing_or_for_a_spectator_says_so(name: str) -> None:
    """'choose' with no legal action gave 'list index out of range', and the heuristic given a
    spectator's view 'NoneType object is not iterable'."""
    g = tavola.new_game("testa-di-pecora", players=4, seed=2)
    seat = min(g.to_act)
    agent = make_agent(name, g.spec.id)
    with pytest.raises(tavola.TavolaError, match=f"{name}: no legal action to choose from"):
        agent.choose(g.view(seat), [], random.Random(0))
    with pytest.raises(tavola.TavolaError, match="give it that seat's view, not a spectator's"):
        agent.choose(g.view(None), g.legal_actions(seat), random.Random(0))
