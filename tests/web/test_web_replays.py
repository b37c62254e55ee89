"""Replays: a finished table stepped through from any seat's view, built by the server from the
record; records imported from a file; each step scanned for what its seat could not see then."""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import create, finished_table, key_of, leaks, play_to_the_end

import tavola
from tavola.agents.analysis import analyse, value_words
from tavola.core.errors import TavolaError
from tavola.session.replay import REVIEWER, finished_game
from tavola.testing import random_record
from tavola.web import create_app

GAMES = [spec.id for spec in tavola.list_games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_a_replay_shows_each_seat_what_it_saw_then(
    client: TestClient, game: str
) -> None:
    """Each seat's view and events at each move are exactly the game's at that move, and carry
    nothing hidden from that seat then (the leak scan of live messages); the last move has
    the result."""
    made, record = finished_table(client, game)
    table = made["table"]
    steps = len(record["actions"])
    players = record["players"]
    for seat in [*range(players), None]:
        for step in sorted({0, 1, steps // 3, steps // 2, steps - 1, steps}):
            query = f"seat={'spectator' if seat is None else seat}&step={step}"
            r = client.get(f"/api/replays/{table}?{query}")
            assert r.status_code == 200, r.text
            msg = r.json()
            then = tavola.replay(record, upto=step)
            assert msg["type"] == "replay" and msg["seat"] == seat and msg["steps"] == steps
            assert msg["moves"] == msg["step"] == step and msg["legal"] == []
            assert msg["view"] == then.view(seat) and msg["events"] == then.events(seat)
            assert (msg["result"] is not None) == (step == steps)
            assert "seed" not in msg and "revealed" not in msg
            if step < steps:
                assert leaks(record, seat, msg) == [], (seat, step)


def test_the_replay_scan_finds_a_planted_leak(client: TestClient, monkeypatch) -> None:
    """The scan above can fail: a step that carried seat 1's view is caught."""
    from tavola.session import replay as replays

    honest = replays.state
    monkeypatch.setattr(
        replays, "state", lambda game, seat, since: {**honest(game, seat, since), "x": game.view(1)}
    )
    made, record = finished_table(client, "testa-di-pecora")
    msg = client.get(f"/api/replays/{made['table']}?seat=0&step=3").json()
    assert leaks(record, 0, msg) != []


def test_a_replay_opens_only_once_the_game_is_over(client: TestClient) -> None:
    made = create(client, "renaissance-man-2d6", 2, ["me", "invite"])
    table = made["table"]
    r = client.get(f"/api/replays/{table}?seat=0&step=0")
    assert r.status_code == 403 and "not over" in r.json()["error"]
    page = client.get(f"/replay/{table}")
    assert page.status_code == 403 and "not over" in page.text
    assert client.get("/replay/no-such-table").status_code == 404
    live = client.app.state.tables.live[table]
    with client.websocket_connect(f"/ws/{table}") as ws:  # a move: the page stays the same
        first = live.game.first
        ws.send_json({"type": "hello", "seat": first, "key": key_of(made, first)})
        state = ws.receive_json()
        ws.send_json({"type": "act", "action": state["legal"][0]["action"]})
        ws.receive_json()
    assert len(live.game.history) == 1
    again = client.get(f"/replay/{table}")
    assert again.text == page.text  # it counted the moves (in a 2013 game, secret steps too)
    assert client.get("/api/replays/no-such-table").status_code == 404


@pytest.mark.parametrize(
    ("query", "status", "words"),
    [
        ("seat=9&step=0", 404, "no seat 9"),
        ("seat=-1&step=0", 404, "no seat"),
        ("seat=x&step=0", 404, "no seat"),
        ("seat=0&step=100000", 400, "a step is"),
        ("seat=0&step=-3", 400, "a step is"),
        ("seat=0&step=1e3", 400, "a step is"),
        ("seat=0&step=" + "9" * 400, 400, "a step is"),
    ],
)
def test_a_bad_seat_or_step_gets_a_reason(
    client: TestClient, query: str, status: int, words: str
) -> None:
    made, _ = finished_table(client, "renaissance-man-2d6")
    r = client.get(f"/api/replays/{made['table']}?{query}")
    assert r.status_code == status and words in r.json()["error"], r.text


def test_the_replay_page_of_a_finished_table(client: TestClient) -> None:
    made, record = finished_table(client, "testa-di-pecora")
    page = client.get(f"/replay/{made['table']}")
    assert page.status_code == 200
    assert (
        "/static/replay.js" in page.text
        and "script-src 'self'" in page.headers["content-security-policy"]
    )
    assert f'data-steps="{len(record["actions"])}"' in page.text
    assert f'href="/api/tables/{made["table"]}/record"' in page.text


@pytest.mark.parametrize(
    ("players", "words"), [(1, "0.75 to 1 for a won game"), (2, "first place")]
)
def test_the_replay_page_says_what_a_reviews_values_mean(
    client: TestClient, players: int, words: str
) -> None:
    """It said "1: first place, 0: last" in a one-player game too, where a lost game rates 0
    to 0.25 and a won one 0.75 to 1."""
    record = random_record("renaissance-rivals", players, 3)
    table = client.post("/api/replays", json=record).json()["table"]
    page = client.get(f"/replay/{table}").text
    assert f"how it rated the move played: a value is {value_words(players)}." in html.unescape(
        page
    )
    assert words in value_words(players)


def test_an_imported_record_becomes_a_finished_table_to_replay(database: str) -> None:
    """Imported into another server's database: the same game, at a content-derived id (the
    same record gives the same table), replayable, with its record given back unchanged."""
    from tavola.web import create_app

    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:
        _, record = finished_table(client, "renaissance-man-2d6")
        assert record["names"] == [None, None]  # a table's record names its seats
        record["names"] = ["Ann", None]  # as a table of named seats gives it
        r = client.post("/api/replays", content=json.dumps(record))
        assert r.status_code == 201, r.text
        imported = r.json()["table"]
        assert r.json()["replay"] == f"/replay/{imported}"
        assert (r.json()["game"], r.json()["title"]) == (
            "renaissance-man-2d6",
            "Renaissance Man (2006)",
        )
        again = client.post("/api/replays", json=record)
        assert again.status_code == 200 and again.json()["table"] == imported  # known already
        other = client.post("/api/replays", json={**record, "names": ["Mallory", None]})
        assert other.status_code == 201 and other.json()["table"] != imported  # not Ann's
        nameless = client.post("/api/replays", json={**record, "names": [None, None]})
        assert nameless.json()["table"] not in (imported, other.json()["table"])
        unnamed = client.post("/api/replays", json={**record, "names": None}).json()
        assert unnamed == {k: v for k, v in nameless.json().items() if k != "key"}
        shown = client.get(f"/api/replays/{imported}?seat=0&step=0").json()
        assert [s["name"] for s in shown["seats"]] == ["Ann", None]  # imports lost every name
        assert client.get(f"/api/tables/{imported}/record").json() == record
        last = client.get(f"/api/replays/{imported}?seat=1&step={len(record['actions'])}")
        assert last.json()["imported"] is True and last.json()["result"] is not None
        assert "imported from a record" in client.get(f"/replay/{imported}").text
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:  # kept, durably
        assert client.get(f"/api/tables/{imported}/record").json() == record
        with client.websocket_connect(f"/ws/{imported}") as ws:  # its table shows the end
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["result"] is not None


def test_an_imported_record_is_deleted_by_its_importer_only(database: str) -> None:
    """The import's answer carries the secret that deletes the record (to its importer only:
    importing it again gives none); the record, its seats and its actions then go from the
    database, a table played here can never be deleted, and an imported one is not played
    again by a rematch."""
    from tavola.web import create_app

    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:
        played, record = finished_table(client, "renaissance-man-2d6")
        made = client.post("/api/replays", json=record)
        assert made.status_code == 201
        table, key = made.json()["table"], made.json()["key"]
        assert "key" not in client.post("/api/replays", json=record).json()  # not a second time
        path = f"/api/replays/{table}"
        assert client.get(path).status_code == 200  # loaded: the hub must let it go too
        rematch = client.post(f"/api/tables/{table}/rematch", json={"creator": key})
        assert rematch.status_code == 409 and "replayed, not played again" in rematch.text
        for wrong in ({}, {"key": "guess"}, {"key": 7}):
            refused = client.request("DELETE", path, json=wrong)
            assert refused.status_code == 403
            assert "only the browser that imported this record" in refused.json()["error"]
        assert client.request("DELETE", path, content=b"[").status_code == 400
        mine = client.request("DELETE", f"/api/replays/{played['table']}", json={"key": key})
        assert mine.status_code == 409 and "only a record imported here" in mine.text
        gone = client.request("DELETE", path, json={"key": key})
        assert gone.status_code == 200 and gone.json() == {"deleted": table}
        assert client.get(path).status_code == 404
        assert client.get(f"/api/tables/{table}/record").status_code == 404
        assert client.request("DELETE", path, json={"key": key}).status_code == 404
        assert client.get(f"/api/replays/{played['table']}").status_code == 200  # untouched
        again = client.post("/api/replays", json=record)  # a record deleted can come back
        assert again.status_code == 201 and again.json()["table"] == table
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:  # durably
        assert client.get(path).status_code == 200  # the one imported again
        assert client.request("DELETE", path, json={"key": again.json()["key"]}).status_code == 200
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:
        assert client.get(path).status_code == 404


def _edited(record: dict, **changes: object) -> dict:
    return {**record, **changes}


BAD_RECORDS = [
    (lambda r: "not json at all", "not JSON"),
    (lambda r: " \n", "the file is empty: a record is the JSON"),  # it said "not JSON"
    (lambda r: [1, 2, 3], "a game record is a JSON object"),
    (lambda r: {k: v for k, v in r.items() if k != "seed"}, "lacks seed"),
    (lambda r: _edited(r, seed=None), "seed is missing"),
    (lambda r: _edited(r, game="chess"), "no game"),
    (lambda r: _edited(r, rules_version="0"), "rules version"),
    (lambda r: _edited(r, players=99), "players"),
    (lambda r: _edited(r, actions="many"), "list of [seat, action] pairs"),
    (lambda r: _edited(r, actions=r["actions"][:-1]), "before the game is over"),
    (lambda r: _edited(r, actions=[[0, {"kind": "fly"}], *r["actions"]]), "move 1 (actions[0])"),
    (lambda r: _edited(r, actions=[*r["actions"][:5], [9, "x"]]), "move 6 (actions[5])"),
    (lambda r: _edited(r, cards={"deck": "sha256:00"}), "digest"),
    (lambda r: _edited(r, options={"seasons": "many"}), "seasons"),
    (lambda r: _edited(r, seed=-1), "seed"),
    (lambda r: _edited(r, actions=[[[[[[]]]]]] * 3), "move 1 (actions[0])"),
    (lambda r: _edited(r, names=["Ann"]), "'names' is a list of 4 names"),
    (lambda r: _edited(r, names=["\u3164", None, None, None]), "a letter, digit or sign"),
    (lambda r: _edited(r, names=["a\ud800", None, None, None]), "may not hold control, direction"),
]


@pytest.mark.parametrize(("spoil", "words"), BAD_RECORDS, ids=[w for _, w in BAD_RECORDS])
def test_a_bad_record_file_is_refused_with_its_problem_named(
    client: TestClient, spoil, words: str
) -> None:
    _, record = finished_table(client, "testa-di-pecora")
    bad = spoil(record)
    body = bad if isinstance(bad, str) else json.dumps(bad)
    before = client.app.state.store.unfinished(), len(client.app.state.tables.live)
    r = client.post("/api/replays", content=body)
    assert r.status_code == 400 and words in r.json()["error"], r.text
    assert (client.app.state.store.unfinished(), len(client.app.state.tables.live)) == before


def test_a_record_of_a_long_game_with_a_card_file_imports(client: TestClient) -> None:
    """A record holds its card file's text (up to 256 KiB) and every action: one of a long game
    with the lobby's largest card file (60 KiB) is well over a table's settings' 64 KiB."""
    from tavola.games.renaissance_rivals.cards import CARDS

    text = CARDS.builtin["standard"].read_text(encoding="utf-8")
    text += "#" * (60 * 1024 - len(text.encode()) - 1) + "\n"  # a comment: the same cards
    cards = {"cards": {"name": "mine.toml", "toml": text}}
    body = json.dumps(random_record("renaissance-rivals", 4, 5, options=cards))
    assert len(body) > 120 * 1024
    made = client.post("/api/replays", content=body)
    assert made.status_code == 201, made.text
    again = client.get(f"/api/tables/{made.json()['table']}/record")
    assert again.json()["options"]["cards"]["toml"] == text


def test_record_files_too_large_or_too_many_are_refused(client: TestClient) -> None:
    big = client.post("/api/replays", content=b"[" + b"1," * (1024 * 1024 + 1) + b"1]")
    assert big.status_code == 413 and "at most 2 MiB" in big.json()["error"]
    codes = [client.post("/api/replays", content=b"{}").status_code for _ in range(31)]
    assert codes[-1] == 429 and set(codes[:-1]) == {400}


def test_random_garbage_records_never_crash_the_import(client: TestClient) -> None:
    """Records with fields of every wrong type: each is a finished game or a TavolaError with a
    sentence (the import answers 400 with it), never another exception."""
    _, record = finished_table(client, "renaissance-man-2d6")
    rng = random.Random(5)
    junk = [None, True, -1, 2**70, 1.5, "", "x" * 300, [], {}, [None], {"a": 1}, [[0]], [[0, 1]]]
    for _ in range(500):
        spoilt = dict(record)
        for key in rng.sample(sorted(record), rng.randint(1, 3)):
            spoilt[key] = rng.choice(junk)
        try:
            finished_game(json.loads(json.dumps(spoilt)))
        except TavolaError as exc:
            assert str(exc), spoilt


def test_a_finished_game_is_reviewed_by_the_search_bot_seat_by_seat(client: TestClient) -> None:
    """The review of a seat is the search bot's analysis of the record from that seat
    (tavola.agents.analysis), kept once made; refused before the end and for no such seat."""
    made, record = finished_table(client, "testa-di-pecora")
    table = made["table"]
    r = client.get(f"/api/replays/{table}/review?seat=2")
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["type"] == "review" and data["seat"] == 2 and data["agent"] == REVIEWER
    expected = analyse(record, 2, REVIEWER)
    assert data["decisions"] == [{**d.to_json(), "bot": True} for d in expected] and expected
    assert client.get(f"/api/replays/{table}/review?seat=2").json() == data
    for seat, status in (("4", 404), ("x", 404), ("", 404)):
        bad = client.get(f"/api/replays/{table}/review?seat={seat}")
        assert bad.status_code == status and "no seat" in bad.json()["error"]
    playing = create(client, "renaissance-man-2d6", 2, ["me", "invite"])["table"]
    early = client.get(f"/api/replays/{playing}/review?seat=0")
    assert early.status_code == 403 and "not over" in early.json()["error"]
    assert client.get("/api/replays/no-such-table/review?seat=0").status_code == 404


def test_a_replay_shows_a_seat_handed_to_a_bot_as_its_players_before_then(
    client: TestClient,
) -> None:
    """A seat its player left mid-game, then played by a bot, was a bot's at every step of
    the replay: 'The bot in your seat to act' over the moves its player made."""
    kinds = ["me", "invite", "bot", "bot"]
    made = create(client, "testa-di-pecora", 4, kinds, options={"first_dealer": 3})  # 0 leads
    table, rng = made["table"], random.Random(2)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        while (msg := ws.receive_json())["to_act"] != [1]:  # the game waits for seat 1
            if msg["legal"]:
                ws.send_json({"type": "act", "action": rng.choice(msg["legal"])["action"]})
        handed = {"creator": made["creator"], "difficulty": "easy"}
        assert client.post(f"/api/tables/{table}/seats/1/bot", json=handed).status_code == 200
        play_to_the_end(ws, rng)
    since = client.app.state.store.load(table).seats[1].bot_from
    assert since > 0
    kinds = {
        step: client.get(f"/api/replays/{table}?seat=1&step={step}").json()["seats"][1]
        for step in (0, since - 1, since)
    }
    assert [kinds[step]["kind"] for step in (0, since - 1)] == ["human", "human"]
    assert kinds[0]["agent"] is None and kinds[0]["bot_since"] is None
    assert kinds[since]["kind"] == "bot" and kinds[since]["bot_since"] != "start"


def _play(a: Any, b: Any, rng: random.Random, stop: Callable[[dict], bool]) -> dict:
    """Play seats 0 (socket ``a``) and 1 (``b``; None: a bot plays it, or nobody) at random,
    whose turn it is told by ``a``'s states, until the state for which ``stop`` holds."""
    done = -1
    while True:
        msg = a.receive_json()
        if msg["type"] != "state" or msg["moves"] <= done:
            continue
        if stop(msg):
            return msg
        if msg["to_act"] == [0] and msg["legal"]:
            a.send_json({"type": "act", "action": rng.choice(msg["legal"])["action"]})
            done = msg["moves"]
        elif msg["to_act"] == [1] and b is not None:
            while not ((mine := b.receive_json())["legal"] and mine["moves"] == msg["moves"]):
                pass
            b.send_json({"type": "act", "action": rng.choice(mine["legal"])["action"]})
            done = msg["moves"]


def test_a_replay_and_its_review_tell_the_moves_a_bot_played_for_a_person(
    database: str, monkeypatch
) -> None:
    """A person plays, leaves; a bot takes the seat; the person takes it back and leaves again,
    and a bot plays it to the end. The replay shows at each move who played the seat, its list
    of seats says which moves the bots played, and its review marks their decisions, after a
    restart too (before, taking the seat back forgot the hand-over)."""
    monkeypatch.setattr("tavola.session.replay.REVIEWER", "ismcts:iterations=5")
    rng = random.Random(3)
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:
        made = create(client, "testa-di-pecora", 4, ["me", "invite", "bot", "bot"])
        table, seats = made["table"], f"/api/tables/{made['table']}/seats/1"
        handing = {"creator": made["creator"], "difficulty": "easy"}
        with client.websocket_connect(f"/ws/{table}") as a:
            a.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
            with client.websocket_connect(f"/ws/{table}") as b:
                b.send_json({"type": "hello", "seat": 1, "key": key_of(made, 1)})
                _play(a, b, rng, lambda m: m["to_act"] == [1] and m["moves"] >= 6)
            handed = _play(a, None, rng, lambda m: m["seats"][1]["connected"] is False)["moves"]
            assert client.post(f"{seats}/bot", json=handing).status_code == 200
            back = _play(a, None, rng, lambda m: m["to_act"] == [0] and m["moves"] > handed + 5)
            assert client.post(f"{seats}/person", json={"key": key_of(made, 1)}).status_code == 200
            again = _play(a, None, rng, lambda m: m["to_act"] == [1])["moves"]
            assert client.post(f"{seats}/bot", json=handing).status_code == 200
            steps = play_to_the_end(a, rng)[-1]["moves"]
        bot = {*range(handed, back["moves"]), *range(again, steps)}
        assert back["moves"] < again < steps
        words = f"Seat 1 (a bot played moves {handed + 1}-{back['moves']} and {again + 1}-{steps})"
        review = client.get(f"/api/replays/{table}/review?seat=1").json()["decisions"]
        assert [d["bot"] for d in review] == [d["index"] in bot for d in review]
        assert {d["bot"] for d in review} == {True, False}
    with TestClient(create_app(database, pace=0.0, rate=10**6)) as client:  # a restart
        for step in sorted({0, handed - 1, handed, back["moves"] - 1, back["moves"], again, steps}):
            seat = client.get(f"/api/replays/{table}?seat=1&step={step}").json()["seats"][1]
            assert seat["kind"] == ("bot" if step in bot or step == steps else "human"), step
        assert words in client.get(f"/replay/{table}").text
