"""The web app in a real browser: Playwright driving Debian's Chromium headless (no browser
download). Whole games through the page against bots, two people at one table in two browser
contexts, a seat's player leaving (the clock everyone sees) and the creator handing the seat to a
bot, replays stepped through by buttons and keys, records imported from a file, an accessible
name on every control, and screenshots kept under ``test-output/screenshots``.

Chromium is found at ``$TAVOLA_CHROMIUM`` or /usr/bin/chromium (``.ci/run`` installs Debian's).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import re
import shutil
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from web_helpers import free_port, start_server

import tavola
from tavola.testing import random_record
from tavola.web import create_app

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

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
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server (uvicorn, in a thread) on a fresh SQLite database; its base URL."""
    db = tmp_path_factory.mktemp("db") / "tavola.sqlite3"
    with serving(create_app(f"sqlite:///{db}", pace=0.02, rate=10**6, new_tables=10**6)) as url:
        yield url


@contextlib.contextmanager
def serving(app: object) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on a free port; its base URL."""
    port = free_port()
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


@pytest.fixture(autouse=True)
def no_page_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a browser test opens runs without an uncaught error: a page's own fault (a
    name used before it was set, once) is not left to show as something else."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    errors: list[str] = []
    opened, made = browser.new_page, browser.new_context

    def watch(page) -> None:
        page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))

    def new_page(*args, **kwargs):
        page = opened(*args, **kwargs)
        watch(page)
        return page

    def new_context(*args, **kwargs):
        context = made(*args, **kwargs)
        context.on("page", watch)
        return context

    browser.new_page, browser.new_context = new_page, new_context
    try:
        yield
    finally:
        browser.new_page, browser.new_context = opened, made
    assert errors == []


CONTROLS = {
    "button",
    "link",
    "textbox",
    "searchbox",
    "combobox",
    "listbox",
    "checkbox",
    "radio",
    "switch",
    "slider",
    "spinbutton",
    "menuitem",
    "tab",
    "DisclosureTriangle",  # a <summary>
}


def api(server: str, path: str, body: dict) -> dict:
    """POST ``body`` as JSON to the server; its JSON answer."""
    request = urllib.request.Request(
        server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def lobby(server: str, browser, game: str, **page: object) -> object:
    """A new page on the lobby with ``game`` chosen."""
    opened = browser.new_page(**page)
    opened.goto(server + "/")
    opened.get_by_label("Game", exact=True).select_option(game)
    return opened


def my_seat(server: str, browser, game: str, players: int, bot: str, **page: object) -> object:
    """A new page at seat 0 of a new table of ``game``: this seat a person's, the others ``bot``."""
    seats = [{"kind": "me"}] + [{"kind": "bot", "agent": bot}] * (players - 1)
    made = api(server, "/api/tables", {"game": game, "players": players, "seats": seats})
    opened = browser.new_page(**page)
    opened.goto(server + made["seats"][0]["link"])
    return opened


def unnamed_controls(page) -> list[str]:
    """The controls of ``page`` (buttons, links, fields...) without an accessible name, as
    Chromium computes names for screen readers."""
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")
    out = []
    for node in tree["nodes"]:
        role = node.get("role", {}).get("value")
        name = (node.get("name", {}).get("value") or "").strip()
        if not node.get("ignored") and role in CONTROLS and not name:
            out.append(f"{role} (DOM node {node.get('backendDOMNodeId')})")
    return out


REVIEWED_STEPS = 400
"""Replays of records at most this long are also reviewed by the search bot (Testa's and the
2006 game's random games; the newer games' random games run to their safety cap)."""


def finished_record(game: str, seed: int, players: int | None = None) -> dict:
    """The record of a finished game of random moves (two players at least: the replay is
    seen from two seats; or ``players``), as a table gives it."""
    players = players or max(2, tavola.get_spec(game).min_players)
    g = tavola.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g.record()


def watch_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


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
def test_my_seats_panel_is_named_mine(server: str, browser, spec) -> None:
    """The 2006 game's seat panel was named "Seat 0" for its own player, Testa's "Seat 0 (you)"."""
    page = my_seat(server, browser, spec.id, max(2, spec.min_players), "random")
    expect(page.locator('#board section[aria-label^="Seat 0 (you)"]')).to_have_count(1)
    page.close()


def test_the_focus_after_a_card_is_played_is_on_a_phones_screen(server: str, browser) -> None:
    """On a phone, a Testa card played by its key left the focus on the turn line, at y=-749,
    unscrolled to: a keyboard or screen reader's user was left off the screen."""
    page = my_seat(server, browser, "testa-di-pecora", 4, "random", viewport=PHONE)
    card = page.locator("#board button.playable:enabled").first
    card.wait_for(timeout=20000)
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    box = page.evaluate("() => document.activeElement.getBoundingClientRect().toJSON()")
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    page.close()


def test_a_move_tapped_on_a_phone_leaves_the_page_where_it_was(server: str, browser) -> None:
    """On a phone, every move tapped in the bar along the bottom scrolled the page down (84 px
    in Rivals): the focus, kept on the bar's first button, was scrolled to, and the bar, sticky
    under the page's scroll padding, is never far enough in view. The board crept away."""
    page = my_seat(
        server, browser, "renaissance-rivals", 2, "random", viewport=PHONE, has_touch=True
    )
    buttons = page.locator("#action-buttons button.action:enabled")
    for _ in range(3):
        buttons.first.wait_for(timeout=20000)
        before = buttons.all_inner_texts()
        box = buttons.first.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        for _ in range(100):  # the next moves drawn
            page.wait_for_timeout(50)
            if buttons.all_inner_texts() != before:
                break
        assert page.evaluate("scrollY") == 0
    page.close()


def test_two_moves_that_read_alike_have_buttons_named_apart(server: str, browser) -> None:
    """Two copies of a card in a Rivals hand gave two buttons both named "Use Holy Family: 2
    Influence". (The server's moves are made to read alike here: a hand's copies come late.)
    And what a market card's numbers are was said only in tooltips, which touch never shows."""
    made = api(
        server,
        "/api/tables",
        {"game": "renaissance-rivals", "players": 1, "seats": [{"kind": "me"}]},
    )
    page = browser.new_page()

    def alike(ws) -> None:
        def from_server(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("legal"):
                msg["legal"][1]["label"] = msg["legal"][0]["label"]
            ws.send(json.dumps(msg))

        ws.connect_to_server().on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/"), alike)
    page.goto(server + made["seats"][0]["link"])
    buttons = page.locator("#action-buttons button")
    expect(buttons.nth(0)).to_have_text(re.compile(r"Influence \(copy 1 of 2\)$"))
    expect(buttons.nth(1)).to_have_text(re.compile(r"Influence \(copy 2 of 2\)$"))
    expect(buttons.nth(2)).not_to_have_text(re.compile("copy"))
    expect(page.locator(".rr-market-head")).to_contain_text(
        "cost in Influence (circled), what it gives"
    )
    page.close()


def test_the_lobby_opens_my_seat_by_the_name_i_gave_it(server: str, browser) -> None:
    """The link to the creator's seat said "Open my seat (seat 0)" whatever name was typed."""
    page = lobby(server, browser, "testa-di-pecora")
    page.get_by_label("Seat 0: name (optional)").fill("Anna")
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("link", name="Open my seat")).to_have_text(
        "Open my seat (Seat 0 · \u2068Anna\u2069)"
    )
    page.close()


@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_a_whole_game_through_the_lobby_and_the_table(server: str, browser, spec) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
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
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"{spec.id}-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    play_until_the_end(page)
    page.screenshot(path=str(SHOTS / f"{spec.id}-end.png"), full_page=True)
    assert page.locator("#end").is_visible()
    outcome = r"^(You win|Seat \d wins|.+ and .+ win|Nobody wins|The game is lost)\.$"
    expect(page.locator("#turn")).to_have_text(re.compile(outcome))
    page.get_by_role("link", name="Watch the replay").click()
    page.wait_for_selector("#board *")
    assert page.locator("#step-text").inner_text().startswith("Move 0 of ")
    assert errors == []
    page.close()


def test_every_option_of_every_game_is_a_field_of_the_lobby(server: str, browser) -> None:
    """A game's own kind of option (Rivals' Red deck, a choice with checks of its own) is asked
    for as the kind it refines, and what is chosen is what the table is made with."""
    page = browser.new_page()
    page.goto(server + "/")
    for spec in GAMES:
        page.get_by_label("Game", exact=True).select_option(spec.id)
        for count in (spec.min_players, spec.max_players):
            page.get_by_label("Players", exact=True).fill(str(count))
            page.get_by_label("Players", exact=True).dispatch_event("change")
            variant = page.locator("#variant").input_value()
            for name, option in spec.options.items():
                shown = page.locator(f"#opt-{name}").count()
                assert shown == option.applies(count, variant), (spec.id, count, variant, name)
    page.get_by_label("Game", exact=True).select_option("renaissance-rivals")
    page.get_by_label("Players", exact=True).fill("2")
    page.get_by_label("Players", exact=True).dispatch_event("change")
    page.locator("#opt-red_deck").select_option("yes")
    page.locator("#opt-artist_1").select_option("nelli")  # 'chosen artist' [D2]
    assert page.locator("#opt-artist_1 option:checked").inner_text() == "Sister Plautilla Nelli"
    with page.expect_request("**/api/tables") as made:
        page.get_by_role("button", name="Create table").click()
    assert made.value.post_data_json["options"]["red_deck"] == "yes"
    assert made.value.post_data_json["options"]["artist_1"] == "nelli"
    page.close()


def test_the_lobby_says_what_each_bot_level_does(server: str, browser) -> None:
    """A trial took the easy bot for a weak player; it played at random, and nothing said so."""
    page = lobby(server, browser, "testa-di-pecora")
    words = page.locator("#level-words")
    expect(words).to_contain_text("easy follows the game's rules of thumb, but plays 50% of its")
    expect(words).to_contain_text("hard searches ahead without seeing hidden cards")
    for s in (1, 2, 3, 4):  # no bot at the table: nothing to explain
        page.locator(f"#seat-{s}-kind").select_option("invite")
    expect(words).to_be_hidden()
    page.locator("#seat-2-kind").select_option("bot")
    expect(words).to_be_visible()
    page.close()


def test_the_lobby_offers_the_solo_variants_and_their_option_only_to_one_player(
    server: str, browser
) -> None:
    """Decision D24: the easier and tougher variants and their number of cards change only the
    one-player game, so with 2-4 players the lobby does not offer them."""
    page = lobby(server, browser, "renaissance-man")
    players = page.get_by_label("Players", exact=True)
    variant = page.get_by_label("Variant", exact=True)

    def choose(count: int) -> None:
        players.fill(str(count))
        players.dispatch_event("change")

    choose(1)
    assert page.locator("#opt-solo_cards").count() == 0  # the standard game has no solo cards
    variant.select_option("tougher")
    assert page.locator("#opt-solo_cards").count() == 1
    page.locator("#opt-solo_cards").fill("12")
    variant.select_option("standard")
    assert page.locator("#opt-solo_cards").count() == 0
    expect(page.locator("#players-note")).to_have_text(
        "Solo cards is for the easier or tougher variant: left out."
    )
    variant.select_option("tougher")
    assert page.locator("#opt-solo_cards").input_value() == "12"  # kept aside as it was
    choose(3)
    assert not variant.is_visible()
    assert page.locator("#opt-solo_cards").count() == 0
    assert page.locator("#opt-round_limit").count() == 1
    with page.expect_request("**/api/tables") as made:
        page.get_by_role("button", name="Create table").click()
    sent = made.value.post_data_json
    assert sent["variant"] == "standard" and "solo_cards" not in sent["options"]
    page.goto(server + "/")
    page.get_by_label("Game", exact=True).select_option("renaissance-man")
    choose(1)
    assert variant.is_visible()
    assert [o.text_content() for o in variant.locator("option").all()] == [
        "standard",
        "easier",
        "tougher",
    ]
    page.close()


def test_every_page_fits_a_phone_screen_for_every_game(server: str, browser) -> None:
    """No page scrolls sideways at 390 px (the lobby, the rules, a finished table, its replay):
    a fieldset's default minimum width (its content's) once pushed the lobby's options past
    the screen's edge, and a file field the replay's links."""
    page = browser.new_page(viewport=PHONE)
    width = "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    page.goto(server + "/")
    for spec in GAMES:
        page.get_by_label("Game", exact=True).select_option(spec.id)
        scroll, screen = page.evaluate(width)
        assert scroll <= screen, (spec.id, "lobby", scroll, screen)
    long_name = {"kind": "bot", "agent": "ismcts:iterations=2,c=0.7,rollout=random,horizon=0"}
    for spec in GAMES:
        made = api(server, "/api/replays", finished_record(spec.id, 4))
        players = max(2, spec.min_players)  # a bot named with its parameters: one long word
        seats = [{"kind": "invite"}] + [long_name] * (players - 1)
        live = api(server, "/api/tables", {"game": spec.id, "players": players, "seats": seats})
        for path in (f"/rules/{spec.id}", f"/t/{made['table']}", made["replay"], live["spectator"]):
            page.goto(server + path)
            if path != f"/rules/{spec.id}":
                page.wait_for_selector("#board *")
            scroll, screen = page.evaluate(width)
            assert scroll <= screen, (spec.id, path, scroll, screen)
    page.close()


