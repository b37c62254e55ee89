"""Commands against moves: a letter that starts a move picks it, and a step taken back is named."""

from __future__ import annotations

import io

import tavola
from tavola.tui import play
from tavola.tui.answers import command

RM = "renaissance-man"
FOUNDATION = "1\n1\n1\n1\n"  # seat 0 lays its Foundation; seed 5, 2 players: round 1 follows


def run(answers: str, game: str = RM, players: int = 2, seed: int = 5) -> str:
    out = io.StringIO()
    assert play(game, players, 0, [], seed, io.StringIO(answers), out) == 0
    return out.getvalue()


def test_a_letter_that_starts_a_move_picks_the_move_not_the_command() -> None:
    """After Barter the moves were 'Use Scholar 12', 'Use Baker 10', 'Use Knight 10': 'b' meant
    Baker, and took back the Barter step without a word."""
    out = run(FOUNDATION + "4\nb\nquit\n")
    assert "Your choice so far: Barter; Use Baker #10." in out
    assert "Took back" not in out


def test_back_says_which_step_it_took_back() -> None:
    out = run(FOUNDATION + "4\n2\nback\nback\nquit\n")
    assert "\nTook back: Use Baker #10.\n" in out
    assert "\nTook back: Barter.\n" in out
    action = out.split("Action 1!", 1)[1]
    assert action.count("Your move (1-5, a name, help, view, quit)") == 2  # begun again


def test_a_letter_no_move_starts_is_the_command() -> None:
    g = tavola.new_game(RM, players=2, seed=5)
    legal = g.legal_actions(0)  # Next: Merchant, Scholar, Baker, Knight, Renaissance Man
    assert [command(x, legal) for x in ("h", "v", "q", "?", "HELP", "exit")] == [
        "help",
        "view",
        "quit",
        "help",
        "help",
        "quit",
    ]
    assert command("b", legal) is None and command("n", legal) is None  # Baker; Next
    assert command("back", legal) == "back" and command("quit", []) == "quit"


def test_help_offers_back_only_in_a_game_with_steps_to_take_back() -> None:
    rm = run("help\nquit\n")
    testa = run("help\nquit\n", game="testa-di-pecora", players=4)
    assert "back (take back the last step" in rm and "(h, v, b, q)" in rm
    assert "back" not in testa.split("Testa di Pecora, in brief.")[0].split("help\n", 1)[1]
    assert "(h, v, q)" in testa
