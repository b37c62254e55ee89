"""Every game names a seat alike, "Seat 2", as the web page does: it puts the player's name after
each seat it finds by that name. Testa di Pecora and the 2006 game wrote "seat 2" mid-sentence,
and Testa listed seats by their numbers ("seats 2 and 1 (the Heir and partner)"), which the web
page could not name."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import tavola

GAMES = [s for s in tavola.list_games() if not s.id.startswith("test-")]
DOM_JS = Path(tavola.__file__).parent / "web" / "static" / "dom.js"
LISTS = ("side", "opponents", "winners", "punished")
"""An event's fields that hold several seats, each to be named in its sentence."""


def web_pattern() -> re.Pattern[str]:
    """The pattern by which the web page finds the seats of a sentence (``nameSeats``)."""
    found = re.search(r"function nameSeats.*?\.replace\(/(.+?)/g", DOM_JS.read_text(), re.S)
    assert found, "nameSeats in dom.js replaces no pattern"
    return re.compile(found[1])


def played(spec, players: int, seed: int):
    """A game played to its end at random, with its screens as each seat saw them on the way."""
    g = tavola.new_game(spec.id, players=players, seed=seed)
    rng = random.Random(seed)
    screens = []
    while not g.is_over:
        seat = min(g.to_act)
        if len(g.history) % 17 == 0:
            screens += [spec.text.render(g.view(v)) for v in (None, seat)]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g, screens + [spec.text.render(g.view(v)) for v in (None, *range(players))]


@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_a_seat_is_called_seat_n_in_every_sentence_and_on_every_screen(spec) -> None:
    """A seat is "Seat 2", also mid-sentence and in lists ("Seat 2 and Seat 1"); never "seat
    2" nor "seats 2 and 1"."""
    for players in range(spec.min_players, spec.max_players + 1):
        g, screens = played(spec, players, seed=players)
        texts = [e["text"] for v in (None, *range(players)) for e in g.events(v)] + screens
        for text in texts:
            for name in re.findall(r"\b[Ss]eats?[ \xa0]+\d+", text):
                assert re.fullmatch(r"Seat \d+", name), (name, text)


@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_the_web_page_finds_every_seat_an_event_names(spec) -> None:
    """Each seat of an event (its ``seat``, and each of its lists of seats) but the reader's is
    found in its sentence by the web page's pattern, which names it."""
    pattern = web_pattern()
    for players in range(max(2, spec.min_players), spec.max_players + 1):
        g, _ = played(spec, players, seed=players)
        for viewer in (None, *range(players)):
            for e in g.events(viewer):
                seats = [e["seat"]] if isinstance(e.get("seat"), int) else []
                for key in LISTS:
                    seats += e.get(key, [])
                named = {int(n) for _, n in pattern.findall(e["text"])}
                assert {s for s in seats if s != viewer} <= named, e