def test_a_table_with_your_own_card_file_and_a_bad_one_named_by_its_line(
    server: str, browser, tmp_path: Path
) -> None:
    from tavola.games.testa_di_pecora.deck import STANDARD_DECK

    text = STANDARD_DECK.read_text(encoding="utf-8")
    mine = tmp_path / "my-deck.toml"
    mine.write_text(text.replace('name = "', 'name = "My '), encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace('name = "Pope"', "name = Pope"), encoding="utf-8")
    page = lobby(server, browser, "testa-di-pecora")
    page.locator("#opt-deck").set_input_files(str(broken))
    page.get_by_label("Players", exact=True).fill("5")  # the form redrawn: the file stays
    page.get_by_label("Players", exact=True).dispatch_event("change")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#lobby-error")).to_contain_text(
        "broken.toml, line 31: text is written between straight double quotes"
    )
    expect(page.locator("#opt-deck")).to_be_focused()  # the field at fault, not Create
    expect(page.locator("#opt-deck")).to_have_attribute("aria-invalid", "true")
    page.locator("#opt-deck").set_input_files(str(mine))
    with page.expect_request("**/api/tables") as made:
        page.get_by_role("button", name="Create table").click()
    sent = made.value.post_data_json
    assert sent["players"] == 5 and sent["options"]["deck"]["name"] == "my-deck.toml"
    page.get_by_role("link", name="Open my seat (seat 0)").click()
    expect(page.locator(".hand-box")).to_contain_text("My ")  # the cards' own names
    kept = page.evaluate("localStorage.getItem('tavola.tables')")
    assert '"settings"' in kept and '"toml"' not in kept  # the file's text is not kept
    # "New table with the same settings" asks for the file again (it was dropped silently)
    settings = json.loads(kept)[0]["settings"]
    assert settings["card_files"] == {"deck": "my-deck.toml"}
    page.goto(server + "/?settings=" + urllib.parse.quote(json.dumps(settings)))
    expect(page.locator("#option-fields .card-again")).to_have_text(
        "The table these settings come from used your card file my-deck.toml: choose it again, "
        "or the standard set is used."
    )
    page.locator("#opt-deck").set_input_files(str(mine))
    expect(page.locator("#option-fields .card-again")).to_have_count(0)
    page.close()


def test_a_bad_card_file_of_a_long_name_is_the_field_marked(
    server: str, browser, tmp_path: Path
) -> None:
    """A file's name of more than 80 characters is shortened by the server as --cards does (it
    was refused, "the card data's name is at most 80 characters", for a file the terminal
    took); the lobby still finds the field the message names by the shortened name."""
    from tavola.games.testa_di_pecora.deck import STANDARD_DECK

    text = STANDARD_DECK.read_text(encoding="utf-8")
    broken = tmp_path / ("my-deck-" + "with-cheaper-nobles-" * 5 + "v2.toml")
    broken.write_text(text.replace('name = "Pope"', "name = Pope"), encoding="utf-8")
    page = lobby(server, browser, "testa-di-pecora")
    page.locator("#opt-deck").set_input_files(str(broken))
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#lobby-error")).to_contain_text(f"{broken.name[:80]}, line 31: text is")
    expect(page.locator("#opt-deck")).to_be_focused()
    expect(page.locator("#opt-deck")).to_have_attribute("aria-invalid", "true")
    page.close()


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("deck\u202e.toml", "deck\\u202e.toml"),
        ('my "deck" <1>  ü.toml', 'my "deck" <1>  ü.toml'),
    ],
    ids=["escaped", "quotes-spaces-unicode"],
)
def test_a_bad_card_file_of_any_name_is_the_field_marked(
    server: str, browser, tmp_path: Path, name: str, shown: str
) -> None:
    """The lobby found the card-file field at fault by matching the message's start against
    the file's name: a name the server escapes (a right-to-left mark) left the field unmarked
    and the focus on Create; and the message showed two spaces of a name as one."""
    from tavola.games.testa_di_pecora.deck import STANDARD_DECK

    text = STANDARD_DECK.read_text(encoding="utf-8")
    broken = tmp_path / name
    broken.write_text(text.replace('name = "Pope"', "name = Pope"), encoding="utf-8")
    page = lobby(server, browser, "testa-di-pecora")
    page.locator("#opt-deck").set_input_files(str(broken))
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#lobby-error")).to_contain_text(f"{shown}, line 31: text is")
    assert page.locator("#lobby-error").inner_text().startswith(f"{shown}, line 31")
    expect(page.locator("#opt-deck")).to_be_focused()
    expect(page.locator("#opt-deck")).to_have_attribute("aria-invalid", "true")
    page.close()


def test_two_people_at_one_table_in_two_browsers_then_a_rematch(server: str, browser) -> None:
    body = {
        "game": "renaissance-man-2d6",
        "players": 3,
        "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot", "difficulty": "easy"}],
    }
    made = api(server, "/api/tables", body)
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
    # a rematch: one asks, the other is told and joins; each keeps their seat
    pages[1].evaluate(SAID)
    pages[0].get_by_role("button", name="Rematch").click()
    pages[0].wait_for_url(re.compile(r"/t/(?!" + made["table"] + r")[^#]+#seat=0&key="))
    join = pages[1].get_by_role("link", name="Join the rematch")
    join.wait_for()
    pages[1].wait_for_timeout(1000)  # the first seat's connection to this table closes
    # who left for the rematch did not lose the connection: once over, nobody's is said
    said = pages[1].evaluate("window.said")
    assert "A rematch has started." in said and not any("connection" in x for x in said), said
    join.click()
    pages[1].wait_for_url(re.compile(r"/t/(?!" + made["table"] + r")[^#]+#seat=1&key="))
    assert pages[0].url.split("#")[0] == pages[1].url.split("#")[0]
    for page, seat in zip(pages, (0, 1), strict=True):
        page.wait_for_selector("#board *")
        assert f"{seat}" in page.locator("#who-am-i").inner_text()
        assert page.locator("#end").is_hidden()
    for p in pages:
        p.context.close()


