"""`tavola play` on the command line: set-up errors, its help, and a closed stdout."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from tavola.cli import main

RIVALS = "renaissance-rivals"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_five_players_of_rivals_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    """It said only 'is for 1 to 4 players, not 5'; the API says the variant is not in the
    rulebook."""
    code, out, err = run(capsys, "play", RIVALS, "--players", "5")
    assert (code, out) == (2, "")
    assert err.startswith("tavola: error: Renaissance Rivals is for 1 to 4 players, not 5: ")
    assert "it is not in this rulebook" in err


def test_an_error_of_the_game_set_up_is_a_usage_error_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two seats with one artist printed 'Cannot start: ...' on stdout."""
    options = ["--option", "artist_0=leonardo", "--option", "artist_1=leonardo"]
    code, out, err = run(capsys, "play", RIVALS, "--players", "2", *options)
    assert (code, out) == (2, "")
    assert err == (
        "tavola: error: option 'artist_1': seat 0 chose Leonardo da Vinci (leonardo) too: "
        "each artist is played by one seat\n"
    )


def test_an_unknown_argument_points_to_the_help_of_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "play", RIVALS, "--bogus")
    assert code == 2
    assert err == "tavola: error: unrecognized arguments: --bogus (see 'tavola play --help')\n"


def test_a_card_file_not_found_is_named_by_its_path(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", RIVALS, "--cards", "/nonexistent/cards.toml")
    assert code == 2 and "'/nonexistent/cards.toml'" in err and err.count("\n") == 1


def test_the_help_of_play_names_the_bots_and_the_levels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "--help")
    flat = " ".join(out.split())
    assert code == 0
    assert "a level (easy, medium, hard) or a kind (random, heuristic, ismcts, pimc)" in flat


@pytest.mark.parametrize(
    "command", ["play testa-di-pecora --seed 1", "games"], ids=["play", "games"]
)
def test_a_closed_stdout_ends_quietly(command: str) -> None:
    """`tavola play ... >&-` ended with AttributeError: 'NoneType' object has no attribute
    'isatty'."""
    done = subprocess.run(
        f"{sys.executable} -m tavola {command} >&-",
        shell=True,
        input="2\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr == ""


def test_an_option_for_another_player_count_is_said_to_play_no_part(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game checks such an option and plays without it; the player is told so."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # leaves at once
    solo = "solo_cards=5 (only with 1 player and the easier or tougher variant)"
    for players, option, words in [
        ("2", "solo_cards=5", solo),
        ("1", "solo_cards=5", solo),  # the standard game: no cards are set aside
        ("2", "artist_3=leonardo", "artist_3=leonardo (only with 4 players)"),
    ]:
        game = "renaissance-man" if option.startswith("solo") else RIVALS
        _, _, err = run(capsys, "play", game, "--players", players, "--option", option)
        assert f"tavola: note: not in play: {words}" in err
    _, _, err = run(capsys, "play", "renaissance-man", "-p", "1", "--variant", "tougher")
    assert "not in play" not in err
    _, _, err = run(capsys, "play", RIVALS, "--players", "2")
    assert "not in play" not in err
