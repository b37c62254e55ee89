"""All live tables of a server: creating them, importing finished games' records, loading them
from the store, resuming them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import secrets
import time
import unicodedata
from collections import Counter, OrderedDict, defaultdict, deque
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..core.errors import IllegalActionError, RecordError, TavolaError, UnknownGameError, quote
from ..core.registry import GameSpec, get_spec
from ..core.rng import fresh_seed
from ..store.database import Store, StoredTable, now
from ..store.models import SeatRow, TableRow
from .replay import finished_game, record_id
from .table import CreatorError, LiveTable, hash_secret, make_bot, secret_matches

log = logging.getLogger(__name__)

SEAT_KINDS = ("me", "invite", "bot")
"""How a table's creator fills a seat: themselves, a friend by link, or a bot."""
MAX_NAME = 40
TABLES_PER_WINDOW = 30
WINDOW_SECONDS = 600.0
CLIENTS_KEPT = 1000
"""Client addresses whose new tables are counted, past which those with none in the window are
forgotten (a server's memory does not grow with every address it has ever seen)."""
RESTING_KEPT = 64
"""Tables nobody uses that stay loaded (the most recently used): a replay stepped through is
not rebuilt from the store at every step, and a server's memory does not grow with every table
it has ever served."""


class TableLimitError(TavolaError):
    """A client created too many tables too fast; ``retry``: the seconds until the next."""

    def __init__(self, message: str, retry: int) -> None:
        super().__init__(message)
        self.retry = retry


