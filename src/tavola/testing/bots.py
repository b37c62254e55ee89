"""Checks of the bots on a game: every agent kind plays only legal moves and never peeks.

A bot is fair when its choice depends only on what its seat may know: its view, its legal moves,
its rng and (for a search bot) the worlds its :class:`~tavola.agents.SeatHandle` draws, which
depend on that view alone. So two positions that look the same to the seat but differ in what is
hidden from it (a game and a resample of it for that seat) must get the same decision from the
same bot under the same seed. The check insists that the twins it tries do differ in hidden
state, so it cannot pass by comparing a game with itself.
"""

from __future__ import annotations

import random

from ..agents import KINDS, SeatHandle, make_agent
from ..core.protocol import Action, Game
from ._support import Case, check, derived, states

POSITIONS = 6
"""How many positions of each random playout (spread over it) the bots are asked to decide."""


def probes(case: Case) -> list[str]:
    """The agent names tried on this game: every kind's probes that the game can run."""
    names = [name for kind in KINDS.values() for name in kind.probes]
    names = [n for n in names if case.spec.heuristic is not None or "heuristic" not in n]
    names = [n for n in names if case.spec.playout is not None or "playout" not in n]
    return [n for n in names if case.spec.values is not None or "value=learned" not in n]


def decide(name: str, game_id: str, g: Game, seat: int, seed: int) -> Action:
    """What a new bot ``name`` chooses for ``seat`` in ``g`` with ``Random(seed)``, as runners
    ask it (its view, its legal moves, a handle when it searches)."""
    bot = make_agent(name, game_id)
    handle = SeatHandle(g, seat) if bot.searches else None
    return bot.choose(g.view(seat), g.legal_actions(seat), random.Random(seed), handle)


def _choice(g: Game) -> bool:
    """Whether some seat has a real choice in ``g``."""
    return any(len(g.legal_actions(s)) > 1 for s in g.to_act)


@check
def check_bots_fair(case: Case, seeds: tuple[int, ...]) -> None:
    """Every agent kind (its cheap probes) chooses a legal move, and chooses the same one in a
    game and in a resample of it for its seat, under the same seed; at least one pair of such
    twins per playout differs in hidden state when the game hides anything."""
    names = probes(case)
    for seed in seeds:
        differing = 0
        choices = [(step, g) for step, g in states(case, seed) if _choice(g)]
        for step, g in choices[:: max(1, len(choices) // POSITIONS)][:POSITIONS]:
            case.step = step
            for s in sorted(g.to_act):
                h = g.resample(s, derived(seed, step, s))
                differing += h.canonical() != g.canonical()
                legal = g.legal_actions(s)
                for name in names:
                    k = derived(seed, step, s, 2).getrandbits(64)
                    a, b = decide(name, case.spec.id, g, s, k), decide(name, case.spec.id, h, s, k)
                    if a not in legal:
                        case.fail(f"{name} chose {a!r} for seat {s}, which is not legal")
                    if a != b:
                        case.fail(
                            f"{name} chose {a!r} for seat {s}, but {b!r} in a game that looks "
                            "the same to that seat: it decides on something the seat cannot see"
                        )
        if case.spec.hidden_information and not differing:
            case.fail("no resample differed from its game: the twins tested nothing")


@check
def check_playout_policy(case: Case, seeds: tuple[int, ...]) -> None:
    """A game's fast playout policy (``spec.playout``, for search rollouts), from positions
    spread over random playouts and on worlds resampled for a seat, as a search plays them:
    every move it makes is legal, the game's invariants hold, the game ends within
    ``max_game_length``, and the same rng gives the same moves."""
    policy = case.spec.playout
    if policy is None:
        return
    limit = case.info.max_game_length
    for seed in seeds:
        picked = states(case, seed)
        for step, g in picked[:: max(1, len(picked) // POSITIONS)]:
            if g.is_over:
                continue
            case.step = step
            world = g.resample(min(g.to_act), derived(seed, step))
            runs = []
            for _ in range(2):
                w, rng, moves = world.clone(), derived(seed, step, 3), []
                while not w.is_over:
                    if len(moves) > limit:
                        case.fail(f"the playout policy did not end the game in {limit} decisions")
                    seat = min(w.to_act)
                    legal = w.legal_actions(seat)
                    action = policy(w, seat, legal, rng)
                    if action not in legal:
                        case.fail(f"the playout policy chose {action!r}, not one of {legal}")
                    w.act(seat, action)
                    case.invariants(w)
                    moves.append((seat, action))
                runs.append(moves)
            if runs[0] != runs[1]:
                case.fail("the playout policy played otherwise with the same rng")
