"""Renaissance Man (Cichelli & Leistiko, 2006): dice, Creative Reserves, Challenges; 2-6 players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.options import IntOption, SeatOption
from ...core.registry import GameInfo, GameSpec, register
from . import text
from .breakdown import breakdown, standing
from .cards import CARDS, MAX_PLAYERS, K
from .heuristic import choose
from .invariants import invariants
from .observation import observation_size
from .playout import playout
from .rules import ATTEMPT_BASE, TURN_LIMIT, RenaissanceMan2d6, new_game


def info(players: int, variant: str, options: dict[str, Any]) -> GameInfo:
    """Sizes and bounds. A turn holds at most a draw, a pick, a roll and a declaration, a stand
    per player at an Event, and one decision per CR card played (to the Event, then to the
    attempt: each card at most once in each); a game holds at most ``turn_limit`` turns and, when
    declared just before the limit, one turn more for each player ([D9])."""
    c = CARDS.load(options["cards"])
    per_turn = 4 + players + 2 * sum(c.reserve_counts)
    return GameInfo(
        num_distinct_actions=ATTEMPT_BASE + c.n_challenges,
        max_game_length=(options["turn_limit"] + players) * per_turn,
        min_score=0,
        max_score=sum(c.points),
        observation_shape=(observation_size(players, c.n_cards),),
    )


SPEC = register(
    GameSpec(
        id="renaissance-man-2d6",
        title="Renaissance Man (2006)",
        min_players=2,
        max_players=MAX_PLAYERS,
        rules_version="2",
        factory=new_game,
        info_of=info,
        options={
            "cards": CARDS,
            "first_player": SeatOption("seat of the first player (default: drawn from the seed)"),
            "turn_limit": IntOption(
                "turns after which the game ends if nobody has ended it "
                "(the rulebook sets no limit)",
                TURN_LIMIT,
                10,
                5000,
            ),
        },
        simultaneous=False,
        hidden_information=True,
        chance=True,
        score_unit="points",
        description=(
            "By Sharon Cichelli and Jonathan Leistiko: spend your Creative Reserves (Cooking, "
            "Friend, Gamer, Musician, Writer) and roll 2d6 to accomplish Challenges; the most "
            "points in your Success pile wins. 2-6 players."
        ),
        invariants=invariants,
        heuristic=choose,
        playout=playout,
        text=text,
        standing=standing,
        breakdown=breakdown,
        # measured ahead of medium (docs/bots.md)
        hard="pimc:horizon=12,reward=win,value=learned",
        values=Path(__file__).parent / "data",
    )
)

RenaissanceMan2d6.spec = SPEC

__all__ = ["SPEC", "K", "RenaissanceMan2d6"]