class Tables:
    """The live tables of one server, loaded from ``store`` on first use; a client may create
    ``new_tables`` tables (or import as many records) per ``WINDOW_SECONDS``."""

    def __init__(
        self, store: Store, pace: float = 0.8, new_tables: int = TABLES_PER_WINDOW
    ) -> None:
        self.store = store
        self.pace = pace
        self.new_tables = new_tables
        self.live: dict[str, LiveTable] = {}
        self._resting: OrderedDict[str, None] = OrderedDict()  # loaded, unused; oldest first
        self._loading = asyncio.Lock()
        self._created: defaultdict[str, deque[float]] = defaultdict(deque)

    @contextlib.asynccontextmanager
    async def visit(self, table_id: str) -> AsyncIterator[LiveTable | None]:
        """The live table ``table_id`` (None if unknown), loaded from the store if need be and
        kept loaded while the block uses it. Every use of a table goes through here: a table is
        unloaded only when no one uses it and its bots are not playing."""
        table = self.live.get(table_id) or await self._load(table_id)
        if table is None:
            yield None
            return
        table.visitors += 1
        self._resting.pop(table_id, None)
        try:
            yield table
        finally:
            table.visitors -= 1
            self._rest(table)

    async def _load(self, table_id: str) -> LiveTable | None:
        """The table ``table_id`` loaded from the store (None if unknown), once however many
        ask for it at the same moment."""
        async with self._loading:
            table = self.live.get(table_id)
            if table is None:
                stored = await asyncio.to_thread(self.store.load, table_id)
                if stored is None:
                    return None
                table = self._adopt(LiveTable(self.store, stored, self.pace))
        return table

    def _adopt(self, table: LiveTable) -> LiveTable:
        """``table`` now loaded: read from the store, or made before its rows were written (a
        new table's rows need not be read back: a thread hop and an ORM query saved; and a
        game that cannot be made, such as two seats with one artist, stores nothing)."""
        table.on_rest = self._rest
        self.live[table.id] = table
        return table

    def _rest(self, table: LiveTable) -> None:
        """Note ``table`` as resting if it is unused, and unload the least recently used
        resting tables beyond ``RESTING_KEPT`` (the store has all of them)."""
        if table.busy or self.live.get(table.id) is not table:
            return
        self._resting[table.id] = None
        self._resting.move_to_end(table.id)
        while len(self._resting) > RESTING_KEPT:
            oldest, _ = self._resting.popitem(last=False)
            del self.live[oldest]

    async def resume(self) -> int:
        """Load every unfinished table and set its bots going (after a restart); the number
        resumed. A table that cannot be loaded (another rules version) is logged and skipped."""
        ids = await asyncio.to_thread(self.store.unfinished)
        resumed = 0
        for table_id in ids:
            try:
                async with self.visit(table_id) as table:
                    if table is not None:
                        table.kick_bots()
                        resumed += 1
            except TavolaError as exc:  # e.g. a table of an older rules version: left as it is
                log.warning("table %s not resumed: %s", table_id, exc)
        return resumed

    async def close(self) -> None:
        for table in self.live.values():
            await table.close()

    async def create(
        self,
        game_id: object,
        players: object,
        seats: object,
        variant: object = None,
        options: object = None,
        client: str = "",
    ) -> dict[str, Any]:
        """A new table; returns its id, the creator's secret and each person's seat secret.

        ``seats`` lists, per seat, ``{"kind": "me" | "invite" | "bot", "agent": ..., "name":
        ...}``. Every error is a TavolaError saying what is wrong; a request refused does not
        count toward the client's limit (a designer mending a card file sends many)."""
        if not isinstance(game_id, str):
            raise UnknownGameError("choose a game")
        spec = get_spec(game_id)
        players, variant, options = spec.check(players, variant, options)
        filled = _seats(seats, players, game_id)
        self._limit(client)
        table_id = secrets.token_urlsafe(9)
        creator = secrets.token_urlsafe(24)
        keys: dict[int, str] = {}
        rows = []
        for seat, (kind, agent, name) in enumerate(filled):
            key = None
            if kind != "bot":
                key = keys[seat] = secrets.token_urlsafe(24)
            rows.append(
                SeatRow(
                    table_id=table_id,
                    seat=seat,
                    kind="bot" if kind == "bot" else "human",
                    agent=agent,
                    name=name,
                    secret_hash=hash_secret(key) if key else None,
                )
            )
        row = _table_row(
            table_id, spec, players, variant, options, fresh_seed(), hash_secret(creator)
        )
        made = LiveTable(self.store, StoredTable(row, rows, []), self.pace)
        await asyncio.to_thread(self.store.create, row, rows)
        self._adopt(made)
        async with self.visit(table_id) as table:
            assert table is not None
            table.kick_bots()
        log.info(
            "table %s created: %s, %d players (%s)", table_id, spec.title, players, _who(filled)
        )
        return {
            "table": table_id,
            "creator": creator,
            "seats": [
                {"seat": s, "kind": kind, "key": keys.get(s)}
                for s, (kind, _, _) in enumerate(filled)
            ],
        }

    async def import_record(self, data: object, client: str = "") -> tuple[str, str | None]:
        """Store a finished game's record (parsed JSON) as a finished table; returns its id, and
        the secret that deletes it if this call stored it (else None: it was there already, and
        whoever stored it holds the secret). The same record always gives the same table. The record
        may name the seats (``names``, as a table's record does): the names are part of what
        it is, so the same game with other names is another table (whoever imported a public
        record first cannot name its players for everyone). RecordError says what is
        wrong. Every attempt counts toward the client's limit, refused ones too: checking a
        record replays its whole game."""
        self._limit(client)
        game = await asyncio.to_thread(finished_game, data)
        names = _record_names(data, game.players)  # type: ignore[arg-type]
        record = game.record()
        table_id = record_id({**record, "names": names} if any(names) else record)
        async with self.visit(table_id) as known:
            if known is not None:
                return table_id, None
        key = secrets.token_urlsafe(24)
        row = _table_row(
            table_id,
            game.spec,
            game.players,
            game.variant,
            game.options,
            game.seed,
            hash_secret(key),  # whoever imported it may delete it; the game is over
            status="over",
            moves=len(record["actions"]),
            origin="imported",
        )
        seats = [
            SeatRow(table_id=table_id, seat=s, kind="human", agent=None, name=names[s])
            for s in range(game.players)
        ]
        actions = [(seat, action) for seat, action in record["actions"]]
        try:
            await asyncio.to_thread(self.store.create, row, seats, actions)
        except IntegrityError:  # imported at the same moment by another, who holds the secret
            return table_id, None
        log.info(
            "record imported as table %s: %s, %d players", table_id, game.spec.title, game.players
        )
        return table_id, key

    async def delete_record(self, table_id: str, key: object) -> bool:
        """Delete the imported record ``table_id`` if ``key`` is the secret its import gave;
        False if there is no such table. A table played here is never deleted: it is its
        players' history. Raises CreatorError for a wrong key, IllegalActionError for a table
        played here."""
        async with self.visit(table_id) as table:
            if table is None:
                return False
            if not table.imported:
                raise IllegalActionError("only a record imported here can be deleted")
            if not secret_matches(key, table.creator_hash):
                raise CreatorError("only the browser that imported this record can delete it")
            await asyncio.to_thread(self.store.delete, table_id)
            self.live.pop(table_id, None)
            self._resting.pop(table_id, None)
        log.info("imported record %s deleted by its importer", table_id)
        return True

    async def rematch(
        self, table: LiveTable, seat: object, key: object, creator: object, client: str = ""
    ) -> tuple[str, bool]:
        """The rematch of ``table``, a finished game: a new table with the same game, players,
        variant, options and creator, on a new seed, each seat as it ended (a person's opened by
        the same secret, so every link still works with the new table's id; a bot the same
        bot; a seat handed to a bot stays with it). Asked for by a seat's player (``seat``,
        ``key``) or the table's creator (``creator``); whoever asks next is given the same
        table. Returns its id and whether this call made it.

        Raises SeatError for a wrong secret, IllegalActionError while the game goes on or
        for an imported record (its seats have no players to play again)."""
        if table.imported:
            raise IllegalActionError("a record imported here is replayed, not played again")
        if not secret_matches(creator, table.creator_hash):
            table.seat_of(seat, key)
        async with table.lock:
            if table.rematch is not None:
                return table.rematch, False
            g = table.game
            if not g.is_over:
                raise IllegalActionError("the game is not over yet: a rematch comes after it")
            self._limit(client)
            new_id = secrets.token_urlsafe(9)
            row = _table_row(
                new_id, g.spec, g.players, g.variant, g.options, fresh_seed(), table.creator_hash
            )
            seats = [
                SeatRow(
                    table_id=new_id,
                    seat=s,
                    kind=info.kind,
                    agent=info.agent,
                    name=info.name,
                    secret_hash=info.secret_hash,
                    bot_from=None if info.bot_from is None else 0,
                )
                for s, info in enumerate(table.seats)
            ]
            again = LiveTable(self.store, StoredTable(row, seats, []), self.pace)
            await asyncio.to_thread(self.store.create, row, seats, (), table.id)
            self._adopt(again)
            table.set_rematch(new_id)
            log.info("table %s created: the rematch of table %s", new_id, table.id)
        await table.broadcast()
        async with self.visit(new_id) as made:
            assert made is not None
            made.kick_bots()
        return new_id, True

    def _limit(self, client: str) -> None:
        clock = time.monotonic()
        if len(self._created) > CLIENTS_KEPT:  # forget the addresses with nothing in the window
            for gone in [
                c for c, s in self._created.items() if not s or clock - s[-1] > WINDOW_SECONDS
            ]:
                del self._created[gone]
        stamps = self._created[client]
        while stamps and clock - stamps[0] > WINDOW_SECONDS:
            stamps.popleft()
        if len(stamps) >= self.new_tables:
            retry = math.ceil(WINDOW_SECONDS - (clock - stamps[0]))
            wait = f"{retry} s" if retry < 60 else f"{math.ceil(retry / 60)} min"
            raise TableLimitError(
                f"at most {self.new_tables} new tables or imported records in "
                f"{int(WINDOW_SECONDS // 60)} minutes; the next can be made in {wait}",
                retry,
            )
        stamps.append(clock)


