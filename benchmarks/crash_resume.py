"""Crash and resume: the server killed with SIGKILL at random moments, restarted, and checked.

Run:  python benchmarks/crash_resume.py [--tables 40] [--kills 20] [--pace 0.02] [--seed 1]

Starts the app of ``tavola serve`` with uvicorn in a subprocess, on a temporary SQLite database
(WAL, synchronous=NORMAL, as served), and keeps --tables Testa di Pecora tables going, each with
one person, a scripted WebSocket client that answers at once, and three of the server's bots
(--pace seconds a move); a finished table is followed by a new one. --kills times, 0.3 to 2 s
apart, the server is killed with SIGKILL and started again on the same database; the clients
reconnect, as the page does, and play on. After the last restart every game is played to its
end (or for at most two minutes).

An action is acknowledged once a client was told of it: every state carries the table's move
count, and a person's own action is acknowledged by the state after it. An acknowledged action
is lost if a table, after a restart, tells a lower move count than its client was told before,
or if the finished table's record holds another action at a person's acknowledged move.

Prints the actions acknowledged, the actions lost (target 0), the tables that failed to resume
(unknown after a restart, not replayable from the database, or not finished: target 0), and
the kills made.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import websockets

from server_load import free_port, key_of, new_table, start_server
from tavola.cli import number_arg, run_script, seed_arg, whole_arg
from tavola.session.table import LiveTable
from tavola.store import Store
from throughput import machine

SEATS = [{"kind": "me"}] + [{"kind": "bot", "agent": "random"}] * 3


@dataclass
class Ledger:
    """What the clients were told, and what went wrong."""

    acknowledged: int = 0
    lost: int = 0
    unknown: set[str] = field(default_factory=set)
    tables: list[str] = field(default_factory=list)
    own: dict[str, dict[int, dict]] = field(default_factory=dict)  # table -> move -> action


async def person(base: str, made: dict, rng: random.Random, ledger: Ledger) -> None:
    """Play seat 0 of a table to its end, reconnecting whenever the server is gone."""
    table = made["table"]
    told = 0  # the highest move count this table's client was told
    mine = ledger.own.setdefault(table, {})
    pending: tuple[int, dict] | None = None
    while True:
        try:
            async with websockets.connect(f"{base.replace('http', 'ws', 1)}/ws/{table}") as ws:
                await ws.send(json.dumps({"type": "hello", "seat": 0, "key": key_of(made, 0)}))
                first = True
                async for raw in ws:
                    msg = json.loads(raw)
                    if msg["type"] == "error":
                        if "no such table" in msg["message"]:
                            ledger.unknown.add(table)
                            return
                        pending = None
                        continue
                    moves = msg["moves"]
                    if first and moves < told:
                        ledger.lost += told - moves
                    first = False
                    if moves > told:
                        ledger.acknowledged += moves - told
                        told = moves
                    if pending is not None and moves > pending[0]:
                        mine[pending[0]] = pending[1]
                        pending = None
                    if msg["result"] is not None:
                        return
                    if msg["legal"] and pending is None:
                        pending = (moves, rng.choice(msg["legal"])["action"])
                        await ws.send(json.dumps({"type": "act", "action": pending[1]}))
        except (TimeoutError, OSError, websockets.WebSocketException):  # the server is gone
            pass
        pending = None  # unacknowledged: the state after reconnecting says if it was kept
        await asyncio.sleep(0.2)


async def table_loop(base: str, seed: int, ledger: Ledger, stop: asyncio.Event) -> None:
    """Tables one after another until ``stop``; the last is played to its end."""
    rng = random.Random(seed)
    while not stop.is_set():
        try:
            made = await new_table(base, "testa-di-pecora", SEATS)
        except (OSError, RuntimeError, ValueError):  # the server is down: try again
            await asyncio.sleep(0.3)
            continue
        ledger.tables.append(made["table"])
        await person(base, made, rng, ledger)


def check(database: str, ledger: Ledger) -> tuple[int, set[str]]:
    """Actions lost at a person's acknowledged moves, and tables that are not finished or not
    replayable, from the database itself."""
    store = Store(database)
    lost, failed = 0, set(ledger.unknown)
    try:
        for table in ledger.tables:
            stored = store.load(table)
            if stored is None:
                failed.add(table)
                continue
            try:
                game = LiveTable(store, stored, 0.0).game  # as a restarted server rebuilds it
            except Exception:  # whatever it is, the table could not be resumed
                failed.add(table)
                continue
            if not game.is_over:
                failed.add(table)
            actions = dict(enumerate(stored.actions))
            for n, action in ledger.own.get(table, {}).items():
                lost += actions.get(n) != (0, action)
    finally:
        store.dispose()
    return lost, failed


async def run(args: argparse.Namespace, database: str) -> tuple[Ledger, int]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = await asyncio.to_thread(start_server, port, database, args.pace)
    rng = random.Random(args.seed)
    ledger, stop = Ledger(), asyncio.Event()
    loops = [asyncio.create_task(table_loop(base, i, ledger, stop)) for i in range(args.tables)]
    kills = 0
    try:
        for _ in range(args.kills):
            await asyncio.sleep(rng.uniform(0.3, 2.0))
            server.send_signal(signal.SIGKILL)
            await asyncio.to_thread(server.wait)
            kills += 1
            server = await asyncio.to_thread(start_server, port, database, args.pace)
        stop.set()  # no new tables; the last ones are played to the end
        await asyncio.wait_for(asyncio.gather(*loops), timeout=120)
    except TimeoutError:
        pass
    finally:
        for task in loops:
            task.cancel()
        await asyncio.gather(*loops, return_exceptions=True)
        server.terminate()
        await asyncio.to_thread(server.wait)
    return ledger, kills


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=whole_arg(1), default=40)
    parser.add_argument("--kills", type=whole_arg(0), default=20)
    parser.add_argument(
        "--pace", type=number_arg(0, 60), default=0.02, help="a bot's wait before a move"
    )
    parser.add_argument("--seed", type=seed_arg, default=1)
    args = parser.parse_args()
    print(machine())
    print(
        f"{args.tables} tables of Testa di Pecora at a time (a scripted person, 3 bots at a "
        f"{args.pace} s pace); {args.kills} kills with SIGKILL"
    )
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'crash.sqlite3'}"
        start = time.monotonic()
        ledger, kills = asyncio.run(run(args, database))
        lost, failed = check(database, ledger)
    print(
        f"kills and restarts: {kills}; tables played: {len(ledger.tables)}; "
        f"{time.monotonic() - start:.0f} s"
    )
    print(f"actions acknowledged to clients: {ledger.acknowledged}")
    print(f"actions lost: {ledger.lost + lost} (target 0)")
    print(f"tables that failed to resume: {len(failed)} (target 0)")


if __name__ == "__main__":
    raise SystemExit(run_script(main))
