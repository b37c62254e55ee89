"""Testa di Pecora: a trick-taking game of secret coalitions for 4 or 5 players."""

from __future__ import annotations

from ...core.registry import GameSpec, register
from . import text
from .heuristic import choose
from .invariants import invariants
from .rules import TestaGame, new_testa_game

SPEC = register(
    GameSpec(
        id="testa-di-pecora",
        title="Testa di Pecora",
        min_players=4,
        max_players=5,
        rules_version="1",
        factory=new_testa_game,
        options={
            "deck": "path to a deck file in the format of data/deck.toml (default: standard deck)",
            "seasons": "number of trading seasons (default 3, as the rules say)",
            "first_dealer": "seat of the first dealer (default: drawn from the seed)",
        },
        simultaneous=False,
        hidden_information=True,
        chance=True,
        description=(
            "Trick taking in Renaissance Italy: claim the Inheritance, find your secret partner, "
            "win the majority of the 120 ducats each season."
        ),
        invariants=invariants,
        heuristic=choose,
        text=text,
    )
)

TestaGame.spec = SPEC

__all__ = ["SPEC", "TestaGame"]
