"""Who is at a table: each person's seat connected or away (for how long), told to everyone;
the creator handing an empty seat to a bot, stored, and played by it after a restart too; the
limit on connections per client address; and the migration that added what this needs."""

from __future__ import annotations

import logging
import random
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create, key_of, play_to_the_end

from tavola.agents import difficulties
from tavola.core.registry import get_spec
from tavola.session import HAND_OVER_AFTER
from tavola.store import Store
from tavola.store.database import MIGRATIONS
from tavola.web import create_app
from tavola.web.app import MAX_CONNECTIONS


def hello(ws, made: dict | None = None, seat: int | None = None) -> dict:
    ws.send_json(
        {"type": "hello"}
        if seat is None
        else {"type": "hello", "seat": seat, "key": key_of(made, seat)}
    )
    return ws.receive_json()


def until(ws, wanted, limit: int = 50) -> dict:
    """The first of the next ``limit`` messages for which ``wanted(message)`` holds."""
    for _ in range(limit):
        msg = ws.receive_json()
        if wanted(msg):
            return msg
    raise AssertionError("the message never came")


def test_everyone_sees_which_seats_are_connected_and_for_how_long_not(client) -> None:
    made = create(client, "renaissance-man-2d6", 3, ["me", "invite", "bot"])
    table = made["table"]
    with client.websocket_connect(f"/ws/{table}") as watcher:
        seats = hello(watcher)["seats"]
        assert [s["connected"] for s in seats] == [False, False, None]
        assert [s["joined"] for s in seats] == [False, False, None]  # nobody has come yet
        assert isinstance(seats[0]["away"], int) and seats[2]["away"] is None
        assert [s["level"] for s in seats] == [None, None, "easy"]  # the lobby's word for it
        with client.websocket_connect(f"/ws/{table}") as a:
            assert hello(a, made, 0)["seats"][0] == {
                **seats[0],
                "connected": True,
                "away": None,
                "joined": True,
            }
            until(watcher, lambda m: m["seats"][0]["connected"] is True)  # seat 0 arrives
        told = until(watcher, lambda m: m["seats"][0]["connected"] is False)  # ... and leaves
        assert told["seats"][0]["away"] == 0 and told["seats"][1]["connected"] is False
        assert (told["seats"][0]["joined"], told["seats"][1]["joined"]) == (True, False)