@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_a_replay_imported_from_a_file_stepped_through_by_buttons_and_keys(
    server: str, browser, spec, tmp_path: Path
) -> None:
    record = finished_record(spec.id, 4)
    steps = len(record["actions"])
    (tmp_path / "record.json").write_text(json.dumps(record))
    (tmp_path / "bad.json").write_text(json.dumps({**record, "rules_version": "0"}))
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(server + "/")
    page.get_by_label("Record file").set_input_files(tmp_path / "bad.json")
    refusal = page.locator("#import-error")
    refusal.wait_for()
    assert "cannot be replayed" in refusal.inner_text() and "rules version" in refusal.inner_text()
    assert errors == [
        "Failed to load resource: the server responded with a status of 400 (Bad Request)"
    ]
    errors.clear()  # Chromium logs the refusal's status; nothing else may go wrong
    page.get_by_label("Record file").set_input_files(tmp_path / "record.json")
    page.wait_for_url("**/replay/*")
    if spec.id == GAMES[0].id:  # "my tables" lists the replay opened (it was listed nowhere)
        replay = page.url
        page.goto(server + "/")
        row = page.locator("#my-tables > li").first
        expect(row.locator(".my-table-head a")).to_have_text(f"{spec.title} (replay)")
        expect(row).to_contain_text("opened from record.json · table")
        expect(row.locator(".table-status")).to_have_text("finished")
        row.locator(".my-table-head a").click()
        page.wait_for_url(replay)
    status = page.locator("#step-text")
    page.wait_for_selector("#board *")
    assert status.inner_text() == f"Move 0 of {steps}. Next: move 1."
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text(f"Move 1 of {steps}.")
    page.get_by_role("button", name="Forward").click()
    expect(page).to_have_url(re.compile("#seat=0&step=2$"))
    page.keyboard.press("End")
    page.locator("#end").wait_for()
    assert status.inner_text().startswith(f"Move {steps} of {steps}.")
    assert page.get_by_role("table", name="Final ranking").is_visible()
    page.keyboard.press("Home")
    expect(page).to_have_url(re.compile("#seat=0&step=0$"))
    assert page.locator("#end").is_hidden()
    page.get_by_role("button", name="Last").click()
    page.get_by_role("button", name="Back").click()
    expect(page).to_have_url(re.compile(f"#seat=0&step={steps - 1}$"))
    page.get_by_label("Seen by").select_option("1")
    expect(page).to_have_url(re.compile(f"#seat=1&step={steps - 1}$"))
    page.goto(page.url.split("#")[0] + f"#seat=1&step={steps // 2}")
    page.reload()
    expect(status).to_contain_text(f"Move {steps // 2} of")
    log = page.locator("#log li")
    said = [e["text"] for e in tavola.replay(record, upto=steps // 2).events(1)]
    assert log.count() == len([t for i, t in enumerate(said) if i == 0 or said[i - 1] != t])
    review = page.get_by_role("button", name="Review this seat's decisions")
    expect(review).to_be_enabled()
    if steps <= REVIEWED_STEPS:  # a random game run to its cap takes the search minutes
        busy = "(b) => { b.click(); return b.getAttribute('aria-disabled'); }"
        assert review.evaluate(busy) == "true"  # busy from the click until the answer
        expect(page.locator("#review-status")).to_contain_text(
            "decisions agree with the search bot", timeout=120_000
        )
        expect(review).not_to_have_attribute("aria-disabled", "true")
        first = page.locator("#review-list li button").first
        target = int(re.match(r"Move (\d+):", first.inner_text()).group(1)) - 1
        first.click()
        expect(page).to_have_url(re.compile(f"#seat=1&step={target}$"))
    page.wait_for_timeout(200)
    page.screenshot(path=str(SHOTS / f"{spec.id}-replay.png"), full_page=True)
    assert errors == []
    page.close()


SAID = """() => { // every announcement from now on, in window.said
  window.said = [];
  const box = document.getElementById('announce');
  new MutationObserver(() => window.said.push(box.textContent))
    .observe(box, { childList: true, characterData: true, subtree: true });
}"""


def test_the_slow_down_banner_goes_once_moves_are_taken_again(browser, tmp_path: Path) -> None:
    """Clicking past the message rate put up 'slow down', which stayed until the next click."""
    with serving(create_app(f"sqlite:///{tmp_path / 'rate.sqlite3'}", rate=2)) as url:
        seats = [{"kind": "me"}, {"kind": "bot", "agent": "random"}]
        made = api(url, "/api/tables", {"game": "renaissance-rivals", "players": 2, "seats": seats})
        page = browser.new_page()
        page.goto(url + made["seats"][0]["link"])  # the hello is one message
        page.locator("#action-buttons button:enabled").first.click()  # two
        page.locator("#action-buttons button:enabled").first.click()  # three: refused
        banner = page.locator("#error")
        expect(banner).to_contain_text("too many messages; slow down (the next is taken in")
        expect(banner).to_be_hidden(timeout=8000)
        page.close()


def test_the_turn_line_says_a_bot_is_thinking_while_only_bots_are_to_act(
    browser, tmp_path: Path
) -> None:
    """Waiting on bots said 'Seat 2 to act.' for up to 20 s: nothing told that they worked."""
    with serving(create_app(f"sqlite:///{tmp_path / 'pace.sqlite3'}", pace=2.0)) as url:
        seats = [{"kind": "me"}, *[{"kind": "bot", "agent": "random"}] * 3]
        body = {"game": "testa-di-pecora", "players": 4, "options": {"first_dealer": 0}}
        made = api(url, "/api/tables", {**body, "seats": seats})
        page = browser.new_page()
        page.goto(url + made["seats"][0]["link"])  # seat 1, left of the dealer, claims first
        turn = page.locator("#turn")
        expect(turn).to_have_text(re.compile(r"^Seat [123] \(bot\) is thinking…$"))
        expect(turn).to_have_class(re.compile(r"\bthinking\b"))
        expect(turn).to_have_text("Your turn.", timeout=30_000)
        expect(turn).not_to_have_class(re.compile(r"\bthinking\b"))
        page.close()
        body = {"game": "renaissance-man-2d6", "players": 2, "options": {"first_player": 0}}
        made = api(url, "/api/tables", {**body, "seats": [{"kind": "me"}, {"kind": "invite"}]})
        api(
            url,
            f"/api/tables/{made['table']}/seats/0/bot",
            {"creator": made["creator"], "difficulty": "easy"},
        )
        page = browser.new_page()
        page.goto(url + made["seats"][0]["link"])  # this seat, handed to a bot before it came
        expect(page.locator("#turn")).to_have_text("The bot in your seat is thinking…")
        page.close()


def test_the_turn_line_says_who_is_ready_in_the_logs_words(server: str, browser) -> None:
    """In a secret choice the turn line read 'Your turn. Committed: Seat 1.', a word the log
    never uses: it tells 'Seat 1 is ready.'"""
    page = my_seat(server, browser, "renaissance-man", 2, "random")
    expect(page.locator("#turn")).to_have_text("Your turn. Seat 1 is ready.")
    expect(page.locator("#log")).to_contain_text("Seat 1 is ready.")
    page.close()


def test_a_seat_handed_to_a_bot_says_since_when(server: str, browser) -> None:
    """'from the start' before the seat's first move, else the time it was handed over: 'since
    move 194' counted the 2013 game's secret steps, and no page numbers moves. Seen on another
    day, the day too."""
    body = {"game": "renaissance-man-2d6", "players": 3, "options": {"first_player": 0}}
    seats = [{"kind": "invite"}, {"kind": "invite"}, {"kind": "me"}]
    made = api(server, "/api/tables", {**body, "seats": seats})

    def hand(seat: int) -> None:
        handed = {"creator": made["creator"], "difficulty": "easy"}
        api(server, f"/api/tables/{made['table']}/seats/{seat}/bot", handed)

    hand(0)
    page = browser.new_page()
    page.goto(server + made["seats"][2]["link"])
    players = page.locator("#players li")
    expect(players.nth(0)).to_have_text("Seat 0 bot (easy) from the start")
    expect(page.locator("#turn")).to_have_text("Seat 1 to act.")  # the bot has moved
    own = browser.new_page()  # seat 0's player never left: no "while you were away" (a rematch
    own.goto(server + made["seats"][0]["link"])  # keeps a hand-over; so does one before move 1)
    expect(own.locator("#who-am-i")).to_have_text(
        'Seat 0, played by a bot from the start ("Play my seat again" under At the table takes '
        "it back)"
    )
    own.set_viewport_size({"width": 800, "height": 700})  # the sentence takes two lines...
    label = own.locator(".facts dt", has_text="You are").bounding_box()
    assert label is not None and label["height"] < 30  # ... and "You / are" kept to one
    own.close()
    hand(1)
    expect(players.nth(1)).to_have_text(
        re.compile(r"^Seat 1 bot \(easy\) since \d\d:\d\d( [AP]M)?$")
    )
    page.close()
    page = browser.new_page()
    page.clock.set_fixed_time(datetime.now() + timedelta(days=1))
    page.goto(server + made["seats"][2]["link"])
    expect(page.locator("#players li").nth(1)).to_have_text(
        re.compile(r"^Seat 1 bot \(easy\) since \w+ \d+, \d\d:\d\d( [AP]M)?$")  # "Nov 25, 01:45 AM"
    )
    page.close()


def seat_0_played_by_a_bot_to_the_end(server: str, browser, body: dict) -> tuple[Any, dict]:
    """A table of ``body`` whose seat 0, a friend's, is handed to a bot at once and the rest are
    bots: its page at seat 0's link once the game is over, and the table as made."""
    seats = [{"kind": "invite"}] + [{"kind": "bot", "difficulty": "easy"}] * (body["players"] - 1)
    made = api(server, "/api/tables", {**body, "seats": seats})
    handed = {"creator": made["creator"], "difficulty": "easy"}
    api(server, f"/api/tables/{made['table']}/seats/0/bot", handed)
    page = browser.new_page()
    page.goto(server + made["seats"][0]["link"])
    expect(page.locator("#end")).to_be_visible(timeout=30_000)
    return page, made


def test_a_seat_a_bot_finished_says_so_without_a_way_back(server: str, browser) -> None:
    """Opened after the end, a seat handed to a bot said '"Play my seat again" under At the
    table takes it back', a button a finished table does not have."""
    body = {"game": "testa-di-pecora", "players": 4, "options": {"seasons": 1}}
    page, _ = seat_0_played_by_a_bot_to_the_end(server, browser, body)
    # a bot may have moved before the hand-over (its pace is 0.02 s): then it says since when
    said = re.compile(r"Seat 0, played by a bot (from the start|since .+)")
    expect(page.locator("#who-am-i")).to_have_text(said)
    expect(page.get_by_role("button", name="Play my seat again")).to_have_count(0)
    page.close()


def test_rivals_turn_line_says_the_bot_in_your_seat_plays_its_turn(server: str, browser) -> None:
    """A seat handed to a bot read 'Your turn' while the bot played it (the page's own turn
    line said 'The bot in your seat to act')."""
    body = {"game": "renaissance-rivals", "players": 2, "options": {"turn_limit": 5}}
    page, made = seat_0_played_by_a_bot_to_the_end(server, browser, body)
    page.goto(f"{server}/replay/{made['table']}#seat=0&step=0")
    expect(page.locator("#turn")).to_have_text("The bot in your seat to act.")
    to_play = page.locator(".rr-status .to-play")  # after the pawn, "0 you"
    expect(to_play).to_have_text(re.compile("The bot in your seat to play$"))
    page.close()


def test_rivals_free_move_says_what_taking_it_costs(server: str, browser) -> None:
    """'free move available' sat beside 'Move up', 'Move down'... and nothing said that
    taking one ends the turn's acquisitions, starts and advances ([D10]): a first-time player
    moved, then found no way to acquire."""
    page = my_seat(server, browser, "renaissance-rivals", 2, "random")
    expect(page.locator("#turn")).to_have_text("Your turn.")
    status = page.locator(".rr-status")
    note = status.get_by_text("Taking it ends acquiring, starting and advancing this turn.")
    expect(status.get_by_text("free move available")).to_be_visible()
    expect(note).to_be_visible()
    page.get_by_role("button", name=re.compile("^Move ")).first.press("Enter")
    expect(status.get_by_text("free move taken")).to_be_visible()
    expect(note).to_have_count(0)
    page.close()


def test_rivals_end_screen_reveals_each_seats_hand_deck_and_works(server: str, browser) -> None:
    """'Seat 1: final view' showed only the score, completed Masterpieces and Palette: not the
    hand, deck, discards and Masterpieces in progress the 2006 and 2013 games reveal."""
    body = {
        "game": "renaissance-rivals",
        "players": 1,
        "seats": [{"kind": "bot", "agent": "random"}],
    }
    made = api(server, "/api/tables", body)
    page = browser.new_page()
    page.goto(server + made["spectator"])
    page.get_by_text("Seat 0: final view").click(timeout=60_000)
    text = page.locator(".rr-revealed").inner_text().lower()  # headings are upper case
    for part in ("masterpieces in progress", "completed:", "hand (", "deck (", "discards ("):
        assert part in text, text
    # the turn line said "The game is over." too, beside the end screen's heading, the status
    # strip and the log: it says the outcome
    expect(page.locator("#turn")).to_have_text("The game is lost.")
    page.close()


def test_the_rivals_solo_table_says_the_goal_the_clock_and_what_the_score_is_made_of(
    server: str, browser
) -> None:
    """A trial's solo game did not say how it is won or lost; 'removed from column A: 16 of 26'
    read as the cards left though the player takes from column A too; St. Peter's showed 10 VP
    (6 alone); and the VP had no breakdown with the removals taken off it."""
    g = tavola.replay(random_record("renaissance-rivals", 1, 2))  # St. Peter's tops C3 [seed 2]
    table = api(server, "/api/replays", g.record())["table"]
    page = browser.new_page()
    page.goto(f"{server}/replay/{table}#seat=0&step=0")
    expect(page.locator(".rr-goal")).to_contain_text("complete six Masterpieces, your major")
    expect(page.locator(".removed-key")).to_have_text("column A: 26 cards left, 0 removed")
    st_peters = page.locator('.rr-stack[data-stack="C3"]')
    expect(st_peters).to_contain_text("St. Peter")
    expect(st_peters.locator(".vp")).to_have_text("6 VP")
    page.goto(f"{server}/replay/{table}#seat=0&step={len(g.history)}")
    parts = g.view(0)["seats"][0]["score_parts"]
    said = f"VP: 0 from Masterpieces + {parts['commissions']} from Commissions − 25 removed"
    expect(page.locator(".rr-seat .rr-score-parts")).to_contain_text(said)
    assert parts["removed"] == 25 and g.view(0)["ended"] == "solo-lost"  # one card was acquired
    page.close()


def test_a_player_who_leaves_shows_a_clock_and_the_creator_hands_the_seat_to_a_bot(
    server: str, browser
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + "/")
    page.get_by_label("Game", exact=True).select_option("renaissance-man-2d6")
    page.get_by_label("Players", exact=True).fill("3")
    page.get_by_label("Players", exact=True).dispatch_event("change")
    page.locator("#seat-1-kind").select_option("invite")
    page.locator("#seat-2-kind").select_option("bot")
    page.get_by_role("button", name="Create table").click()
    friend = page.locator("#created-links input.link-text").first.input_value()
    page.get_by_role("link", name="Open my seat (seat 0)").click()
    page.wait_for_selector("#board *")
    players = page.locator("#players")
    assert "not here yet" in players.locator("li").nth(1).inner_text()  # not "away": never came
    page.evaluate(SAID)
    other = browser.new_context()
    theirs = other.new_page()
    theirs.goto(friend)
    theirs.wait_for_selector("#board *")
    players.locator("li", has_text="connected").nth(1).wait_for()
    assert any("Seat 1 has joined." in said for said in page.evaluate("window.said"))
    other.close()
    away = players.locator("li").nth(1).locator(".badge.away")
    away.wait_for()
    expect(away).to_have_text(re.compile(r"away 00:0[0-2]"))
    expect(away).to_have_text(re.compile(r"away 00:0[3-5]"), timeout=6000)  # the clock counts on
    page.screenshot(path=str(SHOTS / "table-away-clock.png"), full_page=True)
    page.get_by_label("Seat 1: bot difficulty").select_option("easy")
    page.get_by_role("button", name="Hand to a bot: seat 1, until its player takes it back").focus()
    page.keyboard.press("Enter")  # the button goes with the redraw: the focus stays in the list
    expect(page.locator("#players")).to_be_focused()
    players.locator(
        "li", has_text=re.compile(r"bot \(easy\) (since \d\d:\d\d|from the start)")
    ).wait_for()
    # the friend comes back: told that a bot plays the seat, never "You to act", and takes it
    other = browser.new_context()
    theirs = other.new_page()
    theirs.goto(friend)
    expect(theirs.locator("#who-am-i")).to_contain_text(
        re.compile("played by a bot (since \\d\\d:\\d\\d|from the start)")
    )
    expect(theirs.locator("#turn")).not_to_contain_text("You")
    theirs.set_viewport_size(PHONE)  # "At the table" lies far down: the header links to it
    theirs.locator("#who-am-i").get_by_role("button", name="At the table").click()
    expect(theirs.locator("#players-title")).to_be_in_viewport()
    expect(theirs.locator("#players")).to_be_focused()
    theirs.evaluate(SAID)
    theirs.get_by_role("button", name="Play my seat again").click()
    expect(theirs.locator("#players")).to_be_focused()
    expect(theirs.locator("#who-am-i")).to_have_text(re.compile(r"^Seat 1$"))
    # told in its own words: it said "Seat 1 is now played by its player again."
    for _ in range(100):
        if "You play your seat again." in theirs.evaluate("window.said"):
            break
        theirs.wait_for_timeout(50)
    else:
        raise AssertionError(theirs.evaluate("window.said"))
    players.locator("li", has_text="connected").nth(1).wait_for()
    said = page.evaluate("window.said")
    assert any("Seat 1 is now played by its player again." in x for x in said)
    theirs.reload()  # away a moment: back, not joined
    for _ in range(100):
        if any("Seat 1 is back." in x for x in page.evaluate("window.said")):
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError(page.evaluate("window.said"))
    assert not any("Seat 1 has joined." in x for x in page.evaluate("window.said")[len(said) :])
    other.close()  # and leaves for good: handed over again
    page.get_by_role("button", name="Hand to a bot: seat 1, until its player takes it back").click()
    players.locator(
        "li", has_text=re.compile(r"bot \(medium\) (since \d\d:\d\d|from the start)")
    ).wait_for()
    play_until_the_end(page)
    replay = page.get_by_role("link", name="Watch the replay")  # from this seat's view
    expect(replay).to_have_attribute("href", re.compile(r"^/replay/[\w-]+#seat=0$"))
    assert errors == []
    context.close()


def test_skip_to_the_content_keeps_the_seat_and_the_replays_move(server: str, browser) -> None:
    """The skip link set the fragment to '#main': the seat's key went with it, and the page
    reloaded as a spectator's."""
    page = my_seat(server, browser, "renaissance-man-2d6", 2, "random")
    link = page.url
    expect(page.locator("#who-am-i")).to_have_text("Seat 0")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to the content")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#main")).to_be_focused()
    page.wait_for_timeout(300)  # a reload, were one coming
    assert page.url == link
    expect(page.locator("#who-am-i")).to_have_text("Seat 0")
    made = api(server, "/api/replays", finished_record("renaissance-man-2d6", 4))
    page.goto(f"{server}{made['replay']}#seat=1&step=5")
    expect(page.locator("#step-text")).to_contain_text("Move 5 of")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.url.endswith("#seat=1&step=5")
    page.close()


def test_a_table_with_a_friends_seat_is_listed_and_the_lobby_still_loads(server: str, browser):
    """Drawing 'My tables' with a friend's link threw ("Cannot access 'full' before
    initialization"): the table made was said to fail, and the lobby never loaded again."""
    page = lobby(server, browser, "renaissance-man")
    errors = watch_errors(page)
    page.get_by_label("Players", exact=True).fill("3")
    page.get_by_label("Players", exact=True).press("Tab")
    page.locator("#seat-1-kind").select_option("invite")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#created-links")).to_be_visible()
    expect(page.locator("#lobby-error")).to_be_hidden()
    row = page.locator("#my-tables > li").first
    row.get_by_text("Friends’ links").click()
    expect(row.locator(".links input")).to_have_value(
        re.compile(r"^http://.*/t/[\w-]+#seat=1&key=")
    )
    page.reload()
    expect(page.locator("#seat-0-kind")).to_be_visible()  # the games came: the form is drawn
    expect(page.locator("#my-tables > li")).to_have_count(1)
    assert errors == []
    page.close()


def test_a_player_may_hand_the_seat_of_a_creator_gone_for_minutes_to_a_bot(
    server: str, browser
) -> None:
    """The friend at a table whose creator left sees a hand-over button, off until the seat has
    been away three minutes (the page's clock run forward here), then asks the server with
    their own seat's key: the server, whose clock was not run forward, says how long yet."""
    page = lobby(server, browser, "renaissance-man-2d6", viewport={"width": 1280, "height": 900})
    page.locator("#seat-1-kind").select_option("invite")
    page.get_by_role("button", name="Create table").click()
    friend = page.locator("#created-links input.link-text").first.input_value()
    page.get_by_role("link", name="Open my seat (seat 0)").click()
    page.wait_for_selector("#board *")
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    theirs = other.new_page()
    errors = watch_errors(theirs)
    theirs.clock.install()
    theirs.goto(friend)
    theirs.wait_for_selector("#board *")
    page.close()  # the creator leaves
    creator = theirs.locator("#players li").nth(0)
    creator.locator(".badge.away").wait_for()
    button = creator.get_by_role(
        "button", name="Hand to a bot: seat 0, until its player takes it back"
    )
    expect(button).to_be_disabled()
    expect(creator).to_contain_text("once away 03:00")
    theirs.clock.fast_forward("03:01")
    expect(button).to_be_enabled()
    expect(creator).not_to_contain_text("once away")
    theirs.screenshot(path=str(SHOTS / "table-hand-over-by-a-player.png"), full_page=True)
    assert errors == []
    button.click()  # refused (409): the browser logs that much
    expect(theirs.locator("#error")).to_contain_text("seat 0 has been away 00:0")
    expect(theirs.locator("#error")).to_contain_text("after 03:00")
    other.close()


def test_every_control_has_an_accessible_name(server: str, browser, tmp_path: Path) -> None:
    """Lobby, a table while a person plays and at its end, a replay: each button, link and
    field has a name a screen reader can say. (A nameless button, planted, is caught.)"""
    page = lobby(server, browser, "testa-di-pecora", viewport={"width": 1280, "height": 900})
    assert unnamed_controls(page) == []
    page.get_by_role("button", name="Create table").click()
    page.locator("#created").wait_for()
    assert unnamed_controls(page) == []
    page.get_by_role("link", name="Open my seat (seat 0)").click()
    page.locator("#action-buttons button").first.wait_for()
    assert unnamed_controls(page) == []
    play_until_the_end(page)
    page.locator("#end details").first.click()
    assert unnamed_controls(page) == []
    page.get_by_role("link", name="Watch the replay").click()
    page.wait_for_selector("#board *")
    page.keyboard.press("End")
    page.locator("#end").wait_for()
    assert unnamed_controls(page) == []
    page.evaluate("document.getElementById('board').append(document.createElement('button'))")
    assert len(unnamed_controls(page)) == 1
    page.goto(server + "/rules/renaissance-man-2d6")
    assert unnamed_controls(page) == []
    page.close()


