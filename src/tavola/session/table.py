"""One live table: its game rebuilt from the store, its seats, its watchers and its bots."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import os
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import msgspec

from ..agents import AGENTS, Agent, SeatHandle, difficulties, make_agent
from ..core.errors import (
    IllegalActionError,
    RecordError,
    SeatError,
    TavolaError,
    UnknownGameError,
    quote,
)
from ..core.protocol import Action, Game
from ..core.registry import get_spec, new_game
from ..core.rng import derive_seed
from ..store.database import Store, StoredTable

log = logging.getLogger(__name__)

MAX_AGENT = 64
"""The longest bot name (parameters included) a seat stores."""
BOT_SECONDS = 10.0
"""The longest a bot thinks about a move at a table: a search of more iterations stops there,
so no table holds a worker thread and a core for minutes."""
HAND_OVER_AFTER = 180
"""Seconds a person's seat must have been away before another player at the table may hand it
to a bot (the creator may at once): so a table whose creator left is not stuck."""
THINKERS = ThreadPoolExecutor(os.cpu_count() or 2, thread_name_prefix="tavola-bot")
"""The threads searching bots think in, one a core: however many search at once, the event
loop's own pool (the store's writes, replays, reviews) is left free."""
_encode = msgspec.json.Encoder().encode
"""A message's JSON (as bytes): several times quicker than json.dumps, on the event loop."""


class CreatorError(TavolaError):
    """A request only the table's creator may make, without the creator's secret."""


def _clock(seconds: float) -> str:
    """``seconds`` as the page's clocks show them: mm:ss."""
    return f"{int(seconds) // 60:02d}:{int(seconds) % 60:02d}"


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
    """Someone watching a table: a seat (or None, a spectator) and how to send them a message
    (its JSON text). ``sent`` is the number of the last event they were sent, ``last`` the
    last message."""

    seat: int | None
    send: Callable[[str], Awaitable[None]]
    sent: int = -1
    closed: bool = field(default=False)
    last: dict[str, Any] | None = None


@dataclass
class SeatInfo:
    kind: str  # "human" or "bot"
    agent: str | None
    name: str | None
    secret_hash: str | None
    bot_from: int | None = None  # the move from which a bot plays a person's seat
    bot_at: datetime | None = None  # ... and when it was handed to the bot
    bot_spans: list[dict[str, Any]] = field(default_factory=list)  # hand-overs taken back

    def to_json(self) -> dict[str, Any]:
        """The seat as everyone may see it: neither the secret's hash nor ``bot_from``, which
        counts other seats' secret steps (by hand: asdict() copies deeply, and this is in
        every message)."""
        return {
            "kind": self.kind,
            "agent": self.agent,
            "name": self.name,
            "bot_since": _since(self.bot_from, self.bot_at),
        }

    def at(self, step: int) -> SeatInfo:
        """The seat as it was played at move ``step``: its person's before a bot took it over
        and while its person had it back, the bot's between."""
        for span in self.bot_spans:
            if span["from"] <= step < span["to"]:
                at = span["at"] and datetime.fromisoformat(span["at"])
                return replace(
                    self, kind="bot", agent=span["agent"], bot_from=span["from"], bot_at=at
                )
        if self.bot_from is None or step >= self.bot_from:
            return self
        return replace(self, kind="human", agent=None, bot_from=None, bot_at=None)

    def bot_moves(self, steps: int) -> list[tuple[int, int]]:
        """The moves (from, to: ``range``'s bounds) of a finished game of ``steps`` moves that
        a bot played for this seat."""
        spans = [(s["from"], s["to"]) for s in self.bot_spans]
        if self.kind == "bot":
            spans.append((self.bot_from or 0, steps))
        return [(a, b) for a, b in spans if a < b]

    def given_back(self, moves: int) -> list[dict[str, Any]]:
        """Its hand-overs taken back once its person takes it back at move ``moves``."""
        at = self.bot_at and self.bot_at.isoformat()
        span = {"from": self.bot_from or 0, "to": moves, "agent": self.agent, "at": at}
        return [*self.bot_spans, span]

    def taken_back(self, index: int) -> tuple[int | None, list[dict[str, Any]]] | None:
        """Its hand-over moves once the action number ``index`` is taken back (the later ones
        move down one); None if they stay as they are."""
        if not self.bot_spans and (self.bot_from is None or self.bot_from <= index):
            return None
        after = _after_take_back
        spans = [
            {**s, "from": after(s["from"], index), "to": after(s["to"], index)}
            for s in self.bot_spans
        ]
        return (None if self.bot_from is None else after(self.bot_from, index)), spans