def test_the_creator_hands_an_empty_seat_to_a_bot_which_plays_it_after_a_restart(
    database: str,
) -> None:
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:
        made = create(client, "renaissance-man-2d6", 2, ["me", "invite"])
        table, creator = made["table"], made["creator"]
        url = f"/api/tables/{table}/seats"
        with client.websocket_connect(f"/ws/{table}") as a:
            hello(a, made, 0)
            refusals = [
                (client.post(f"{url}/1/bot", json={"creator": "guess", "difficulty": "easy"}), 403),
                (client.post(f"{url}/1/bot", json={"difficulty": "easy"}), 403),
                (client.post(f"{url}/0/bot", json={"creator": creator, "difficulty": "easy"}), 409),
                (client.post(f"{url}/7/bot", json={"creator": creator, "difficulty": "easy"}), 404),
                (client.post(f"{url}/x/bot", json={"creator": creator, "difficulty": "easy"}), 404),
                (
                    client.post(f"{url}/01/bot", json={"creator": creator, "difficulty": "easy"}),
                    404,
                ),
                (client.post(f"{url}/\u0661/bot", json={"creator": creator}), 404),  # Arabic 1
                (client.post(f"{url}/1/bot", json={"creator": creator, "agent": "god"}), 400),
                (client.post(f"{url}/1/bot", json={"creator": creator, "difficulty": "?"}), 400),
                (client.post(f"{url}/1/bot", content=b"[]"), 400),
                (client.post("/api/tables/nothing/seats/1/bot", json={"creator": creator}), 404),
            ]
            for answer, status in refusals:
                assert answer.status_code == status and answer.json()["error"], answer.text
            assert "connected" in refusals[2][0].json()["error"]
            live = client.app.state.tables.live[table]
            assert live.seats[1].kind == "human" and 1 not in live.bots
            done = client.post(f"{url}/1/bot", json={"creator": creator, "difficulty": "medium"})
            assert done.status_code == 200, done.text
            assert done.json() == {
                "seat": 1,
                "kind": "bot",
                "agent": "heuristic",
                "name": None,
                "bot_since": "start",  # before the first move
            }
            told = a.receive_json()
            assert told["seats"][1]["kind"] == "bot" and told["seats"][1]["connected"] is None
            again = client.post(f"{url}/1/bot", json={"creator": creator, "difficulty": "easy"})
            assert again.status_code == 409 and "already" in again.json()["error"]
    stored = Store(database).load(table)
    assert stored is not None
    assert (stored.seats[1].kind, stored.seats[1].agent, stored.seats[1].bot_from) == (
        "bot",
        "heuristic",
        0,
    )
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:
        with client.websocket_connect(f"/ws/{table}") as old:  # the seat's old link: a view
            msg = hello(old, made, 1)
            assert msg["seat"] == 1 and msg["view"]["hand"] is not None and msg["legal"] == []
            old.send_json({"type": "act", "action": {"kind": "pass"}})
            assert "bot" in until(old, lambda m: m["type"] == "error")["message"]
        with client.websocket_connect(f"/ws/{table}") as a:
            a.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
            final = play_to_the_end(a, random.Random(2))[-1]
        assert final["result"] is not None
        record = client.get(f"/api/tables/{table}/record").json()
        assert any(seat == 1 for seat, _ in record["actions"])  # the bot played seat 1


def test_a_person_takes_back_a_seat_handed_to_a_bot_with_the_seats_key(client) -> None:
    """Someone back after the creator handed their seat to a bot plays it again, from the
    next move: only with the seat's own key, only while a bot plays it, and stored."""
    made = create(client, "renaissance-man-2d6", 2, ["me", "invite"])
    table, creator = made["table"], made["creator"]
    url = f"/api/tables/{table}/seats"
    done = client.post(f"{url}/1/bot", json={"creator": creator, "difficulty": "easy"})
    assert done.status_code == 200, done.text
    refusals = [
        (client.post(f"{url}/1/person", json={"key": key_of(made, 0)}), 404),  # seat 0's key
        (client.post(f"{url}/1/person", json={"creator": creator}), 404),  # not the seat's
        (client.post(f"{url}/0/person", json={"key": key_of(made, 0)}), 409),  # a person's
        (client.post("/api/tables/nothing/seats/1/person", json={"key": "x"}), 404),
    ]
    for answer, status in refusals:
        assert answer.status_code == status and answer.json()["error"], answer.text
    with client.websocket_connect(f"/ws/{table}") as b:
        assert hello(b, made, 1)["seats"][1]["kind"] == "bot"
        back = client.post(f"{url}/1/person", json={"key": key_of(made, 1)})
        assert back.status_code == 200, back.text
        assert back.json() == {
            "seat": 1,
            "kind": "human",
            "agent": None,
            "name": None,
            "bot_since": None,
        }
        told = until(b, lambda m: m["seats"][1]["kind"] == "human")
        assert told["seats"][1]["connected"] is True
    stored = client.app.state.store.load(table)
    assert (stored.seats[1].kind, stored.seats[1].agent, stored.seats[1].bot_from) == (
        "human",
        None,
        None,
    )
    assert 1 not in client.app.state.tables.live[table].bots


