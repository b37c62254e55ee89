"""Morra, a toy simultaneous game: a tavola plug-in from a separate distribution (tests only).

Each round every seat secretly picks 1-3 at the same time (through the core's commit/reveal
helper); nothing is shown until all have picked; then a seat whose pick nobody else made scores
it, and a seeded public bonus number scores double. Three rounds.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import numpy as np

from tavola.core.commit import Commitments
from tavola.core.errors import IllegalActionError
from tavola.core.events import Event
from tavola.core.protocol import Action, ActionCatalog, Game, GameResult, WorldPolicy, freeze
from tavola.core.registry import GameInfo, GameSpec
from tavola.core.rng import stream

ROUNDS = 3
CATALOG = ActionCatalog(Action(i, "pick", {"n": i + 1}, str(i + 1)) for i in range(3))
EV_COMMIT, EV_REVEAL = 0, 1


class Morra(Game):
    __slots__ = ("bonus", "commits", "reveals", "round", "scores")

    def __init__(self, players: int, seed: int, variant: str, options: dict[str, Any]) -> None:
        self._start(players, seed, variant, options)
        self.catalog = CATALOG
        self.round, self.scores, self.reveals = 0, [0] * players, []
        self.bonus = stream(seed, 0).randint(1, 3)
        self.commits = Commitments()
        self.commits.open(range(players))

    @property
    def to_act(self) -> frozenset[int]:
        return frozenset() if self.is_over else self.commits.waiting

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    @property
    def result(self) -> GameResult | None:
        return GameResult.from_scores(self.scores) if self.is_over else None

    def legal_actions(self, seat: int) -> list[Action]:
        self._query_seat(seat)
        return list(CATALOG.actions) if seat in self.to_act else []

    def act(self, seat: int, action: Action) -> None:
        if not self._valid_seat(seat) or seat not in self.to_act:
            raise self._refuse_seat(seat)
        found = CATALOG.canonical(action)
        if found is None:
            raise IllegalActionError("pick 1, 2 or 3")
        self.history.append((seat, found.code))
        self.log.append((EV_COMMIT, seat))
        if self.commits.add(seat, found.code, final=True):
            self._reveal()

    def _step(self, seat: int, action: Action) -> None:
        self.commits.add(seat, action.code, final=True)

    def _reveal(self) -> None:
        taken = self.commits.close()
        picks = [taken[s][0] + 1 for s in range(self.players)]
        self.log.append((EV_REVEAL, tuple(picks)))
        self.reveals.append(picks)
        for s, p in enumerate(picks):
            if picks.count(p) == 1:
                self.scores[s] += p * (2 if p == self.bonus else 1)
        self.round += 1
        self.bonus = stream(self.seed, self.round).randint(1, 3)
        if not self.is_over:
            self.commits.open(range(self.players))

    def _mine(self, seat: int | None) -> int | None:
        steps = self.commits.mine(seat) if seat is not None else ()
        return steps[0] + 1 if steps else None

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            self._query_seat(seat)
        return {
            "round": self.round,
            "bonus": self.bonus,
            "scores": list(self.scores),
            "commitments": self.commits.public(),
            "my_pick": self._mine(seat),
            "reveals": [list(r) for r in self.reveals],
        }

    def info_key(self, seat: int | None) -> Hashable:
        return freeze(self.view(seat))

    def observe(self, seat: int) -> np.ndarray:
        self._query_seat(seat)
        out = np.zeros(8 + self.players, dtype=np.float32)
        out[self.round] = 1.0
        out[4 + self.bonus - 1] = 1.0
        mine = self._mine(seat)
        out[7] = 0 if mine is None else mine / 3
        out[8:] = [s / 18 for s in self.scores]
        return out

    def describe_event(self, raw: tuple[Any, ...]) -> Event:
        if raw[0] == EV_COMMIT:
            return Event("commit", {"seat": raw[1]})
        return Event("reveal", {"picks": list(raw[1])})

    def canonical(self) -> Hashable:
        return freeze(
            (
                self.players,
                self.seed,
                self.history,
                self.log_base,
                self.log,
                self.resampled,
                self.round,
                self.scores,
                self.reveals,
                self.bonus,
                self.commits.canonical(),
            )
        )

    def clone(self) -> Morra:
        g = Morra.__new__(Morra)
        g._copy_base(self)
        g.round, g.scores, g.bonus = self.round, self.scores[:], self.bonus
        g.reveals = self.reveals[:]
        g.commits = self.commits.copy()
        return g

    def resample(self, seat: int, rng: random.Random, policy: WorldPolicy | None = None) -> Morra:
        self._query_seat(seat)
        g = self.clone()
        g._forget(rng)
        g.commits.redraw(seat, g, g._step, rng, policy)
        return g


def info(players: int, variant: str, options: dict[str, Any]) -> GameInfo:
    return GameInfo(
        num_distinct_actions=3,
        max_game_length=ROUNDS * players,
        min_score=0,
        max_score=ROUNDS * 6,
        observation_shape=(8 + players,),
    )


SPEC = GameSpec(
    id="test-morra",
    title="Morra (test only)",
    min_players=2,
    max_players=3,
    rules_version="1",
    factory=Morra,
    info_of=info,
    simultaneous=True,
    hidden_information=True,
)
Morra.spec = SPEC
