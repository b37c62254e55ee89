"""A tiny simultaneous game, registered for the tests only, so the conformance suite proves
that the core's simultaneous phases work before a shipped game uses them.

"Morra": each round every seat secretly picks 1-3 at the same time; nothing is shown until all
have picked; then a seat whose pick nobody else made scores it, and a seeded public bonus
number scores double. Three rounds.
"""

from __future__ import annotations

import random
from typing import Any

from tavola.core.errors import IllegalActionError
from tavola.core.protocol import Action, ActionCatalog, Game, GameResult
from tavola.core.registry import GameSpec, register
from tavola.core.rng import stream

ROUNDS = 3
CATALOG = ActionCatalog(Action(i, "pick", {"n": i + 1}, str(i + 1)) for i in range(3))


class Morra(Game):
    __slots__ = ("bonus", "pending", "reveals", "round", "scores")

    def __init__(self, players: int, seed: int, variant: str, options: dict[str, Any]) -> None:
        self.players, self.seed, self.variant, self.options = players, seed, variant, options
        self.history, self.catalog, self.resampled = [], CATALOG, False
        self.round, self.scores, self.reveals = 0, [0] * players, []
        self.pending: dict[int, int] = {}
        self.bonus = stream(seed, 0).randint(1, 3)

    @property
    def to_act(self) -> frozenset[int]:
        if self.is_over:
            return frozenset()
        return frozenset(s for s in range(self.players) if s not in self.pending)

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    @property
    def result(self) -> GameResult | None:
        return GameResult.from_scores(self.scores) if self.is_over else None

    def legal_actions(self, seat: int) -> list[Action]:
        return list(CATALOG.actions) if seat in self.to_act else []

    def act(self, seat: int, action: Action) -> None:
        if not self._valid_seat(seat) or seat not in self.to_act:
            raise self._refuse_seat(seat)
        found = CATALOG.canonical(action)
        if found is None:
            raise IllegalActionError(f"{action!r} is not a pick")
        self.history.append((seat, found.code))
        self.pending[seat] = found.code + 1
        if len(self.pending) == self.players:
            picks = [self.pending[s] for s in range(self.players)]
            for s, p in enumerate(picks):
                if picks.count(p) == 1:
                    self.scores[s] += p * (2 if p == self.bonus else 1)
            self.reveals.append(picks)
            self.pending = {}
            self.round += 1
            self.bonus = stream(self.seed, self.round).randint(1, 3)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "bonus": self.bonus,
            "scores": list(self.scores),
            "committed": sorted(self.pending),
            "my_pick": self.pending.get(seat) if seat is not None else None,
            "reveals": [list(r) for r in self.reveals],
        }

    def clone(self) -> Morra:
        g = Morra.__new__(Morra)
        for name in (*Game.__slots__, *Morra.__slots__):
            setattr(g, name, getattr(self, name))
        g.history, g.scores, g.reveals = self.history[:], self.scores[:], self.reveals[:]
        g.pending = dict(self.pending)
        return g

    def resample(self, seat: int, rng: random.Random) -> Morra:
        g = self.clone()
        g.resampled = True
        g.seed = rng.getrandbits(63)
        for s in g.pending:
            if s != seat:
                g.pending[s] = rng.randint(1, 3)
        return g


MORRA = register(
    GameSpec(
        id="test-morra",
        title="Morra (test only)",
        min_players=2,
        max_players=3,
        rules_version="1",
        factory=Morra,
        simultaneous=True,
        hidden_information=True,
    )
)
Morra.spec = MORRA