def test_the_page_reconnects_by_itself_after_the_server_is_killed_and_restarted(
    browser, tmp_path: Path
) -> None:
    """SIGKILL mid-game: the page says it is reconnecting, finds the restarted server alone,
    shows the game where it was (every log line kept) and plays on to the end."""
    db, port = tmp_path / "tavola.sqlite3", free_port()
    proc = start_server(db, port)
    try:
        body = {"game": "testa-di-pecora", "players": 4}
        seats = [{"kind": "me"}] + [{"kind": "bot", "difficulty": "easy"}] * 3
        made = api(f"http://127.0.0.1:{port}", "/api/tables", {**body, "seats": seats})
        page = browser.new_page()
        errors = watch_errors(page)
        page.goto(f"http://127.0.0.1:{port}" + made["seats"][0]["link"])
        connection = page.locator("#connection")
        expect(connection).to_have_attribute("data-state", "open")
        buttons = page.locator("#action-buttons button:enabled")
        for _ in range(3):  # three moves of ours, then the crash
            buttons.first.click()
            page.wait_for_timeout(100)
        expect(buttons.first).to_be_enabled()
        log = page.locator("#log li").all_inner_texts()
        proc.kill()
        proc.wait()
        expect(connection).to_have_attribute("data-state", "connecting")
        expect(connection).to_have_text("reconnecting…")
        mine = page.locator("#players li").first  # not the server's last word, "connected"
        expect(mine).to_have_text(re.compile(r"^Seat 0 \(you\) reconnecting…$"))
        page.keyboard.press("1")  # a move while no server answers: said, not dropped silently
        expect(page.locator("#error-text")).to_contain_text("Not connected: that move was not sent")
        proc = start_server(db, port)
        expect(connection).to_have_attribute("data-state", "open", timeout=30_000)
        expect(mine).to_have_text(re.compile(r"^Seat 0 \(you\) connected$"))
        assert page.locator("#log li").all_inner_texts()[: len(log)] == log
        play_until_the_end(page)
        assert page.locator("#end").is_visible()
        assert [e for e in errors if "WebSocket" not in e] == []
        page.close()
    finally:
        proc.kill()
        proc.wait()


def test_a_lost_game_of_one_player_says_lost_not_first_place(server: str, browser) -> None:
    """The one seat of a lost solo game ranks first in the core's result; the end screen said
    'Final ranking: Place 1' for a game the rules call lost."""
    g = tavola.replay(random_record("renaissance-man", 1, 4))
    assert g.result.winners == ()  # random play loses to the deck
    request = urllib.request.Request(
        f"{server}/api/replays", data=json.dumps(g.record()).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        table = json.load(answer)["table"]
    page = browser.new_page()
    page.goto(f"{server}/replay/{table}#seat=0&step={len(g.history)}")
    ranking = page.get_by_role("table", name="The game is lost")
    expect(ranking).to_be_visible()
    assert ranking.locator("tbody td").first.inner_text() == "lost"
    assert page.get_by_role("table", name="Final ranking").count() == 0
    page.close()


def test_a_refused_seat_link_says_so_and_offers_the_spectators_view(server: str, browser) -> None:
    """A wrong key left the page 'connecting…' for ever, with an empty board."""
    seats = [{"kind": "me"}, {"kind": "bot", "agent": "random"}]
    made = api(server, "/api/tables", {"game": "renaissance-man-2d6", "players": 2, "seats": seats})
    page = browser.new_page()
    page.goto(f"{server}{made['spectator']}#seat=0&key=wrong")
    expect(page.locator("#who-am-i")).to_contain_text("this seat link was refused")
    expect(page.locator("#error-text")).to_contain_text("wrong seat or key")
    expect(page.locator("#board > *").first).to_be_visible()  # the table, as spectators see it
    expect(page.locator("#log li").first).to_be_visible()
    expect(page.locator("#error-text")).to_contain_text("wrong seat or key")  # still said
    page.get_by_role("link", name="watch as a spectator").click()
    expect(page.locator("#connection")).to_have_text("connected")
    page.wait_for_selector("#board *")
    assert "#" not in page.url
    page.goto(server + made["seats"][0]["link"])  # pasted into this tab: only the fragment
    expect(page.locator("#who-am-i")).to_have_text("Seat 0")
    page.close()


def test_no_testa_card_name_spills_over_its_card(server: str, browser) -> None:
    """With Debian's fonts 'Marquis' crossed the card's border and 'Florence' was cut off. Five
    people's hands hold all but the Inheritance's cards; each is looked at, wide and narrow. A
    cleric's influence, which decides between clerics, is on the card (it was only in a
    tooltip, which a touch screen never shows), and fits too."""
    seats = [{"kind": "me"}] + [{"kind": "invite"}] * 4
    made = api(server, "/api/tables", {"game": "testa-di-pecora", "players": 5, "seats": seats})
    spilt = """() => [...document.querySelectorAll('.tcard .rank, .tcard .suit, .tcard .foot')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right
            > el.closest('.tcard').getBoundingClientRect().right)
        .map((el) => el.textContent)"""
    seen, influences = set(), set()
    for width in (1280, 390):
        page = browser.new_page(viewport={"width": width, "height": 900})
        for seat in made["seats"]:
            page.goto(server + seat["link"])  # a new fragment: the page loads itself again
            expect(page.locator("#who-am-i")).to_have_text(f"Seat {seat['seat']}")
            page.wait_for_selector(".hand .tcard")
            assert page.evaluate(spilt) == [], (width, seat["seat"])
            seen |= set(page.locator(".hand .tcard .rank").all_inner_texts())
            influences |= set(page.locator(".hand .tcard .influence").all_inner_texts())
        page.close()
    assert {"Marquis", "Mendicant", "Archbishop"} <= seen or len(seen) >= 9
    assert len(influences) >= 6 and all(re.fullmatch(r"inf \d+", x) for x in influences)


def test_a_screen_reader_hears_every_event_of_an_update_from_the_first(
    server: str, browser
) -> None:
    """A reveal of the 2013 game is a dozen events in one update, and the live region said
    only the last four ('Seat 1 drew a card. ... Action 1!'), never what was revealed; then it
    said each card drawn, where the log tells the run once with its count."""
    made = api(
        server,
        "/api/tables",
        {
            "game": "renaissance-man",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "bot", "agent": "heuristic"}],
        },
    )
    page = browser.new_page()
    updates: list[list[str]] = []

    def frame(payload: object) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "state":
            updates.append([e["text"] for e in msg["events"] if e.get("text")])

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    page.goto(server + made["seats"][0]["link"])
    page.wait_for_selector("#board *")
    page.evaluate(
        """() => { window.said = [];
        new MutationObserver(() => window.said.push(document.getElementById('announce')
          .textContent)).observe(document.getElementById('announce'),
          {childList: true, characterData: true, subtree: true}); }"""
    )
    buttons = page.locator("#action-buttons button:enabled")

    def repeats(texts: list[str]) -> list[str]:
        return [a for a, b in itertools.pairwise(texts) if a == b]

    def busy() -> list[str] | None:  # an update of many events, one of them told again
        return next((t for t in updates[1:] if len(t) >= 8 and repeats(t)), None)

    while busy() is None:
        if buttons.count():
            with contextlib.suppress(playwright.Error):
                buttons.first.click(timeout=2000)
        else:
            page.wait_for_timeout(20)
    page.wait_for_timeout(200)
    said = page.evaluate("window.said")
    texts = busy()
    heard = next(text for text in said if text.startswith(texts[0]))
    assert all(t in heard for t in texts) or heard.endswith("more in the game log."), heard
    assert len(heard) <= 700
    again = repeats(texts)[0]  # "Seat 1 drew a card." six times: said once, with its count
    run = next(len(list(g)) for t, g in itertools.groupby(texts) if t == again)
    assert f"{again} (×{run})" in heard, heard
    assert f"{again} {again}" not in heard, heard
    page.close()


RING_INSIDE = """(b) => { // the focus ring (3px, 2px off) of button b within its box's clip
  const box = b.parentElement, r = b.getBoundingClientRect(), c = box.getBoundingClientRect();
  const left = c.left + box.clientLeft, top = c.top + box.clientTop;
  const room = (inner, outer) => inner <= outer + 1; // a pixel's rounding: clientWidth is whole
  return room(left, r.left - 5) && room(top, r.top - 5) && room(r.right + 5, left + box.clientWidth)
    && room(r.bottom + 5, top + box.clientHeight); }"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, PHONE], ids=["wide", "phone"])
def test_a_move_buttons_focus_ring_is_not_cut_by_its_box(server: str, browser, viewport) -> None:
    """The move list clips what overflows it: the first button's ring showed only its bottom
    edge, a thin line that looked like a divider."""
    page = my_seat(server, browser, "renaissance-man-2d6", 2, "random", viewport=viewport)
    first = page.locator("#action-buttons button").first
    first.wait_for()
    page.keyboard.press("Tab")  # the keyboard's focus: the ring shows
    first.focus()
    assert first.evaluate(RING_INSIDE)
    page.close()


def test_testas_hand_is_in_view_at_1280_by_800_when_it_must_follow(server: str, browser) -> None:
    """On a laptop's screen the hand began at y=690 on your turn: its cards were below the
    fold, under five seats, the trade and the note on which cards may be played."""
    page = my_seat(
        server, browser, "testa-di-pecora", 5, "random", viewport={"width": 1280, "height": 800}
    )
    click_until(page, lambda: page.locator(".hand-box .barred").count() > 0)
    page.evaluate("window.scrollTo(0, 0)")
    hand = page.locator(".hand-box .hand:not(.small) .tcard")  # not the Heir's savings below
    bottoms = hand.evaluate_all("(cards) => cards.map((c) => c.getBoundingClientRect().bottom)")
    assert bottoms and max(bottoms) <= 800, bottoms
    page.close()


def test_testas_sides_read_as_sentences_to_a_spectator_and_every_seat(server: str, browser):
    """A spectator, or a seat against the Pope's side, knows no member of it: the line read
    'The Pope’s side; not known yet: ...' and 'The Pope’s side; against it: you; ...'."""
    body = {"game": "testa-di-pecora", "players": 4, "seats": [{"kind": "invite"}] * 4}
    made = api(server, "/api/tables", body)
    sentence = (
        r"^(The Pope’s side: [^;.]+\. )?(Against (it|the Pope’s side): [^;.]+\. )?"
        r"Sides not known yet: [^;.]+\.$"
    )
    for link in [made["spectator"], *(seat["link"] for seat in made["seats"])]:
        page = browser.new_page()
        page.goto(server + link)
        page.wait_for_selector(".sides")
        lines = page.locator(".sides p:not(.role-line)").all_inner_texts()
        unknown = [line for line in lines if not line.startswith(("Sides:", "Ducats"))]
        assert all(re.match(sentence, line) for line in unknown), unknown
        assert unknown or link != made["spectator"]  # a seat may hold both role cards
        page.close()


@pytest.mark.parametrize(
    ("players", "seed", "step", "seat", "line"),
    [
        (5, 2, 26, 0, "You play against the Heir, who plays alone."),
        (4, 1, 93, 1, "the holder of both the Pope and the Mendicant, who plays alone."),
    ],
)
def test_testas_role_line_drops_the_partner_once_the_side_is_known_alone(
    server: str, browser, players: int, seed: int, step: int, seat: int, line: str
) -> None:
    """Once the sides were known and the Heir (or the holder of both role cards) played
    alone, its opponents' line still read 'You play against the Heir and partner.'"""
    made = api(server, "/api/replays", finished_record("testa-di-pecora", seed, players))
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}#seat={seat}&step={step}")
    expect(page.locator(".sides p", has_text="alone against")).to_be_visible()
    expect(page.locator(".sides .role-line")).to_contain_text(line)
    page.close()


def test_testas_heir_is_told_to_save_in_plain_words(server: str, browser) -> None:
    """The Heir's own phase line read 'The Heir (you) saves 2 more cards face down.': 'you
    saves', and 'more' before any card was saved."""
    made = api(server, "/api/replays", finished_record("testa-di-pecora", 2, players=5))
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}#seat=3&step=1")
    phase = page.locator("#board .phase")
    expect(phase).to_have_text("Season 1 of 3. The Heir (Seat 3) saves 2 cards face down.")
    mine = {"table": made["table"], "seats": [{"seat": 3, "kind": "me"}]}
    page.evaluate("(t) => localStorage.setItem('tavola.tables', JSON.stringify([t]))", mine)
    for step, line in [(1, "save 2 cards"), (2, "save 1 more card")]:
        page.goto(f"{server}{made['replay']}#seat=3&step={step}")
        page.reload()
        expect(phase).to_have_text(f"Season 1 of 3. You are the Heir: {line} face down.")
    page.close()


def test_the_keyboard_focus_stays_on_the_board_through_a_move(server: str, browser) -> None:
    """Sending a move disabled the focused card, which dropped the focus to the page until the
    next update; a card's button said 'Bishop, Church, 2 ducats', not what a click does."""
    page = my_seat(
        server, browser, "testa-di-pecora", 4, "random", viewport={"width": 1280, "height": 900}
    )
    cards = page.locator("#board button.playable")
    for _ in range(3):  # three moves of this seat, by the keyboard
        cards.first.wait_for()
        assert cards.first.get_attribute("aria-label").startswith("Play ")
        cards.first.focus()
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement !== document.body")
        page.locator("#board button.playable:enabled:not([aria-disabled])").first.wait_for()
        assert page.evaluate("document.activeElement !== document.body")
    page.close()


