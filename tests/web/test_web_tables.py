"""The web app's tables: creating them, playing whole games over the WebSocket against bots,
secrets, refusals, limits, and no message carrying what its seat may not see."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import Request, WebSocketDisconnect
from fastapi.testclient import TestClient
from web_helpers import create, key_of, leaks, play_to_the_end

import tavola
from tavola.agents import difficulties, level_words
from tavola.web import create_app
from tavola.web.app import COLLECTOR_THRESHOLDS, RATE, _body

GAMES = [(spec.id, n) for spec in tavola.list_games() for n in (spec.min_players, spec.max_players)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_whole_game_against_bots_through_the_websocket(
    client: TestClient, game: str, players: int
) -> None:
    made = create(client, game, players, ["me"] + ["bot"] * (players - 1))
    table = made["table"]
    assert client.get(f"/api/tables/{table}/record").status_code == 403
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        messages = play_to_the_end(ws, random.Random(players))
    final = messages[-1]
    assert len(final["revealed"]) == players
    assert final["result"]["winners"] or players == 1  # one player may lose
    record = client.get(f"/api/tables/{table}/record").json()
    assert str(record["seed"]) == final["seed"]
    replayed = tavola.replay(record)
    assert replayed.is_over and list(replayed.result.scores) == final["result"]["scores"]
    for msg in messages:
        if msg["type"] == "state" and msg["result"] is None:
            assert leaks(record, 0, msg) == [], msg["moves"]


def test_every_message_to_every_seat_and_spectator_hides_what_it_must(client: TestClient) -> None:
    """Two people and a spectator at one Testa table: each message scanned for the other
    seats' hidden card ids of that moment, and for the seed before the end."""
    made = create(client, "testa-di-pecora", 4, ["me", "invite", "bot", "bot"])
    table = made["table"]
    rng = random.Random(7)
    got: dict[int | None, list[dict]] = {0: [], 1: [], None: []}
    with (
        client.websocket_connect(f"/ws/{table}") as a,
        client.websocket_connect(f"/ws/{table}") as b,
        client.websocket_connect(f"/ws/{table}") as watcher,
    ):
        a.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        b.send_json({"type": "hello", "seat": 1, "key": key_of(made, 1)})
        watcher.send_json({"type": "hello"})
        sockets = {0: a, 1: b}
        latest: dict[int, dict] = {}

        def pull(seat: int, moves: int) -> None:
            """Read the seat's messages until a state of at least ``moves`` moves (a seat may
            be sent more than one state for a move: a seat connecting is news to all)."""
            while seat not in latest or latest[seat]["moves"] < moves:
                msg = sockets[seat].receive_json()
                got[seat].append(msg)
                assert msg["type"] == "state", msg
                latest[seat] = msg

        moves = 0
        while True:
            for seat in sockets:
                pull(seat, moves)
            moves = max(msg["moves"] for msg in latest.values())
            for seat in sockets:
                pull(seat, moves)
            if latest[0]["result"] is not None:
                break
            for seat, ws in sockets.items():
                if latest[seat]["legal"]:
                    ws.send_json(
                        {"type": "act", "action": rng.choice(latest[seat]["legal"])["action"]}
                    )
            moves += 1
        record = client.get(f"/api/tables/{table}/record").json()
        while True:
            msg = watcher.receive_json()
            got[None].append(msg)
            if msg["result"] is not None:
                break
    for seat, messages in got.items():
        assert messages
        for msg in messages:
            if msg["type"] == "state":
                assert msg["seat"] == seat
            if msg["type"] == "state" and msg["result"] is None:
                assert leaks(record, seat, msg) == [], (seat, msg["moves"])


@contextlib.contextmanager
def two_people(
    client: TestClient, absent: int = 0
) -> Iterator[tuple[str, tuple[Any, dict], tuple[Any, dict]]]:
    """A new 2013 table of two people, both connected, and ``absent`` friends invited who never
    come: its id, and each connected seat's socket with its last state (seat 0's tells that
    seat 1 came)."""
    made = create(client, "renaissance-man", 2 + absent, ["me", "invite"] + ["invite"] * absent)
    table = made["table"]
    with (
        client.websocket_connect(f"/ws/{table}") as a,
        client.websocket_connect(f"/ws/{table}") as b,
    ):
        a.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        a.receive_json()
        b.send_json({"type": "hello", "seat": 1, "key": key_of(made, 1)})
        theirs = b.receive_json()
        yield table, (a, a.receive_json()), (b, theirs)