def _after_take_back(move: int, index: int) -> int:
    """The number of move ``move`` once the action number ``index`` is taken back."""
    return move - 1 if move > index else move


def _since(bot_from: int | None, bot_at: datetime | None) -> str | None:
    """Since when a bot plays a person's seat: "start" (from the game's first move, or no time
    known), or the hand-over's time in ISO 8601, UTC; None for a seat not handed over."""
    if bot_from is None:
        return None
    if bot_from == 0 or bot_at is None:
        return "start"
    if bot_at.tzinfo is None:  # SQLite gives it back without its zone
        bot_at = bot_at.replace(tzinfo=UTC)
    return bot_at.astimezone(UTC).isoformat(timespec="seconds")


def state(game: Game, seat: int | None, since: int) -> dict[str, Any]:
    """What every message about ``game`` to ``seat`` (None: a spectator) holds: the game, the
    number of moves the seat knows of, who is to act, the seat's view, its events from
    ``since``, and the result."""
    return {
        "game": game.spec.id,
        "title": game.spec.title,
        "players": game.players,
        "seat": seat,
        "moves": game.moves_seen(seat),
        "to_act": sorted(game.to_act),
        "view": game.view(seat),
        "events": game.events(seat, since),
        "result": game.result.to_json() if game.is_over else None,  # type: ignore[union-attr]
    }


def _news(msg: dict[str, Any], last: dict[str, Any] | None) -> bool:
    """Whether ``msg`` tells its listener anything the last message it was sent did not. An
    away seat's clock is no news: it ticks on by itself (the page counts it)."""
    if last is None or msg["events"]:
        return True
    for k, v in msg.items():
        if k == "seats":
            if _without_clocks(v) != _without_clocks(last[k]):
                return True
        elif k != "events" and last.get(k) != v:
            return True
    return False


def _without_clocks(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**s, "away": None} for s in seats]


def make_bot(name: object, game_id: str) -> tuple[str, Agent]:
    """The name and a new instance of the bot ``name`` (parameters included) for ``game_id``,
    or UnknownGameError saying what there is."""
    if name is None:
        raise UnknownGameError(f"a bot needs an 'agent' or a 'difficulty': {', '.join(AGENTS)}")
    if not isinstance(name, str) or len(name) > MAX_AGENT:
        raise UnknownGameError(f"no bot {quote(name)}; bots: {', '.join(sorted(AGENTS))}")
    try:
        agent = make_agent(name, game_id)
    except UnknownGameError as exc:
        raise UnknownGameError(f"no bot {quote(name)} ({exc})") from None
    if (getattr(agent, "seconds", None) or 0) > BOT_SECONDS:
        raise UnknownGameError(
            f"no bot {quote(name)}: a bot here thinks at most {BOT_SECONDS:g} seconds a move"
        )
    return name, _bounded(agent)


def _bounded(agent: Agent) -> Agent:
    """``agent``, its search (if it is one with a time limit: ismcts, pimc) stopped after
    BOT_SECONDS a move."""
    if agent.searches and hasattr(agent, "seconds"):
        agent.seconds = min(agent.seconds or BOT_SECONDS, BOT_SECONDS)  # type: ignore[attr-defined]
    return agent


def _choose(agent: Agent, game: Game, seat: int, rng: random.Random) -> Action:
    """A bot's move."""
    handle = SeatHandle(game, seat) if agent.searches else None
    return agent.choose(game.view(seat), game.legal_actions(seat), rng, handle)