def test_what_an_update_leaves_unchanged_stays_the_same_element(server: str, browser) -> None:
    """Every update rebuilt the whole board, every 0.8 s while bots play: a screen reader
    reading a seat's panel or the hand had it taken away under it."""
    page = my_seat(
        server, browser, "testa-di-pecora", 4, "random", viewport={"width": 1280, "height": 900}
    )
    playable = page.locator("#board button.playable:enabled:not([aria-disabled])")
    playable.first.wait_for()
    page.evaluate(
        """() => { for (const el of document.querySelectorAll('#board h2, #board h3'))
        el.kept = true; }"""
    )
    log = page.locator("#log li")
    before = log.count()
    playable.first.click()
    page.locator("#board button.playable:enabled:not([aria-disabled])").first.wait_for()
    assert log.count() > before  # this seat's move (and the bots', unless it acts again)
    kept = page.evaluate(
        """() => [...document.querySelectorAll('#board h2, #board h3')]
        .filter((el) => el.kept).map((el) => el.textContent)"""
    )
    assert any(text.startswith("Your hand") for text in kept) and len(kept) >= 2, kept
    page.close()


def test_a_panel_the_player_opened_stays_open_through_updates(server: str, browser) -> None:
    """A folded list (the 2013 game's face-up discards) closed again at every update."""
    page = my_seat(server, browser, "renaissance-man", 2, "heuristic")
    buttons = page.locator("#action-buttons button:enabled:not([aria-disabled])")
    seen = page.locator("#board details.rm13-seen")
    log = page.locator("#log li")
    while not seen.count():  # the Foundation, then a face-up discard
        if buttons.count():
            with contextlib.suppress(playwright.Error):
                buttons.first.click(timeout=2000)
        else:
            page.wait_for_timeout(20)
    seen.locator("summary").click()
    before = log.count()
    while log.count() < before + 3:  # a few moves later
        if buttons.count():
            with contextlib.suppress(playwright.Error):
                buttons.first.click(timeout=2000)
        else:
            page.wait_for_timeout(20)
    assert seen.get_attribute("open") is not None
    page.close()


def test_the_game_log_tells_the_same_sentence_in_a_row_once_with_its_count(
    server: str, browser
) -> None:
    """The 2013 game deals a hand a card at a time: the log said 'You drew a card.' four times
    over, for every seat, every round."""
    page = my_seat(server, browser, "renaissance-man", 2, "heuristic")
    buttons = page.locator("#action-buttons button:enabled")
    log = page.locator("#log li")
    while not log.filter(has_text="drew a card").count():  # the Foundation, then the deal
        if buttons.count():
            with contextlib.suppress(playwright.Error):
                buttons.first.click(timeout=2000)
        else:
            page.wait_for_timeout(20)
    texts = log.all_inner_texts()
    assert "You drew a card. (×4)" in texts
    assert all(a != b for a, b in itertools.pairwise(texts))
    page.close()


def test_the_game_log_keeps_following_when_the_move_panel_shrinks_it(server: str, browser) -> None:
    """On a desktop the "Your move" panel appears beside the log and shrinks it: the page took
    the hidden bottom for the reader having scrolled up, and stopped following new events."""
    page = my_seat(
        server, browser, "renaissance-rivals", 4, "random", viewport={"width": 1280, "height": 800}
    )
    at_bottom = (
        "(l => l.scrollHeight - l.scrollTop - l.clientHeight < 40)(document.getElementById('log'))"
    )
    overflows = "(l => l.scrollHeight > l.clientHeight + 40)(document.getElementById('log'))"
    buttons = page.locator("#action-buttons button:enabled")
    checked = 0
    for _ in range(400):
        if checked >= 3:
            break
        if buttons.count() and page.evaluate(overflows):
            page.wait_for_timeout(300)  # the panel is up: the log has had its last resize
            assert page.evaluate(at_bottom), "the log stopped following with the move panel up"
            checked += 1
        if buttons.count():
            with contextlib.suppress(playwright.Error):
                buttons.last.click(timeout=2000)  # "End the turn": more of the others' turns
        page.wait_for_timeout(50)
    assert checked >= 3, "the log never overflowed while it was this seat's move"
    log = page.locator("#log li")
    seen = log.count()
    # the reader scrolls up: a turn of the wheel on the log, and the scroll it makes (a wheel
    # of Playwright's does not always reach a log that has just changed size)
    page.evaluate(
        "(l => { l.dispatchEvent(new WheelEvent('wheel', { deltaY: -500, bubbles: true }));"
        " l.scrollTop = 0; })(document.getElementById('log'))"
    )
    top = 0
    while log.count() == seen:
        if buttons.count():
            with contextlib.suppress(playwright.Error):
                buttons.last.click(timeout=2000)
        page.wait_for_timeout(50)
    page.wait_for_timeout(300)
    assert page.evaluate("document.getElementById('log').scrollTop") == top, "the reader was moved"
    page.close()


def test_a_step_of_a_secret_choice_is_taken_back_from_the_page(server: str, browser) -> None:
    """A misclicked Foundation card could not be taken back: the choice had to go on."""
    page = my_seat(server, browser, "renaissance-man", 2, "heuristic")
    buttons = page.locator("#action-buttons button:enabled:not([aria-disabled])")
    mine = page.locator(".rm13-mine")
    buttons.first.wait_for()
    expect(page.get_by_role("button", name="Take back the last step")).to_have_count(0)
    buttons.first.click()
    expect(mine.locator(".rm13-step")).to_have_count(1)
    page.get_by_role("button", name="Take back the last step").click()
    expect(mine).to_contain_text("none yet")
    expect(page.get_by_role("button", name="Take back the last step")).to_have_count(0)
    page.close()


def test_a_secret_step_reads_as_the_move_that_took_it(server: str, browser) -> None:
    """The 2013 game's page said a seat's secret steps in words of its own ('merchant laid',
    'token coin/book'): each now reads as its move, in the game's words from the view."""
    page = my_seat(server, browser, "renaissance-man", 2, "heuristic")
    buttons = page.locator("#action-buttons button:enabled:not([aria-disabled])")
    steps = page.locator(".rm13-mine .rm13-step")
    said = []
    for _ in range(2):
        buttons.first.wait_for()
        said.append(buttons.first.evaluate("(b) => b.lastChild.textContent"))
        buttons.first.click()
        expect(steps).to_have_count(len(said))
    expect(steps).to_have_text(said)
    assert said[0].startswith("Next: ")
    page.close()


def test_the_game_log_names_seats_as_the_table_does(server: str, browser) -> None:
    """The log said 'Seat 1 plays ...' while the header and the players' list said 'Bea'."""
    names = ["Ann", "Bea", "Cid", "Dan"]
    seats = [{"kind": "me", "name": "Ann"}] + [
        {"kind": "bot", "agent": "random", "name": n} for n in names[1:]
    ]
    body = {"game": "testa-di-pecora", "players": 4, "seats": seats, "options": {"first_dealer": 1}}
    made = api(server, "/api/tables", body)
    page = browser.new_page()
    page.goto(server + made["seats"][0]["link"])
    expect(page.locator("#log")).to_contain_text("Seat 1 · \u2068Bea\u2069 deals")
    said = page.locator("#log").inner_text()
    assert re.findall(r"[Ss]eat \d(?! · )", said) == [], said  # every seat named
    page.close()


def click_until(page, done, limit: int = 3000) -> None:
    """Click this seat's first action button whenever there is one, until ``done()``."""
    buttons = page.locator("#action-buttons button:enabled:not([aria-disabled])")
    for _ in range(limit):
        if done():
            return
        if buttons.count():
            with contextlib.suppress(playwright.Error):  # changed under the click: look again
                buttons.first.click(timeout=2000)
        else:
            page.wait_for_timeout(20)
    raise AssertionError("never came")


LOW_CONTRAST = """(selector) => {
  // WCAG's contrast of each text under `selector` with what is behind it (a colour, or each
  // stop of a gradient); faded text (an opacity below 1 on the way up) counts as failing;
  // a disabled control's is exempt, as WCAG has it (a card while a move is on its way)
  const colour = ([, kind, list]) => { // [r, g, b, alpha] from rgb(...) or color(srgb ...)
    const [r, g, b, a = 1] = list.split(/[\\s,/]+/).filter(Boolean).map(Number);
    return kind === 'color' ? [r * 255, g * 255, b * 255, a] : [r, g, b, a];
  };
  const colours = (text) => [...text.matchAll(/(rgba?|color)\\((?:srgb )?([^)]+)\\)/g)].map(colour);
  const linear = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const lum = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const over = (top, bg) => [0, 1, 2].map((i) => top[i] * top[3] + bg[i] * (1 - top[3])).concat(1);
  const flat = (base, layers) => layers.reduceRight((bg, c) => over(c, bg), base);
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      const stops = colours(style.backgroundImage);
      if (stops.length) return stops.map((stop) => flat(over(stop, [255, 255, 255]), layers));
      const [fill] = colours(style.backgroundColor);
      if (fill?.[3] > 0) layers.push(fill);
      if (fill?.[3] === 1) break;
    }
    return [flat([255, 255, 255, 1], layers)];
  };
  const bad = [];
  for (const root of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const el = walk.currentNode.parentElement;
      if (!walk.currentNode.textContent.trim() || !el.getClientRects().length) continue;
      if (getComputedStyle(el).clipPath === 'inset(50%)') continue; // for screen readers only
      if (el.closest(':disabled, [aria-disabled="true"]')) continue;
      let faded = false;
      for (let e = el; e; e = e.parentElement) faded ||= Number(getComputedStyle(e).opacity) < 1;
      const ink = colours(getComputedStyle(el).color)[0];
      const worst = Math.min(...behind(el).map((bg) => {
        const [a, b] = [lum(over(ink, bg)), lum(bg)];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      }));
      const text = walk.currentNode.textContent.trim();
      if (faded || worst < 4.5) bad.push(`${text}: ${faded ? 'faded' : worst.toFixed(2)}`);
    }
  }
  return bad;
}"""


def test_the_focus_stays_on_a_folded_panel_through_updates(server: str, browser) -> None:
    """A 2006 seat's "Success pile" opened by the keyboard lost the focus to the Draw button
    (or the turn line) at every update: only a move's button had a key to be found again."""
    made = api(
        server,
        "/api/tables",
        {
            "game": "renaissance-man-2d6",
            "players": 3,
            "seats": [{"kind": "me"}] + [{"kind": "bot", "agent": "random"}] * 2,
        },
    )
    page = browser.new_page()
    page.goto(server + made["seats"][0]["link"])
    pile = page.locator("#board summary").nth(2)
    pile.focus()
    page.keyboard.press("Enter")  # opened
    log = page.locator("#log li")
    before = log.count()
    while log.count() < before + 12:  # moves of the bots and of this seat (by its keys)
        if page.locator("#action-buttons button:enabled").count():
            page.keyboard.press("1")
        page.wait_for_timeout(50)
        expect(pile).to_be_focused()
    expect(pile).to_have_text(re.compile(r"^Seat 2: Success pile: \d+$"))
    assert page.locator("#board details").nth(2).get_attribute("open") is not None
    page.close()


def test_every_move_button_has_a_key_past_the_ninth(server: str, browser) -> None:
    """Only the first nine moves had keys; Rivals offers up to about twenty."""
    page = my_seat(server, browser, "renaissance-rivals", 2, "random")
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
    page.reload()  # a new connection, whose frames are heard
    buttons = page.locator("#action-buttons button.action:enabled")  # not a move on its way
    click_until(page, lambda: buttons.count() >= 11)
    expect(buttons.nth(9)).to_have_attribute("aria-keyshortcuts", "0")
    eleventh = buttons.nth(10)
    expect(eleventh).to_have_attribute("aria-keyshortcuts", "a")
    expect(eleventh.locator("kbd")).to_have_text("a")
    action = json.loads(eleventh.get_attribute("data-focus-key").removeprefix("btn:"))
    page.locator("#log").click()  # the focus off any button: the key is the page's
    sent.clear()  # the clicks' moves before
    page.keyboard.press("a")
    for _ in range(100):
        if any('"act"' in f and json.loads(f).get("action") == action for f in sent):
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError(f"key a sent no {action}: {sent}")
    page.close()


def test_a_move_list_that_scrolls_says_so_and_starts_at_its_first_move(
    server: str, browser
) -> None:
    """On a phone the row of moves kept its sideways scroll from the last turn, and gave no
    hint of the buttons past the edge, nor said how many there were; on a desktop the list was
    a small box that scrolled."""
    page = my_seat(server, browser, "renaissance-rivals", 2, "random", viewport=PHONE)
    row = page.locator("#action-buttons")
    expect(row.locator("button").first).to_be_visible()
    expect(row).to_have_attribute("data-more", "right")
    title = page.locator("#actions-title")
    expect(title).to_be_visible()
    expect(title).to_have_accessible_name(re.compile(r"^Your move: \d+ to choose from"))
    said = f"Your move: {row.locator('button').count()} to choose from"
    assert title.inner_text() == said  # the keys are not named on a phone
    row.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    expect(row).to_have_attribute("data-more", "left")
    first = row.locator("button").first.inner_text()
    row.locator("button").last.click()  # another set of moves comes, from its start
    expect(row.locator("button").first).not_to_have_text(first)
    assert row.evaluate("(el) => el.scrollLeft") == 0
    page.close()
    page = my_seat(
        server, browser, "renaissance-rivals", 4, "random", viewport={"width": 1280, "height": 700}
    )
    column = page.locator("#action-buttons")
    expect(column.locator("button").first).to_be_visible()
    expect(column).to_have_attribute("data-more", "down")
    log = page.locator(".side .log-box").bounding_box()
    assert log["height"] <= 161  # the list takes the room it needs: the log is at its least
    side = page.locator(".side")
    for scrolled in (0, 40, 400):  # the column's foot, the newest lines of the log, in view
        page.evaluate(f"window.scrollTo(0, {scrolled})")
        page.wait_for_timeout(100)
        assert side.evaluate("(el) => el.getBoundingClientRect().bottom") <= 700, scrolled
    click_until(page, lambda: page.locator("#log li").count() >= 20)
    watcher = browser.new_page(viewport={"width": 1280, "height": 700})
    watcher.goto(page.url.split("#")[0])  # no move list: the log takes the column
    expect(watcher.locator("#log li").nth(19)).to_be_attached()
    watcher.wait_for_timeout(200)
    assert watcher.locator(".side .log-box").bounding_box()["height"] > 250
    watcher.close()
    page.close()


