"""The web app: pages, the JSON API and the table WebSocket (protocol in docs/web.md).

Front ends never touch rules: this module calls the session layer, which calls the game's public
API; every message to a seat is built by :meth:`LiveTable.message` for that seat alone.
"""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from ..agents import AGENTS
from ..core.cards import CardsOption
from ..core.errors import TavolaError
from ..core.registry import get_spec, list_games, new_game
from ..session import Listener, TableLimitError, Tables
from ..store import Store, default_url

HERE = Path(__file__).parent
MAX_MESSAGE = 16 * 1024
"""The largest WebSocket message a client may send (an action is a few dozen bytes)."""
MAX_BODY = 64 * 1024
RATE = 20
"""Messages a connection may send per RATE_WINDOW seconds."""
RATE_WINDOW = 5.0
MAX_LISTENERS = 64
"""Connections per table (players and spectators)."""
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DIFFICULTY = {"easy": "random", "medium": "heuristic"}
"""Bot levels a player understands, mapped onto agent names (a search bot will be 'hard')."""


def create_app(database: str | None = None, pace: float = 0.8, rate: int = RATE) -> FastAPI:
    """The app on the database URL ``database`` (default: SQLite in the user's data folder);
    bots wait ``pace`` seconds before each move; a connection may send ``rate`` messages per
    ``RATE_WINDOW`` seconds."""
    store = Store(database or default_url())
    tables = Tables(store, pace)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        await asyncio.to_thread(store.migrate)
        await tables.resume()
        yield
        await tables.close()
        store.dispose()

    app = FastAPI(title="tavola", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.tables = tables
    app.state.store = store
    templates = Jinja2Templates(directory=HERE / "templates")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    @app.middleware("http")
    async def headers(request: Request, call_next):  # type: ignore[no-untyped-def]
        size = request.headers.get("content-length")
        if size is not None and (not size.isdecimal() or int(size) > MAX_BODY):
            return JSONResponse({"error": "the request is too large"}, status_code=413)
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "lobby.html", {"games": list_games()})

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> HTMLResponse:
        table = await tables.get(table_id)
        if table is None:
            return templates.TemplateResponse(
                request, "missing.html", {"what": f"no table {table_id}"}, status_code=404
            )
        return templates.TemplateResponse(
            request, "table.html", {"table_id": table_id, "game": table.game.spec}
        )

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules(request: Request, game_id: str) -> HTMLResponse:
        try:
            spec = get_spec(game_id)
        except TavolaError:
            return templates.TemplateResponse(
                request, "missing.html", {"what": f"no game {game_id}"}, status_code=404
            )
        return templates.TemplateResponse(request, "rules.html", _rules_page(spec))

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [_game_json(spec) for spec in list_games()]

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSONResponse:
        try:
            body = json.loads(await request.body())
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            return JSONResponse({"error": "the body is not JSON"}, status_code=400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "the body is a JSON object"}, status_code=400)
        seats = body.get("seats")
        if isinstance(seats, list):
            seats = [_with_agent(s) for s in seats]
        client = request.client.host if request.client else ""
        try:
            made = await tables.create(
                body.get("game"),
                body.get("players"),
                seats,
                body.get("variant"),
                body.get("options"),
                client=client,
            )
        except TableLimitError as exc:
            return JSONResponse({"error": str(exc)}, status_code=429)
        except TavolaError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        for seat in made["seats"]:
            key = seat.pop("key")
            seat["link"] = f"/t/{made['table']}#seat={seat['seat']}&key={key}" if key else None
        made["spectator"] = f"/t/{made['table']}"
        return JSONResponse(made, status_code=201)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> JSONResponse:
        table = await tables.get(table_id)
        if table is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        if not table.game.is_over:
            return JSONResponse(
                {
                    "error": "the record holds the seed, which reveals every hand: it is given "
                    "once the game is over"
                },
                status_code=403,
            )
        return JSONResponse(table.game.record())

    @app.websocket("/ws/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        table = await tables.get(table_id)
        if table is None:
            await ws.send_json({"type": "error", "message": "no such table"})
            await ws.close(code=4404)
            return
        if len(table.listeners) >= MAX_LISTENERS:
            await ws.send_json({"type": "error", "message": "this table has too many visitors"})
            await ws.close(code=4429)
            return
        listener: Listener | None = None
        stamps: list[float] = []
        try:
            while True:
                text = await ws.receive_text()
                clock = time.monotonic()
                stamps = [t for t in stamps if clock - t < RATE_WINDOW] + [clock]
                if len(stamps) > rate:
                    await ws.send_json({"type": "error", "message": "too many messages; slow down"})
                    continue
                if len(text) > MAX_MESSAGE:
                    await ws.send_json({"type": "error", "message": "the message is too large"})
                    continue
                try:
                    msg = json.loads(text)
                except (json.JSONDecodeError, RecursionError):
                    await ws.send_json({"type": "error", "message": "a message is a JSON object"})
                    continue
                if not isinstance(msg, dict):
                    await ws.send_json({"type": "error", "message": "a message is a JSON object"})
                    continue
                kind = msg.get("type")
                try:
                    if kind == "hello" and listener is None:
                        seat = msg.get("seat")
                        if seat is not None:
                            seat = table.seat_of(seat, msg.get("key"))
                        listener = Listener(seat, ws.send_json)
                        table.listeners.add(listener)
                        await table.send(listener)
                    elif kind == "act" and listener is not None and listener.seat is not None:
                        await table.act(listener.seat, msg.get("action"))
                    elif kind == "act":
                        raise TavolaError("a spectator cannot act: open the link of a seat")
                    else:
                        raise TavolaError("say hello first, once: {'type': 'hello', 'seat', 'key'}")
                except TavolaError as exc:
                    await ws.send_json({"type": "error", "message": str(exc)})
        except WebSocketDisconnect:
            pass
        finally:
            if listener is not None:
                listener.closed = True
                table.listeners.discard(listener)

    return app


def _with_agent(seat: object) -> object:
    """A bot seat may name a difficulty (easy, medium) instead of an agent."""
    if isinstance(seat, dict) and seat.get("kind") == "bot":
        level = seat.get("difficulty")
        if "agent" not in seat and isinstance(level, str) and level in DIFFICULTY:
            return {**seat, "agent": DIFFICULTY[level]}
    return seat


def _rules_page(spec: Any) -> dict[str, Any]:
    """A game's rules in brief (its text module's, in paragraphs) and its standard card faces
    as a table: a column per field of the faces, a line per group of names (suits, kinds)."""
    text = spec.text.RULES if spec.text is not None else spec.description
    paragraphs: list[str] = []
    line_ended = True
    for line in text.splitlines():  # a line that ends a sentence ends a paragraph
        if line_ended or not paragraphs:
            paragraphs.append(line.strip())
        else:
            paragraphs[-1] += " " + line.strip()
        line_ended = line.rstrip().endswith((".", ":"))
    faces = new_game(spec.id, players=spec.min_players, seed=0).card_table()
    cards = list(faces.get("cards", {}).values())
    columns = [k for k in dict.fromkeys(k for c in cards for k in c) if k != "name"]
    groups = []
    for name, values in faces.items():
        if name == "cards":
            continue
        shown = values.values() if isinstance(values, dict) else values
        groups.append((name, ", ".join(map(str, shown))))
    return {"spec": spec, "rules": paragraphs, "cards": cards, "columns": columns, "groups": groups}


def _game_json(spec: Any) -> dict[str, Any]:
    """A game for the lobby: its spec, without card-data options (the standard set is used)."""
    data = spec.to_json()
    data["options"] = {
        name: option.to_json()
        for name, option in spec.options.items()
        if not isinstance(option, CardsOption)
    }
    data["agents"] = sorted(AGENTS)
    data["difficulties"] = DIFFICULTY
    return data
