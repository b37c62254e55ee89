"""The web app in a real browser: Playwright driving Debian's Chromium headless (no browser
download). Whole games through the page against bots, two people at one table in two browser
contexts, and screenshots of each game's table kept under ``test-output/screenshots``.

Chromium is found at ``$TAVOLA_CHROMIUM`` or /usr/bin/chromium (``.ci/run`` installs Debian's).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

import tavola
from tavola.web import create_app

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("TAVOLA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"
GAMES = [spec for spec in tavola.list_games() if not spec.id.startswith("test-")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server (uvicorn, in a thread) on a fresh SQLite database; its base URL."""
    db = tmp_path_factory.mktemp("db") / "tavola.sqlite3"
    port = free_port()
    app = create_app(f"sqlite:///{db}", pace=0.02, rate=10**6)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield url
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def play_until_the_end(page, limit: int = 3000) -> None:
    """Click the first action button whenever there is one, until the end screen shows."""
    end = page.locator("#end")
    buttons = page.locator("#action-buttons button:enabled")
    for _ in range(limit):
        if end.is_visible():
            return
        if buttons.count():
            with contextlib.suppress(playwright.Error):  # changed under the click: look again
                buttons.first.click(timeout=2000)
        else:
            page.wait_for_timeout(20)
    raise AssertionError("the game did not end through the page")


@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_a_whole_game_through_the_lobby_and_the_table(server: str, browser, spec) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server + "/")
    page.get_by_label("Game", exact=True).select_option(spec.id)
    page.get_by_label("Players", exact=True).fill(str(spec.min_players))
    page.get_by_label("Players", exact=True).dispatch_event("change")
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("link", name="Open my seat (seat 0)").click()
    page.wait_for_selector("#board *")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / f"{spec.id}-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / f"{spec.id}-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    play_until_the_end(page)
    page.screenshot(path=str(SHOTS / f"{spec.id}-end.png"), full_page=True)
    assert page.locator("#end").is_visible()
    assert errors == []
    page.close()


def test_two_people_at_one_table_in_two_browsers(server: str, browser) -> None:
    body = {
        "game": "renaissance-man-2d6",
        "players": 3,
        "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot", "difficulty": "easy"}],
    }
    request = urllib.request.Request(
        server + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        made = json.load(response)
    pages = []
    for seat in (0, 1):
        context = browser.new_context()
        page = context.new_page()
        page.goto(server + made["seats"][seat]["link"])
        pages.append(page)
    for page, seat in zip(pages, (0, 1), strict=True):
        page.wait_for_selector("#board *")
        assert f"{seat}" in page.locator("#who-am-i").inner_text()
    for _ in range(3000):
        if all(p.locator("#end").is_visible() for p in pages):
            break
        for p in pages:
            buttons = p.locator("#action-buttons button:enabled")
            if buttons.count():
                with contextlib.suppress(playwright.Error):
                    buttons.first.click(timeout=2000)
        pages[0].wait_for_timeout(10)
    assert all(p.locator("#end").is_visible() for p in pages)
    for p in pages:
        p.context.close()
