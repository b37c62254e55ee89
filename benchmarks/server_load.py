"""Load on the web server: many tables at once, played over loopback WebSockets.

Run:  python benchmarks/server_load.py [--tables 200] [--seconds 60] [--think 1.0] [--pace 0.8]
          [--profile server.prof]

Starts the app of ``tavola serve`` with uvicorn in a subprocess, on a temporary SQLite database
(WAL, synchronous=NORMAL, as served), and sets --tables Testa di Pecora tables of four seats:
two people, played by scripted WebSocket clients in this process (``websockets``), and two of
the server's bots, which wait --pace seconds before each move. A client answers each state that
lets it act with a random legal action after a think time drawn uniformly from 0 to 2 x --think
seconds; a table whose game ends is replaced by a new one.

Prints, over --seconds after a warm-up: actions per second (people's and bots'); the p50 and p99
latency of a person's action, from sending it to the arrival of the state that shows it; the
server process's CPU use, in all and per action; and the share of the machine's CPU time its
host stole meanwhile (on a virtual machine: pauses no program here can avoid). Then the same
clients against a bare WebSocket echo endpoint mounted on the same server (each sends an
action's message at the same pace and waits for it back), as the reference, with the server's
CPU per echo, and the ratio of the two p99s. Both are timed alike: from just before the client
sends to the moment the answer reaches the client's socket (before the client decodes it, or
its event loop gets round to it), with the clients' garbage collector off. Last, the server's
own answer time for both, from reading the message to having written its answer (noted in the
server by hooks on uvicorn's WebSocket protocol): the clients share the machine's two cores
with the server, and a client woken by the server's write may run first on the server's core,
so what the clients time includes their own scheduling. --profile writes the server's cProfile
statistics (read them with ``python -m pstats FILE``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import websockets
from fastapi import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import ClientConnection
from websockets.frames import Frame, Opcode

from tavola.cli import check_output, number_arg, run_script, whole_arg
from throughput import machine

HZ = os.sysconf("SC_CLK_TCK")
SEATS = [
    {"kind": "me"},
    {"kind": "invite"},
    {"kind": "bot", "agent": "random"},
    {"kind": "bot", "difficulty": "medium"},
]
"""A table: two people (seats 0 and 1) and two bots (the random agent, as before easy became
the heuristic with slips, so that rounds compare, and medium)."""


# -- the server, in a subprocess ------------------------------------------------------------------


def time_answers() -> list[tuple[float, float, bool]]:
    """Note, for each action message a WebSocket connection of this server reads (``{"type":
    "act", ...}``, which the echo clients send too), when its frame reached the server and how
    long until the server had written its next message to that connection: the server's own
    answer time, free of the clients' scheduling. Hooks uvicorn's WebSocket protocol (the one
    ``tavola serve`` runs); returns the list it fills with (read at, seconds, is an echo)."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    notes: list[tuple[float, float, bool]] = []
    received = WebSocketsSansIOProtocol.data_received
    handle_text = WebSocketsSansIOProtocol.handle_text
    send = WebSocketsSansIOProtocol.send

    def data_received(self, data: bytes) -> None:
        self.read_at = time.perf_counter()
        received(self, data)

    def on_text(self, event: Frame) -> None:
        if event.data.startswith(b'{"type": "act"'):
            self.asked_at = self.read_at
        handle_text(self, event)

    async def on_send(self, message) -> None:
        await send(self, message)
        asked = getattr(self, "asked_at", None)
        if asked is not None and message["type"] == "websocket.send":
            self.asked_at = None
            notes.append((asked, time.perf_counter() - asked, self.scope["path"] == "/echo"))

    WebSocketsSansIOProtocol.data_received = data_received
    WebSocketsSansIOProtocol.handle_text = on_text
    WebSocketsSansIOProtocol.send = on_send
    return notes