def test_a_step_taken_back_before_a_hand_over_moves_the_hand_over_a_move_earlier(
    client,
) -> None:
    """The 2013 game's secret steps: seat 2, handed to a bot after seat 0's first step, plays
    from move 1; seat 0 takes that step back, and the bot's moves are one earlier, so the
    hand-over is too (stored, and at the live table): else a replay would show the bot's first
    move as its person's."""
    made = create(client, "renaissance-man", 3, ["me", "invite", "invite"])
    table = made["table"]
    with client.websocket_connect(f"/ws/{table}") as a:
        mine = hello(a, made, 0)
        a.send_json({"type": "act", "action": mine["legal"][0]["action"]})
        assert until(a, lambda m: m.get("moves") == 1)["take_back"] is True
        handed = {"creator": made["creator"], "difficulty": "easy"}
        assert client.post(f"/api/tables/{table}/seats/2/bot", json=handed).status_code == 200
        assert client.app.state.tables.live[table].seats[2].bot_from == 1
        a.send_json({"type": "take_back"})
        until(a, lambda m: m.get("moves") == 0)
    assert client.app.state.tables.live[table].seats[2].bot_from == 0
    assert client.app.state.store.load(table).seats[2].bot_from == 0


def test_a_seat_handed_over_says_since_when_never_at_which_move(client) -> None:
    """The move a seat went to a bot counts, in the 2013 game, the steps other seats have
    committed and not yet revealed, and "their number too is secret until the reveal": the
    seat says the time it was handed over instead, the same to seat 2 whether seat 0 had
    committed one step or three."""
    told = []
    for steps in (1, 3):
        made = create(client, "renaissance-man", 3, ["me", "invite", "invite"])
        table = made["table"]
        with (
            client.websocket_connect(f"/ws/{table}") as a,
            client.websocket_connect(f"/ws/{table}") as c,
        ):
            msg = hello(a, made, 0)
            hello(c, made, 2)
            for n in range(1, steps + 1):
                a.send_json({"type": "act", "action": msg["legal"][0]["action"]})
                msg = until(a, lambda m, n=n: m["type"] == "state" and m["moves"] == n)
            before = datetime.now(UTC).replace(microsecond=0)
            done = client.post(
                f"/api/tables/{table}/seats/1/bot",
                json={"creator": made["creator"], "difficulty": "easy"},
            )
            assert done.status_code == 200, done.text
            seats = until(c, lambda m: m["type"] == "state" and m["seats"][1]["kind"] == "bot")
            seats = seats["seats"]
        since = datetime.fromisoformat(seats[1]["bot_since"])
        assert before <= since <= datetime.now(UTC) and since.utcoffset() == timedelta(0)
        assert done.json()["bot_since"] == seats[1]["bot_since"]
        told.append([{k: v for k, v in s.items() if k != "bot_since"} for s in seats])
    assert told[0] == told[1]


def test_another_player_hands_a_seat_away_three_minutes_to_a_bot(client) -> None:
    """A table whose creator left is not stuck: any other person at it may hand a seat to a
    bot once that seat has been away HAND_OVER_AFTER seconds (the creator may at once)."""
    made = create(client, "renaissance-man-2d6", 3, ["me", "invite", "invite"])
    table = made["table"]
    url = f"/api/tables/{table}/seats"
    live = client.app.state.tables.live[table]

    def ask(target: int, asker: int, key: str | None = None):
        body = {"seat": asker, "key": key or key_of(made, asker), "difficulty": "easy"}
        return client.post(f"{url}/{target}/bot", json=body)

    assert HAND_OVER_AFTER == 180
    with client.websocket_connect(f"/ws/{table}") as a:
        hello(a, made, 0)
        early = ask(1, 0)  # seat 1's friend has not come yet: not away long enough
        assert early.status_code == 409 and "after 03:00" in early.json()["error"], early.text
        live.loaded_at -= HAND_OVER_AFTER - 5  # 2:55 later
        assert ask(1, 0).status_code == 409
        assert ask(1, 1).status_code == 409  # nobody hands their own seat over this way
        assert ask(1, 0, key="guess").status_code == 404
        assert ask(1, 2, key=key_of(made, 0)).status_code == 404  # seat 0's key is not seat 2's
        assert [s.kind for s in live.seats] == ["human"] * 3
        live.loaded_at -= 5  # 3:00
        done = ask(1, 0)
        assert done.status_code == 200 and done.json()["kind"] == "bot", done.text
        handed = until(a, lambda m: m["seats"][1]["kind"] == "bot")["seats"][1]
        assert (
            handed["agent"] == difficulties(live.game.spec.id)["easy"] and handed["level"] == "easy"
        )
        assert ask(2, 1).status_code == 409  # seat 1 is a bot's now: its person asks no more
        assert ask(0, 2).status_code == 409  # seat 0 is connected
        assert ask(2, 0).status_code == 200  # seat 2 never came either
    assert [s.kind for s in client.app.state.store.load(table).seats] == ["human", "bot", "bot"]