def test_a_season_table_wider_than_a_phone_fades_its_edge(server: str, browser) -> None:
    """The end screen's Seasons table scrolled sideways on a phone with no hint. (At 390 px it
    fits; a smaller phone's still scrolls: its edge fades, and its heading says so.)"""
    seats = [{"kind": "me"}] + [{"kind": "bot", "agent": "random"}] * 3
    body = {"game": "testa-di-pecora", "players": 4, "seats": seats, "options": {"seasons": 1}}
    made = api(server, "/api/tables", body)
    page = browser.new_page(viewport={"width": 320, "height": 640})
    page.goto(server + made["seats"][0]["link"])
    click_until(page, lambda: page.locator("#end").is_visible())
    seasons = page.locator("#board .scroll-x")
    expect(seasons.locator("th").first).to_have_text("Season")
    expect(seasons).to_have_attribute("data-more", "right")
    hint = "getComputedStyle(document.querySelector('.seasons h2'), '::after').content"
    assert "scroll sideways" in page.evaluate(hint)
    page.close()


def test_testas_season_table_starts_each_side_with_a_capital(server: str, browser) -> None:
    """A season's side led by the reader's seat read 'you and Seat 2 (the Pope’s side)'; and
    the renown columns were headed 'you', 'seat 1' beside 'Seat 1' in the rows."""
    record = finished_record("testa-di-pecora", 3, players=4)
    side = tavola.replay(record).view(0)["seasons_done"][1]["side"]
    made = api(server, "/api/replays", record)
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}")
    mine = {"table": made["table"], "seats": [{"seat": side[0], "kind": "me"}]}
    page.evaluate("(t) => localStorage.setItem('tavola.tables', JSON.stringify([t]))", mine)
    page.goto(f"{server}{made['replay']}#seat={side[0]}&step={len(record['actions'])}")
    page.reload()
    cells = page.locator(".seasons tbody td:nth-of-type(1)")
    expect(cells.nth(1)).to_have_text(re.compile(r"^You and "))
    heads = [f"Seat {s}" if s != side[0] else "You" for s in range(4)]
    expect(page.locator(".seasons thead th.num")).to_have_text(heads)
    page.close()


@pytest.mark.parametrize("players", [4, 5])
def test_testas_season_table_fits_a_phone(server: str, browser, players: int) -> None:
    """At 390 px the Seasons table showed its first seats' columns only, the rest beyond the
    box's faded edge; every seat's column is in the box now, readable."""
    made = api(server, "/api/replays", finished_record("testa-di-pecora", 4, players))
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}{made['replay']}#seat=0&step=9999")
    box = page.locator("#board .seasons .scroll-x")
    expect(box.locator("tbody tr")).to_have_count(3)
    expect(box.locator("thead th")).to_have_count(3 + players)
    scroll, width = box.evaluate("(b) => [b.scrollWidth, b.clientWidth]")
    assert scroll <= width + 1  # a table filling the box rounds up: hintScrolling allows 1 px
    expect(box).not_to_have_attribute("data-more", re.compile("."))
    last = box.locator("thead th").last.bounding_box()
    assert last["x"] + last["width"] <= PHONE["width"]
    page.close()


@pytest.mark.parametrize("players", [4, 5])
def test_testas_seats_leave_no_blank_cell_on_a_phone(server: str, browser, players: int) -> None:
    """Five seats in a phone's two columns left the last one alone in its row, a blank gap
    beside it (under the seat above). Every row of seats reaches across the table now."""
    made = api(server, "/api/replays", finished_record("testa-di-pecora", 4, players))
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}{made['replay']}#seat=0&step=60")
    seats = page.locator("#board .ring .seat")
    expect(seats).to_have_count(players)
    ring = page.locator("#board .ring").bounding_box()
    rows: dict[int, float] = {}
    for box in (seats.nth(i).bounding_box() for i in range(players)):
        top = round(box["y"])
        rows[top] = max(rows.get(top, 0), box["x"] + box["width"])
    assert all(right >= ring["x"] + ring["width"] - 2 for right in rows.values()), rows
    page.close()


RIVALS_BADGES = """() => {
  const mid = (r) => (r.top + r.bottom) / 2;
  const cards = [...document.querySelectorAll('.rr-market .rrcard:not(.start) .top')].map((top) => {
    const card = top.closest('.rrcard').getBoundingClientRect();
    const level = top.querySelector('.lvl').getBoundingClientRect();
    const skill = top.querySelector('.rr-skill').getBoundingClientRect();
    return { apart: Math.abs(mid(level) - mid(skill)), out: skill.right - card.right };
  });
  // a level's badges that wrap: each row's left edge, the label's own apart
  const rows = [...document.querySelectorAll('.rr-palette .lv-row')].map((row) =>
    Math.min(...[...row.querySelectorAll('.rr-skill')].map((b) => b.getBoundingClientRect().left))
    - row.querySelector('.lv').getBoundingClientRect().right);
  return { cards, rows };
}"""


def test_rivals_level_and_skill_badges_share_a_line_on_a_phone(server: str, browser) -> None:
    """At 390 px a market card's skill badge of five letters (PERSP, SCULP, COLOR) went under
    its level badge, and a Palette's fifth level-1 skill wrapped under the row's 'L1'."""
    made = api(server, "/api/replays", finished_record("renaissance-rivals", 4))
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}{made['replay']}#seat=0&step=40")
    page.wait_for_selector("#board .rr-market .rrcard")
    found = page.evaluate(RIVALS_BADGES)
    assert found["cards"], "no card in the market"
    assert all(c["apart"] < 3 and c["out"] <= 0 for c in found["cards"]), found["cards"]
    assert all(gap > 0 for gap in found["rows"]), found["rows"]
    page.close()


def test_a_board_is_drawn_in_its_games_style_even_when_the_style_comes_late(
    server: str, browser
) -> None:
    """A game's module added its stylesheet as it drew the board, so a stylesheet that came
    late left the board unstyled for a moment: every icon 300 x 150 px, a Rivals card's badges
    367 px apart (CI measured one such moment). The page's head links it now."""

    def late(route) -> None:
        time.sleep(1.0)
        route.continue_()

    for game in ("renaissance-rivals", "renaissance-man"):
        made = api(server, "/api/replays", finished_record(game, 4))
        page = browser.new_page(viewport=PHONE)
        page.route("**/static/games/*.css", late)
        page.goto(f"{server}{made['replay']}#seat=0&step=10")
        page.wait_for_selector("#board svg", state="attached")
        widths = page.evaluate(
            "() => [...document.querySelectorAll('#board svg')]"
            ".map((s) => s.getBoundingClientRect().width)"
        )
        assert widths and max(widths) < 100, (game, max(widths))
        page.close()


def test_a_refused_table_puts_the_focus_on_the_field_at_fault(server: str, browser) -> None:
    """The Create button, off while the server answered, left the focus on the page; the
    message named the option by its key ('round_limit'), not by the field's label; '1e' in a
    number field made a table on the default without a word."""
    page = lobby(server, browser, "renaissance-man")
    name = page.locator("#seat-0-name")
    name.fill("Seat 2")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#lobby-error")).to_contain_text(
        "Seat 0, name: 'Seat 2' would read as a seat"
    )
    expect(name).to_be_focused()
    expect(name).to_have_attribute("aria-invalid", "true")
    name.fill("")
    limit = page.get_by_label(re.compile("^Round limit"))
    limit.fill("1000")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#lobby-error")).to_have_text(
        "Round limit is a whole number from 5 to 500, not 1000"
    )
    expect(limit).to_be_focused()
    expect(limit).to_have_attribute("aria-describedby", "lobby-error")
    assert name.get_attribute("aria-invalid") is None
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/api/tables") else None)
    limit.fill("")
    limit.press_sequentially("1e")  # read as empty, which meant the default: a table made
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#lobby-error")).to_have_text(
        "Round limit is a whole number from 5 to 500: what is typed there is not a number."
    )
    expect(limit).to_be_focused()
    assert asked == []  # refused in the page
    limit.fill("40")
    page.route("**/api/tables", lambda route: route.fulfill(status=429, json={"error": "wait"}))
    page.get_by_role("button", name="Create table").click()  # a refusal of no field
    expect(page.locator("#lobby-error")).to_have_text("wait")
    expect(page.get_by_role("button", name="Create table")).to_be_focused()
    assert limit.get_attribute("aria-invalid") is None
    page.close()


def test_a_card_file_not_in_utf8_is_refused_with_its_line(server: str, browser) -> None:
    """The lobby read a chosen file with file.text(), which turns bytes that are not UTF-8
    into replacement characters: a Latin-1 file made a table with garbled card names, where
    --cards refuses it naming the line."""
    from tavola.games.renaissance_man_2d6.cards import CARDS

    raw = CARDS.builtin["standard"].read_bytes()
    at = raw.index(b"Cooking")
    bad = raw[:at] + b"Cuisin\xe9" + raw[at + 7 :]
    line = raw[:at].count(b"\n") + 1
    page = lobby(server, browser, "renaissance-man-2d6")
    chooser = page.locator("#opt-cards")
    chooser.set_input_files({"name": "latin1.toml", "mimeType": "text/plain", "buffer": bad})
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#lobby-error")).to_have_text(
        f"latin1.toml, line {line}: the card file is not UTF-8 text "
        "(save it as UTF-8 and choose it again)"
    )
    expect(chooser).to_be_focused()
    assert page.url.rstrip("/") == server.rstrip("/")
    page.close()


def test_a_new_number_of_players_keeps_the_focus_and_says_what_it_became(
    server: str, browser
) -> None:
    """Tabbing out of Players hid the Variant field the focus was going to (the focus fell to
    the page), and a number the game does not take was changed without a word."""
    page = lobby(server, browser, "renaissance-man")
    players = page.get_by_label("Players", exact=True)
    players.fill("1")
    players.dispatch_event("change")
    expect(page.get_by_label("Variant", exact=True)).to_be_visible()
    players.fill("2")
    players.press("Tab")
    expect(page.get_by_label("Variant", exact=True)).to_be_hidden()
    expect(page.locator("#option-fields :focus")).to_be_visible()  # the next field shown
    expect(page.locator("#players-note")).to_have_text("")
    page.get_by_label("Game", exact=True).select_option("testa-di-pecora")
    players.fill("2")
    players.press("Tab")
    expect(players).to_have_value("4")
    expect(page.locator("#players-note")).to_have_text(
        "Testa di Pecora takes 4 to 5 players: set to 4."
    )
    page.close()


def test_the_lobby_starts_at_a_games_most_players_as_the_api_does(server: str, browser) -> None:
    """The lobby started each game at its fewest players, where the API and ``tavola play``
    start at its most: a new player's first Rivals or 2013 table was a solo game."""
    with urllib.request.urlopen(server + "/api/games") as answer:
        games = {g["id"]: g for g in json.load(answer)}
    page = lobby(server, browser, "testa-di-pecora")
    players = page.get_by_label("Players", exact=True)
    for game in ("renaissance-rivals", "renaissance-man", "renaissance-man-2d6", "testa-di-pecora"):
        page.get_by_label("Game", exact=True).select_option(game)
        most = games[game]["max_players"]
        expect(players).to_have_value(str(most))
        expect(page.locator(".seat-row")).to_have_count(most)
    players.fill("")
    players.press("Tab")
    expect(players).to_have_value("5")
    page.close()


def test_a_click_on_an_option_as_the_focus_leaves_players_is_kept(server: str, browser) -> None:
    """A new number of players redrew every option field as the focus left Players: the field
    clicked was replaced under the click, and the keys typed next went to the Deck chooser."""
    page = lobby(server, browser, "testa-di-pecora")
    page.get_by_label("Players", exact=True).fill("5")
    seasons = page.locator("#opt-seasons")
    seasons.click()  # Players' change is handled on the way
    page.keyboard.press("Control+A")
    page.keyboard.type("7")
    expect(seasons).to_be_focused()
    expect(seasons).to_have_value("7")
    dealer = page.locator("#opt-first_dealer")
    expect(dealer.locator("option")).to_have_text(["random", *(f"seat {s}" for s in range(5))])
    dealer.select_option("seat 4")
    page.get_by_label("Players", exact=True).fill("4")
    page.get_by_label("Players", exact=True).press("Tab")
    expect(dealer.locator("option")).to_have_count(5)
    expect(dealer).to_have_value("")  # seat 4 is gone: random
    expect(seasons).to_have_value("7")
    page.close()


def test_choices_a_number_of_players_leaves_out_are_said_and_come_back_with_it(
    server: str, browser
) -> None:
    """Players changed and changed back reset the 2013 game's tougher variant, Testa's first
    dealer, a fourth artist and a seat's name without a word; a game of one offered a Dealer of
    'seat 0'."""
    page = lobby(server, browser, "renaissance-man")
    players, note = page.get_by_label("Players", exact=True), page.locator("#players-note")

    def set_players(n: int) -> None:
        players.fill(str(n))
        players.press("Tab")

    set_players(1)
    expect(page.locator("#opt-dealer")).to_be_hidden()  # one seat: nothing to choose
    page.get_by_label("Variant", exact=True).select_option("tougher")
    set_players(2)
    expect(note).to_have_text("The tougher variant is for 1 player: this table plays standard.")
    page.locator("#opt-dealer").select_option("seat 1")
    set_players(1)
    expect(page.get_by_label("Variant", exact=True)).to_have_value("tougher")
    expect(note).to_have_text("Dealer is for 2 to 4 players: left out.")
    set_players(3)
    expect(page.locator("#opt-dealer")).to_have_value("1")
    expect(note).to_have_text("The tougher variant is for 1 player: this table plays standard.")
    set_players(4)  # a seat named, left out, comes back with its name and kind
    page.locator("#seat-3-name").fill("Dora")
    page.locator("#seat-3-kind").select_option("invite")
    set_players(2)
    expect(note).to_contain_text("Seat 3 (Dora) is left out.")
    set_players(4)
    expect(page.locator("#seat-3-name")).to_have_value("Dora")
    expect(page.locator("#seat-3-kind")).to_have_value("invite")

    first_dealer = "First dealer: seat 4 is not at a table of 4, so random."
    for game, (more, fewer), field, choice, said in (
        ("testa-di-pecora", (5, 4), "first_dealer", "seat 4", first_dealer),
        (
            "renaissance-rivals",
            (4, 3),
            "artist_3",
            "raphael",
            "Artist 3 is for 4 players: left out.",
        ),
    ):
        page.get_by_label("Game", exact=True).select_option(game)
        set_players(more)
        chooser = page.locator(f"#opt-{field}")
        chooser.select_option(choice)
        value = chooser.input_value()
        set_players(fewer)
        expect(note).to_have_text(said)
        set_players(more)
        expect(chooser).to_have_value(value)
        expect(note).to_have_text("")
    page.close()


