"""Renaissance Rivals (Seth McCormick): an engine-building race round a 4 x 4 art market;
1 to 4 players, with the solo "learning" game for one. The five-player variant is not in the
rulebook ("will be made available separately")."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.errors import UnknownGameError, quote
from ...core.options import ChoiceOption, IntOption
from ...core.registry import GameInfo, GameSpec, register
from . import text
from .breakdown import breakdown, standing
from .cards import CARDS, MP_PER_ARTIST, N_COMMISSIONS
from .heuristic import choose
from .invariants import invariants
from .observation import observation_size
from .rules import (
    DRAWN,
    MAX_PLAYERS,
    NC,
    ST_PETERS_VP,
    TURN_LIMIT,
    RenaissanceRivals,
    new_game,
    tables_for,
)

FIVE = 'the five-player variant "will be made available separately": it is not in this rulebook'


@dataclass(frozen=True)
class RedDeckOption(ChoiceOption):
    """Whether the second ("Red") deck resupplies emptied stacks: "rules" (3-4 players yes,
    1-2 no), "yes" (allowed with 2 players too) or "no" (allowed with 1-2 players)."""

    def check(self, name: str, value: object, players: int) -> str:
        value = super().check(name, value, players)
        if value == "no" and players >= 3:
            raise UnknownGameError(
                f'option {name!r}: a {players}-player game needs the Red deck ("In a 3 or '
                "4-player game, which requires two decks\"); use 'rules' or 'yes'"
            )
        if value == "yes" and players == 1:
            raise UnknownGameError(f"option {name!r}: the solo game is played without the Red deck")
        return value


_STANDARD = CARDS.load("standard")
STANDARD_ARTISTS = _STANDARD.artist_ids
ARTIST_OPTIONS = {
    f"artist_{seat}": ChoiceOption(
        f"the artist seat {seat} plays ('drawn': one the others did not choose, drawn from "
        "the seed)",
        DRAWN,
        (DRAWN, *STANDARD_ARTISTS),
        players=None if seat == 0 else (seat + 1, MAX_PLAYERS),
        deal=True,
        labels={
            DRAWN: "drawn from the seed",
            **dict(zip(STANDARD_ARTISTS, _STANDARD.artist_names, strict=True)),
        },
    )
    for seat in range(MAX_PLAYERS)
}
"""Each seat's artist, chosen ('chosen artist', the rulebook says) or drawn: one option a
seat, offered where the seat exists. A card file of your own may name its artists otherwise:
its artists are then drawn (a chosen id it does not have is refused when the game starts)."""


@dataclass(frozen=True)
class RivalsSpec(GameSpec):
    """The game's spec: it says why there is no five-player game when asked for one."""

    def check(self, players: object, variant: object, options: object) -> Any:
        if players == 5 and not isinstance(players, bool):
            raise UnknownGameError(
                f"{self.title} is for 1 to {MAX_PLAYERS} players, not {quote(players)}: {FIVE}"
            )
        return super().check(players, variant, options)


def info(players: int, variant: str, options: dict[str, Any]) -> GameInfo:
    """Sizes and bounds. A turn holds at most one use of each card, one acquisition per market
    card, 8 starts, 24 advances, one Elevation per card, 9 moves and the end."""
    c = CARDS.load(options["cards"])
    per_turn = NC + 2 * N_COMMISSIONS + MP_PER_ARTIST + 24 + NC + 9 + 1
    levels = sum(c.level) + ST_PETERS_VP - 3
    best_artist = max(
        sum(v for v, a in zip(c.mp_vp, c.mp_artist, strict=True) if a == k)
        for k in range(len(c.artist_ids))
    )
    solo = players == 1
    return GameInfo(
        num_distinct_actions=len(tables_for(c).actions),
        max_game_length=(26 if solo else options["turn_limit"] * players) * per_turn,
        min_score=-26 if solo else 0,
        max_score=2 * levels + best_artist,
        observation_shape=(observation_size(players),),
    )


SPEC = register(
    RivalsSpec(
        id="renaissance-rivals",
        title="Renaissance Rivals",
        min_players=1,
        max_players=MAX_PLAYERS,
        rules_version="2",
        factory=new_game,
        info_of=info,
        options={
            "cards": CARDS,
            "red_deck": RedDeckOption(
                "the second (Red) deck resupplies emptied stacks: 'rules' uses it with 3-4 "
                "players; 'yes' also with 2",
                "rules",
                ("rules", "yes", "no"),
            ),
            "turn_limit": IntOption(
                "rounds after which the game ends if nobody has ended it (the rulebook sets no "
                "limit)",
                TURN_LIMIT,
                5,
                500,
            ),
            **ARTIST_OPTIONS,
        },
        simultaneous=False,
        hidden_information=True,
        chance=True,
        score_unit="VP",
        description=(
            "By Seth McCormick: six Renaissance artists criss-cross a 4 x 4 art market, acquire "
            "Commissions for Influence, Skills and Victory Points, and complete their "
            "Masterpieces in Milan, Florence and Rome. 1-4 players (one: the solo learning "
            f"game); {FIVE}."
        ),
        invariants=invariants,
        heuristic=choose,
        text=text,
        standing=standing,
        breakdown=breakdown,
        hard="pimc:rollouts=16,horizon=12,reward=win,value=learned",  # docs/bots.md
        values=Path(__file__).parent / "data",
    )
)

RenaissanceRivals.spec = SPEC

__all__ = ["SPEC", "RenaissanceRivals"]
