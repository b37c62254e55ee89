"""Nothing is lost: every accepted action is stored before it is announced, a restarted server
resumes every table where it was (bots included), actions on one table never interleave, and a
bot thinks in a worker thread while the server goes on answering."""

from __future__ import annotations

import asyncio
import random

from fastapi.testclient import TestClient
from web_helpers import create, key_of, play_to_the_end

from tavola.core.errors import IllegalActionError
from tavola.session import Tables
from tavola.store import Store
from tavola.web import create_app


def test_a_restarted_server_resumes_the_table_where_it_was(database: str) -> None:
    rng = random.Random(3)
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as first:
        made = create(first, "testa-di-pecora", 4, ["me", "bot", "bot", "bot"])
        table = made["table"]
        with first.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
            answered: set[int] = set()
            while len(answered) < 3:
                msg = ws.receive_json()
                if msg["legal"] and msg["moves"] not in answered:
                    ws.send_json({"type": "act", "action": rng.choice(msg["legal"])["action"]})
                    answered.add(msg["moves"])
            announced = first.app.state.tables.live[table].game.record()["actions"]
    stored = Store(database).load(table)
    assert stored is not None
    kept = [[seat, action] for seat, action in stored.actions]
    assert kept[: len(announced)] == announced  # every action announced was stored
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as second:
        live = second.app.state.tables.live[table]  # loaded at start: it is unfinished
        assert live.game.record()["actions"][: len(kept)] == kept
        with second.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
            final = play_to_the_end(ws, rng)[-1]
        assert final["result"] is not None


def test_two_submissions_at_once_are_served_one_after_the_other(database: str) -> None:
    async def run() -> None:
        store = Store(database)
        store.migrate()
        tables = Tables(store, pace=0.0)
        made = await tables.create(
            "renaissance-man-2d6", 2, [{"kind": "me"}, {"kind": "invite"}], client="t"
        )
        table = await tables.get(made["table"])
        assert table is not None
        seat = table.game.first
        draw = {"kind": "draw", "deck": "reserves"}
        results = await asyncio.gather(
            table.act(seat, draw), table.act(seat, draw), return_exceptions=True
        )
        assert results.count(None) == 1
        assert any(isinstance(r, IllegalActionError) for r in results)
        stored = store.load(made["table"])
        assert stored is not None and stored.row.moves == 1 and len(stored.actions) == 1
        await tables.close()
        store.dispose()

    asyncio.run(run())


def test_a_slow_bot_thinks_in_a_worker_thread_and_the_server_keeps_answering(
    database: str, monkeypatch
) -> None:
    """A bot that thinks for a second (as a search bot may) does not stall the event loop; its
    move is stored before the game changes, under the table's lock."""
    import time

    from tavola.agents import make_agent
    from tavola.session import table as tables_module

    class Slow:
        name, searches = "slow", False

        def choose(self, view, legal, rng, handle=None):  # type: ignore[no-untyped-def]
            time.sleep(1.0)
            return legal[0]

    monkeypatch.setattr(
        tables_module,
        "make_agent",
        lambda name, game: Slow() if name == "slow" else make_agent(name, game),
    )

    async def run() -> None:
        store = Store(database)
        store.migrate()
        tables = Tables(store, pace=0.0)
        made = await tables.create(
            "renaissance-man-2d6",
            2,
            [{"kind": "bot", "agent": "slow"}, {"kind": "me"}],
            options={"first_player": 0},
            client="t",
        )
        table = await tables.get(made["table"])
        assert table is not None and table.game.to_act == {0}
        lags = []
        for _ in range(15):  # the loop's heartbeat while the bot thinks
            start = time.perf_counter()
            await asyncio.sleep(0.05)
            lags.append(time.perf_counter() - start - 0.05)
            assert table.lock.locked() or table.game.history  # thinking under the lock
        assert max(lags) < 0.2, lags
        for _ in range(100):
            if table.game.history:
                break
            await asyncio.sleep(0.05)
        stored = store.load(made["table"])
        assert stored is not None and len(stored.actions) == len(table.game.history) >= 1
        await tables.close()
        store.dispose()

    asyncio.run(run())