def test_a_secret_step_sends_the_other_seats_nothing(client: TestClient) -> None:
    """Renaissance Man (2013): 'All players then secretly and simultaneously place their 5
    Foundation cards'. A step of one seat's secret choice is not counted in the others' moves,
    nor sent to them at all: a message, or its count of moves, would tell them how many steps
    the choice took (a pass takes fewer than an action)."""
    with two_people(client) as (_, (a, mine), (b, before)):
        assert mine["seats"][1]["connected"]  # seat 1 came: news to seat 0
        for step in (1, 2):
            a.send_json({"type": "act", "action": mine["legal"][0]["action"]})
            mine = a.receive_json()
            assert (mine["moves"], len(mine["view"]["mine"])) == (step, step)
        b.send_json({"type": "act", "action": before["legal"][0]["action"]})
        after = b.receive_json()  # the answer to its own step, nothing before it
        assert (after["moves"], len(after["view"]["mine"])) == (1, 1)
        assert after["view"]["commitments"] == before["view"]["commitments"]


def test_a_secret_step_sends_nothing_while_an_away_seats_clock_ticks(client: TestClient) -> None:
    """A friend who never came has an away clock that ticks each second: a state that differs
    from the last only there told the others a step was taken (and how many)."""
    with two_people(client, absent=1) as (_, (a, mine), (b, before)):
        time.sleep(1.1)  # seat 2's clock moves on
        a.send_json({"type": "act", "action": mine["legal"][0]["action"]})
        a.send_json({"type": "take_back"})
        a.receive_json(), a.receive_json()
        b.send_json({"type": "act", "action": before["legal"][0]["action"]})
        after = b.receive_json()  # the answer to its own step, nothing before it
        assert (after["moves"], len(after["view"]["mine"])) == (1, 1)


def test_a_step_of_a_secret_choice_is_taken_back_stored_and_unseen(client: TestClient) -> None:
    """A misclicked step of a secret choice can be taken back before Ready: the table is as
    before the step, in the store too (it resumes so), and the other seat is sent nothing."""
    with two_people(client) as (table, (a, mine), (b, theirs)):
        assert mine["take_back"] is False  # nothing to take back yet
        a.send_json({"type": "take_back"})
        assert "no step to take back" in a.receive_json()["message"]
        a.send_json({"type": "act", "action": mine["legal"][0]["action"]})
        b.send_json({"type": "act", "action": theirs["legal"][0]["action"]})
        assert b.receive_json()["moves"] == 1
        a.send_json({"type": "act", "action": a.receive_json()["legal"][1]["action"]})
        stepped = a.receive_json()
        assert (stepped["moves"], stepped["take_back"], len(stepped["view"]["mine"])) == (
            2,  # its own two steps, not seat 1's
            True,
            2,
        )
        a.send_json({"type": "take_back"})
        back = a.receive_json()
        assert (back["moves"], len(back["view"]["mine"])) == (1, 1)
        assert back["view"]["mine"] == stepped["view"]["mine"][:1]
        b.send_json({"type": "act", "action": theirs["legal"][0]["action"]})
        assert "not legal now" in b.receive_json()["message"]  # its own answer, nothing before
    live = client.app.state.tables.live[table].game
    stored = client.app.state.store.load(table)
    assert [tuple(x) for x in stored.actions] == [
        (seat, action.to_json())
        for seat, action in ((s, live.catalog.actions[c]) for s, c in live.history)
    ]
    assert stored.row.moves == len(live.history) == 2


