"""Simultaneous secret choices (commit, then reveal), once for every game.

A game opens a phase for some seats; each of them commits privately, in any order, by one or
more atomic decisions (choose an action, then a card, ...). Until the last seat is in, views and
events may show who has committed, never what (:meth:`Commitments.public`); then the game takes
all commitments at once (:meth:`Commitments.close`) and resolves the phase.

For search, :meth:`Commitments.redraw` makes the other seats' hidden choices unknowns again: an
unfinished commitment is forgotten (that seat has not committed, as far as anyone can see) and a
finished one is drawn again at random among the choices the rules allow.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .protocol import Game, WorldPolicy


class Commitments:
    """The secret choices of one simultaneous phase: per seat, its steps so far."""

    __slots__ = ("done", "seats", "steps", "waiting")

    def __init__(self) -> None:
        self.seats: tuple[int, ...] = ()
        self.steps: dict[int, list[int]] = {}
        self.done: set[int] = set()
        self.waiting: frozenset[int] = frozenset()
        """Seats that have not finished committing (kept up to date: games ask it often)."""

    def open(self, seats: Iterable[int]) -> None:
        """Start a phase in which ``seats`` must each commit."""
        self.seats = tuple(sorted(seats))
        self.steps = steps = {}
        for s in self.seats:  # loops, not comprehensions, here and in close(): faster on 3.11
            steps[s] = []
        self.done = set()
        self.waiting = frozenset(self.seats)

    @property
    def is_open(self) -> bool:
        return bool(self.seats)

    def mine(self, seat: int) -> tuple[int, ...]:
        """The steps ``seat`` has taken so far (its own secret)."""
        return tuple(self.steps.get(seat, ()))

    def add(self, seat: int, code: int, final: bool) -> bool:
        """Record one step of ``seat``; ``final`` ends its commitment. True when all are in."""
        self.steps[seat].append(code)
        if not final:
            return False
        self.done.add(seat)
        self.waiting = self.waiting - {seat}
        return len(self.done) == len(self.seats)

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` has a step to take back: its commitment is begun, not finished."""
        return bool(self.steps.get(seat)) and seat not in self.done

    def take_back(self, seat: int) -> int:
        """Drop the last step of ``seat``'s unfinished commitment (see can_take_back)."""
        return self.steps[seat].pop()

    def hidden_from(self, seat: int | None) -> int:
        """How many steps of the other seats' commitments ``seat`` (None: a spectator) has not
        seen: their number too is secret until the reveal (a pass takes fewer than an action)."""
        n = 0
        for s, taken in self.steps.items():
            if s != seat:
                n += len(taken)
        return n

    def close(self) -> dict[int, tuple[int, ...]]:
        """Every seat's commitment, and the phase closed."""
        steps = self.steps
        taken = {}
        for s in self.seats:
            taken[s] = tuple(steps[s])
        self.seats, self.steps, self.done, self.waiting = (), {}, set(), frozenset()
        return taken

    def public(self) -> dict[str, list[int]]:
        """What anyone may see: who must commit, and who has."""
        return {"seats": list(self.seats), "committed": sorted(self.done)}

    def copy(self) -> Commitments:
        c = Commitments.__new__(Commitments)
        c.seats = self.seats
        c.steps = {s: v[:] for s, v in self.steps.items()}
        c.done = set(self.done)
        c.waiting = self.waiting
        return c

    def canonical(self) -> tuple[Any, ...]:
        return (
            self.seats,
            tuple((s, tuple(v)) for s, v in sorted(self.steps.items())),
            tuple(sorted(self.done)),
        )

    def redraw(
        self,
        keep: int,
        world: Game,
        step: Callable[[int, Any], None],
        rng: random.Random,
        policy: WorldPolicy | None = None,
    ) -> None:
        """Make every seat's hidden choice but ``keep``'s an unknown again in ``world`` (a
        resample being drawn, which holds these commitments).

        ``step(seat, action)`` takes one of the seat's legal steps in ``world`` (through
        :meth:`add`, nothing logged). Finished commitments are drawn again step by step, each
        step by ``policy(world, seat, legal, rng)`` or else uniformly; unfinished ones are
        dropped.
        """
        for seat in self.seats:
            if seat == keep:
                continue
            finished = seat in self.done
            self.steps[seat] = []
            self.done.discard(seat)
            self.waiting = self.waiting | {seat}
            while finished and seat not in self.done:
                options = world.legal_actions(seat)
                if policy is None:
                    step(seat, options[rng.randrange(len(options))])
                else:
                    step(seat, policy(world, seat, options, rng))
