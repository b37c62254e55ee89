"""The web app: pages, the JSON API and the table WebSocket (protocol in docs/web.md).

Front ends never touch rules: this module calls the session layer, which calls the game's public
API; every message to a seat is built by :meth:`LiveTable.message` for that seat alone, every
replay step by :func:`replay_message`.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import math
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketState

from ..agents import AGENTS, DIFFICULTIES, difficulties, level_words
from ..agents.analysis import value_words
from ..core.errors import (
    IllegalActionError,
    RecordError,
    SeatError,
    TavolaError,
    UnknownGameError,
)
from ..core.registry import get_spec, list_games, new_game
from ..core.words import listed
from ..session import (
    HAND_OVER_AFTER,
    CreatorError,
    Listener,
    LiveTable,
    NotOverError,
    TableLimitError,
    Tables,
    replay_message,
    review_message,
)
from ..session.hub import TABLES_PER_WINDOW
from ..session.replay import final_game
from ..store import Store, default_url
from .readings import reading

log = logging.getLogger(__name__)
HERE = Path(__file__).parent

MAX_MESSAGE = 16 * 1024
"""The largest WebSocket message a client may send (an action is a few dozen bytes)."""
MAX_BODY = 64 * 1024
"""The largest request body but a record's (a table's settings: card data up to 60 KiB)."""
MAX_RECORD = 2 * 1024 * 1024
"""The largest record to import: card data by content (up to 256 KiB) and the actions (a long
four-player game of Rivals takes 65 KB)."""
RECORDS = "/api/replays"
"""Where records are imported."""
RATE = 40
"""Messages a connection may send per RATE_WINDOW seconds (a quick player's clicks, eight a
second, are under it)."""
RATE_WINDOW = 5.0
MAX_STATUSES = 200
"""Tables one status request may ask about (the tables a browser keeps in "My tables")."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_LISTENERS = 64
"""Connections to a table (hello said or not) past which a spectator is refused; a seat's
player, with its secret, is let in however many watch."""
HELLO_SECONDS = 10.0
"""How long a connection may stay without saying hello."""
MAX_REVIEWS = 200
"""Reviews kept once made (the oldest go first)."""
MAX_CONNECTIONS = 32
"""Open WebSocket connections per client address, over all tables."""
COLLECTOR_THRESHOLDS = (10_000, 10, 100)
"""When the garbage collector looks for cycles while serving: after 10,000 new objects (CPython:
700), and a full pass after 100 middle ones (CPython: 10). An action's objects are freed by
reference counting, but each pass walks all the objects of its generations still alive (the
tables' new states, the connections). Under load at CPython's defaults, young passes came six
times a second (up to 11 ms), middle ones every 2 s (2-18 ms) and full ones every 15-20 s (80-110
ms): 1% of the time, and every action arriving meanwhile waited (docs/web-load.md)."""
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def create_app(
    database: str | None = None,
    pace: float = 0.8,
    rate: int = RATE,
    connections: int = MAX_CONNECTIONS,
    new_tables: int = TABLES_PER_WINDOW,
) -> FastAPI:
    """The app on the database URL ``database`` (default: SQLite in the user's data folder);
    bots wait ``pace`` seconds before each move; a connection may send ``rate`` messages per
    ``RATE_WINDOW`` seconds, and a client address hold ``connections`` connections and create
    ``new_tables`` tables per ten minutes (load tests raise the last three)."""
    store = Store(database or default_url())
    tables = Tables(store, pace, new_tables)
    open_by_client: Counter[str] = Counter()

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        await asyncio.to_thread(store.migrate)
        await tables.resume()
        gc.collect()
        gc.freeze()  # what was loaded at start is never walked by a collection again
        thresholds = gc.get_threshold()
        gc.set_threshold(*COLLECTOR_THRESHOLDS)
        yield
        gc.set_threshold(*thresholds)
        await tables.close()
        store.dispose()

    app = FastAPI(title="tavola", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.tables = tables
    app.state.store = store
    templates = Jinja2Templates(directory=HERE / "templates")
    templates.env.globals["game_stylesheet"] = _game_stylesheet
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    def missing(request: Request, what: str) -> HTMLResponse:
        return templates.TemplateResponse(request, "missing.html", {"what": what}, status_code=404)

    @app.exception_handler(HTTPException)
    async def not_found(request: Request, exc: HTTPException) -> Response:
        """An address that names no page gets a page saying so (and a way back to the lobby);
        the JSON API and the static files answer as usual."""
        path = request.url.path
        if path.startswith("/api/"):  # the API's refusals say {"error": ...}
            return JSONResponse({"error": str(exc.detail)}, exc.status_code, headers=exc.headers)
        if exc.status_code == 404 and not path.startswith("/static/"):
            return missing(request, f"no page {path[:80]}")
        return await http_exception_handler(request, exc)

    @app.exception_handler(RecordError)
    async def unloadable(request: Request, exc: RecordError) -> Response:
        """A stored table that cannot be loaded (played under another rules version)."""
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": str(exc)}, status_code=409)
        page = {"heading": "This table cannot be opened", "message": str(exc)}
        return templates.TemplateResponse(request, "missing.html", page, status_code=409)

    @app.middleware("http")
    async def headers(request: Request, call_next):  # type: ignore[no-untyped-def]
        size = request.headers.get("content-length")
        limit = MAX_RECORD if request.url.path == RECORDS else MAX_BODY
        if size is not None and (not size.isdecimal() or int(size) > limit):
            response: Response = _too_large(limit)  # refused before the body is read
        else:
            try:
                response = await call_next(request)
            except Exception:  # a fault of ours: logged, and answered with the same headers
                log.exception("%s %s failed", request.method, request.url.path)
                response = JSONResponse(
                    {"error": "the server failed on this request (the fault is in its log)"},
                    status_code=500,
                )
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "lobby.html", {"games": list_games()})

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> HTMLResponse:
        async with tables.visit(table_id) as table:
            if table is None:
                return missing(request, f"no table {table_id}")
            page = {
                "table_id": table_id,
                "game": table.game.spec,
                "difficulties": list(difficulties(table.game.spec.id)),
                "hand_over_after": HAND_OVER_AFTER,
            }
            return templates.TemplateResponse(request, "table.html", page)

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str) -> HTMLResponse:
        async with tables.visit(table_id) as table:
            if table is None:
                return missing(request, f"no table {table_id}")
            over = table.game.is_over  # before, nothing of the game's moves is shown
            steps = len(table.game.history) if over else None
            page = {
                "table": table,
                "game": table.game.spec,
                "over": over,
                "steps": steps,
                "bots": [_bot_words(s.bot_moves(steps), steps) for s in table.seats]
                if over
                else [],
                "values": value_words(table.game.players),
            }
            return templates.TemplateResponse(
                request, "replay.html", page, status_code=200 if page["over"] else 403
            )

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules(request: Request, game_id: str) -> HTMLResponse:
        try:
            spec = get_spec(game_id)
        except TavolaError:
            return missing(request, f"no game {game_id}")
        return templates.TemplateResponse(request, "rules.html", _rules_page(spec))

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [_game_json(spec) for spec in list_games()]

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSONResponse:
        body = await _json_object(request)
        if isinstance(body, JSONResponse):
            return body
        seats = body.get("seats")
        if isinstance(seats, list):
            game = body.get("game")
            seats = [_with_agent(s, game) if isinstance(s, dict) else s for s in seats]
        try:
            made = await tables.create(
                body.get("game"),
                body.get("players"),
                seats,
                body.get("variant"),
                body.get("options"),
                client=_client(request),
            )
        except TavolaError as exc:
            return _refusal(exc)
        for seat in made["seats"]:
            key = seat.pop("key")
            seat["link"] = f"/t/{made['table']}#seat={seat['seat']}&key={key}" if key else None
        made["spectator"] = f"/t/{made['table']}"
        return JSONResponse(made, status_code=201)

    @app.get("/api/tables/status")
    async def statuses(ids: str = "") -> JSONResponse:
        """Whether each table of ``ids`` (comma-separated, at most MAX_STATUSES) is over, and
        its rematch; for a table in play that the server has loaded, the seats to act (as its
        spectators see them); a table not on this server is left out. "My tables" asks."""
        wanted = [i for i in ids.split(",") if i]
        if len(wanted) > MAX_STATUSES or not all(TABLE_ID.fullmatch(i) for i in wanted):
            why = f"ids are at most {MAX_STATUSES} table ids, separated by commas"
            return JSONResponse({"error": why}, status_code=400)
        found = await asyncio.to_thread(store.statuses, wanted) if wanted else {}
        for table_id, status in found.items():
            live = tables.live.get(table_id)
            if live is not None and not status["over"]:
                status["to_act"] = sorted(live.game.to_act)
        return JSONResponse({"tables": found})

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> JSONResponse:
        async with tables.visit(table_id) as table:
            if table is None:
                return JSONResponse({"error": "no such table"}, status_code=404)
            try:
                record = final_game(table).record()
            except TavolaError as exc:
                return _refusal(exc)
            return JSONResponse({**record, "names": [s.name for s in table.seats]})

    async def change_seat(
        request: Request,
        table_id: str,
        seat: str,
        change: Callable[[LiveTable, int | None, dict[str, Any]], Awaitable[None]],
    ) -> JSONResponse:
        """A seat handed to a bot, or given back to its person: the seat as it is then."""
        body = await _json_object(request)
        if isinstance(body, JSONResponse):
            return body
        async with tables.visit(table_id) as table:
            if table is None:
                return JSONResponse({"error": "no such table"}, status_code=404)
            number = _number(seat)
            try:
                await change(table, number, body)
            except TavolaError as exc:
                return _refusal(exc)
            return JSONResponse({"seat": number, **table.seats[number].to_json()})  # type: ignore[index]

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def hand_to_bot(request: Request, table_id: str, seat: str) -> JSONResponse:
        return await change_seat(
            request,
            table_id,
            seat,
            lambda table, number, body: table.hand_to_bot(
                number,
                _with_agent(body, table.game.spec.id).get("agent"),
                creator=body.get("creator"),
                by=body.get("seat"),
                key=body.get("key"),
            ),
        )

    @app.post("/api/tables/{table_id}/seats/{seat}/person")
    async def give_back(request: Request, table_id: str, seat: str) -> JSONResponse:
        return await change_seat(
            request,
            table_id,
            seat,
            lambda table, number, body: table.give_back(number, body.get("key")),
        )

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(request: Request, table_id: str) -> JSONResponse:
        body = await _json_object(request)
        if isinstance(body, JSONResponse):
            return body
        async with tables.visit(table_id) as table:
            if table is None:
                return JSONResponse({"error": "no such table"}, status_code=404)
            try:
                made, new = await tables.rematch(
                    table, body.get("seat"), body.get("key"), body.get("creator"), _client(request)
                )
            except TavolaError as exc:
                return _refusal(exc)
            return JSONResponse({"table": made}, status_code=201 if new else 200)

    @app.get("/api/replays/{table_id}")
    async def replay(table_id: str, seat: str = "", step: str = "0") -> JSONResponse:
        async with tables.visit(table_id) as table:
            if table is None:
                return JSONResponse({"error": "no such table"}, status_code=404)
            viewer = None if seat in ("", "spectator") else _number(seat)
            try:
                msg = await asyncio.to_thread(replay_message, table, viewer, _number(step))
            except TavolaError as exc:
                return _refusal(exc)
            return JSONResponse(msg)

    reviews: dict[tuple[str, int | str], dict[str, Any]] = {}
    reviewing = asyncio.Lock()  # one review at a time: each is seconds of search

    @app.get("/api/replays/{table_id}/review")
    async def review(table_id: str, seat: str = "") -> JSONResponse:
        async with tables.visit(table_id) as table:
            if table is None:
                return JSONResponse({"error": "no such table"}, status_code=404)
            key = (table_id, _number(seat))
            async with reviewing:
                if key not in reviews:
                    try:
                        reviews[key] = await asyncio.to_thread(review_message, table, key[1])
                    except TavolaError as exc:
                        return _refusal(exc)
                    while len(reviews) > MAX_REVIEWS:
                        del reviews[next(iter(reviews))]
            return JSONResponse(reviews[key])

    @app.post(RECORDS)
    async def import_record(request: Request) -> JSONResponse:
        body = await _body(request, MAX_RECORD)
        if body is None:
            return _too_large(MAX_RECORD)
        data = _parsed(body)
        if data is NOT_JSON:
            fault = "is empty" if not body.strip() else "is not JSON"
            return JSONResponse(
                {"error": f"the file {fault}: a record is the JSON a finished table gives"},
                status_code=400,
            )
        try:
            table_id, key = await tables.import_record(data, client=_client(request))
        except TavolaError as exc:
            return _refusal(exc)
        spec = get_spec(data["game"])  # the record was replayed: its game is known
        answer = {
            "table": table_id,
            "replay": f"/replay/{table_id}",
            "game": spec.id,
            "title": spec.title,
        }
        if key is None:
            return JSONResponse(answer)  # imported before: its importer may delete it
        return JSONResponse({**answer, "key": key}, status_code=201)

    @app.delete(RECORDS + "/{table_id}")
    async def delete_record(request: Request, table_id: str) -> JSONResponse:
        body = await _json_object(request)
        if isinstance(body, JSONResponse):
            return body
        try:
            found = await tables.delete_record(table_id, body.get("key"))
        except TavolaError as exc:
            return _refusal(exc)
        if not found:
            return JSONResponse({"error": "no such table"}, status_code=404)
        for cached in [k for k in reviews if k[0] == table_id]:
            del reviews[cached]
        return JSONResponse({"deleted": table_id})

    @app.websocket("/ws/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        client = ws.client.host if ws.client else ""
        if open_by_client[client] >= connections:
            why = f"too many connections from your address (at most {connections})"
            await ws.send_json({"type": "error", "message": f"{why}; close some pages"})
            await ws.close(code=4429, reason=why)
            return
        open_by_client[client] += 1
        try:
            async with tables.visit(table_id) as table:
                if table is None:
                    await ws.send_json({"type": "error", "message": "no such table"})
                    await ws.close(code=4404, reason="no such table")
                    return
                await _serve(ws, table, rate)
        except RecordError as exc:  # a stored table this tavola cannot load
            await ws.send_json({"type": "error", "message": str(exc)})
            await ws.close(code=4409, reason="this table cannot be opened")
        finally:
            open_by_client[client] -= 1
            if not open_by_client[client]:
                del open_by_client[client]

    return app


async def _serve(ws: WebSocket, table: LiveTable, rate: int) -> None:
    """One connection to a table: a hello, then actions, each checked; until it closes."""
    listener: Listener | None = None
    stamps: list[float] = []
    deadline = time.monotonic() + HELLO_SECONDS  # for the hello, counted from connecting
    try:
        while True:
            if listener is None:  # a connection that never says hello is not kept
                try:
                    left = max(deadline - time.monotonic(), 0)
                    message = await asyncio.wait_for(ws.receive(), left)
                except TimeoutError:
                    why = f"say hello within {HELLO_SECONDS:g} seconds"
                    await ws.send_json({"type": "error", "message": why})
                    await ws.close(code=4408, reason=why)
                    return
            else:
                message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message["code"], message.get("reason"))
            text = message.get("text")
            clock = time.monotonic()
            stamps = [t for t in stamps if clock - t < RATE_WINDOW]
            if len(stamps) >= rate:  # refused messages do not count: a quick clicker waits
                retry = math.ceil(RATE_WINDOW - (clock - stamps[0]))
                why = f"too many messages; slow down (the next is taken in {retry} s)"
                await ws.send_json({"type": "error", "message": why, "retry": retry})
                continue
            stamps.append(clock)
            if text is None:  # a binary frame
                await ws.send_json({"type": "error", "message": "a message is JSON text"})
                continue
            if len(text) > MAX_MESSAGE:
                await ws.send_json({"type": "error", "message": "the message is too large"})
                continue
            msg = _parsed(text)
            if not isinstance(msg, dict):
                await ws.send_json({"type": "error", "message": "a message is a JSON object"})
                continue
            kind = msg.get("type")
            try:
                if kind == "hello" and listener is None:
                    seat = msg.get("seat")
                    if seat is not None:
                        seat = table.seat_of(seat, msg.get("key"))
                    elif table.visitors > MAX_LISTENERS:  # this connection is one of them
                        why = "this table has too many visitors"
                        await ws.send_json({"type": "error", "message": why})
                        await ws.close(code=4429, reason=why)
                        return
                    listener = Listener(seat, ws.send_text)
                    await table.join(listener)
                elif kind == "act" and listener is not None and listener.seat is not None:
                    await table.act(listener.seat, msg.get("action"))
                elif kind == "take_back" and listener is not None and listener.seat is not None:
                    await table.take_back(listener.seat)
                elif kind in ("act", "take_back"):
                    raise TavolaError("a spectator cannot act: open the link of a seat")
                else:
                    raise TavolaError("say hello first, once: {'type': 'hello', 'seat', 'key'}")
            except TavolaError as exc:  # a refused hello says so: the page then stops trying
                refused = {"refused": True} if listener is None and kind == "hello" else {}
                await ws.send_json({"type": "error", "message": str(exc), **refused})
    except WebSocketDisconnect:
        pass
    except RuntimeError:  # gone while a message was being sent to it
        if ws.application_state == WebSocketState.CONNECTED:
            raise
    finally:
        if listener is not None:
            await table.leave(listener)