def test_a_wrong_key_opens_no_seat_and_a_spectator_cannot_act(client: TestClient) -> None:
    made = create(client, "renaissance-man-2d6", 2, ["me", "invite"])
    table = made["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "key": key_of(made, 0)})
        assert ws.receive_json()["refused"] is True  # the page stops trying this link
        ws.send_json({"type": "hello"})
        msg = ws.receive_json()
        assert msg["seat"] is None and msg["view"]["hand"] is None and msg["legal"] == []
        ws.send_json({"type": "act", "action": {"kind": "pass"}})
        assert "spectator" in ws.receive_json()["message"]


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    made = create(client, "renaissance-man-2d6", 2, ["me", "invite"])
    table = made["table"]
    live = client.app.state.tables.live[table]
    before = live.game.canonical()
    with client.websocket_connect(f"/ws/{table}") as ws:
        first = live.game.first
        ws.send_json({"type": "hello", "seat": first, "key": key_of(made, first)})
        ws.receive_json()
        for bad in (
            "not json",
            "[1, 2]",
            '{"type": "act", "action": {"kind": "fly"}}',
            '{"type": "act", "action": {"kind": "roll"}}',
            '{"type": "act", "action": "x" }',
            '{"type": "hello"}',
            "{" * 5000,
            '{"type": "act", "action": ' + "9" * 5000 + "}",  # past Python's 4,300 digits
        ):
            ws.send_text(bad)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["message"], bad
        ws.send_text(" " * 20000)
        assert "too large" in ws.receive_json()["message"]
        ws.send_bytes(b'{"type": "act"}')  # a binary frame closed the connection
        assert ws.receive_json() == {"type": "error", "message": "a message is JSON text"}
        ws.send_text("[]")
        assert ws.receive_json()["message"] == "a message is a JSON object"
    assert live.game.canonical() == before


def test_a_fast_client_is_slowed_down(database: str) -> None:
    with TestClient(create_app(database)) as client:
        made = create(client, "renaissance-man-2d6", 2, ["me", "invite"])
    with (
        TestClient(create_app(database)) as client,
        client.websocket_connect(f"/ws/{made['table']}") as ws,
    ):
        replies = []
        for _ in range(RATE + 5):
            ws.send_json({"type": "nonsense"})
            replies.append(ws.receive_json())
        assert RATE == 40 and not any("slow down" in r["message"] for r in replies[:RATE])
        for r in replies[RATE:]:  # with the wait, for the page to take its banner down then
            assert r["retry"] == 5 and r["message"] == (
                "too many messages; slow down (the next is taken in 5 s)"
            )


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "players": 2, "seats": []}, "no game"),
        ({"game": "renaissance-man-2d6", "players": 9, "seats": []}, "2 to 6 players"),
        ({"game": "renaissance-man-2d6", "players": 2, "seats": [{"kind": "me"}]}, "give 2 seats"),
        (
            {"game": "renaissance-man-2d6", "players": 2, "seats": [{"kind": "me"}, {"kind": "x"}]},
            "kind is one of",
        ),
        (
            {
                "game": "renaissance-man-2d6",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "bot", "agent": "god"}],
            },
            "no bot",
        ),
        (
            {
                "game": "renaissance-man-2d6",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "bot", "agent": "pimc:seconds=600"}],
            },
            "seat 1: no bot 'pimc:seconds=600': a bot here thinks at most 10 seconds a move",
        ),
        (
            {
                "game": "renaissance-man-2d6",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "bot"}],
            },
            "seat 1: a bot needs an 'agent' or a 'difficulty': easy, hard, heuristic,",
        ),
        (
            {
                "game": "renaissance-man-2d6",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "me"}],
            },
            "only one seat",
        ),
        (
            {
                "game": "renaissance-man-2d6",
                "players": 2,
                "seats": [{"kind": "me", "name": "x" * 41}, {"kind": "invite"}],
            },
            "a name is",
        ),
        *(
            (
                {
                    "game": "renaissance-man-2d6",
                    "players": 2,
                    "seats": [{"kind": "me", "name": name}, {"kind": "invite"}],
                },
                f"seat 0: {why.format(name=repr(str(name).strip()))}",
            )
            for names, why in (
                (("", "\u3164", "\u2800"), "a name needs a letter, digit or sign to see"),
                (
                    # a line break; it turned the log's lines around; a 500
                    ("\u200b", " \u200e ", "Ann\nBob", "\u2069\u202eBea", "Bea\u2028x", "a\ud800"),
                    "a name may not hold control, direction or line-breaking characters",
                ),
                (("x" * 41,), "a name is at most 40 characters, not 41"),
                ((7,), "a name is text, not 7"),
                # seats: 'Seat 1 · Seat', the page's word for you
                (
                    ("Seat 2", "x seat 3 y", "Seat", "my seat", "You", " you "),
                    "{name} would read as a seat",
                ),
            )
            for name in names
        ),
        (
            {
                "game": "renaissance-man-2d6",
                "players": 2,
                "options": {"turn_limit": 1},
                "seats": [{"kind": "me"}, {"kind": "invite"}],
            },
            "turn_limit",
        ),
        (
            {
                "game": "renaissance-rivals",
                "players": 2,
                "options": {"artist_0": "leonardo", "artist_1": "leonardo"},
                "seats": [{"kind": "me"}, {"kind": "invite"}],
            },
            "option 'artist_1': seat 0 chose Leonardo da Vinci (leonardo) too",
        ),
    ],
)
def test_a_bad_table_is_refused_with_a_reason(client: TestClient, body: dict, words: str) -> None:
    """And nothing of it is stored (a row written before the game was made would be a table
    that cannot load, tried again at every start)."""
    r = client.post("/api/tables", content=json.dumps(body))  # ASCII: a lone surrogate escaped
    assert r.status_code == 400 and words in r.json()["error"]
    assert client.app.state.store.unfinished() == []