def serve(port: int, database: str, pace: float, profile: str | None) -> None:
    """Run the app (limits raised: every client here is 127.0.0.1) with an echo endpoint, and
    ``/answer-times?start=&end=`` (perf_counter seconds: the same clock as the clients'), the
    server's own answer times of actions and echoes read in that span (:func:`time_answers`)."""
    import uvicorn

    from tavola.web import create_app

    app = create_app(database, pace=pace, rate=10**9, connections=10**9, new_tables=10**9)
    notes = time_answers()

    @app.get("/answer-times")
    async def answer_times(start: float, end: float) -> dict[str, list[float]]:
        window = [(took, echo) for at, took, echo in notes if start <= at < end]
        return {
            "actions": [took for took, echo in window if not echo],
            "echoes": [took for took, echo in window if echo],
        }

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.send_text(await ws.receive_text())
        except WebSocketDisconnect:
            pass

    app.add_api_websocket_route("/echo", echo)
    config = uvicorn.Config(  # as tavola serve runs it
        app,
        host="127.0.0.1",
        port=port,
        log_level="error",
        ws_max_size=16 * 1024,
        ws_per_message_deflate=False,
    )
    server = uvicorn.Server(config)
    if profile is None:
        server.run()
        return
    import cProfile
    import signal

    signal.signal(signal.SIGTERM, lambda *_: None)  # uvicorn raises it again once stopped
    with cProfile.Profile() as profiler:
        server.run()
    profiler.dump_stats(profile)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    port: int, database: str, pace: float, profile: str | None = None
) -> subprocess.Popen[bytes]:
    """The server in a subprocess, once it answers."""
    args = [sys.executable, __file__, "--serve", str(port), "--db", database, "--pace", str(pace)]
    if profile:
        args += ["--profile", profile]
    process = subprocess.Popen(args)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1):
                return process
        except OSError:
            if process.poll() is not None:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not answer in 60 s")


def host_times() -> tuple[int, int]:
    """The machine's CPU time so far (all states, in ticks), and the part stolen by the host
    of this virtual machine (time its CPUs were runnable but not running)."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:9]]
    return sum(ticks), ticks[7]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / HZ


def resident_mib(pid: int) -> float:
    """The memory process ``pid`` holds now (its resident set), in MiB."""
    with open(f"/proc/{pid}/status") as f:
        kib = next(line.split()[1] for line in f if line.startswith("VmRSS:"))
    return int(kib) / 1024


async def request(base: str, method: str, path: str, body: dict | None = None) -> dict:
    """The server's JSON answer to one HTTP request, made on the clients' event loop: a thread
    (urllib) would hold the interpreter lock, and the clients' timing, for up to its 5 ms
    switch interval."""
    host, port = base.removeprefix("http://").split(":")
    data = b"" if body is None else json.dumps(body).encode()
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(
        f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
        + data
    )
    answer = await reader.read()  # to the end: the server closes the connection
    writer.close()
    head, _, payload = answer.partition(b"\r\n\r\n")
    status = head.split(b"\r\n", 1)[0].split(b" ")
    if len(status) < 2 or not status[1].startswith(b"2"):  # also a server killed meanwhile
        raise RuntimeError(f"{method} {path}: {answer[:200]!r}")
    return json.loads(payload)


async def new_table(base: str, game: str = "testa-di-pecora", seats: list[dict] = SEATS) -> dict:
    """Create a table; the server's answer (its id, and each person's link with its key)."""
    return await request(
        base, "POST", "/api/tables", {"game": game, "players": len(seats), "seats": seats}
    )


def key_of(made: dict, seat: int) -> str:
    return made["seats"][seat]["link"].split("key=")[1]


# -- the clients, in this process -----------------------------------------------------------------


class Timed(ClientConnection):
    """A client connection that notes when each message arrives on the socket, before the
    client decodes it (decompression included) or gets round to reading it: the clients' own
    scheduling delays count in neither the actions' latency nor the echoes'."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.arrivals: deque[float] = deque()  # one per message not yet read
        self._clock = 0.0

    def data_received(self, data: bytes) -> None:
        self._clock = time.perf_counter()
        super().data_received(data)

    def process_event(self, event) -> None:
        if isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.BINARY):
            self.arrivals.append(self._clock)  # the server sends no fragmented message
        super().process_event(event)