def _too_large(limit: int = MAX_BODY) -> JSONResponse:
    most = f"{limit // 1024 // 1024} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"
    return JSONResponse({"error": f"the request is too large (at most {most})"}, status_code=413)


async def _body(request: Request, limit: int = MAX_BODY) -> bytes | None:
    """The request's body, or None if it is longer than ``limit``. A body sent in chunks
    declares no length for the headers' check: it is counted as it comes, and never kept whole."""
    parts, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        parts.append(chunk)
    return b"".join(parts)


async def _json_object(request: Request) -> dict[str, Any] | JSONResponse:
    """The request's body, a JSON object; or the 413 or 400 answer saying it is not."""
    raw = await _body(request)
    if raw is None:
        return _too_large()
    body = _parsed(raw)
    if body is NOT_JSON:
        return JSONResponse({"error": "the body is not JSON"}, status_code=400)
    if not isinstance(body, dict):
        return JSONResponse({"error": "the body is a JSON object"}, status_code=400)
    return body


NOT_JSON = object()
"""What :func:`_parsed` gives for text that is not JSON."""


def _parsed(raw: str | bytes) -> Any:
    """JSON text parsed, or :data:`NOT_JSON` for bad syntax, bytes that are not UTF-8, nesting
    deeper than Python recurses, or a number of more digits than it converts (4,300)."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError included
        return NOT_JSON


def _game_stylesheet(game_id: str) -> str | None:
    """The address of a game's own stylesheet, static/games/<id>.css, or None if it has none.
    A table's and a replay's page link it in their head, so a board is never drawn unstyled."""
    name = f"games/{game_id}.css"
    return f"/static/{name}" if (HERE / "static" / name).is_file() else None


def _bot_words(moves: list[tuple[int, int]], steps: int) -> str:
    """Who played a seat of a finished game of ``steps`` moves, as the replay's list of seats
    says it after the seat's name, from the moves a bot played (``SeatInfo.bot_moves``).

    >>> _bot_words([], 90), _bot_words([(0, 90)], 90), _bot_words([(40, 41), (60, 90)], 90)
    ('', ' (bot)', ' (a bot played moves 41 and 61-90)')
    """
    if not moves:
        return ""
    if moves == [(0, steps)]:
        return " (bot)"
    spans = [str(b) if b == a + 1 else f"{a + 1}-{b}" for a, b in moves]
    plural = "s" if len(moves) > 1 or "-" in spans[0] else ""
    return f" (a bot played move{plural} {listed(spans)})"


def _number(text: str) -> int | str:
    """A whole number written plainly (ASCII digits, no leading zero), or the text itself
    (which the session layer refuses): one seat has one address."""
    plain = text.isascii() and text.isdecimal() and len(text) <= 9
    return int(text) if plain and (text == "0" or text[0] != "0") else text


def _client(request: Request) -> str:
    return request.client.host if request.client else ""


def _refusal(exc: TavolaError) -> JSONResponse:
    """A refusal as JSON, its status saying what kind: 429 too many tables, 403 not allowed
    (not the creator, the game not over), 404 no such seat, 409 not now, 400 bad input."""
    status = 400
    if isinstance(exc, TableLimitError):
        body = {"error": str(exc), "retry": exc.retry}
        return JSONResponse(body, status_code=429, headers={"Retry-After": str(exc.retry)})
    if isinstance(exc, CreatorError | NotOverError):
        status = 403
    elif isinstance(exc, SeatError):
        status = 404
    elif isinstance(exc, IllegalActionError):
        status = 409
    body = {"error": str(exc)} if exc.option is None else {"error": str(exc), "option": exc.option}
    return JSONResponse(body, status_code=status)


def _with_agent(data: dict[str, Any], game_id: object) -> dict[str, Any]:
    """A bot may be named by a difficulty (easy, medium, hard) instead of an agent: the agent
    it is in ``game_id`` (a game not known is refused later, by its table)."""
    level = data.get("difficulty")
    if "agent" not in data and isinstance(level, str) and level in DIFFICULTIES:
        try:
            levels = difficulties(game_id if isinstance(game_id, str) else None)
        except UnknownGameError:
            levels = DIFFICULTIES
        return {**data, "agent": levels.get(level, level)}  # a level it lacks: refused later
    return data


def _rules_page(spec: Any) -> dict[str, Any]:
    """A game's rules in brief (its text module's, in paragraphs, and its one-player rules if
    it has them), its standard card faces
    as a table (a column per field of the faces, a line per group of names: suits, kinds),
    and the reading of its rulebook (docs/rules/<game>.md) if it has one."""
    text = spec.text.RULES if spec.text is not None else spec.description
    faces = new_game(spec.id, players=spec.min_players, seed=0).card_table()
    cards = [_in_words(card, faces) for card in faces.get("cards", {}).values()]
    columns = [k for k in dict.fromkeys(k for c in cards for k in c) if k != "name"]
    groups = []
    for name, values in faces.items():
        if name in ("cards", "words"):  # words: what front ends say, not the cards' faces
            continue
        shown = values.values() if isinstance(values, dict) else values
        groups.append((name, _words(shown)))
    return {
        "spec": spec,
        "rules": _paragraphs(text),
        "solo": _paragraphs(getattr(spec.text, "SOLO", "")),  # a game's one-player rules
        "cards": cards,
        "columns": columns,
        "groups": groups,
        "reading": reading(spec.id),
    }


def _paragraphs(text: str) -> list[str]:
    """Text wrapped in lines as its paragraphs (parted by blank lines), each on one line.

    >>> _paragraphs("One two\\nthree.\\n\\nIt ends.")
    ['One two three.', 'It ends.']
    """
    return [" ".join(part.split()) for part in re.split(r"\n\s*\n", text.strip()) if part]


def _in_words(card: dict[str, Any], faces: dict[str, Any]) -> dict[str, Any]:
    """A card's face for the rules page: a field that indexes a group of the faces (``suit``
    in ``suits``, ``skill`` in ``skills``) by its name there, yes or no for a flag, a list
    as words."""
    out = {}
    for key, value in card.items():
        group = faces.get(f"{key}s")
        if isinstance(group, list):
            group = dict(enumerate(group))
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif isinstance(group, dict) and isinstance(value, int | str) and value in group:
            value = group[value]
        out[key] = _words(value) if isinstance(value, list) else _word(value)
    return out


def _words(values: Any) -> str:
    """Values of the card faces in words, parted by commas (semicolons between values that
    have commas of their own: "level 1, first from the left; ...")."""
    words = list(map(_word, values))
    return ("; " if any("," in w for w in words) else ", ").join(words)


def _word(value: Any) -> str:
    """A value of the card faces in words: a pair (two skills cross-linked) as 'PERSP–PORT',
    none (a wild card's needs) as a dash, not Python's 'None' or "['PERSP', 'PORT']"."""
    if value is None:
        return "—"
    if isinstance(value, list | tuple):
        return "–".join(map(_word, value))
    return str(value)


def _game_json(spec: Any) -> dict[str, Any]:
    """A game for the lobby: its spec, its options (card data among them: the lobby sends a
    chosen file's text), its bots and their difficulties (with what each does)."""
    data = spec.to_json()
    data["options"] = {name: option.to_json() for name, option in spec.options.items()}
    data["agents"] = sorted(AGENTS)
    data["difficulties"] = difficulties(spec.id)
    data["level_words"] = level_words(spec.id)
    return data