def test_bodies_that_are_not_json_or_too_large_are_refused(client: TestClient) -> None:
    assert client.post("/api/tables", content=b"{nope").status_code == 400
    assert client.post("/api/tables", content=b"[]").status_code == 400
    huge = b'{"game": ' + b"9" * 5000 + b"}"  # more digits than Python converts: was a 500
    for path in ("/api/tables", "/api/replays"):
        r = client.post(path, content=huge)
        assert r.status_code == 400 and "not JSON" in r.json()["error"]
    big = client.post("/api/tables", content=b"x" * 100_000)
    assert big.status_code == 413 and "script-src 'self'" in big.headers["content-security-policy"]


def test_a_body_sent_in_chunks_is_counted_as_it_comes(client: TestClient) -> None:
    """A chunked body declares no length: it is refused once past the limit, and the server
    stops reading it there (it is never kept whole)."""
    for path, most in (("/api/tables", "64 KiB"), ("/api/replays", "2 MiB")):
        r = client.post(path, content=(b"x" * 8192 for _ in range(300)))
        assert r.status_code == 413 and most in r.json()["error"]
    received = []

    async def receive() -> dict:
        received.append(1)
        return {"type": "http.request", "body": b"x" * 8192, "more_body": True}

    request = Request({"type": "http", "method": "POST", "headers": []}, receive)
    assert asyncio.run(_body(request)) is None
    assert len(received) == 9  # 72 KiB: the first chunk past 64 KiB


def test_one_client_cannot_create_tables_without_end(client: TestClient) -> None:
    body = {
        "game": "renaissance-man-2d6",
        "players": 2,
        "seats": [{"kind": "me"}] * 1 + [{"kind": "invite"}],
    }
    answers = [client.post("/api/tables", json=body) for _ in range(31)]
    assert [a.status_code for a in answers] == [201] * 30 + [429]
    refusal = answers[30]
    assert 590 <= refusal.json()["retry"] <= 600  # the first of the 30 leaves the window then
    assert refusal.headers["Retry-After"] == str(refusal.json()["retry"])
    assert refusal.json()["error"] == (
        "at most 30 new tables or imported records in 10 minutes; the next can be made in 10 min"
    )


def test_the_table_limit_says_the_wait_in_seconds_at_its_end(monkeypatch) -> None:
    """'try again later' gave no time: a person could not tell a minute from ten."""
    from tavola.session import hub

    clock = [1000.0]
    monkeypatch.setattr(hub.time, "monotonic", lambda: clock[0])
    tables = hub.Tables(None, new_tables=2)
    tables._limit("a")
    clock[0] += 100
    tables._limit("a")
    clock[0] += hub.WINDOW_SECONDS - 100 - 4.5  # the first leaves the window in 4.5 s
    with pytest.raises(hub.TableLimitError, match=r"the next can be made in 5 s$") as refused:
        tables._limit("a")
    assert refused.value.retry == 5
    tables._limit("b")  # another client is not held up
    clock[0] += 5
    tables._limit("a")


def test_tables_refused_for_their_settings_do_not_count_toward_the_limit(
    client: TestClient,
) -> None:
    """A designer mending a card file one error at a time sends many refused tables."""
    body = {
        "game": "renaissance-man-2d6",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "invite"}],
    }
    bad = {**body, "options": {"cards": {"name": "mine.toml", "toml": "[set\n"}}}
    refused = [client.post("/api/tables", json=bad).status_code for _ in range(40)]
    assert set(refused) == {400}
    codes = [client.post("/api/tables", json=body).status_code for _ in range(31)]
    assert codes[:30] == [201] * 30 and codes[30] == 429


def test_a_refused_option_is_named_in_the_refusal(client: TestClient) -> None:
    """A bad card file's refusal said only its message, which begins with the file's name as
    the server shortens and escapes it: the lobby, matching that against the name it had,
    could not mark the field of a file named with a right-to-left mark."""
    body = {
        "game": "renaissance-man-2d6",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "invite"}],
        "options": {"cards": {"name": "mine\u202e.toml", "toml": "[set\n"}},
    }
    refused = client.post("/api/tables", json=body).json()
    assert refused["option"] == "cards" and refused["error"].startswith("mine\\u202e.toml, line 1")
    body["options"] = {}
    body["seats"] = [{"kind": "me"}]
    assert "option" not in client.post("/api/tables", json=body).json()