def test_a_number_of_players_set_as_create_is_pressed_makes_no_table(server: str, browser) -> None:
    """Nine players typed and Create pressed: the number became five and a five-player table
    was made in the same click, the note saying so wiped before it could be read."""
    page = lobby(server, browser, "testa-di-pecora")
    players = page.get_by_label("Players", exact=True)
    made: list[str] = []
    page.on("request", lambda r: made.append(r.url) if r.url.endswith("/api/tables") else None)
    players.fill("9")
    page.get_by_role("button", name="Create table").click()
    note = "Testa di Pecora takes 4 to 5 players: set to 5."
    expect(page.locator("#players-note")).to_have_text(note)
    expect(players).to_be_focused()
    expect(players).to_have_value("5")
    players.fill("3")
    players.press("Enter")  # the same by the keyboard
    expect(page.locator("#players-note")).to_have_text(note.replace("set to 5", "set to 4"))
    expect(players).to_be_focused()
    assert made == [] and page.locator("#created").is_hidden()
    page.get_by_role("button", name="Create table").click()  # seen: now it is made
    page.locator("#created").wait_for()
    assert len(made) == 1
    page.close()


def test_two_seats_with_one_artist_put_the_focus_on_the_second(server: str, browser) -> None:
    """The refusal named no option, so the focus went to Create table."""
    page = lobby(server, browser, "renaissance-rivals")
    page.get_by_label("Players", exact=True).fill("2")
    page.get_by_label("Players", exact=True).press("Tab")
    page.locator("#opt-artist_0").select_option("leonardo")
    page.locator("#opt-artist_1").select_option("leonardo")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#lobby-error")).to_have_text(
        "Artist 1: seat 0 chose Leonardo da Vinci (leonardo) too: each artist is played by one seat"
    )
    expect(page.locator("#opt-artist_1")).to_be_focused()
    page.close()


def test_my_tables_say_which_are_in_play_finished_or_a_rematch(server: str, browser) -> None:
    """'My tables' gave no status, nor whose turn it was, and a rematch looked like its
    original."""
    page = lobby(server, browser, "renaissance-man-2d6")
    page.get_by_label("Turn limit").fill("10")
    page.locator("#opt-first_player").select_option("seat 0")  # the rematch waits on this seat
    page.locator("#seat-1-kind").select_option("bot")
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("link", name="Open my seat (seat 0)").click()
    old = page.url.split("/t/")[1].split("#")[0]
    click_until(page, lambda: page.locator("#end").is_visible())
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile("/t/(?!" + re.escape(old) + ")"))
    new = page.url.split("/t/")[1].split("#")[0]
    page.goto(server + "/")
    rows = page.locator("#my-tables > li")
    expect(rows.first.locator(".my-table-head a")).to_have_text("Renaissance Man (2006) (rematch)")
    expect(rows.first).to_contain_text(f"table {new} · rematch of table {old}")
    expect(rows.first.locator(".table-status")).to_have_text("in play, your turn")
    expect(rows.nth(1).locator(".table-status")).to_have_text("finished, rematched")
    gone = {"table": "gone1234", "game": "renaissance-man-2d6", "title": "Renaissance Man (2006)"}
    page.evaluate(
        "(t) => localStorage.setItem('tavola.tables', JSON.stringify([t, ...JSON.parse("
        "localStorage.getItem('tavola.tables'))]))",
        gone,
    )
    page.reload()
    expect(rows.first.locator(".table-status")).to_have_text("not on this server")
    page.close()


def test_my_tables_say_when_a_new_one_will_drop_the_oldest(server: str, browser) -> None:
    """At 50 tables the oldest was dropped, its links and creator's key with it, without a
    word."""
    page = browser.new_page()
    page.goto(server + "/")
    note = page.locator("#tables-full")
    expect(note).to_be_hidden()
    kept = [{"table": f"t{i:04d}", "game": "testa-di-pecora", "title": "T"} for i in range(195)]
    page.evaluate("(t) => localStorage.setItem('tavola.tables', JSON.stringify(t))", kept)
    page.reload()
    expect(page.locator("#my-tables > li")).to_have_count(195)
    expect(note).to_have_text(
        "This browser keeps the 200 newest tables here (195 now): each new one past that drops "
        "the oldest, its links with it. Forget those you no longer need."
    )
    page.close()


def test_forgetting_a_table_asks_first_and_keeps_the_focus(server: str, browser) -> None:
    """ "Forget" threw the table's links and the creator's key away at once, and the focus
    with them."""
    page = lobby(server, browser, "renaissance-man-2d6")
    for _ in range(2):
        page.get_by_role("button", name="Create table").click()
        page.locator("#created").wait_for()
    tables = page.locator("#my-tables > li")
    expect(tables).to_have_count(2)
    first, second = (t.get_attribute("href") for t in tables.locator(".my-table-head a").all())
    page.get_by_role("button", name=re.compile("^Forget table")).first.click()
    ask = page.get_by_role("group", name=re.compile(r"^Forget table .+\?$"))
    expect(ask).to_contain_text("your key to hand its empty seats to bots")
    expect(ask.get_by_role("button", name="Keep it")).to_be_focused()
    page.keyboard.press("Enter")
    expect(tables).to_have_count(2)
    expect(page.get_by_role("button", name=re.compile("^Forget table")).first).to_be_focused()
    page.keyboard.press("Enter")
    ask.get_by_role("button", name="Forget it").click()
    expect(tables).to_have_count(1)
    expect(page.locator(f'#my-tables a[href="{second}"]')).to_be_focused()
    assert first not in page.evaluate("localStorage.getItem('tavola.tables')")
    page.get_by_role("button", name=re.compile("^Forget table")).click()
    page.get_by_role("button", name="Forget it").click()
    expect(tables).to_have_count(0)
    expect(page.get_by_role("heading", name="My tables")).to_be_focused()
    page.close()


def test_a_record_this_browser_imported_can_be_deleted_from_the_server(
    server: str, browser, tmp_path: Path
) -> None:
    """Imported records stayed on the server for good, names and all: the browser that imported
    one may now delete it from "My tables" (a second browser importing it gets no key)."""
    (tmp_path / "record.json").write_text(json.dumps(finished_record("renaissance-man-2d6", 7)))
    other = browser.new_page()
    other.goto(server + "/")
    other.get_by_label("Record file").set_input_files(tmp_path / "record.json")
    other.wait_for_url("**/replay/*")
    page = browser.new_page()
    page.goto(server + "/")
    page.get_by_label("Record file").set_input_files(tmp_path / "record.json")
    page.wait_for_url("**/replay/*")
    replay = page.url
    for viewer in (page, other):
        viewer.goto(server + "/")
        viewer.get_by_role("button", name=re.compile("^Forget table")).click()
    expect(page.get_by_role("button", name="Delete it from the server")).to_have_count(0)
    page.get_by_role("button", name="Keep it").click()
    ask = other.get_by_role("group", name=re.compile(r"^Forget table .+\?$"))
    expect(ask).to_contain_text("Deleting it takes it off this server as well")
    ask.get_by_role("button", name="Delete it from the server").click()
    expect(other.locator("#forgotten")).to_contain_text("deleted from this server, and forgotten")
    expect(other.locator("#my-tables > li")).to_have_count(0)
    page.reload()  # the other browser's entry now says where the record went
    expect(page.locator("#my-tables .table-status")).to_have_text("not on this server")
    assert page.request.get(replay).status == 404
    other.close()
    page.close()


def test_cards_that_cannot_be_played_say_why_and_keep_their_contrast(server: str, browser) -> None:
    """Testa's cards a player could not play were faded to 2.2:1 and said nothing but their
    names; the 2006 game's kinds of none, Rivals' closed skills and the winner's badge were
    under 4.5:1 too."""
    page = my_seat(
        server, browser, "testa-di-pecora", 4, "random", viewport={"width": 1280, "height": 900}
    )
    # A barred card's label and the note, read at once: the hand may change between two reads.
    barred = """() => [document.querySelector('.hand.choosing .tcard:not(button)')
        ?.getAttribute('aria-label'), document.querySelector('.hand-box .barred')?.textContent]"""
    seen: list[list[str | None]] = []
    click_until(page, lambda: all(seen.append(page.evaluate(barred)) or seen[-1]))
    label, note = seen[-1]
    assert label.endswith(": cannot be played now")
    assert re.match(r"^(You must follow \w+: o|O)nly the outlined cards can be played now\.$", note)
    assert page.evaluate(LOW_CONTRAST, ".hand-box") == []
    page.locator(".hand-box").screenshot(path=str(SHOTS / "testa-di-pecora-barred-cards.png"))
    for game, seen in [
        ("renaissance-man-2d6", ".hand-kind.none"),
        ("renaissance-rivals", ".rr-skill.locked"),
    ]:
        made = api(server, "/api/replays", finished_record(game, 4))
        page.goto(f"{server}{made['replay']}#seat=0&step=0")
        page.reload()
        expect(page.locator(seen).first).to_be_visible()
        assert page.evaluate(LOW_CONTRAST, seen) == [], game
        page.get_by_role("button", name="Last").click()
        expect(page.locator("#end .badge.win").first).to_be_visible()
        assert page.evaluate(LOW_CONTRAST, ".badge.win") == [], game
    page.close()


def test_the_last_dice_show_the_modifier_and_total_the_log_tells(server: str, browser) -> None:
    """The 2006 game's 'Last dice' said '6 3 = 9' beside the log's 'rolled 6+3 -1 = 8'."""
    record = finished_record("renaissance-man-2d6", 4)
    for step in range(len(record["actions"]), 0, -1):  # the last roll with a modifier
        game = tavola.replay(record, upto=step)
        told = [e for e in game.events(0) if e["kind"] in ("roll", "contest")]
        roll = told[-1] if told else {}
        shown = [{"seat": roll.get("seat"), "dice": roll.get("dice")}]
        if roll.get("kind") == "roll" and roll["modifier"] and game.view(0)["dice"] == shown:
            break
    made = api(server, "/api/replays", record)
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}#seat=0&step={step}")
    dice = page.get_by_role("region", name="Last dice")
    modifier, total = roll["modifier"], roll["total"]
    expect(dice.locator(".mod")).to_have_text(
        f"modifier {'+' if modifier > 0 else '−'}{abs(modifier)}"
    )
    expect(dice.locator(".sum")).to_have_text(f"= total {total}")
    d1, d2 = roll["dice"]
    assert f"{d1}+{d2} {modifier:+d} = {total}" in page.locator("#log").inner_text()
    page.close()


def test_an_attempt_panel_says_the_modifier_in_the_games_words(server: str, browser) -> None:
    """The 2006 game's attempt panel wrote the modifier's rules itself ('−2 per requirement not
    matched, +1 per extra matching card') and found the roll needed from a 7 of its own: it now
    says what makes up this modifier as the view (the game) words it."""
    record = finished_record("renaissance-man-2d6", 4)
    for step in range(len(record["actions"])):  # an attempt with a card played and two parts
        a = tavola.replay(record, upto=step).view(0)["attempt"]
        if a and any(a["played"].values()) and "," in a["why_words"]:
            break
    made = api(server, "/api/replays", record)
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}#seat=0&step={step}")
    sign = "+" if a["modifier"] >= 0 else "−"
    expect(page.locator(".under-way .odds")).to_have_text(
        f"Modifier {sign}{abs(a['modifier'])} ({a['why_words']}): a roll of {a['least_roll']} or "
        f"more succeeds ({round(a['chance'] * 100)}%)."
    )
    page.close()


def test_a_screen_reader_hears_the_board_in_words_that_make_sense(server: str, browser) -> None:
    """Status chips ran together ('to act dealer'), the 2006 Success piles and Rivals' card
    piles named no seat, Rivals' turn line began '0 you Your turn', the connection was read
    '●connected' and Testa's board had an h3 before any h2."""
    levels = """() => [...document.querySelectorAll('main h1, main h2, main h3, main h4')]
        .map((el) => Number(el.tagName[1]))"""
    page = my_seat(server, browser, "testa-di-pecora", 4, "random")
    page.wait_for_selector("#board .seat")
    expect(
        page.locator("#board .seat").get_by_role("listitem").filter(has_text="dealer")
    ).to_have_count(1)
    assert page.locator("#connection").aria_snapshot() == "- status: connected"
    shown = page.evaluate(levels)
    assert all(b <= a + 1 for a, b in itertools.pairwise(shown)), shown
    page.close()
    page = my_seat(server, browser, "renaissance-man-2d6", 2, "random")
    expect(page.locator("#board summary").nth(1)).to_have_text(re.compile(r"^Seat 1: Success pile"))
    page.close()
    page = my_seat(server, browser, "renaissance-rivals", 2, "random")
    turn = page.get_by_role("group", name="This turn")
    expect(turn).to_be_visible()
    for _ in range(50):  # read once the first update has been drawn (a loaded machine lags)
        snapshot = turn.aria_snapshot()
        if re.search(r"rounds (Your turn|Seat 1 to play)", snapshot):
            break
        page.wait_for_timeout(100)
    assert re.search(r"rounds (Your turn|Seat 1 to play)", snapshot), snapshot
    page.close()


def test_a_replay_says_you_only_for_this_browsers_seat_and_its_log_scrolls(
    server: str, browser
) -> None:
    """Seen by another seat, a replay called that seat 'you' ('Seat 1 (you)', 'the bot in your
    seat'); and Home or End in the log moved the replay instead of scrolling the log."""
    made = api(server, "/api/replays", finished_record("renaissance-man-2d6", 4))
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}#seat=1&step=10")
    page.reload()
    hand = page.get_by_role("heading", name=re.compile("Creative Reserves"))
    expect(hand).to_have_text(re.compile(r"^Seat 1’s Creative Reserves"))
    expect(page.locator("#board .badge.you")).to_have_count(0)
    # the log is told to seat 1 ("You were dealt ..."): its heading says whose "you" that is
    expect(page.locator("#log")).to_contain_text("You were dealt")
    expect(page.locator("#log-title")).to_have_text("The game as Seat 1 saw it (“you”: Seat 1)")
    page.locator("#log").focus()
    page.keyboard.press("End")
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile("#seat=1&step=11$"))
    mine = {"table": made["table"], "seats": [{"seat": 1, "kind": "me"}]}
    page.evaluate("(t) => localStorage.setItem('tavola.tables', JSON.stringify([t]))", mine)
    page.reload()
    expect(hand).to_have_text(re.compile(r"^Your Creative Reserves"))
    expect(page.locator("#board .badge.you")).to_have_count(1)
    expect(page.locator("#log-title")).to_have_text("The game up to this move")
    page.close()


