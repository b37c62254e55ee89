"""Relay, a toy game for the adapters' tests: what a game still to come may do, that the
registered ones do not (1 to 4 players, solo included; some seats only pick at the same time).

Each of two rounds, every seat but the leader (seat ``round % players``; the leader itself when
alone) secretly picks 1, 2 or 3; once all are in, the picks are shown and a pick nobody else
made scores its number. Then the leader alone banks the round's bonus (public, drawn from the
seed) or passes. It is registered only by the ``relay`` fixture (conftest.py).
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

ROUNDS = 2
PICKS = [Action(i, "pick", {"n": i + 1}, str(i + 1)) for i in range(3)]
BANK, PASS = Action(3, "bank", {}, "Bank"), Action(4, "pass", {}, "Pass")
CATALOG = ActionCatalog([*PICKS, BANK, PASS])
EV_COMMIT, EV_REVEAL, EV_LEAD = 0, 1, 2


class Relay(Game):
    __slots__ = ("bonus", "commits", "reveals", "round", "scores")

    def __init__(self, players: int, seed: int, variant: str, options: dict[str, Any]) -> None:
        self._start(players, seed, variant, options)
        self.catalog = CATALOG
        self.round, self.scores, self.reveals = 0, [0] * players, []
        self.bonus = stream(seed, 0).randint(1, 3)
        self.commits = Commitments()
        self._open()

    @property
    def leader(self) -> int:
        return self.round % self.players

    def _open(self) -> None:
        self.commits.open([s for s in range(self.players) if s != self.leader] or [0])

    @property
    def to_act(self) -> frozenset[int]:
        if self.is_over:
            return frozenset()
        return self.commits.waiting if self.commits.is_open else frozenset({self.leader})

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    @property
    def result(self) -> GameResult | None:
        return GameResult.from_scores(self.scores) if self.is_over else None

    def legal_actions(self, seat: int) -> list[Action]:
        self._query_seat(seat)
        if seat not in self.to_act:
            return []
        return list(PICKS) if self.commits.is_open else [BANK, PASS]

    def act(self, seat: int, action: Action) -> None:
        if not self._valid_seat(seat) or seat not in self.to_act:
            raise self._refuse_seat(seat)
        found = CATALOG.canonical(action)
        if found is None or found not in self.legal_actions(seat):
            raise IllegalActionError(f"not now: {', '.join(map(str, self.legal_actions(seat)))}")
        self.history.append((seat, found.code))
        if self.commits.is_open:
            self.log.append((EV_COMMIT, seat))
            if self.commits.add(seat, found.code, final=True):
                self._reveal()
            return
        self.log.append((EV_LEAD, seat, found.kind))
        if found == BANK:
            self.scores[seat] += self.bonus
        self.round += 1
        self.bonus = stream(self.seed, self.round).randint(1, 3)
        if not self.is_over:
            self._open()

    def _step(self, seat: int, action: Action) -> None:
        self.commits.add(seat, action.code, final=True)

    def _reveal(self) -> None:
        picks = {s: steps[0] + 1 for s, steps in self.commits.close().items()}
        self.log.append((EV_REVEAL, tuple(sorted(picks.items()))))
        self.reveals.append(sorted(picks.items()))
        for s, p in picks.items():
            if list(picks.values()).count(p) == 1:
                self.scores[s] += p

    def _mine(self, seat: int | None) -> int | None:
        steps = self.commits.mine(seat) if seat is not None else ()
        return steps[0] + 1 if steps else None

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            self._query_seat(seat)
        return {
            "round": self.round,
            "leader": self.leader,
            "bonus": self.bonus,
            "scores": list(self.scores),
            "commitments": self.commits.public(),
            "my_pick": self._mine(seat),
            "reveals": [[list(p) for p in r] for r in self.reveals],
        }

    def info_key(self, seat: int | None) -> Hashable:
        return freeze(self.view(seat))

    def observe(self, seat: int) -> np.ndarray:
        self._query_seat(seat)
        n = self.players
        out = np.zeros(ROUNDS + 5 + 2 * n, dtype=np.float32)
        out[self.round] = 1.0
        out[ROUNDS + self.bonus] = 1.0
        mine = self._mine(seat)
        out[ROUNDS + 4] = 0 if mine is None else mine / 3
        out[ROUNDS + 5 + self.leader] = 1.0
        out[ROUNDS + 5 + n :] = [s / 12 for s in self.scores]
        return out

    def describe_event(self, raw: tuple[Any, ...]) -> Event:
        if raw[0] == EV_COMMIT:
            return Event("commit", {"seat": raw[1]})
        if raw[0] == EV_REVEAL:
            return Event("reveal", {"picks": [list(p) for p in raw[1]]})
        return Event(raw[2], {"seat": raw[1]})

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

    def clone(self) -> Relay:
        g = Relay.__new__(Relay)
        g._copy_base(self)
        g.round, g.scores, g.bonus = self.round, self.scores[:], self.bonus
        g.reveals = self.reveals[:]
        g.commits = self.commits.copy()
        return g

    def resample(self, seat: int, rng: random.Random, policy: WorldPolicy | None = None) -> Relay:
        self._query_seat(seat)
        g = self.clone()
        g._forget(rng)
        if g.commits.is_open:
            g.commits.redraw(seat, g, g._step, rng, policy)
        return g


def info(players: int, variant: str, options: dict[str, Any]) -> GameInfo:
    return GameInfo(
        num_distinct_actions=len(CATALOG),
        max_game_length=ROUNDS * (max(players - 1, 1) + 1),
        min_score=0,
        max_score=ROUNDS * 6,
        observation_shape=(ROUNDS + 5 + 2 * players,),
    )


SPEC = GameSpec(
    id="test-relay",
    title="Relay (test only)",
    min_players=1,
    max_players=4,
    rules_version="1",
    factory=Relay,
    info_of=info,
    simultaneous=True,
    hidden_information=True,
)
Relay.spec = SPEC