def test_pages_carry_a_content_security_policy(client: TestClient) -> None:
    made = create(client, "renaissance-man-2d6", 2, ["me", "bot"])
    for path in ("/", f"/t/{made['table']}", "/api/games"):
        r = client.get(path)
        assert r.status_code == 200
        assert "script-src 'self'" in r.headers["content-security-policy"]
    assert client.get("/t/nothing-here").status_code == 404


def test_an_address_with_no_page_is_a_page_saying_so_and_the_api_answers_json(
    client: TestClient,
) -> None:
    page = client.get("/tables/<b>mistyped</b>")
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "There is no page /tables/&lt;b&gt;mistyped&lt;/b&gt; here" in page.text
    assert '<a class="button primary" href="/">Back to the lobby</a>' in page.text
    assert client.get("/api/nothing").json() == {"error": "Not Found"}  # as the API's refusals
    assert client.get("/static/nothing.js").json() == {"detail": "Not Found"}
    assert client.get("/api/nothing").status_code == client.get("/static/x.js").status_code == 404
    wrong = client.post("/api/games")
    assert wrong.status_code == 405 and wrong.json() == {"error": "Method Not Allowed"}
    assert wrong.headers["allow"] == "GET"
    assert client.post("/").status_code == 405


def test_a_table_takes_so_many_connections_hello_or_not(client: TestClient, monkeypatch) -> None:
    """Connections that never say hello count too: the limit was on the seats' listeners. A
    seat's player is let in all the same: silent connections locked the players out."""
    monkeypatch.setattr("tavola.web.app.MAX_LISTENERS", 2)
    made = create(client, "testa-di-pecora", 4, ["me", "bot", "bot", "bot"])
    table = made["table"]
    with (
        client.websocket_connect(f"/ws/{table}"),
        client.websocket_connect(f"/ws/{table}"),
        client.websocket_connect(f"/ws/{table}") as third,
        client.websocket_connect(f"/ws/{table}") as player,
    ):
        third.send_json({"type": "hello"})  # a spectator, were there room
        assert third.receive_json()["message"] == "this table has too many visitors"
        with pytest.raises(WebSocketDisconnect) as closed:
            third.receive_json()
        assert closed.value.code == 4429
        player.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        assert player.receive_json()["type"] == "state"


def test_a_connection_that_never_says_hello_is_closed(client: TestClient, monkeypatch) -> None:
    """Silent connections stayed open for good, each holding a place at the table."""
    monkeypatch.setattr("tavola.web.app.HELLO_SECONDS", 0.2)
    table = create(client, "testa-di-pecora", 4, ["me", "bot", "bot", "bot"])["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        assert ws.receive_json()["message"] == "say hello within 0.2 seconds"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4408
    with client.websocket_connect(f"/ws/{table}") as ws:  # the clock runs from connecting
        replies = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(20):  # a message other than hello now and then, for 2 s at most
                ws.send_json({})
                replies.append(ws.receive_json()["message"])
                time.sleep(0.1)
        assert closed.value.code == 4408 and len(replies) <= 4, replies
    with client.websocket_connect(f"/ws/{table}") as ws:  # once said, no clock
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "state"
        time.sleep(0.4)
        ws.send_json({"type": "take_back"})
        assert "spectator" in ws.receive_json()["message"]


def test_the_leak_scan_finds_a_planted_leak(client: TestClient, monkeypatch) -> None:
    """The scan above can fail: a message that carried seat 1's view is caught."""
    from tavola.session.table import LiveTable

    made = create(client, "testa-di-pecora", 4, ["me", "bot", "bot", "bot"])
    table = made["table"]
    honest = LiveTable.message

    def leaky(self: LiveTable, seat: int | None, since: int, *seats: list) -> dict:
        return {**honest(self, seat, since, *seats), "extra": self.game.view(1)}

    monkeypatch.setattr(LiveTable, "message", leaky)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        messages = play_to_the_end(ws, random.Random(1))
    record = client.get(f"/api/tables/{table}/record").json()
    assert leaks(record, 0, messages[0]) != []


def test_a_hard_bot_is_the_games_own_and_plays(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        assert game["difficulties"] == difficulties(game["id"])
        assert game["level_words"] == level_words(game["id"])
    seats = [{"kind": "bot", "difficulty": "hard"}, {"kind": "me"}]
    r = client.post(
        "/api/tables",
        json={
            "game": "renaissance-man-2d6",
            "players": 2,
            "seats": seats,
            "options": {"first_player": 0},
        },
    )
    assert r.status_code == 201, r.text
    made = r.json()
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "key": key_of(made, 1)})
        msg = ws.receive_json()
        while msg["moves"] == 0:
            msg = ws.receive_json()
    assert msg["seats"][0]["agent"] == difficulties("renaissance-man-2d6")["hard"]
    assert msg["seats"][0]["agent"] == "pimc:horizon=12,reward=win,value=learned"
    assert msg["events"]


