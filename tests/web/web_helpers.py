"""Driving a table over its WebSocket as a player would, for the web tests."""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO, Any

from fastapi.testclient import TestClient

import tavola
from tavola.testing._support import strings


def create(client: TestClient, game: str, players: int, kinds: list[str], **extra: Any) -> dict:
    seats = [{"kind": "bot", "difficulty": "easy"} if k == "bot" else {"kind": k} for k in kinds]
    r = client.post("/api/tables", json={"game": game, "players": players, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def key_of(made: dict, seat: int) -> str:
    return made["seats"][seat]["link"].split("key=")[1]


def play_to_the_end(ws: Any, rng: random.Random, limit: int = 5000) -> list[dict]:
    """Answer every new state that offers legal actions with a random one; return every
    message. A state may be stale when it arrives (a hello's answer and a broadcast can cross;
    in a simultaneous phase others act meanwhile): an action on it is refused with an error,
    which the next state makes good."""
    seen = []
    answered = -1
    for _ in range(limit):
        msg = ws.receive_json()
        seen.append(msg)
        if msg["type"] == "error":  # an answer to a state overtaken by others' moves
            assert "may not act now" in msg["message"] or "not legal now" in msg["message"], msg
            continue
        if msg["result"] is not None:
            return seen
        if msg["legal"] and msg["moves"] > answered:
            answered = msg["moves"]
            ws.send_json({"type": "act", "action": rng.choice(msg["legal"])["action"]})
    raise AssertionError("the game did not end")


def finished_table(client: TestClient, game: str, seed: int = 1) -> tuple[dict, dict]:
    """A table of ``game`` (its fewest players: one person, bots) played to the end; the
    creation's answer and the game's record."""
    players = tavola.get_spec(game).min_players
    made = create(client, game, players, ["me"] + ["bot"] * (players - 1))
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "key": key_of(made, 0)})
        play_to_the_end(ws, random.Random(seed))
    record = client.get(f"/api/tables/{made['table']}/record").json()
    return made, record


def leaks(record: dict, seat: int | None, msg: dict) -> list[str]:
    """What ``msg`` (sent to ``seat`` knowing of ``msg['moves']`` actions, before the end) names
    that the seat may not see: a card id hidden from it at that moment and not public (the
    spectator's view names public history, as card ids recur from one deal to the next); in
    an event, hidden when the event happened and not in the spectator's form of it; or the
    seed. The rule of :func:`tavola.testing.check_views_hide_cards`, applied to messages; the
    card faces a first message carries (every id of the set) are checked to be the static
    ``card_table()`` instead."""
    game = tavola.replay(record, upto=0)
    hidden_at: dict[int, frozenset[str]] = {}

    def note() -> None:
        for i in range(len(hidden_at), game.log_base + len(game.log)):
            hidden_at[i] = game.hidden_ids(seat)

    actions = [(who, game.parse_action(who, data)) for who, data in record["actions"]]
    ahead, upto = game.clone(), len(actions)  # the moves the seat knew of, and secret steps
    for i, (who, action) in enumerate(actions):
        ahead.act(who, action)
        if ahead.moves_seen(seat) > msg["moves"]:
            upto = i
            break
    note()
    for who, action in actions[:upto]:
        game.act(who, action)
        note()
    # The faces of the whole card set (every id, by design) are the same for everyone:
    if "cards" in msg:
        assert msg["cards"] == game.card_table()
    rest = {k: v for k, v in msg.items() if k not in ("events", "cards")}
    found = (strings(rest) & game.hidden_ids(seat)) - strings(game.view(None))
    public = {e["i"]: strings(e) for e in game.events(None)}
    for event in msg["events"]:
        found |= (strings(event) & hidden_at[event["i"]]) - public.get(event["i"], set())
    out = sorted(found)
    if str(record["seed"]) in json.dumps(msg):
        out.append("the seed")
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    db: Path, port: int, *more: str, log: IO[bytes] | None = None, out: IO[bytes] | None = None
) -> subprocess.Popen:
    """``tavola serve`` in its own process (so it can be killed outright), once it answers;
    ``more``: further arguments; ``log`` and ``out``: files its standard error and output go
    to."""
    where = ["--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{db}"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tavola", "serve", *where, "--pace", "0.02", *more],
        stdout=out or subprocess.DEVNULL,
        stderr=log or subprocess.DEVNULL,
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},  # as a service
    )
    for _ in range(300):
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).close()
            return proc
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("tavola serve did not start")