def test_a_long_review_leaves_the_replays_log_its_room(server: str, browser) -> None:
    """A review of many decisions squeezed the log beside it to two lines and a half."""
    made = api(server, "/api/replays", finished_record("renaissance-man-2d6", 4))
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server}{made['replay']}#seat=1&step=60")
    page.reload()
    expect(page.locator("#log li").nth(20)).to_be_attached()
    page.evaluate(  # a review's list, as long as a long game's
        "(l => { for (let i = 0; i < 60; i++) l.append(Object.assign(document.createElement('li'),"
        " { textContent: `Move ${i}: a move (0.50); the search prefers another (0.61).` })); })"
        "(document.getElementById('review-list'))"
    )
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(300)
    assert page.locator(".side .log-box").bounding_box()["height"] > 250
    review = page.locator(".side .review").bounding_box()
    assert review["y"] + review["height"] <= 800  # it scrolls within the window
    page.close()


def test_the_review_button_is_whole_beside_a_long_log(server: str, browser) -> None:
    """Beside a long log, the review (shrunk with it, by their sizes) showed only the top edge
    of "Review this seat's decisions" at 1280 by 900: its one button, scrolled out of sight."""
    made = api(server, "/api/replays", finished_record("renaissance-man-2d6", 4))
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}{made['replay']}#seat=1&step=60")
    expect(page.locator("#log li").nth(30)).to_be_attached()
    box = page.locator(".side .review").bounding_box()
    button = page.get_by_role("button", name="Review this seat's decisions").bounding_box()
    assert box["y"] <= button["y"] and button["y"] + button["height"] <= box["y"] + box["height"]
    assert button["y"] + button["height"] <= 900
    assert page.locator(".side .log-box").bounding_box()["height"] >= 160  # 10rem, its least
    page.close()


def test_a_review_entry_on_a_phone_brings_the_board_into_view_and_a_way_back(
    server: str, browser
) -> None:
    """On a phone the review lies 3,000 px below the board: choosing a decision changed a board
    nobody could see."""
    made = api(server, "/api/replays", finished_record("renaissance-man-2d6", 4))
    page = browser.new_page(viewport=PHONE)
    option = {"action": {"kind": "x"}, "label": "a move", "value": 0.5}
    decisions = [
        {"index": i, "played": option["action"], "played_label": "a move", "best": {}}
        | {"options": [option], "loss": 0}
        for i in (30, 40)
    ]
    page.route(
        "**/review?*", lambda route: route.fulfill(json={"agent": "ismcts", "decisions": decisions})
    )
    page.goto(f"{server}{made['replay']}#seat=1&step=0")
    page.get_by_role("button", name="Review this seat's decisions").click()
    entry = page.locator("#review-list li button").nth(1)
    entry.click()
    expect(page).to_have_url(re.compile("#seat=1&step=40$"))
    back = page.get_by_role("button", name="Back to the review (move 41)")
    expect(back).to_be_in_viewport()
    expect(page.locator("#turn")).to_be_in_viewport()
    back.click()
    expect(entry).to_be_focused()
    expect(entry).to_be_in_viewport()
    expect(back).to_be_hidden()
    page.set_viewport_size({"width": 1280, "height": 800})  # side by side: nothing to bring
    page.locator("#review-list li button").first.click()
    expect(page).to_have_url(re.compile("#seat=1&step=30$"))
    expect(page.locator(".to-review")).to_be_hidden()
    page.close()


def test_a_review_entry_shows_the_reviewed_seat_after_another_is_chosen(server: str, browser):
    """Seat 1's review stays listed when the replay is turned to seat 0: its decision then
    showed seat 0's view, where seat 1's hand and choices are hidden."""
    made = api(server, "/api/replays", finished_record("renaissance-man-2d6", 4))
    page = browser.new_page()
    option = {"action": {"kind": "x"}, "label": "a move", "value": 0.5}
    decision = {"index": 30, "played": option["action"], "played_label": "a move", "best": {}}
    review = {"agent": "ismcts", "decisions": [decision | {"options": [option], "loss": 0}]}
    page.route("**/review?*", lambda route: route.fulfill(json=review))
    page.goto(f"{server}{made['replay']}#seat=1&step=0")
    page.get_by_role("button", name="Review this seat's decisions").click()
    page.get_by_label("Seen by").select_option("0")
    expect(page).to_have_url(re.compile("#seat=0&step=0$"))
    page.locator("#review-list li button").click()
    expect(page).to_have_url(re.compile("#seat=1&step=30$"))
    expect(page.get_by_label("Seen by")).to_have_value("1")
    page.close()


@pytest.mark.parametrize(
    ("game", "unit"),
    [
        ("testa-di-pecora", "renown"),
        ("renaissance-rivals", "VP"),
        ("renaissance-man-2d6", "points"),
    ],
)
def test_the_final_ranking_says_what_a_score_counts(server: str, browser, game, unit) -> None:
    """The ranking's column said 'Score' in every game: renown in Testa, VP in Rivals, points in
    the 2006 game (the game's spec says which)."""
    made = api(server, "/api/replays", finished_record(game, 4))
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}#seat=0&step=0")
    page.wait_for_selector("#board *")
    page.keyboard.press("End")
    ranking = page.get_by_role("table", name="Final ranking")
    expect(ranking.get_by_role("columnheader").nth(2)).to_have_text(f"Score ({unit})")
    page.close()


def test_a_review_tells_the_decisions_a_bot_made_in_a_persons_seat(server: str, browser):
    """A person's seat a bot played for a while: the review names the bot's decisions, which
    read as the person's; a seat a bot played throughout is not marked move by move. The
    status names the seat as the log does (it said "Seat 1" without its name)."""
    record = finished_record("renaissance-man-2d6", 4) | {"names": [None, "Bea"]}
    made = api(server, "/api/replays", record)
    page = browser.new_page()
    option = {"action": {"kind": "x"}, "label": "a move", "value": 0.5}
    decisions = [
        {"index": i, "played": option["action"], "played_label": "a move", "best": {}}
        | {"options": [option], "loss": 0, "bot": bot}
        for i, bot in ((10, False), (20, True), (30, True))
    ]
    review = {"agent": "ismcts", "decisions": decisions}
    page.route("**/review?*", lambda route: route.fulfill(json=review))
    page.goto(f"{server}{made['replay']}#seat=1&step=0")
    page.get_by_role("button", name="Review this seat's decisions").click()
    expect(page.locator("#review-status")).to_have_text(
        "Seat 1 · \u2068Bea\u2069: 0 of 3 decisions agree with the search bot (ismcts)."
        " A bot in the seat made 2 of them."
    )
    expect(page.locator("#review-list li")).to_have_text(
        [
            "Move 11: a move (0.50), the search's choice too.",
            "Move 21 (the bot's): a move (0.50), the search's choice too.",
            "Move 31 (the bot's): a move (0.50), the search's choice too.",
        ]
    )
    for decision in decisions:
        decision["bot"] = True
    page.get_by_role("button", name="Review this seat's decisions").click()
    expect(page.locator("#review-list li").nth(1)).to_have_text(
        "Move 21: a move (0.50), the search's choice too."
    )
    expect(page.locator("#review-status")).not_to_contain_text("A bot in the seat")
    page.close()


def test_a_replays_controls_leave_the_board_on_a_phones_first_screen(server: str, browser) -> None:
    """On a phone the replay's controls (the seat, four step buttons on two lines, the slider,
    the keys' help, the record's links) filled the first screen: the board began below it. And
    the seat's choice, beside the buttons, was cut to "Seat 0 · A" (a name, or the moves a bot
    played, make it long): it has a line of its own now."""
    made = api(server, "/api/replays", finished_record("testa-di-pecora", 4))
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}{made['replay']}#seat=0&step=30")
    page.wait_for_selector("#board *")
    assert page.locator("#board").bounding_box()["y"] < PHONE["height"] / 2
    controls = page.locator(".replay-controls").bounding_box()
    assert page.get_by_label("Seen by").bounding_box()["width"] > 0.7 * controls["width"]
    steps = [
        page.get_by_role("button", name=n, exact=True) for n in ("First", "Back", "Forward", "Last")
    ]
    assert len({round(b.bounding_box()["y"]) for b in steps}) == 1  # one row, named as before
    assert controls["height"] < 200
    more = page.get_by_text("Help, keys and the record file")
    expect(page.get_by_role("link", name="Download the record")).to_be_hidden()
    more.click()
    expect(page.get_by_role("link", name="Download the record")).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 800})  # room: shown, and no fold
    expect(page.get_by_role("link", name="Download the record")).to_be_visible()
    expect(more).to_be_hidden()
    page.close()


def test_a_replay_link_opened_in_its_tab_shows_its_seat_and_move(server: str, browser) -> None:
    """A link to another seat and move of the same replay, opened in the same tab, changes only
    the fragment: the page stayed on the seat and move it showed."""
    made = api(server, "/api/replays", finished_record("testa-di-pecora", 4))
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}#seat=2&step=21")
    expect(page.locator("#step-text")).to_contain_text("Move 21 of")
    page.goto(f"{server}{made['replay']}#seat=3&step=40")
    expect(page.locator("#step-text")).to_contain_text("Move 40 of")
    expect(page.locator("#viewer")).to_have_value("3")
    page.close()


def test_a_replays_move_line_tells_the_move_before_the_next_ones_number(
    server: str, browser
) -> None:
    """Stepping forward said "Move 5 of 96. Next: move 6. Seat 3 plays Novice.": move 5's event
    read as move 6's."""
    record = finished_record("testa-di-pecora", 4)
    made = api(server, "/api/replays", record)
    page = browser.new_page()
    page.goto(f"{server}{made['replay']}#seat=0&step=4")
    status = page.locator("#step-text")
    expect(status).to_have_text(f"Move 4 of {len(record['actions'])}. Next: move 5.")
    page.keyboard.press("ArrowRight")
    played = tavola.replay(record, upto=5).events(0)[-1]["text"]
    expect(status).to_have_text(f"Move 5 of {len(record['actions'])}. {played} Next: move 6.")
    page.close()


def test_the_review_prefers_a_move_only_when_it_rates_it_higher(server: str, browser) -> None:
    """'Draw a card (0.27); the search prefers Turn up a Challenge (0.25)': the search's choice is
    the move it searched most, which may rate lower. And a Rivals solo game lost whatever was
    played rated every move 0.00 without a word."""
    made = api(server, "/api/replays", finished_record("renaissance-man-2d6", 4))
    page = browser.new_page()

    def option(kind: str, value: float) -> dict:
        return {"action": {"kind": kind}, "label": kind, "value": value}

    def decision(i: int, played: dict, others: list[dict]) -> dict:
        options = [*others, played]  # the search's choice, the most searched, first
        loss = max(0.0, options[0]["value"] - played["value"])
        return {"index": i, "played": played["action"], "played_label": played["label"]} | {
            "best": options[0]["action"],
            "options": options,
            "loss": loss,
        }

    answers = {
        "rated": [
            decision(1, option("draw", 0.3), [option("challenge", 0.6)]),
            decision(2, option("draw", 0.27), [option("challenge", 0.25)]),
            decision(3, option("draw", 0.5), []),
        ],
        "blank": [decision(1, option("draw", 0.0), [option("challenge", 0.0)])],
    }
    which = ["rated"]
    page.route(
        "**/review?*",
        lambda route: route.fulfill(json={"agent": "ismcts", "decisions": answers[which[0]]}),
    )
    page.goto(f"{server}{made['replay']}#seat=1&step=0")
    page.get_by_role("button", name="Review this seat's decisions").click()
    expect(page.locator("#review-list li")).to_have_text(
        [
            "Move 2: draw (0.30); the search prefers challenge (0.60).",
            "Move 3: draw (0.27); the search searched challenge (0.25) more, but rates the move "
            "played about as high: nothing given up.",
            "Move 4: draw (0.50), the search's choice too.",
        ]
    )
    expect(page.locator("#review-status")).not_to_contain_text("0.00")
    which[0] = "blank"
    page.get_by_role("button", name="Review this seat's decisions").click()
    expect(page.locator("#review-status")).to_contain_text(
        "Every move is rated 0.00: in the search's playouts this seat lost whatever it played"
    )
    page.close()


def test_the_pages_say_things_in_words_not_in_the_rules_pages_codes(server: str, browser) -> None:
    """Options' help named decisions by their codes ('decision D13'); the 2013 game began at
    'Round 0'; the 2006 game asked to 'draw a CR card'."""
    page = browser.new_page()
    page.goto(server + "/")
    for game in ("renaissance-man", "renaissance-man-2d6", "testa-di-pecora"):
        page.get_by_label("Game", exact=True).select_option(game)
        page.get_by_label("Players", exact=True).fill("4")
        page.get_by_label("Players", exact=True).dispatch_event("change")
        expect(page.locator("#option-fields")).not_to_contain_text("decision D")
    page.close()
    page = my_seat(server, browser, "renaissance-man", 2, "heuristic")
    expect(page.locator("#board .phase")).to_contain_text("Lay the Foundation")
    expect(page.locator("#board .phase")).not_to_contain_text("Round 0")
    page.close()
    seats = [{"kind": "me"}, {"kind": "bot", "agent": "random"}]
    body = {"game": "renaissance-man-2d6", "players": 2, "seats": seats}
    made = api(server, "/api/tables", {**body, "options": {"first_player": 0}})
    page = browser.new_page()
    page.goto(server + made["seats"][0]["link"])
    expect(page.locator("#board .phase")).to_contain_text("draw a Creative Reserves card")
    page.close()
