"""The terminal laid out to its width, and a sign that a slow bot is thinking."""

from __future__ import annotations

import io
import re

import pytest

import tavola
from tavola.tui import play
from tavola.tui.screen import Screen, fit, numbered

GAMES = ["testa-di-pecora", "renaissance-man", "renaissance-rivals", "renaissance-man-2d6"]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def at_terminal(
    game: str, players: int, answers: str, bots: list[str] | None = None, seed: int = 1
) -> list[str]:
    """The lines a terminal shows (colours taken out) for a game played with ``answers``."""
    out = Terminal()
    assert play(game, players, 0, bots or [], seed, Terminal(answers), out) == 0
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", out.getvalue())
    return re.sub(r"(Your move \([^)]*\)|Press Enter to go on \(or quit\)): ", "\n", text).split(
        "\n"
    )


@pytest.fixture
def columns_40(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")


def test_the_width_is_the_terminals_less_one_at_most_79(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    assert Screen(Terminal()).width == 39
    monkeypatch.setenv("COLUMNS", "200")
    assert Screen(Terminal()).width == 79
    assert Screen(io.StringIO()).width == 79  # not a terminal


def test_a_line_too_long_wraps_under_its_own_indent() -> None:
    assert fit("  one two three four", 12) == "  one two\n    three\n    four"
    assert fit("short\n  kept", 12) == "short\n  kept"


def test_menu_entries_fit_the_width_and_a_long_one_wraps_under_its_name() -> None:
    """Rivals' labels made 82-character entries; at 40 columns Testa's ran in three columns
    that the terminal broke in the middle of a name."""
    labels = ["Acquire A1 to the deck"] * 5
    assert all(len(line) <= 39 for line in numbered(labels, 39).splitlines())
    long = "Start Saint Catherine with a Lily in Florence and pay its first step at once"
    assert numbered(["Pass", long], 40).splitlines() == [
        " 1. Pass",
        " 2. Start Saint Catherine with a Lily in",
        "    Florence and pay its first step at",
        "    once",
    ]


@pytest.mark.usefixtures("columns_40")
def test_at_40_columns_the_moves_are_one_a_line_and_whole() -> None:
    lines = at_terminal("testa-di-pecora", 5, "1\nquit\n")  # claim, then the Heir saves
    saves = [line for line in lines if re.match(r" ?\d\. Save \S", line)]
    assert len(saves) == 8 and all(len(line) <= 39 for line in lines)


@pytest.mark.usefixtures("columns_40")
def test_at_40_columns_the_pyramids_are_one_under_the_other() -> None:
    """Two pyramids abreast were 78 columns, and the terminal interleaved their halves."""
    lines = at_terminal("renaissance-man", 2, "quit\n")
    assert all(len(line) <= 39 for line in lines)
    assert [line.split(":")[0] for line in lines if line.endswith("cards in hand")] == [
        "You",
        "Seat 1",
    ]
    assert all(line.count("L1") <= 1 for line in lines)


@pytest.mark.usefixtures("columns_40")
@pytest.mark.parametrize("game", GAMES)
def test_at_40_columns_no_screen_is_wider(game: str) -> None:
    spec = tavola.get_spec(game)
    lines = at_terminal(game, spec.max_players, "help\n" + "1\n" * 40 + "quit\n")
    assert max(map(len, lines)) <= 39


@pytest.mark.parametrize("game", GAMES)
def test_help_fits_79_columns(game: str) -> None:
    """Rivals' rules had a line of 96 characters."""
    out = io.StringIO()
    play(game, None, 0, [], 1, io.StringIO("help\nquit\n"), out)
    help_ = out.getvalue().split("help\n", 1)[1]
    assert max(map(len, help_.splitlines())) <= 79


def test_a_bot_that_searches_is_thinking_at_a_terminal_only() -> None:
    """A search bot's move took seconds with nothing on the screen."""
    bots = ["ismcts:iterations=2"]
    lines = at_terminal("testa-di-pecora", 4, "1\nquit\n", bots=bots)
    assert any(line.endswith("(ismcts:iterations=2) is thinking…") for line in lines)
    out = io.StringIO()
    play("testa-di-pecora", 4, 0, bots, 1, io.StringIO("1\nquit\n"), out)
    assert "thinking" not in out.getvalue()
    assert "thinking" not in "".join(at_terminal("testa-di-pecora", 4, "1\nquit\n"))
