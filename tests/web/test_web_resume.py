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
        async with tables.visit(made["table"]) as table:
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
    """A search bot thinking for a second does not stall the event loop; its move is stored
    before the game changes, under the table's lock."""
    import time

    from tavola.agents import make_agent
    from tavola.session import table as tables_module

    class Slow:
        name, searches = "slow", True

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
        async with tables.visit(made["table"]) as table:
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


def test_unused_tables_are_unloaded_beyond_a_few_and_load_again_as_they_were(
    database: str, monkeypatch
) -> None:
    """A server does not keep every table it ever served: beyond RESTING_KEPT unused tables
    the least recently used is unloaded; one in use, or whose bots are playing, never is."""
    from tavola.session import hub

    monkeypatch.setattr(hub, "RESTING_KEPT", 2)
    humans = [{"kind": "me"}, {"kind": "invite"}]
    bots = [{"kind": "bot", "agent": "random"}] * 2

    async def run() -> None:
        store = Store(database)
        store.migrate()
        tables = Tables(store, pace=0.0)
        made = [(await tables.create("renaissance-man-2d6", 2, humans, client="t"))["table"]]
        async with tables.visit(made[0]) as held:
            assert held is not None
            seat = held.game.first
            await held.act(seat, {"kind": "draw", "deck": "reserves"})
            playing = (await tables.create("renaissance-man-2d6", 2, bots, client="t"))["table"]
            for _ in range(3):
                made.append(
                    (await tables.create("renaissance-man-2d6", 2, humans, client="t"))["table"]
                )
            assert held is tables.live[made[0]]  # in use: kept
            assert playing in tables.live  # its bots are playing: kept
            assert set(tables.live) == {made[0], playing, made[2], made[3]}
        for _ in range(2000):
            if tables.live[playing].game.is_over:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.01)  # the bot loop ends
        assert set(tables.live) == {made[0], playing}  # the last two to rest
        async with tables.visit(made[1]) as again:
            assert again is not None and made[1] in tables.live
            assert not again.game.history and again.game.to_act
        async with tables.visit(made[0]) as back:
            assert back is not None and back is not held  # loaded again from the store
            assert back.game.canonical() == held.game.canonical()
        async with tables.visit("nothing") as missing:
            assert missing is None
        await tables.close()
        store.dispose()

    asyncio.run(run())


def test_a_table_of_an_older_rules_version_is_left_alone_with_a_clear_message(
    database: str,
) -> None:
    """After an upgrade that deals differently (a new rules version), a stored table of the old
    version is not replayed into another game: the server starts without it and says why."""
    from sqlalchemy import update

    from tavola.store.models import TableRow

    with TestClient(create_app(database, pace=0.0, rate=10**6)) as first:
        made = create(first, "testa-di-pecora", 4, ["me", "bot", "bot", "bot"])
    table = made["table"]
    store = Store(database)
    with store.engine.begin() as c:
        c.execute(update(TableRow).where(TableRow.id == table).values(rules_version="0"))
    store.dispose()
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as second:
        assert table not in second.app.state.tables.live  # not resumed, and the server is up
        page = second.get(f"/t/{table}")
        assert page.status_code == 409 and "rules version 0 of Testa di Pecora" in page.text
        api = second.get(f"/api/tables/{table}/record")
        assert api.status_code == 409 and "cannot be continued" in api.json()["error"]
        with second.websocket_connect(f"/ws/{table}") as ws:
            assert "rules version 0" in ws.receive_json()["message"]