class Usage(NamedTuple):
    """What a phase cost the machine: CPU (cores) of the server and of the clients while
    measured, the share of the machine's CPU time its host stole, the server's memory (MiB)."""

    server: float
    clients: float
    stolen: float
    memory: float


@dataclass
class Stats:
    """What the clients saw while ``measuring``."""

    measuring: bool = False
    window: tuple[float, float] = (0.0, 0.0)  # when it measured (perf_counter)
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0

    def note(self, latency: float) -> None:
        if self.measuring:
            self.latencies.append(latency)


async def person(
    ws_url: str,
    made: dict,
    seat: int,
    think: float,
    rng: random.Random,
    stats: Stats,
    on_state: Callable[[dict], None] | None = None,
) -> None:
    """Play ``seat`` of a table until its game ends (or the connection closes): answer each
    state that lets it act after a think time; time each action until its state arrives."""
    url = f"{ws_url}/ws/{made['table']}"
    async with websockets.connect(url, max_size=2**23, create_connection=Timed) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "key": key_of(made, seat)}))
        answered = sent_moves = -1
        sent_at: float | None = None
        async for raw in ws:
            received = ws.arrivals.popleft()
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors += 1
                sent_at = None
                continue
            if on_state is not None:
                on_state(msg)
            if sent_at is not None and msg["moves"] > sent_moves:
                stats.note(received - sent_at)
                sent_at = None
            if msg["result"] is not None:
                return
            if msg["legal"] and msg["moves"] > answered and sent_at is None:
                answered = msg["moves"]
                await asyncio.sleep(rng.uniform(0, 2 * think))
                action = rng.choice(msg["legal"])["action"]
                sent_moves, sent_at = msg["moves"], time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action}))


async def table_loop(base: str, think: float, seed: int, stats: Stats, stop: asyncio.Event) -> None:
    """One table after another, both people played, until ``stop``."""
    rng = random.Random(seed)
    ws_url = base.replace("http", "ws", 1)
    while not stop.is_set():
        made = await new_table(base)
        moves = 0

        def count(msg: dict) -> None:  # seat 0 hears of every action
            nonlocal moves
            if stats.measuring:
                stats.actions += max(0, msg["moves"] - moves)
            moves = msg["moves"]

        await asyncio.gather(
            person(ws_url, made, 0, think, rng, stats, count),
            person(ws_url, made, 1, think, rng, stats),
        )


async def echo_client(
    base: str, think: float, seed: int, stats: Stats, stop: asyncio.Event
) -> None:
    """Send an action's message at a person's pace; time each echo."""
    rng = random.Random(seed)
    message = json.dumps({"type": "act", "action": {"kind": "play", "card": "count-of-venice"}})
    url = base.replace("http", "ws", 1) + "/echo"
    async with websockets.connect(url, create_connection=Timed) as ws:
        while not stop.is_set():
            await asyncio.sleep(rng.uniform(0, 2 * think))
            sent_at = time.perf_counter()
            await ws.send(message)
            await ws.recv()
            stats.note(ws.arrivals.popleft() - sent_at)
            if stats.measuring:
                stats.actions += 1


async def measure(
    clients: list, stats: Stats, stop: asyncio.Event, pid: int, warmup: float, seconds: float
) -> Usage:
    """Run ``clients`` (coroutines) for ``warmup`` then ``seconds`` measured; what it cost
    (the server's memory as at the end)."""
    tasks = [asyncio.create_task(c) for c in clients]
    await asyncio.sleep(warmup)
    cpu, mine, (total, stolen) = cpu_seconds(pid), time.process_time(), host_times()
    stats.measuring, start = True, time.perf_counter()
    await asyncio.sleep(seconds)
    stats.measuring, stats.window = False, (start, time.perf_counter())
    total_after, stolen_after = host_times()
    used = Usage(
        (cpu_seconds(pid) - cpu) / seconds,
        (time.process_time() - mine) / seconds,
        (stolen_after - stolen) / max(1, total_after - total),
        resident_mib(pid),
    )
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return used


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