def _who(filled: Sequence[tuple[str, Any, Any]]) -> str:
    """Who sits at a new table, for the log: "the creator, 1 invited, 2 bots"."""
    counts = Counter(kind for kind, _, _ in filled)
    words = ["the creator"] if counts["me"] else []
    words += [f"{counts['invite']} invited"] if counts["invite"] else []
    words += [f"{counts['bot']} bot{'s' * (counts['bot'] > 1)}"] if counts["bot"] else []
    return ", ".join(words)


def _table_row(
    table_id: str,
    spec: GameSpec,
    players: int,
    variant: str,
    options: dict[str, Any],
    seed: int,
    creator_hash: str,
    **fields: Any,
) -> TableRow:
    """A new table's row: a game being played, unless ``fields`` say otherwise."""
    stamp = now()
    values: dict[str, Any] = {"status": "playing", "moves": 0, "origin": "played", **fields}
    return TableRow(
        id=table_id,
        game=spec.id,
        rules_version=spec.rules_version,
        players=players,
        variant=variant,
        options=options,
        seed=str(seed),
        bot_seed=str(fresh_seed()),
        creator_hash=creator_hash,
        created_at=stamp,
        updated_at=stamp,
        **values,
    )


def _record_names(record: Mapping[str, Any], players: int) -> list[str | None]:
    """The seats' names a record gives (``names``: a name or null per seat), each checked as
    a table's are; none if it gives none."""
    names = record.get("names")
    if names is None:
        return [None] * players
    if not isinstance(names, list) or len(names) != players:
        raise RecordError(f"the record's 'names' is a list of {players} names (or nulls)")
    try:
        return [None if n is None else _name(s, n) for s, n in enumerate(names)]
    except TavolaError as exc:
        raise RecordError(f"the record's 'names': {exc}") from None


