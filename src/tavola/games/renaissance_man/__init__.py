"""Renaissance Man (Anthony Rubbo, 2013): build a pyramid of workers; 1-4 players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.options import IntOption, SeatOption
from ...core.registry import GameInfo, GameSpec, register
from . import text
from .breakdown import breakdown, standing
from .cards import CARDS
from .features import features
from .heuristic import choose
from .invariants import invariants
from .observation import observation_size
from .rules import ROUND_LIMIT, SOLO_CARDS, VARIANTS, RenaissanceMan, new_game, tables_for


def info(players: int, variant: str, options: dict[str, Any]) -> GameInfo:
    """Sizes and bounds. A round holds at most four action phases, each at most ten removals
    and five more steps per seat, a Renaissance Man placed per seat, four recruits placed, and
    per seat at most eight discards, done and ready; the Foundation takes four steps a seat."""
    c = CARDS.load(options["cards"])
    t = tables_for(c)
    per_round = players * (4 * 16 + 4 + 10) + 4
    return GameInfo(
        num_distinct_actions=len(t.actions),
        max_game_length=4 * players + options["round_limit"] * per_round,
        min_score=0,
        max_score=16,
        observation_shape=(observation_size(players, c.n_cards, len(t.actions)),),
    )


SPEC = register(
    GameSpec(
        id="renaissance-man",
        title="Renaissance Man (2013)",
        min_players=1,
        max_players=4,
        rules_version="3",
        factory=new_game,
        info_of=info,
        variants=VARIANTS,
        variant_players={"easier": (1, 1), "tougher": (1, 1)},  # decision D24
        options={
            "cards": CARDS,
            "dealer": SeatOption(
                "seat of the Dealer (default: drawn from the seed)", players=(2, 4)
            ),
            "round_limit": IntOption(
                "rounds after which a game without a Master ends, the most workers winning "
                "(the rulebook sets no limit)",
                ROUND_LIMIT,
                5,
                500,
            ),
            "solo_cards": IntOption(
                "cards of the one-player easier/tougher variants (the rules say 10, for example)",
                SOLO_CARDS,
                1,
                40,
                players=(1, 1),
                variants=("easier", "tougher"),
            ),
        },
        simultaneous=True,
        hidden_information=True,
        chance=True,
        score_unit="workers, +1 for a win",
        description=(
            "By Anthony Rubbo: train, hire and recruit Merchants, Scholars, Bakers and Knights "
            "into a pyramid of 15 workers; the first Master wins. Actions are chosen secretly "
            "and revealed together. 1-4 players; the one-player game has easier and tougher "
            "variants."
        ),
        invariants=invariants,
        heuristic=choose,
        text=text,
        standing=standing,
        breakdown=breakdown,
        hard="pimc:rollouts=16,horizon=36,reward=win,value=learned",  # ahead: docs/bots.md
        values=Path(__file__).parent / "data",
        features=features,
    )
)

RenaissanceMan.spec = SPEC

__all__ = ["SPEC", "RenaissanceMan"]