def report(name: str, stats: Stats, seconds: float, used: Usage) -> float:
    p50, p99 = percentile(stats.latencies, 50), percentile(stats.latencies, 99)
    rate = stats.actions / seconds
    print(
        f"{name}: {rate:.1f} per second; latency p50 {p50 * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms (n={len(stats.latencies)}); {stats.errors} errors; "
        f"CPU: server {used.server:.2f} cores ({used.server / rate * 1000:.2f} ms each), "
        f"clients {used.clients:.2f}; stolen by the host: {used.stolen:.1%} of the CPU time; "
        f"server memory {used.memory:.0f} MiB"
    )
    return p99


async def answer_times(
    base: str, window: tuple[float, float], kind: str
) -> tuple[float, float, int]:
    """The p50 and p99 (seconds) and count of the server's own answer times of ``kind``
    ("actions" or "echoes") read within ``window``."""
    start, end = window
    times = (await request(base, "GET", f"/answer-times?start={start}&end={end}"))[kind]
    return percentile(times, 50), percentile(times, 99), len(times)


async def run(args: argparse.Namespace, pid: int, base: str) -> None:
    gc.disable()  # the clients' own collector pauses would count in both latencies (as timeit)
    warmup = min(10.0, 2 + 2 * args.think)
    stats, stop = Stats(), asyncio.Event()
    loops = [table_loop(base, args.think, i, stats, stop) for i in range(args.tables)]
    used = await measure(loops, stats, stop, pid, warmup, args.seconds)
    p99 = report("tavola actions (people and bots)", stats, args.seconds, used)
    echo, stop = Stats(), asyncio.Event()
    clients = [echo_client(base, args.think, i, echo, stop) for i in range(2 * args.tables)]
    used = await measure(clients, echo, stop, pid, warmup, args.seconds)
    reference = report("echo round trips", echo, args.seconds, used)
    print(
        f"p99 of an action: {p99 * 1000:.1f} ms, {p99 / reference:.1f}x the echo's "
        "(target: under 50 ms and within 3x)"
    )
    a50, a99, an = await answer_times(base, stats.window, "actions")
    e50, e99, en = await answer_times(base, echo.window, "echoes")
    print(
        f"the server's own answer time (message read to answer written): actions p50 "
        f"{a50 * 1000:.2f} ms, p99 {a99 * 1000:.2f} ms (n={an}); echoes p50 {e50 * 1000:.2f} ms, "
        f"p99 {e99 * 1000:.2f} ms (n={en}); p99 {a99 / e99:.1f}x the echo's"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=whole_arg(1), default=200)
    parser.add_argument("--seconds", type=number_arg(1, 3600), default=60.0)
    parser.add_argument(
        "--think", type=number_arg(0, 60), default=1.0, help="a person's mean think time"
    )
    parser.add_argument(
        "--pace", type=number_arg(0, 60), default=0.8, help="a bot's wait before a move"
    )
    parser.add_argument("--profile", help="write the server's cProfile statistics here")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the subprocess
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.db, args.pace, args.profile)
        return
    if args.profile:
        check_output(args.profile)
    print(f"{machine()}; {os.cpu_count()} cores")
    print(
        f"{args.tables} tables of Testa di Pecora (2 people, scripted; 2 bots at a {args.pace} s "
        f"pace); think time 0-{2 * args.think:g} s; {args.seconds:g} s measured"
    )
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        db = f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        server = start_server(port, db, args.pace, args.profile)
        try:
            asyncio.run(run(args, server.pid, f"http://127.0.0.1:{port}"))
        finally:
            server.terminate()
            server.wait(timeout=60)


if __name__ == "__main__":
    raise SystemExit(run_script(main))
