"""Testa di Pecora: a trick-taking game of secret coalitions for 4 or 5 players."""

from __future__ import annotations

from typing import Any

from ...core.options import IntOption, SeatOption
from ...core.registry import GameInfo, GameSpec, register
from . import text
from .breakdown import breakdown, standing
from .deck import DECKS, N_CARDS
from .heuristic import choose
from .invariants import invariants
from .observation import observation_size
from .playout import playout
from .rules import HAND_SIZE, REDEALS, SEASONS, START_RENOWN, TestaGame, new_testa_game


def info(players: int, variant: str, options: dict[str, Any]) -> GameInfo:
    """Sizes and bounds: each season deals at most ``redeals + 1`` times (5 offers each at 5
    players), then 2 saves and every card played; renown moves at most players - 1 a season,
    and each pass-out costs at most 1."""
    seasons, redeals = options["seasons"], options["redeals"]
    if players == 5:
        per_season = (redeals + 1) * players + 2 + players * HAND_SIZE[5]
        penalty = redeals
    else:
        per_season = players * HAND_SIZE[4]
        penalty = 0
    return GameInfo(
        num_distinct_actions=2 * N_CARDS + 2,
        max_game_length=seasons * per_season,
        min_score=START_RENOWN - seasons * (players - 1 + penalty),
        max_score=START_RENOWN + seasons * (players - 1),
        observation_shape=(observation_size(players),),
    )


SPEC = register(
    GameSpec(
        id="testa-di-pecora",
        title="Testa di Pecora",
        min_players=4,
        max_players=5,
        rules_version="3",
        factory=new_testa_game,
        info_of=info,
        options={
            "deck": DECKS,
            "seasons": IntOption("trading seasons (the rules say 3)", SEASONS, 1, 12),
            "first_dealer": SeatOption("seat of the first dealer (default: drawn from the seed)"),
            "redeals": IntOption(
                "times a season is dealt again when everyone passes, before the dealer must "
                "claim the Inheritance (the rulebook sets no limit)",
                REDEALS,
                0,
                50,
                players=(5, 5),  # at 4 nobody claims: no Inheritance, no pass-outs
            ),
        },
        simultaneous=False,
        hidden_information=True,
        chance=True,
        score_unit="renown",
        description=(
            "Trick taking in Renaissance Italy: claim the Inheritance, find your secret partner, "
            "win the majority of the 120 ducats each season."
        ),
        invariants=invariants,
        heuristic=choose,
        text=text,
        playout=playout,
        standing=standing,
        breakdown=breakdown,
    )
)

TestaGame.spec = SPEC

__all__ = ["SPEC", "TestaGame"]
