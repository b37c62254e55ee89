"""The terminal game, driven through ``play`` with scripted input."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Iterator

import pytest

import tavola
from tavola.core.registry import register, unregister
from tavola.tui import play
from tavola.tui.terminal import choose, numbered

GAME = "testa-di-pecora"


def run(
    answers: str,
    players: int | None = 5,
    seat: int = 0,
    bots: list[str] | None = None,
    seed: int | None = 1,
    game: str = GAME,
) -> tuple[int, str]:
    out = io.StringIO()
    code = play(game, players, seat, bots or [], seed, io.StringIO(answers), out)
    return code, out.getvalue()


def missing_card(seed: int, players: int, seat: int) -> str:
    """The name of a card not in ``seat``'s first hand: a move the rules refuse."""
    g = tavola.new_game(GAME, players=players, seed=seed)
    return next(n for c, n in enumerate(g.deck.names) if not g.hands[seat] >> c & 1)


def test_a_whole_game_with_bad_answers_on_the_way() -> None:
    card = missing_card(1, 5, 0)
    code, out = run(f"xyz\n99\n{card}\nhelp\nv\n\n" + "1\n" * 300)
    assert code == 0
    assert "'xyz' names no move you can make now" in out
    assert "there is no choice 99; answer 1 to 2" in out
    assert "Not allowed: the Inheritance is being offered: claim it or pass" in out
    assert "Testa di Pecora, in brief." in out and "quit or q" in out
    assert re.search(r"Seat [1-4] \(heuristic\) plays ", out)
    assert "You claim the Inheritance: " in out
    assert all(f"Season {k}: " in out for k in (1, 2, 3))
    assert "The game is over. Final ranking, with scores:" in out
    assert re.search(r"(You win!|You share the win!|wins?\.)\n\Z", out)


def test_other_seats_saved_cards_are_never_named() -> None:
    code, out = run("2\n" * 300, bots=["random"], seed=3)  # always pass: the bots claim
    assert code == 0
    assert re.search(r"Seat \d \(random\) saves a card face down\.", out)
    assert not re.search(r"Seat \d \(random\) saves? [A-Z]", out)


def test_four_players_in_another_seat_with_mixed_bots() -> None:
    code, out = run("1\n" * 200, players=4, seat=2, bots=["random", "heuristic", "random"])
    assert code == 0
    assert "You are seat 2. Bots: random at seats 0, 3; heuristic at seat 1." in out
    assert "Seat 1 (heuristic) plays" in out and "Seat 3 (random) plays" in out
    assert "Final ranking" in out


def test_the_same_seed_replays_the_same_game() -> None:
    first = run("1\n" * 300, bots=["random"], seed=5)
    assert first == run("1\n" * 300, bots=["random"], seed=5)
    assert first != run("1\n" * 300, bots=["random"], seed=6)


def test_moves_by_name_and_by_the_start_of_their_words() -> None:
    g = tavola.new_game(GAME, players=4, seed=2)
    seat = min(g.to_act)
    legal = g.legal_actions(seat)
    label = str(legal[-1])
    assert choose(g, seat, label.upper(), legal) == legal[-1]
    start = " ".join(word[:4] for word in label.split())
    assert choose(g, seat, start, legal) == legal[-1]
    assert choose(g, seat, "2", legal) == legal[1]
    with pytest.raises(tavola.MalformedActionError, match="answer 1 to"):
        choose(g, seat, "0", legal)
    with pytest.raises(tavola.MalformedActionError, match="names no move"):
        choose(g, seat, "nonsense", legal)


def test_an_ambiguous_start_asks_which() -> None:
    g = tavola.new_game(GAME, players=5, seed=1)
    g.act(0, g.parse_action(0, "claim"))
    legal = g.legal_actions(0)
    with pytest.raises(tavola.MalformedActionError, match="could be Save "):
        choose(g, 0, "save", legal)


def test_numbered_fits_80_columns() -> None:
    g = tavola.new_game(GAME, players=4, seed=2)
    text = numbered(g.legal_actions(min(g.to_act)))
    assert text.startswith(" 1. ")
    assert max(map(len, text.splitlines())) <= 80


def test_quit_leaves_at_once() -> None:
    code, out = run("quit\n1\n")
    assert code == 0
    assert "You leave the table." in out
    assert "Final ranking" not in out


def test_end_of_input_leaves_gracefully() -> None:
    code, out = run("")
    assert code == 0
    assert "End of input: leaving the game." in out
    code, out = run("1\n1\n")
    assert code == 0
    assert out.rstrip().endswith("End of input: leaving the game.")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "no game 'chess'"),
        ({"players": 9}, "for 4 to 5 players"),
        ({"seat": 5}, "there is no seat 5"),
        ({"bots": ["random", "random"]}, "one for each of the 4 other seats"),
        ({"bots": ["nobody"]}, "no agent 'nobody'"),
    ],
)
def test_a_bad_set_up_says_what_is_wrong(kwargs: dict, message: str) -> None:
    code, out = run("1\n", **kwargs)
    assert code == 2
    assert out.startswith("Cannot start: ") and message in out


@pytest.fixture
def plain_game() -> Iterator[str]:
    """Testa di Pecora registered again without its text rendering."""
    spec = dataclasses.replace(tavola.get_spec(GAME), id="test-tui-plain", text=None)
    register(spec)
    yield spec.id
    unregister(spec.id)


def test_a_game_without_text_rendering_shows_json(plain_game: str) -> None:
    code, out = run("1\n" * 300, game=plain_game)
    assert code == 0
    assert '"phase": "claim"' in out
    assert "Seat 1 (heuristic) has moved." in out
    assert "Final ranking" in out


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, plain = run("quit\n")
    assert "\x1b[" not in plain
    out = Terminal()
    assert play(GAME, 5, 0, [], 1, io.StringIO("quit\n"), out) == 0
    assert "\x1b[" in out.getvalue()