def test_connections_per_client_address_are_limited(client: TestClient) -> None:
    made = create(client, "renaissance-man-2d6", 2, ["me", "bot"])
    url = f"/ws/{made['table']}"
    assert MAX_CONNECTIONS == 32
    with ExitStack() as stack:
        for _ in range(MAX_CONNECTIONS):
            hello(stack.enter_context(client.websocket_connect(url)))
        with client.websocket_connect(url) as extra:
            error = extra.receive_json()
            assert error["type"] == "error" and "too many connections" in error["message"]
            assert "refused" not in error  # not the link's fault: the page tries again
            with pytest.raises(WebSocketDisconnect) as closed:
                extra.receive_json()
            assert closed.value.code == 4429 and "at most 32" in closed.value.reason
    with client.websocket_connect(url) as again:  # closed ones make room
        assert hello(again)["type"] == "state"


def migrate(connection: sqlalchemy.Connection, revision: str, down: bool = False) -> None:
    """Migrate the database of ``connection`` up (or ``down``) to ``revision``."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


def test_the_migrations_upgrade_a_database_of_the_first(database: str) -> None:
    """A database made by migration 0001, with a table in it, gains the origin of tables
    (its tables were played here), the move a seat went to a bot, the rematch of a table and
    the hand-overs a seat's person took back (none yet); and goes back down."""
    store = Store(database)
    with store.engine.begin() as connection:
        migrate(connection, "0001")
        connection.execute(
            sqlalchemy.text(
                "INSERT INTO tables VALUES ('t1', 'renaissance-man-2d6', '1', 2, 'standard', '{}', "
                "'1', '2', 'h', 'playing', 0, '2024-01-01 00:00:00', '2024-01-01 00:00:00')"
            )
        )
        connection.execute(
            sqlalchemy.text("INSERT INTO seats VALUES ('t1', 0, 'human', NULL, NULL, 'h')")
        )
    store.migrate()
    with store.engine.connect() as connection:
        assert connection.execute(sqlalchemy.text("SELECT origin FROM tables")).all() == [
            ("played",)
        ]
        assert connection.execute(sqlalchemy.text("SELECT bot_from FROM seats")).all() == [(None,)]
        assert connection.execute(sqlalchemy.text("SELECT rematch FROM tables")).all() == [(None,)]
        assert connection.execute(sqlalchemy.text("SELECT bot_spans FROM seats")).all() == [(None,)]
    with store.engine.begin() as connection:
        migrate(connection, "0001", down=True)
    with store.engine.connect() as connection:
        columns = {c["name"] for c in sqlalchemy.inspect(connection).get_columns("tables")}
    assert not {"origin", "rematch"} & columns and "id" in columns
    store.dispose()


