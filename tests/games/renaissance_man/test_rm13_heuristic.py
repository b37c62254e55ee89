"""Renaissance Man (2013): the planning bot plays sensibly and games end."""

from __future__ import annotations

import random

from rm13_helpers import clear_hand, find_card, give, lay_foundations, new, pass_all, put

import tavola
from tavola.agents import make_agent
from tavola.core.rng import derive_seed
from tavola.games.renaissance_man.heuristic import RM, _finishable, choose
from tavola.sim.runner import agent_seeds, play_game, seating

SC, K = 1, 3


def play(players: int, agents: list[str], seed: int) -> tavola.Game:
    bots = [make_agent(a, "renaissance-man") for a in agents]
    g = tavola.new_game("renaissance-man", players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        for s in sorted(g.to_act):
            if s in g.to_act:
                g.act(s, bots[s].choose(g.view(s), g.legal_actions(s), rng))
    return g


def bot_steps(g: tavola.Game, seat: int = 0) -> list[dict]:
    """The steps the bot takes for ``seat`` until it has committed, as JSON."""
    rng = random.Random(0)
    steps = []
    while seat in g.to_act:
        a = choose(g.view(seat), g.legal_actions(seat), rng)
        steps.append(a.to_json())
        g.act(seat, a)
    return steps


def test_heuristic_games_end_with_a_master() -> None:
    """ "1-4 players · 30 minutes" Bots finish well inside the round cap (figures: the rules
    page)."""
    for players in (2, 3, 4):
        for seed in range(3):
            g = play(players, ["heuristic"] * players, seed)
            assert g.view(0)["ended"] == "master" and g.round < 30


def test_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(6):
        g = play(2, ["heuristic", "random"] if seed % 2 else ["random", "heuristic"], seed)
        wins += (seed % 2 == 0) == (g.result.winners == (1,))
    assert wins >= 5


def test_the_bot_hires_what_fits() -> None:
    g = new(2, 4)
    lay_foundations(g)
    clear_hand(g, 0)
    x = find_card(g, SC, needs=(0, 1))
    give(g, 0, x, find_card(g, K, needs=(1, 0)))  # fits nowhere
    steps = bot_steps(g)
    assert steps[:3] == [
        {"kind": "act", "type": "hire"},
        {"kind": "card", "card": g.c.ids[x]},
        {"kind": "place", "slot": "2.1"},
    ]


def test_the_bot_finishes_against_random_players() -> None:
    """Seeds where the bot used to stall until the round cap (hiring a worker over its last
    Merchant and removing it again in the next phase, round after round; or keeping a hand of
    cards it could never use): it now builds its Master."""
    for seed in (2, 6, 9):
        g = play(4, ["heuristic", "random", "random", "random"], seed)
        assert g.view(0)["ended"] == "master" and g.result.winners == (0,)


def test_no_removal_for_an_action_of_another_phase() -> None:
    """In phase two, removing 2.1 would uncover the Foundation Merchant, whose Hire is only
    for phase one: the bot keeps its worker (it used to remove it, and hire there again the
    next round)."""
    g = new(2, 4)
    lay_foundations(g)  # Merchant, Scholar, Baker, Knight, Renaissance Man
    clear_hand(g, 0)
    rms = [i for i in range(g.c.n_cards) if g.c.typ[i] == 4]
    put(g, 0, "2.1", rms[0])
    put(g, 0, "2.2", rms[1])
    put(g, 0, "2.3", rms[2])
    put(g, 0, "2.4", find_card(g, SC, needs=(3, 0)))  # Teach in phase two
    give(g, 0, rms[3], rms[4], find_card(g, K, needs=(0, 0)))
    pass_all(g)
    assert g.level == 2
    steps = bot_steps(g)
    assert not any(s["kind"] == "remove" for s in steps)


def simulated(agents: list[str], game: int) -> tavola.Game:
    """Game ``game`` of ``tavola simulate`` (seed 0, seats rotated): the same deal and bots."""
    seats = seating(agents, game)
    seeds = agent_seeds(0, game, len(agents))
    out = play_game("renaissance-man", seats, derive_seed(0, game), seeds, keep_record=True)
    return tavola.replay(out.record)


def test_simulated_games_that_used_to_reach_the_round_cap_end_with_a_master() -> None:
    """Games of `tavola simulate` that used to end by the round cap [D13]: a Scholar on level
    three whose Renaissance Man had to cover it (generated, removed, generated again), a hand of
    Scholars kept for a Teach that could only lead there, a last Merchant covered by a worker
    with no action, two bots with all their knights tied in one area (neither recruiting
    again). The bot now builds its Master, in plausible time."""
    cases = [
        (["heuristic", "random", "random", "random"], (19, 85, 509)),
        (["heuristic", "random", "random"], (41,)),
        (["heuristic", "random"], (77,)),
        (["heuristic", "heuristic"], (159,)),
    ]
    for agents, games in cases:
        for game in games:
            g = simulated(agents, game)
            assert g.view(0)["ended"] == "master" and g.round < 30, (agents, game)


def test_a_structure_whose_last_renaissance_man_would_cover_its_scholar_cannot_finish() -> None:
    """Levels one and two full and covered, level three a Scholar and two Renaissance Men, 4.2
    a Renaissance Man: Teach can only put a Renaissance Man on 4.1, over the Scholar, and then
    nothing acts. A coin token (Hire in any phase) or a Baker instead (coin tokens) finishes."""
    types = (0, 1, 2, 3, RM, RM, RM, RM, RM, 1, RM, RM, -1, RM, -1)
    assert not _finishable(types, 0, 0, 4, frozenset())
    assert _finishable(types, 1, 0, 3, frozenset())
    assert _finishable((*types[:9], 2, *types[10:]), 0, 0, 4, frozenset())
    assert not _finishable((*types[:9], 2, *types[10:]), 0, 0, 0, frozenset())


def test_the_bot_follows_its_plan_whatever_words_its_steps_carry() -> None:
    """The view's own secret steps now carry the game's words for them (``label``): the bot
    compared them with its plan's steps, which carry none, and lost its plan after the first
    step."""
    g = tavola.new_game("renaissance-man", players=2, seed=3)
    rng = random.Random(3)
    while not g.is_over:
        for s in sorted(g.to_act):
            if s not in g.to_act:
                continue
            view, legal = g.view(s), g.legal_actions(s)
            if view["mine"]:
                bare = [{k: v for k, v in step.items() if k != "label"} for step in view["mine"]]
                chosen = choose(view, legal, random.Random(0))
                assert chosen == choose({**view, "mine": bare}, legal, random.Random(0))
            g.act(s, choose(view, legal, rng))