BLANK = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Letters and signs that show nothing (Hangul fillers, the blank Braille pattern)."""
JOINERS = frozenset("\u200c\u200d")
"""The only format characters a name keeps: they join emoji and some scripts' letters."""
LOOKS_LIKE_A_SEAT = re.compile(r"\bseat\s*(\d|$)|^you$", re.IGNORECASE)
"""'Seat 2', a name ending in 'seat' ('Seat 1 · Seat'), or 'you' (the page's word for its own
seat): a name the page's sentences would read as another seat."""


def _name(seat: int, name: object) -> str:
    """A player's name, trimmed: 1 to MAX_NAME characters, something to see among them (not
    only spaces or invisible marks), no control, direction or line-breaking characters (they
    would turn or break the sentences that name the seat) and nothing that reads as a seat.
    UnknownGameError says which of these a refused name fails."""
    trimmed = name.strip() if isinstance(name, str) else name
    why = _name_fault(trimmed)
    if why:
        raise UnknownGameError(f"seat {seat}: {why}")
    return trimmed  # type: ignore[return-value]


def _name_fault(name: object) -> str | None:
    """Why ``name`` (trimmed) cannot be a player's name, or None if it can."""
    if not isinstance(name, str):
        return f"a name is text, not {quote(name)}"
    kinds = [unicodedata.category(c) for c in name]
    if any(
        k in ("Cc", "Cs", "Zl", "Zp") or (k == "Cf" and c not in JOINERS)
        for c, k in zip(name, kinds, strict=True)
    ):
        return "a name may not hold control, direction or line-breaking characters"
    if not any(k[0] in "LNPS" and c not in BLANK for c, k in zip(name, kinds, strict=True)):
        return "a name needs a letter, digit or sign to see"
    if len(name) > MAX_NAME:
        return f"a name is at most {MAX_NAME} characters, not {len(name)}"
    if LOOKS_LIKE_A_SEAT.search(name):
        return (
            f"{quote(name)} would read as a seat in the table's sentences ('Seat 2', a name "
            "ending in 'seat', 'you'): choose another name"
        )
    return None


def _seats(seats: object, players: int, game_id: str) -> list[tuple[str, str | None, str | None]]:
    """(kind, agent, name) per seat, checked."""
    if not isinstance(seats, Sequence) or isinstance(seats, str) or len(seats) != players:
        raise UnknownGameError(f"give {players} seats, one per player")
    out = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, Mapping):
            raise UnknownGameError(f"seat {i}: a seat is an object with a 'kind'")
        kind = seat.get("kind")
        if kind not in SEAT_KINDS:
            raise UnknownGameError(
                f"seat {i}: kind is one of {', '.join(SEAT_KINDS)}, not {quote(kind)}"
            )
        agent = None
        if kind == "bot":
            try:
                agent, _ = make_bot(seat.get("agent"), game_id)
            except UnknownGameError as exc:
                raise UnknownGameError(f"seat {i}: {exc}") from None
        name = seat.get("name")
        if name is not None:
            name = _name(i, name)
        out.append((kind, agent, name))
    if sum(kind == "me" for kind, _, _ in out) > 1:
        raise UnknownGameError("only one seat can be 'me'")
    return out
