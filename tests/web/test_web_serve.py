"""``tavola serve``'s start: a database or an address it cannot use is a message and an exit
code before anything is served, never a traceback or a "serving on" line for a server that is
not there."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from web_helpers import free_port, key_of, start_server

from tavola.cli import main


def serve(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["serve", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("tables.db", "tavola: error: not a database URL (for example sqlite:///"),
        ("mysql://someone@localhost/tavola", "tavola: error: no driver for mysql://someone@"),
    ],
)
def test_a_database_url_it_cannot_use_is_an_error_message(
    capsys: pytest.CaptureFixture[str], url: str, says: str
) -> None:
    code, out, err = serve(capsys, "--db", url)
    assert code == 1
    assert says in err
    assert "Traceback" not in err and out == ""


def test_an_sqlite_file_in_a_missing_folder_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path}/nowhere/tavola.sqlite3"
    code, out, err = serve(capsys, "--db", url)
    assert (code, out) == (1, "")
    assert f"cannot open the database {url}: unable to open database file" in err
    assert "does its folder exist?" in err
    assert not (tmp_path / "nowhere").exists()
    code, out, err = serve(capsys, "--db", f"sqlite:///{tmp_path}")
    assert code == 1 and err.endswith("unable to open database file (it is a folder)\n")


def test_a_file_that_is_not_a_database_is_left_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a database\n" * 100)
    code, out, err = serve(capsys, "--db", f"sqlite:///{notes}")
    assert (code, out) == (1, "")
    assert "file is not a database" in err
    assert notes.read_text() == "my notes, not a database\n" * 100


def test_an_unreachable_postgresql_server_is_named_without_its_password(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("psycopg")  # the dev extra installs it
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    code, out, err = serve(capsys, "--db", f"postgresql+psycopg://tavola:s3cret@127.0.0.1:{port}/t")
    assert (code, out) == (1, "")
    assert f"cannot open the database postgresql+psycopg://tavola:***@127.0.0.1:{port}/t" in err
    assert "s3cret" not in err and "Traceback" not in err


def test_a_port_in_use_is_an_error_message_and_nothing_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        code, out, err = serve(capsys, "--port", str(port), "--db", f"sqlite:///{tmp_path}/t.db")
    assert (code, out) == (1, "")
    assert f"tavola: error: cannot listen on 127.0.0.1:{port}: Address already in use" in err


def test_the_server_answers_on_the_port_it_said_and_a_second_one_is_refused(
    tmp_path: Path,
) -> None:
    port = free_port()
    first = start_server(tmp_path / "tavola.sqlite3", port)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
            assert page.status == 200
        second = subprocess.run(
            [sys.executable, "-m", "tavola", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env={"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"},
        )
        assert second.returncode == 1
        assert "serving on" not in second.stdout
        assert f"cannot listen on 127.0.0.1:{port}" in second.stderr
    finally:
        first.kill()
        first.wait()


@pytest.mark.parametrize(
    ("host", "reach"), [("::", "127.0.0.1"), ("::", "::1"), ("0.0.0.0", "127.0.0.1")]
)
def test_listening_on_every_address_takes_ipv4_and_ipv6_alike(host: str, reach: str) -> None:
    from tavola.cli import _listen

    with _listen(host, 0) as listening:
        port = listening.getsockname()[1]
        family = socket.AF_INET6 if ":" in reach else socket.AF_INET
        with socket.create_connection((reach, port), timeout=5) as client:
            assert client.family == family


def test_a_message_too_large_gets_an_error_and_the_connection_stays(tmp_path: Path) -> None:
    """The app answers a message over its 16 KiB with an error; uvicorn's own limit, which
    closes the connection without a word, was the same 16 KiB, so the app's answer never came."""
    from websockets.sync.client import connect

    port = free_port()
    server = start_server(tmp_path / "tavola.sqlite3", port)
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/nope") as ws:
            assert json.loads(ws.recv(timeout=10))["message"] == "no such table"
        seats = [{"kind": "me"}] + [{"kind": "bot", "agent": "random"}] * 3
        made = json.loads(
            urllib.request.urlopen(
                urllib.request.Request(
                    f"http://127.0.0.1:{port}/api/tables",
                    data=json.dumps(
                        {"game": "testa-di-pecora", "players": 4, "seats": seats}
                    ).encode(),
                    method="POST",
                ),
                timeout=10,
            ).read()
        )
        with connect(f"ws://127.0.0.1:{port}/ws/{made['table']}") as ws:
            ws.send(json.dumps({"type": "hello", "pad": "x" * 20_000}))
            assert json.loads(ws.recv(timeout=10)) == {
                "type": "error",
                "message": "the message is too large",
            }
            ws.send(json.dumps({"type": "hello"}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
    finally:
        server.kill()
        server.wait()


@pytest.mark.parametrize("trusted", [False, True])
def test_a_forwarded_address_counts_only_from_a_proxy_named(tmp_path: Path, trusted: bool) -> None:
    """uvicorn took X-Forwarded-For from any local client by default, so one could name a new
    address with each connection and pass the 32 connections an address may hold."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from tavola.web.app import MAX_CONNECTIONS

    port = free_port()
    server = start_server(tmp_path / "t.sqlite3", port, *(["--proxy", "127.0.0.1"] * trusted))
    try:
        seats = [{"kind": "me"}] + [{"kind": "bot", "agent": "random"}] * 3
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/tables",
            data=json.dumps({"game": "testa-di-pecora", "players": 4, "seats": seats}).encode(),
            method="POST",
        )
        table = json.loads(urllib.request.urlopen(request, timeout=10).read())["table"]
        with contextlib.ExitStack() as stack:
            opened = [
                stack.enter_context(
                    connect(
                        f"ws://127.0.0.1:{port}/ws/{table}",
                        additional_headers={"X-Forwarded-For": f"10.0.0.{i}"},
                    )
                )
                for i in range(MAX_CONNECTIONS + 1)
            ]
            if trusted:
                opened[-1].send(json.dumps({"type": "hello"}))
                assert json.loads(opened[-1].recv(timeout=10))["type"] == "state"
            else:
                last = json.loads(opened[-1].recv(timeout=10))
                assert "too many connections from your address" in last["message"]
                with pytest.raises(ConnectionClosed):
                    opened[-1].recv(timeout=10)
    finally:
        server.kill()
        server.wait()


def test_a_proxy_address_that_is_none_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """uvicorn took any text as a proxy's address, so a typo trusted nobody without a word."""
    code, out, err = serve(capsys, "--proxy", "10.0.0.1,localhots")
    assert code == 2 and "serving on" not in out
    assert "--proxy: expected IP addresses or networks, comma-separated, not 'localhots'" in err


def test_the_address_is_written_at_once_to_a_file_or_pipe(tmp_path: Path) -> None:
    """Sent to a file (a service's log, `tavola serve > log`), the address line waited in a
    buffer until the server stopped: a server killed after a while had written nothing."""
    port = free_port()
    with open(tmp_path / "stdout.txt", "wb") as out:
        server = start_server(tmp_path / "t.sqlite3", port, out=out)
        try:
            said = (tmp_path / "stdout.txt").read_text()
        finally:
            server.kill()
            server.wait()
    assert f"tavola: serving on http://127.0.0.1:{port}/" in said


@pytest.mark.parametrize("quiet", [False, True])
def test_the_server_logs_tables_made_joined_and_left_unless_quiet(
    tmp_path: Path, quiet: bool
) -> None:
    """The person running a server saw nothing of it after its address: no table made, no
    player coming or going. ``--quiet`` keeps to problems."""
    from websockets.sync.client import connect

    port = free_port()
    with open(tmp_path / "stderr.txt", "wb") as log:
        server = start_server(tmp_path / "t.sqlite3", port, *(["--quiet"] * quiet), log=log)
        try:
            seats = [{"kind": "me"}, {"kind": "invite"}] + [{"kind": "bot", "agent": "random"}] * 2
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/tables",
                data=json.dumps({"game": "testa-di-pecora", "players": 4, "seats": seats}).encode(),
                method="POST",
            )
            made = json.loads(urllib.request.urlopen(request, timeout=10).read())
            with connect(f"ws://127.0.0.1:{port}/ws/{made['table']}") as ws:
                ws.send(json.dumps({"type": "hello", "seat": 1, "key": key_of(made, 1)}))
                assert json.loads(ws.recv(timeout=10))["type"] == "state"
            time.sleep(0.5)  # the server notes the connection closed
        finally:
            server.kill()
            server.wait()
    said = (tmp_path / "stderr.txt").read_text()
    table = made["table"]
    lines = [
        f"table {table} created: Testa di Pecora, 4 players (the creator, 1 invited, 2 bots)",
        f"table {table}: seat 1's player came",
        f"table {table}: seat 1's player left",
    ]
    for line in lines:
        assert (line in said) is not quiet, said
    assert re.search(rf"^tavola: \d\d:\d\d:\d\d table {table} created", said, re.M) or quiet
