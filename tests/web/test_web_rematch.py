"""A rematch: asked for at a finished table by a seat's player or the creator, made once,
announced to everyone at the old table, the same seats opened by the same secrets."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from web_helpers import create, key_of, play_to_the_end

from tavola.store import Store


def hello(ws, made: dict | None = None, seat: int | None = None) -> dict:
    ws.send_json(
        {"type": "hello"}
        if seat is None
        else {"type": "hello", "seat": seat, "key": key_of(made, seat)}
    )
    return ws.receive_json()


def test_a_rematch_keeps_the_seats_and_their_secrets_on_a_new_seed(
    client: TestClient, database: str
) -> None:
    made = create(
        client, "renaissance-man-2d6", 3, ["me", "invite", "bot"], options={"turn_limit": 40}
    )
    old, creator = made["table"], made["creator"]
    url = f"/api/tables/{old}/rematch"
    handed = client.post(
        f"/api/tables/{old}/seats/1/bot", json={"creator": creator, "difficulty": "medium"}
    )
    assert handed.status_code == 200, handed.text  # seat 1's person never came
    with client.websocket_connect(f"/ws/{old}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        early = client.post(url, json={"seat": 0, "key": key_of(made, 0)})
        assert early.status_code == 409 and "not over" in early.json()["error"]
        assert play_to_the_end(ws, random.Random(3))[-1]["rematch"] is None
    refusals = [
        (client.post(url, json={"seat": 0, "key": "guess"}), 404),
        (client.post(url, json={"seat": 2, "key": key_of(made, 0)}), 404),  # a bot's seat
        (client.post(url, json={"creator": "guess"}), 404),
        (client.post(url, json={}), 404),
        (client.post(url, content=b"[1]"), 400),
        (client.post("/api/tables/nothing/rematch", json={"creator": creator}), 404),
    ]
    for answer, status in refusals:
        assert answer.status_code == status and answer.json()["error"], answer.text
    assert Store(database).load(old).row.rematch is None  # type: ignore[union-attr]

    with client.websocket_connect(f"/ws/{old}") as watcher:
        assert hello(watcher)["rematch"] is None
        first = client.post(url, json={"seat": 0, "key": key_of(made, 0)})
        assert first.status_code == 201, first.text
        new = first.json()["table"]
        assert new != old
        assert watcher.receive_json()["rematch"] == new  # everyone at the old table is told
    second = client.post(url, json={"creator": creator})
    assert (second.status_code, second.json()) == (200, {"table": new})  # made once

    stored = Store(database)
    before, after = stored.load(old), stored.load(new)
    assert before is not None and after is not None
    assert before.row.rematch == new and after.row.rematch is None
    for field in ("game", "players", "variant", "options", "creator_hash"):
        assert getattr(after.row, field) == getattr(before.row, field), field
    assert after.row.seed != before.row.seed and after.row.status == "playing"
    assert [(s.kind, s.agent, s.secret_hash, s.bot_from) for s in after.seats] == [
        ("human", None, before.seats[0].secret_hash, None),
        ("bot", "heuristic", before.seats[1].secret_hash, 0),  # handed over: still the bot's
        ("bot", "heuristic:slips=0.5", None, None),  # easy
    ]
    stored.dispose()

    with client.websocket_connect(f"/ws/{new}") as ws:  # seat 0's key opens the rematch
        ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        played = play_to_the_end(ws, random.Random(4))
    assert played[0]["seat"] == 0 and played[0]["table"] == new and played[0]["result"] is None
    final = played[-1]
    assert final["result"] is not None and final["seed"] != str(before.row.seed)
    again = client.post(  # the creator is the rematch's creator too
        f"/api/tables/{new}/rematch", json={"creator": creator}
    )
    assert again.status_code == 201, again.text


def test_my_tables_ask_whether_each_is_over_and_rematched(client: TestClient) -> None:
    """'My tables' listed tables with no word of whether they were over, or whose turn it
    was; the status says only what a spectator sees (not the number of moves: it counts
    others' secret steps)."""
    options = {"turn_limit": 40, "first_player": 0}
    made = create(client, "renaissance-man-2d6", 2, ["me", "bot"], options=options)
    old = made["table"]
    status = client.get(f"/api/tables/status?ids={old},nothing")
    assert status.json() == {"tables": {old: {"over": False, "rematch": None, "to_act": [0]}}}
    with client.websocket_connect(f"/ws/{old}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        play_to_the_end(ws, random.Random(5))
    assert client.get(f"/api/tables/status?ids={old}").json()["tables"][old]["over"] is True
    new = client.post(f"/api/tables/{old}/rematch", json={"creator": made["creator"]})
    answer = client.get(f"/api/tables/status?ids={old},{new.json()['table']}").json()
    assert answer["tables"] == {
        old: {"over": True, "rematch": new.json()["table"]},
        new.json()["table"]: {"over": False, "rematch": None, "to_act": [0]},
    }
    assert client.get("/api/tables/status").json() == {"tables": {}}
    for ids in ("a/b", ",".join(["x"] * 201), "x" * 33, "é"):
        refused = client.get("/api/tables/status", params={"ids": ids})
        assert refused.status_code == 400 and "at most 200 table ids" in refused.json()["error"]