def test_migration_0004_gives_seats_handed_over_before_it_their_tables_last_change(
    database: str,
) -> None:
    """A seat handed to a bot before the time was stored says since its table's last change
    (the nearest time known); one handed over before the first move, "from the start"."""
    from tavola.session.table import LiveTable

    store = Store(database)
    with store.engine.begin() as connection:
        migrate(connection, "0003")
        connection.execute(
            sqlalchemy.text(
                "INSERT INTO tables (id, game, rules_version, players, variant, options, seed, "
                "bot_seed, creator_hash, status, moves, created_at, updated_at, origin) VALUES "
                "('t1', 'renaissance-man-2d6', :version, 3, 'standard', '{}', '1', '2', 'h', "
                "'playing', 0, '2024-01-01 00:00:00', '2024-01-02 03:04:05', 'played')"
            ),
            {"version": get_spec("renaissance-man-2d6").rules_version},
        )
        for seat, kind, agent, bot_from in [
            (0, "human", None, None),
            (1, "bot", "random", 12),
            (2, "bot", "random", 0),
        ]:
            connection.execute(
                sqlalchemy.text(
                    "INSERT INTO seats (table_id, seat, kind, agent, secret_hash, bot_from) "
                    "VALUES ('t1', :seat, :kind, :agent, 'h', :bot_from)"
                ),
                {"seat": seat, "kind": kind, "agent": agent, "bot_from": bot_from},
            )
    store.migrate()
    stored = store.load("t1")
    assert stored is not None
    assert [s.bot_at for s in stored.seats][::2] == [None, None]
    seats = LiveTable(store, stored, 0.0).seats
    assert [s.to_json()["bot_since"] for s in seats] == [None, "2024-01-02T03:04:05+00:00", "start"]
    store.dispose()


def test_a_bot_of_many_iterations_stops_thinking_after_the_table_limit() -> None:
    """A seat of 'ismcts:iterations=100000000' would hold a worker thread and a core for hours:
    at a table its search stops after BOT_SECONDS a move, and the name stays as given."""
    from tavola.session.table import BOT_SECONDS, make_bot

    name, agent = make_bot("ismcts:iterations=100000000", "renaissance-man-2d6")
    assert name == "ismcts:iterations=100000000" and agent.seconds == BOT_SECONDS
    assert make_bot("pimc:seconds=2", "renaissance-man-2d6")[1].seconds == 2
    assert make_bot("heuristic", "renaissance-man-2d6")[1].name == "heuristic"


def test_the_log_says_what_happens_to_tables(client: TestClient, caplog) -> None:
    """A seat handed to a bot and taken back, the game's end, a rematch, a record imported and
    deleted: each a line of the server's log (``tavola serve`` shows them)."""
    caplog.set_level(logging.INFO, logger="tavola")
    made = create(client, "renaissance-man-2d6", 2, ["me", "invite"])
    table, url = made["table"], f"/api/tables/{made['table']}/seats"
    assert client.post(
        f"{url}/1/bot", json={"creator": made["creator"], "agent": "random"}
    ).is_success
    assert client.post(f"{url}/1/person", json={"key": key_of(made, 1)}).is_success
    assert client.post(
        f"{url}/1/bot", json={"creator": made["creator"], "agent": "random"}
    ).is_success
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        play_to_the_end(ws, random.Random(3))
    moves = len(client.get(f"/api/tables/{table}/record").json()["actions"])
    rematch = client.post(f"/api/tables/{table}/rematch", json={"creator": made["creator"]})
    record = client.get(f"/api/tables/{table}/record").json()
    imported = client.post("/api/replays", json={**record, "names": ["Ann", None]}).json()
    client.request("DELETE", f"/api/replays/{imported['table']}", json={"key": imported["key"]})
    said = [r.getMessage() for r in caplog.records if r.name.startswith("tavola")]
    for line in [
        f"table {table} created: Renaissance Man (2006), 2 players (the creator, 1 invited)",
        f"table {table}: seat 1 handed to the bot random",
        f"table {table}: seat 1 taken back by its player",
        f"table {table}: seat 0's player came",
        f"table {table}: the game is over after {moves} moves",
        f"table {rematch.json()['table']} created: the rematch of table {table}",
        f"record imported as table {imported['table']}: Renaissance Man (2006), 2 players",
        f"imported record {imported['table']} deleted by its importer",
    ]:
        assert line in said, (line, said)