def test_a_game_without_a_heuristic_offers_no_medium_bot(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby and a table's creation know the levels the game can make."""
    import dataclasses

    from tavola.core import registry

    spec = registry.get_spec("testa-di-pecora")
    monkeypatch.setitem(
        registry._REGISTRY, "plain", dataclasses.replace(spec, id="plain", heuristic=None)
    )
    (listed,) = [g for g in client.get("/api/games").json() if g["id"] == "plain"]
    assert set(listed["difficulties"]) == {"easy", "hard"}
    seats = [{"kind": "me"}] + [{"kind": "bot", "difficulty": "medium"}] * 3
    r = client.post("/api/tables", json={"game": "plain", "players": 4, "seats": seats})
    assert r.status_code == 400
    assert "seat 1" in r.json()["error"] and "no 'medium' bot" in r.json()["error"]
    seats = [{"kind": "me"}, {"kind": "invite"}] + [{"kind": "bot", "difficulty": "hard"}] * 2
    r = client.post("/api/tables", json={"game": "plain", "players": 4, "seats": seats})
    assert r.status_code == 201, r.text


def test_a_served_app_looks_for_cycles_less_often_and_gives_the_collector_back_at_shutdown(
    database: str,
) -> None:
    before = gc.get_threshold()
    assert before != COLLECTOR_THRESHOLDS
    with TestClient(create_app(database)):
        assert gc.get_threshold() == COLLECTOR_THRESHOLDS
    assert gc.get_threshold() == before


def test_a_fault_of_the_server_is_answered_with_the_pages_headers(database: str) -> None:
    """An unexpected exception was answered by Starlette's last handler, after the middleware
    that adds the content security policy: a 500 without it."""
    app = create_app(database)

    @app.get("/api/broken")
    async def broken() -> None:
        raise ZeroDivisionError

    with TestClient(app) as client:
        r = client.get("/api/broken")
    assert r.status_code == 500 and "in its log" in r.json()["error"]
    assert "script-src 'self'" in r.headers["content-security-policy"]


def test_addresses_with_no_table_in_the_window_are_forgotten(client: TestClient) -> None:
    """The count of new tables kept an entry for every address ever seen."""
    from collections import deque

    from tavola.session.hub import CLIENTS_KEPT, WINDOW_SECONDS

    tables = client.app.state.tables
    long_ago = time.monotonic() - WINDOW_SECONDS - 1
    for i in range(CLIENTS_KEPT + 1):
        tables._created[f"10.1.{i // 256}.{i % 256}"] = deque([long_ago])
    tables._created["10.9.9.9"] = deque([time.monotonic()])
    create(client, "renaissance-man-2d6", 2, ["me", "invite"])
    assert set(tables._created) == {"10.9.9.9", "testclient"}


def test_searching_bots_think_in_threads_of_their_own(client: TestClient, monkeypatch) -> None:
    """Searching bots thought in the event loop's own pool of threads, so a client's tables of
    ten-second searches held up the store's writes and every replay step."""
    import threading

    from tavola.session import table as table_module

    threads = []
    choose = table_module._choose

    def spied(*args: Any) -> Any:
        if args[0].searches:
            threads.append(threading.current_thread().name)
        return choose(*args)

    monkeypatch.setattr(table_module, "_choose", spied)
    seats = [{"kind": "bot", "agent": "ismcts:iterations=5"}, {"kind": "bot", "agent": "random"}]
    body = {"game": "renaissance-man-2d6", "players": 2, "seats": seats}
    table = client.post("/api/tables", json=body).json()["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello"})
        while ws.receive_json()["moves"] < 6:
            pass
    assert threads and all(name.startswith("tavola-bot") for name in threads), threads
