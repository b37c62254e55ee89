"""One live table: its game rebuilt from the store, its seats, its watchers and its bots."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, SeatHandle, make_agent
from ..core.errors import IllegalActionError, SeatError
from ..core.protocol import Action, Game
from ..core.registry import new_game
from ..core.rng import derive_seed
from ..store.database import Store, StoredTable


def hash_secret(secret: str) -> str:
    """What is stored of a seat's secret (a long random token: sha256 is enough)."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def secret_matches(secret: object, stored: str | None) -> bool:
    """Constant-time check of a secret against its stored hash."""
    if stored is None or not isinstance(secret, str) or len(secret) > 200:
        return False
    return hmac.compare_digest(hash_secret(secret), stored)


@dataclass(eq=False)
class Listener:
    """Someone watching a table: a seat (or None, a spectator) and how to send them a message.
    ``sent`` is the number of the last event they were sent."""

    seat: int | None
    send: Callable[[dict[str, Any]], Awaitable[None]]
    sent: int = -1
    closed: bool = field(default=False)


@dataclass
class SeatInfo:
    kind: str  # "human" or "bot"
    agent: str | None
    name: str | None
    secret_hash: str | None


class LiveTable:
    """A table being played. Every change goes through :meth:`act` (people) or the bot loop,
    one at a time under ``lock``, and is stored before the game changes."""

    def __init__(self, store: Store, stored: StoredTable, pace: float) -> None:
        row = stored.row
        self.id = row.id
        self.store = store
        self.pace = pace
        self.creator_hash = row.creator_hash
        self.bot_seed = int(row.bot_seed)
        game = new_game(
            row.game,
            players=row.players,
            seed=int(row.seed),
            variant=row.variant,
            options=row.options,
        )
        for seat, data in stored.actions:
            game.act(seat, game.parse_action(seat, data))
        self.game: Game = game
        self.seats = [SeatInfo(s.kind, s.agent, s.name, s.secret_hash) for s in stored.seats]
        self.bots: dict[int, Agent] = {
            s: make_agent(info.agent, row.game)
            for s, info in enumerate(self.seats)
            if info.kind == "bot" and info.agent
        }
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self._bot_task: asyncio.Task[None] | None = None

    # -- seats and secrets -------------------------------------------------------------

    def seat_of(self, seat: object, secret: object) -> int:
        """``seat`` if ``secret`` is its secret, else a SeatError (the same for every failure)."""
        if (
            seat.__class__ is int
            and 0 <= seat < len(self.seats)  # type: ignore[operator]
            and secret_matches(secret, self.seats[seat].secret_hash)  # type: ignore[index]
        ):
            return seat  # type: ignore[return-value]
        raise SeatError("this link does not open a seat of this table (wrong seat or key)")

    # -- acting ------------------------------------------------------------------------

    async def act(self, seat: int, data: object) -> None:
        """Play ``data`` (an action's JSON or label) for ``seat``, whose secret was checked.
        Raises a TavolaError with a message for the player; the table is then unchanged."""
        async with self.lock:
            g = self.game
            if g.is_over:
                raise IllegalActionError("the game is over")
            if seat in self.bots:
                raise IllegalActionError(f"seat {seat} is played by a bot")
            action = g.parse_action(seat, data)
            await self._apply(seat, action)
        await self.broadcast()
        self.kick_bots()

    async def _apply(self, seat: int, action: Action) -> None:
        """Store the action, then play it (on a copy, so a failure changes nothing)."""
        g = self.game
        after = g.clone()
        after.act(seat, action)
        status = "over" if after.is_over else "playing"
        await asyncio.to_thread(
            self.store.append, self.id, len(g.history), seat, action.to_json(), status
        )
        self.game = after

    def kick_bots(self) -> None:
        """Start the bot loop if a bot is to act and it is not running."""
        idle = self._bot_task is None or self._bot_task.done()
        if idle and any(s in self.bots for s in self.game.to_act):
            self._bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            waiting = [s for s in sorted(self.game.to_act) if s in self.bots]
            if not waiting:
                return
            await asyncio.sleep(self.pace)
            async with self.lock:
                g = self.game
                seat = waiting[0]
                if seat not in g.to_act or seat not in self.bots:
                    continue
                agent = self.bots[seat]
                rng = random.Random(derive_seed(self.bot_seed, seat, len(g.history)))
                handle = SeatHandle(g, seat) if agent.searches else None
                view, legal = g.view(seat), g.legal_actions(seat)
                action = await asyncio.to_thread(agent.choose, view, legal, rng, handle)
                await self._apply(seat, action)
            await self.broadcast()

    async def close(self) -> None:
        """Stop the bot loop (the server is stopping; the table resumes from the store)."""
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task

    # -- what each seat is sent ---------------------------------------------------------

    def message(self, seat: int | None, since: int) -> dict[str, Any]:
        """Everything ``seat`` (None: a spectator) may know now, and its events from ``since``.

        The seed and the other seats' hands are sent only once the game is over."""
        g = self.game
        over = g.is_over
        msg: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "game": g.spec.id,
            "title": g.spec.title,
            "players": g.players,
            "seat": seat,
            "moves": len(g.history),
            "to_act": sorted(g.to_act),
            "view": g.view(seat),
            "legal": []
            if seat is None or seat in self.bots
            else [{"label": str(a), "action": a.to_json()} for a in g.legal_actions(seat)],
            "events": g.events(seat, since),
            "seats": [{"kind": s.kind, "agent": s.agent, "name": s.name} for s in self.seats],
            "result": g.result.to_json() if over else None,  # type: ignore[union-attr]
        }
        if since == 0:  # a listener's first message: the faces of the cards, by id
            msg["cards"] = g.card_table()
        if over:
            msg["revealed"] = [g.view(s) for s in range(g.players)]
            msg["seed"] = str(g.seed)  # a string: JavaScript numbers hold 53 bits
        return msg

    async def send(self, listener: Listener) -> None:
        """Send ``listener`` what is new for it."""
        if listener.closed:
            return
        msg = self.message(listener.seat, listener.sent + 1)
        if msg["events"]:
            listener.sent = msg["events"][-1]["i"]
        try:
            await listener.send(msg)
        except Exception:  # a connection gone: forget it
            listener.closed = True
            self.listeners.discard(listener)

    async def broadcast(self) -> None:
        for listener in list(self.listeners):
            await self.send(listener)