class LiveTable:
    """A table being played. Every change goes through :meth:`act` (people), the bot loop or
    :meth:`hand_to_bot`, one at a time under ``lock``, and is stored before the game changes."""

    def __init__(self, store: Store, stored: StoredTable, pace: float) -> None:
        row = stored.row
        self.id = row.id
        self.store = store
        self.pace = pace
        self.creator_hash = row.creator_hash
        self.bot_seed = int(row.bot_seed)
        self.imported = row.origin == "imported"
        self.rematch: str | None = row.rematch  # the table playing this one again, if any
        spec = get_spec(row.game)
        if row.rules_version != spec.rules_version:  # its seed would deal another game
            raise RecordError(
                f"this table was played under rules version {row.rules_version} of "
                f"{spec.title}, and this tavola plays version {spec.rules_version}, which deals "
                "other cards from the same seed: it cannot be continued or replayed here"
            )
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
        self.seats = [
            SeatInfo(
                s.kind, s.agent, s.name, s.secret_hash, s.bot_from, s.bot_at, s.bot_spans or []
            )
            for s in stored.seats
        ]
        self.bots: dict[int, Agent] = {
            s: _bounded(make_agent(info.agent, row.game))
            for s, info in enumerate(self.seats)
            if info.kind == "bot" and info.agent
        }
        self.levels = {agent: level for level, agent in difficulties(row.game).items()}
        """Each difficulty's agent in this game, to the difficulty: what a bot seat shows."""
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.version = 0
        """Counts the changes a message shows (the game, a seat, a connection, the rematch):
        a message built at one version may be sent to another listener at the same."""
        self.loaded_at = time.monotonic()
        self.left_at: dict[int, float] = {}  # when each person's seat lost its last connection
        self.visitors = 0  # requests and connections using the table now (Tables.visit)
        self.on_rest: Callable[[LiveTable], None] | None = None  # called when its bots stop
        self._bot_task: asyncio.Task[None] | None = None
        self._bots_playing = False

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

    def connections(self, seat: int) -> int:
        """How many open connections hold ``seat``."""
        return sum(1 for x in self.listeners if x.seat == seat and not x.closed)

    def seats_json(self) -> list[dict[str, Any]]:
        """Each seat as every listener sees it; a person's also says whether it is connected,
        for how many seconds it has not been (since its last connection closed, or since this
        server loaded the table), and whether it has come since then (``joined``: a friend
        who has not opened the link yet is not 'away')."""
        held = Counter(x.seat for x in self.listeners if not x.closed)
        clock = time.monotonic()
        out = []
        for s, info in enumerate(self.seats):
            connected = away = level = joined = None
            if info.kind == "human":
                connected = held[s] > 0
                away = None if connected else int(self._away(s, clock))
                joined = connected or s in self.left_at
            else:
                level = self.levels.get(info.agent)  # type: ignore[arg-type]
            out.append(
                {
                    **info.to_json(),
                    "connected": connected,
                    "away": away,
                    "joined": joined,
                    "level": level,
                }
            )
        return out

    def _away(self, seat: int, clock: float) -> float:
        """Seconds since ``seat`` lost its last connection (or since this server loaded the
        table, if it had none since), at ``clock`` (time.monotonic)."""
        return clock - self.left_at.get(seat, self.loaded_at)

    async def join(self, listener: Listener) -> None:
        """Start sending to ``listener``; the others hear of a person's seat coming back."""
        self.listeners.add(listener)
        self.version += 1
        await self.send(listener)
        seat = listener.seat
        if seat is not None and self.seats[seat].kind == "human" and self.connections(seat) == 1:
            log.info("table %s: seat %d's player came", self.id, seat)
            await self.broadcast(skip=listener)

    async def leave(self, listener: Listener) -> None:
        """Stop sending to ``listener``; the others hear of a person's seat left empty."""
        listener.closed = True
        if listener not in self.listeners:
            return
        self.listeners.discard(listener)
        self.version += 1
        seat = listener.seat
        if seat is not None and self.seats[seat].kind == "human" and not self.connections(seat):
            log.info("table %s: seat %d's player left", self.id, seat)
            self.left_at[seat] = time.monotonic()
            await self.broadcast()

    async def hand_to_bot(
        self,
        seat: object,
        agent_name: object,
        creator: object = None,
        by: object = None,
        key: object = None,
    ) -> None:
        """Hand the person's seat ``seat``, left without a connection, to the bot ``agent_name``
        until its person takes it back: asked by the creator (``creator``, the creator's secret)
        at any time, or by another person's seat (``by``, with its ``key``) once ``seat`` has
        been away HAND_OVER_AFTER seconds. Stored before it takes effect; the seat's link still
        shows its view but can no longer act.

        Raises CreatorError without either secret, SeatError for no such seat or a wrong seat's
        key, UnknownGameError for a bad bot, IllegalActionError when the seat cannot be handed
        over now (or not yet by this asker)."""
        asker = None
        if not secret_matches(creator, self.creator_hash):
            if by is None and key is None:
                raise CreatorError(
                    "only the table's creator, or another player once the seat has been away "
                    f"{_clock(HAND_OVER_AFTER)}, can hand a seat to a bot (wrong key)"
                )
            asker = self.seat_of(by, key)
        if seat.__class__ is not int or not 0 <= seat < len(self.seats):  # type: ignore[operator]
            raise SeatError(f"there is no seat {quote(seat)} at this table")
        name, agent = make_bot(agent_name, self.game.spec.id)
        async with self.lock:
            info = self.seats[seat]  # type: ignore[index]
            if self.game.is_over:
                raise IllegalActionError("the game is over")
            if info.kind != "human":
                raise IllegalActionError(f"seat {seat} is played by a bot already")
            if self.connections(seat):  # type: ignore[arg-type]
                raise IllegalActionError(
                    f"seat {seat}'s player is connected: only an empty seat can be handed over"
                )
            if asker is not None:
                self._may_hand_over(asker, seat)  # type: ignore[arg-type]
            moves, at = len(self.game.history), datetime.now(UTC)
            await asyncio.to_thread(self.store.hand_to_bot, self.id, seat, name, moves, at)
            info.kind, info.agent, info.bot_from, info.bot_at = "bot", name, moves, at
            self.bots[seat] = agent  # type: ignore[index]
            self.version += 1
        log.info("table %s: seat %d handed to the bot %s", self.id, seat, name)
        await self.broadcast()
        self.kick_bots()

    def _may_hand_over(self, asker: int, seat: int) -> None:
        """Refuse a hand-over of ``seat`` asked by the player of seat ``asker`` (not the
        creator): the asker must be another person playing, and ``seat`` away long enough."""
        if asker == seat or self.seats[asker].kind != "human":
            raise IllegalActionError(
                "only another player at the table (or its creator) can hand a seat to a bot"
            )
        away = self._away(seat, time.monotonic())
        if away < HAND_OVER_AFTER:
            raise IllegalActionError(
                f"seat {seat} has been away {_clock(away)}: another player may hand it to a "
                f"bot after {_clock(HAND_OVER_AFTER)} (the table's creator at once)"
            )

    async def give_back(self, seat: object, secret: object) -> None:
        """Give the seat ``seat``, handed to a bot, back to its person (by ``secret``, the
        seat's own), who plays it from the next move on. Stored before it takes effect.

        Raises SeatError for a wrong seat or secret, IllegalActionError when the seat is not
        a person's seat played by a bot, or the game is over."""
        number = self.seat_of(seat, secret)
        async with self.lock:
            info = self.seats[number]
            if self.game.is_over:
                raise IllegalActionError("the game is over")
            if info.kind != "bot":
                raise IllegalActionError(f"seat {number} is played by its player already")
            moves = len(self.game.history)
            spans = info.given_back(moves)
            await asyncio.to_thread(self.store.give_back, self.id, number, moves, spans)
            info.kind, info.agent, info.bot_from, info.bot_at = "human", None, None, None
            info.bot_spans = spans
            del self.bots[number]
            self.left_at[number] = time.monotonic()
            self.version += 1
        log.info("table %s: seat %d taken back by its player", self.id, number)
        await self.broadcast()

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
        await self.broadcast(first=seat)
        self.kick_bots()

    async def take_back(self, seat: int) -> None:
        """Take back ``seat``'s last step of a secret choice it has not finished, stored
        before it takes effect. Raises IllegalActionError if there is none."""
        async with self.lock:
            g = self.game
            if seat in self.bots:
                raise IllegalActionError(f"seat {seat} is played by a bot")
            after = g.clone()
            index = after.take_back(seat)
            moves = len(g.history)
            handed = {n: c for n, info in enumerate(self.seats) if (c := info.taken_back(index))}
            if self.store.local:
                self.store.take_back(self.id, index, moves, handed)
            else:
                await asyncio.to_thread(self.store.take_back, self.id, index, moves, handed)
            self.game = after
            for n, (bot_from, spans) in handed.items():
                self.seats[n].bot_from, self.seats[n].bot_spans = bot_from, spans
            self.version += 1
        await self.broadcast(first=seat)

    async def _apply(self, seat: int, action: Action) -> None:
        """Store the action, then play it (on a copy, so a failure changes nothing). A local
        database (SQLite) is written at once: a thread hop would cost more than the write."""
        g = self.game
        after = g.clone()
        after.act(seat, action)
        stored = (
            self.id,
            len(g.history),
            seat,
            action.to_json(),
            "over" if after.is_over else "playing",
        )
        if self.store.local:
            self.store.append(*stored)
        else:
            await asyncio.to_thread(self.store.append, *stored)
        self.game = after
        self.version += 1
        if after.is_over:
            log.info("table %s: the game is over after %d moves", self.id, len(after.history))

    def set_rematch(self, table_id: str) -> None:
        """Note the table that plays this finished one again."""
        self.rematch = table_id
        self.version += 1

    @property
    def busy(self) -> bool:
        """Whether someone uses the table or its bots are playing: it must stay loaded."""
        return self.visitors > 0 or self._bots_playing

    def kick_bots(self) -> None:
        """Start the bot loop if a bot is to act and it is not running."""
        if not self._bots_playing and any(s in self.bots for s in self.game.to_act):
            self._bots_playing = True
            self._bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
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
                    rng = random.Random(derive_seed(self.bot_seed, seat, len(g.history)))
                    bot = self.bots[seat]
                    if bot.searches:  # may think for seconds: in a thread of its own
                        loop = asyncio.get_running_loop()
                        action = await loop.run_in_executor(THINKERS, _choose, bot, g, seat, rng)
                    else:  # a millisecond at most: a thread hop would cost more
                        action = _choose(bot, g, seat, rng)
                    await self._apply(seat, action)
                await self.broadcast()
        finally:
            self._bots_playing = False
            if self.on_rest is not None:
                self.on_rest(self)

    async def close(self) -> None:
        """Stop the bot loop (the server is stopping; the table resumes from the store)."""
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task

    # -- what each seat is sent ---------------------------------------------------------

    def message(
        self, seat: int | None, since: int, seats: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """Everything ``seat`` (None: a spectator) may know now, and its events from ``since``
        (``seats``: :meth:`seats_json`, if made already).

        The seed and the other seats' hands are sent only once the game is over."""
        g = self.game
        msg: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            **state(g, seat, since),
            "legal": []
            if seat is None or seat in self.bots
            else [{"label": str(a), "action": a.to_json()} for a in g.legal_actions(seat)],
            "seats": self.seats_json() if seats is None else seats,
            "take_back": seat is not None and seat not in self.bots and g.can_take_back(seat),
        }
        if since == 0:  # a listener's first message: the faces of the cards, by id
            msg["cards"] = g.card_table()
        if g.is_over:
            msg["revealed"] = [g.view(s) for s in range(g.players)]
            msg["seed"] = str(g.seed)  # a string: JavaScript numbers hold 53 bits
            msg["rematch"] = self.rematch
        return msg

    async def send(self, listener: Listener) -> None:
        """Send ``listener`` what is new for it."""
        await self._send([listener])

    async def broadcast(self, skip: Listener | None = None, first: int | None = None) -> None:
        """Send every listener but ``skip`` what is new for it; seat ``first``'s listeners
        first (the player who acted sees the answer soonest)."""
        ordered = sorted(self.listeners, key=lambda x: x.seat != first)
        await self._send([x for x in ordered if x is not skip])

    async def _send(self, listeners: list[Listener]) -> None:
        """Send each of ``listeners`` in turn what is new for it (a connection gone is marked
        closed). Listeners of one seat that are owed the same events (spectators, a seat open
        in two pages) share one message, built and encoded once while the table is unchanged:
        a send that waits (a slow reader) lets the table change meanwhile. In a game with
        simultaneous phases, a listener is not sent a message the same as its last: that a
        message came would tell it that something it may not see happened (another seat's
        secret step); elsewhere every action shows (and holding each listener's last message
        would cost every table)."""
        secret_steps = self.game.spec.simultaneous
        built: dict[tuple[int | None, int], tuple[str, int, dict[str, Any]]] = {}
        seats: list[dict[str, Any]] | None = None
        version = self.version
        for listener in listeners:
            if listener.closed:
                continue
            if version != self.version:
                built, seats, version = {}, None, self.version
            key = (listener.seat, listener.sent + 1)
            if key not in built:
                if seats is None:
                    seats = self.seats_json()
                msg = self.message(*key, seats)
                last = msg["events"][-1]["i"] if msg["events"] else listener.sent
                built[key] = (_encode(msg).decode(), last, msg)
            text, listener.sent, msg = built[key]
            if secret_steps:  # only there can a step show nothing to others
                if not _news(msg, listener.last):
                    continue
                listener.last = msg
            try:
                await listener.send(text)
            except Exception:  # a connection gone: its handler calls leave()
                listener.closed = True
                self.version += 1
