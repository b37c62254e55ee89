"""The server's own work per action, without the network: live tables played in process.

Run:  python benchmarks/table_actions.py [--game testa-di-pecora] [--tables 50] [--actions 4000]
          [--profile FILE]

Sets up the session layer as ``tavola serve`` does (a ``Tables`` hub on a temporary SQLite
database, WAL, synchronous=NORMAL) with --tables tables of two people and two bots (one random,
one heuristic; no pace), each person's seat watched by one listener whose send only keeps the
text (the JSON is built and encoded as for a socket). The people play random legal moves
through ``LiveTable.act``; the bots answer as on the server. Prints the process's CPU time per
action (people's and bots' alike), and the share of it in the store's appends, in building
messages and in the bots' choices. What ``benchmarks/server_load.py`` adds on top is the
network: uvicorn, Starlette, the WebSocket framing and the sockets (its echo's CPU per round
trip is that cost, once). --profile writes cProfile statistics of the measured part.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import tempfile
import time
from pathlib import Path

from tavola.cli import check_output, run_script, whole_arg
from tavola.session import table as table_module
from tavola.session.hub import Tables
from tavola.session.table import Listener, LiveTable
from tavola.store.database import Store
from throughput import machine

SEATS = [
    {"kind": "me"},
    {"kind": "invite"},
    {"kind": "bot", "agent": "random"},
    {"kind": "bot", "agent": "heuristic"},
]


class Timed:
    """Adds up the CPU time spent inside a function, wrapped in place."""

    def __init__(self, owner: object, name: str) -> None:
        self.spent = 0.0
        inner = getattr(owner, name)

        def timed(*args: object, **kwargs: object) -> object:
            start = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                self.spent += time.process_time() - start

        setattr(owner, name, timed)


async def play(game_id: str, tables: int, actions: int, profile: str | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        store.migrate()
        hub = Tables(store, pace=0, new_tables=10**9)
        rng = random.Random(0)
        sent: list[str] = []

        async def keep(text: str) -> None:
            sent.append(text)

        async def new_table() -> LiveTable:
            table = hub.live[(await hub.create(game_id, 4, SEATS))["table"]]
            for seat in (0, 1):  # the people's seats
                await table.join(Listener(seat, keep))
            return table

        live = [await new_table() for _ in range(tables)]

        async def person_moves(count: int) -> int:
            """Play ``count`` people's moves, round robin over the tables; returns the
            number of actions taken, bots' included."""
            moves = 0
            done = 0
            while done < count:
                for i, table in enumerate(live):
                    await asyncio.sleep(0)  # the bots move
                    game = table.game
                    if game.is_over and not table.busy:
                        moves += len(game.history)
                        live[i] = await new_table()
                        continue
                    people = [s for s in sorted(game.to_act) if s not in table.bots]
                    if not people:
                        continue
                    seat = people[0]
                    action = rng.choice(game.legal_actions(seat))
                    await table.act(seat, action.to_json())
                    done += 1
            return moves

        await person_moves(actions // 10)  # warm-up
        start_moves = sum(len(t.game.history) for t in live)
        appends = Timed(store, "append")
        messages = Timed(LiveTable, "message")
        choices = Timed(table_module, "_choose")
        gc.collect()
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        cpu = time.process_time()
        wall = time.perf_counter()
        finished = await person_moves(actions)
        for _ in range(3):
            await asyncio.sleep(0)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        played = finished + sum(len(t.game.history) for t in live) - start_moves
        await hub.close()
        store.engine.dispose()
    per = cpu / played * 1e6
    print(machine())
    print(
        f"{game_id}: {tables} tables, {actions} people's moves; {played} actions in all "
        f"(bots' included), {len(sent)} messages sent"
    )
    print(f"CPU per action: {per:.0f} µs ({played / wall:.0f} actions a second on one core)")
    for name, part in (
        ("the store's appends", appends),
        ("building messages", messages),
        ("the bots' choices", choices),
    ):
        print(f"  {name}: {part.spent / played * 1e6:.0f} µs ({part.spent / cpu:.0%})")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="testa-di-pecora")
    parser.add_argument("--tables", type=whole_arg(1), default=50)
    parser.add_argument("--actions", type=whole_arg(1), default=4000)
    parser.add_argument("--profile", help="write cProfile statistics to this file")
    args = parser.parse_args()
    if args.profile:
        check_output(args.profile)
    asyncio.run(play(args.game, args.tables, args.actions, args.profile))


if __name__ == "__main__":
    raise SystemExit(run_script(main))
