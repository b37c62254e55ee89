"""The terminal game, driven through ``play`` and ``Table`` with scripted input."""

from __future__ import annotations

import dataclasses
import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import tavola
from tavola.core.registry import register, unregister
from tavola.core.rng import stream
from tavola.core.words import listed
from tavola.tui import play
from tavola.tui.answers import choose
from tavola.tui.screen import Screen, fit, numbered, sentence
from tavola.tui.terminal import BOT_STREAM, Table

GAME = "testa-di-pecora"


class Terminal(io.StringIO):
    """A stream that says it is a terminal: a person at the keyboard."""

    def isatty(self) -> bool:
        return True


def run(
    answers: str,
    players: int | None = 5,
    seat: int = 0,
    bots: list[str] | None = None,
    seed: int | None = 1,
    game: str = GAME,
    options: dict[str, Any] | None = None,
) -> tuple[int, str]:
    out = io.StringIO()
    code = play(game, players, seat, bots or [], seed, io.StringIO(answers), out, options)
    return code, out.getvalue()


def table(
    players: int = 5, seed: int = 1, bot: str = "heuristic", **options: Any
) -> tuple[Table, tavola.Game]:
    """A table with the human at seat 0 and the same bot at every other seat."""
    g = tavola.new_game(GAME, players=players, seed=seed, options=options)
    bots = dict.fromkeys(range(1, players), bot)
    return Table(tavola.get_spec(GAME), g, 0, bots), g


def told(text: str) -> str:
    """An event's text as the terminal tells it when not a terminal (79 columns)."""
    return fit(sentence(text), 79)


def run_table(t: Table, stdin: io.StringIO) -> str:
    out = io.StringIO()
    assert t.run(stdin, Screen(out)) == 0
    return out.getvalue()


def missing_card(seed: int, players: int, seat: int) -> str:
    """The name of a card not in ``seat``'s first hand: a move the rules refuse."""
    g = tavola.new_game(GAME, players=players, seed=seed)
    return next(n for c, n in enumerate(g.deck.names) if not g.hands[seat] >> c & 1)


def test_a_whole_game_with_bad_answers_on_the_way() -> None:
    card = missing_card(1, 5, 0)
    code, out = run(f"xyz\n99\n{card}\nhelp\nv\n\n" + "1\n" * 300)
    assert code == 0
    assert "'xyz' names no move you can make now (Claim the Inheritance, Pass)." in out
    assert "There is no choice 99; answer 1 to 2" in out
    assert "Not allowed: the Inheritance is being offered: claim it or pass" in out
    assert "Testa di Pecora, in brief." in out and "quit (leave the game)" in out
    assert re.search(r"\nSeat [1-4] plays ", out)
    assert "\nYou claim the Inheritance: " in out
    assert all(f"Season {k}: " in out for k in (1, 2, 3))
    assert "The game is over. Final ranking, with scores:" in out
    assert re.search(r"(You win!|You share the win!|wins?\.)\n\Z", out)


def test_every_event_of_the_human_seat_is_told_in_order() -> None:
    t, g = table(seed=4)
    out = run_table(t, io.StringIO("1\n" * 300))
    assert g.is_over
    at = 0
    for event in g.events(0):
        at = out.index(told(event["text"]), at)
    kinds = {e["kind"] for e in g.events(0)}
    assert kinds >= {"deal", "claim", "save", "play", "trade", "season", "sides"}


def test_your_own_moves_are_told_as_yours() -> None:
    t, _ = table(seed=1)
    out = run_table(t, io.StringIO("claim\n1\n1\n" + "1\n" * 300))
    assert "\nYou claim the Inheritance: " in out
    assert re.search(r"\nYou save \S.* face down\.\n", out)
    assert re.search(r"\nYou play \S", out)
    assert "You win the trade with " in out or "You won" in out or "you won" in out


def test_other_seats_saved_cards_are_never_named() -> None:
    code, out = run("2\n" * 300, bots=["random"], seed=3)  # always pass: the bots claim
    assert code == 0
    assert re.search(r"Seat \d saves a card face down\.", out)
    assert not re.search(r"Seat \d saves? (?!a card)", out)


def test_a_pass_out_is_told_and_the_cards_are_dealt_again() -> None:
    t, _ = table(seed=6, bot="random", first_dealer=4)
    for seat in range(1, 5):  # the bots will all pass: make them
        t.bots[seat] = tavola.agents.PolicyAgent("passer", lambda view, legal, rng: legal[-1])
    out = run_table(t, io.StringIO("pass\nquit\n"))
    assert "Season 1: everyone passed. Influence: you " in out
    assert "the cards are dealt again." in " ".join(out.split())
    assert out.count("Season 1 of 3: ") == 2


def test_four_players_in_another_seat_with_mixed_bots() -> None:
    code, out = run("1\n" * 200, players=4, seat=2, bots=["random", "heuristic", "random"])
    assert code == 0
    assert "You are Seat 2. Bots: random at Seat 0 and Seat 3; heuristic at Seat 1." in out
    assert "Seat 1 plays" in out and "Seat 3 plays" in out
    assert "Seat 1 (heuristic)" in out.rsplit("Final ranking", 1)[1]


def test_the_same_seed_replays_the_same_game() -> None:
    first = run("1\n" * 300, bots=["random"], seed=5)
    assert first == run("1\n" * 300, bots=["random"], seed=5)
    assert first != run("1\n" * 300, bots=["random"], seed=6)


def test_the_seed_is_shown_only_at_the_end() -> None:
    _, out = run("1\n" * 300, seed=123456789)
    assert out.count("123456789") == 1
    assert "The seed of this game was 123456789" in out.rsplit("Final ranking", 1)[1]
    _, out = run("quit\n", seed=123456789)
    assert " ".join(out.split()).endswith(
        "The seed of this game was 123456789: it replays the deal and the bots' choices."
    )


def test_bots_draw_from_streams_of_the_game_seed() -> None:
    g = tavola.new_game(GAME, players=5, seed=7)
    t = Table(tavola.get_spec(GAME), g, 0, dict.fromkeys(range(1, 5), "random"))
    assert t.rngs[1].random() == stream(7, BOT_STREAM, 1).random()
    assert t.rngs[2].random() == stream(7, BOT_STREAM, 2).random() != t.rngs[1].random()


def test_the_seed_told_at_the_end_replays_a_game_dealt_without_one() -> None:
    """The bots drew from secret streams of their own: the seed told replayed the deal, and the
    bots' first moves already differed."""
    _, first = run("1\n" * 300, bots=["random"], seed=None)
    told = re.search(r"The seed of this game was (\d+)", first)
    assert told and "Final ranking" in first
    assert run("1\n" * 300, bots=["random"], seed=int(told.group(1)))[1] == first


def test_without_a_seed_the_deal_is_fresh_and_told_at_the_end() -> None:
    _, first = run("quit\n", seed=None)
    _, second = run("quit\n", seed=None)
    seeds = [re.search(r"The seed of this game was (\d+)", out) for out in (first, second)]
    assert all(seeds) and seeds[0].group(1) != seeds[1].group(1)  # type: ignore[union-attr]


def test_options_reach_the_game() -> None:
    code, out = run("1\n" * 300, options={"seasons": 1})
    assert code == 0
    assert "Season 1 of 1: " in out and "Season 2" not in out
    assert "Final ranking" in out
    with pytest.raises(tavola.TavolaError, match="option 'seasons' is a whole number"):
        run("1\n", options={"seasons": 99})


def test_a_season_end_waits_for_enter_at_a_terminal() -> None:
    t, g = table(seed=2)
    stdin = Terminal("1\n" * 400)
    out = run_table(t, stdin)
    assert g.is_over
    pauses = sum(e["kind"] in ("season", "passout") for e in g.events(0)) - 1  # not the last
    assert out.count("Press Enter to go on (or quit): ") == pauses > 0
    summary = next(e for e in g.events(0) if e["kind"] == "season")
    after = out.split(told(summary["text"]), 1)[1]
    assert after.startswith("\nPress Enter to go on")


def test_scripted_input_is_never_paused() -> None:
    t, _ = table(seed=2)
    out = run_table(t, io.StringIO("1\n" * 400))
    assert "Press Enter" not in out
    assert "Final ranking" in out


class Person(Terminal):
    """A player at a terminal who answers 1 to every move and ``at_pause`` to a pause."""

    def __init__(self, screen: io.StringIO, at_pause: str) -> None:
        super().__init__()
        self.screen = screen
        self.at_pause = at_pause

    def readline(self, size: int | None = -1) -> str:
        paused = self.screen.getvalue().endswith("Press Enter to go on (or quit): ")
        return self.at_pause if paused else "1\n"


def test_quit_at_a_pause_leaves_the_table() -> None:
    t, g = table(seed=2)
    out = io.StringIO()
    assert t.run(Person(out, "quit\n"), Screen(out)) == 0
    assert not g.is_over and len(g.seasons_log) == 1
    assert out.getvalue().endswith(
        "Press Enter to go on (or quit): You leave the table. Goodbye.\n"
        "The seed of this game was 2: it replays the deal and the bots' choices.\n"
    )


def test_end_of_input_at_a_pause_leaves_the_table() -> None:
    t, g = table(seed=2)
    out = io.StringIO()
    assert t.run(Person(out, ""), Screen(out)) == 0
    assert len(g.seasons_log) == 1
    assert "End of input: leaving the game." in out.getvalue()


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


def saving(seed: int = 1) -> tuple[tavola.Game, list[tavola.Action]]:
    """A 5-player game with seat 0 the Heir, about to save."""
    g = tavola.new_game(GAME, players=5, seed=seed, options={"first_dealer": 4})
    g.act(0, g.parse_action(0, "claim"))
    return g, g.legal_actions(0)


def test_an_ambiguous_start_asks_which() -> None:
    g, legal = saving()
    with pytest.raises(tavola.MalformedActionError, match="could be Save "):
        choose(g, 0, "save", legal)


def test_a_letter_that_starts_several_cards_lists_them_rather_than_another_move() -> None:
    """ "c" is also short for claim, which is not a move while saving: the cards starting with c
    are listed, all of them and only them."""

    def cs(legal: list[tavola.Action]) -> list[str]:
        return [str(a) for a in legal if any(w.startswith("c") for w in str(a).lower().split()[1:])]

    g, legal = next((g, legal) for g, legal in map(saving, range(1, 50)) if len(cs(legal)) >= 2)
    with pytest.raises(tavola.MalformedActionError) as info:
        choose(g, 0, "c", legal)
    listed = str(info.value).split("could be ", 1)[1]
    assert all(name in listed for name in cs(legal))
    assert "Claim" not in listed


def test_a_letter_that_starts_one_card_picks_it_over_another_move() -> None:
    g, legal = saving(seed=3)
    firsts = [str(a).split()[1][0].lower() for a in legal]
    letter = next(ch for ch in firsts if firsts.count(ch) == 1 and ch not in "cp")
    only = next(a for a, ch in zip(legal, firsts, strict=True) if ch == letter)
    assert choose(g, 0, letter, legal) == only


def test_a_move_not_legal_now_is_named_so_that_the_rules_say_why() -> None:
    def starts_p(legal: list[tavola.Action]) -> bool:
        return any(w.startswith("p") for a in legal for w in str(a).lower().split())

    g, legal = next((g, legal) for g, legal in map(saving, range(1, 50)) if not starts_p(legal))
    action = choose(g, 0, "pass", legal)
    assert action.kind == "pass" and action not in legal
    with pytest.raises(tavola.IllegalActionError, match="choose two cards of your hand to save"):
        g.act(0, action)


def test_json_actions_are_read_with_their_own_errors() -> None:
    g, legal = saving()
    card = dict(legal[0].params)["card"]
    assert choose(g, 0, f'{{"kind": "save", "card": "{card}"}}', legal) == legal[0]
    with pytest.raises(tavola.MalformedActionError, match="invalid JSON"):
        choose(g, 0, "{nope", legal)


def test_numbered_fits_80_columns() -> None:
    g = tavola.new_game(GAME, players=4, seed=2)
    text = numbered(g.legal_actions(min(g.to_act)))
    assert text.startswith(" 1. ")
    assert max(map(len, text.splitlines())) <= 80


def test_help_shows_the_rules_and_the_order_of_the_cards() -> None:
    _, out = run("help\nquit\n")
    assert "Testa di Pecora, in brief." in out
    assert "The cards, highest first, ducats in brackets" in out
    assert "Church    Pope (3), Mendicant (3), Cardinal (3)" in out


def test_a_long_answer_is_refused_and_echoed_short() -> None:
    code, out = run("x" * 5000 + "\n" + "9" * 5000 + "\nquit\n")
    assert code == 0
    assert "x" * 100 not in out and "9" * 100 not in out
    assert out.count("An answer of 5000 characters names no move") == 2
    assert max(map(len, out.splitlines())) <= 120


def test_control_characters_are_never_echoed() -> None:
    code, out = run("\x1b[2J\x07\x00duke\x1b\nquit\n")
    assert code == 0
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", out)
    assert "\\x1b[2J" in out


def test_unicode_digits_and_odd_answers_do_not_crash() -> None:
    code, out = run('²\n١\n-1\n1.5\n{}\n{"kind": 3}\n\t\n' + "quit\n")
    assert code == 0
    assert "\nYou claim the Inheritance: " in out  # an Arabic-Indic 1 is choice 1
    assert "You leave the table." in out


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
    assert "End of input: leaving the game." in out.rstrip().splitlines()[-2]


class Interrupting(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


class HungUp(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise OSError(5, "Input/output error")


def test_a_terminal_that_hangs_up_ends_the_game_quietly() -> None:
    out = io.StringIO()
    assert play(GAME, 5, 0, [], 9, HungUp(), out) == 0
    assert "End of input: leaving the game." in out.getvalue()


def test_ctrl_c_abandons_the_game_with_exit_130() -> None:
    out = io.StringIO()
    assert play(GAME, 5, 0, [], 9, Interrupting(), out) == 130
    assert "Interrupted: the game is abandoned." in out.getvalue()
    assert "The seed of this game was 9" in out.getvalue()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game_id": "chess"}, "no game 'chess'"),
        ({"players": 9}, "for 4 to 5 players"),
        ({"seat": 5}, "there is no seat 5"),
        ({"bots": ["random", "random"]}, "one for each of the 4 other seats"),
        ({"bots": ["nobody"]}, "no agent 'nobody'"),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
    ],
)
def test_a_bad_set_up_raises_before_anything_is_written(kwargs: dict, message: str) -> None:
    out = io.StringIO()
    args = {"game_id": GAME, "players": 5, "seat": 0, "bots": [], "seed": 1} | kwargs
    with pytest.raises(tavola.TavolaError, match=re.escape(message)):
        play(**args, stdin=io.StringIO("1\n"), stdout=out)
    assert out.getvalue() == ""


@pytest.fixture
def plain_game() -> Iterator[str]:
    """Testa di Pecora registered again without its text rendering."""
    spec = dataclasses.replace(tavola.get_spec(GAME), id="test-tui-plain", text=None)
    register(spec)
    yield spec.id
    unregister(spec.id)


def test_a_game_without_text_rendering_shows_json_and_the_event_texts(plain_game: str) -> None:
    code, out = run("help\n" + "1\n" * 300, game=plain_game)
    assert code == 0
    assert '"phase": "claim"' in out
    assert tavola.get_spec(GAME).description in " ".join(out.split())
    assert re.search(r"\nSeat 1 (passes|claims the Inheritance)\.\n", out)
    assert "Final ranking" in out


def test_a_simultaneous_plug_in_game_without_text_plays_to_the_end() -> None:
    code, out = run("2\n" * 10, players=2, game="test-morra")
    assert code == 0
    assert "Bots: random at Seat 1." in out
    assert out.count("\nreveal.\n") == 3
    assert "Final ranking" in out


def test_colour_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, plain = run("quit\n")
    assert "\x1b[" not in plain
    out = Terminal()
    assert play(GAME, 5, 0, [], 1, io.StringIO("quit\n"), out) == 0
    assert "\x1b[" in out.getvalue()


def test_the_solo_game_in_a_variant_says_so_and_names_no_bots() -> None:
    out = io.StringIO()
    code = play("renaissance-man", 1, 0, [], 2, io.StringIO("quit\n"), out, variant="tougher")
    assert code == 0
    assert out.getvalue().startswith(
        "Renaissance Man (2013), 1 player, the tougher variant.\nYou are Seat 0. You play alone."
    )
    assert "10 cards are discarded face down (tougher game)." in out.getvalue()


@pytest.mark.parametrize("game", ["renaissance-man", "renaissance-rivals"])
def test_a_lost_game_alone_says_lost_after_the_table_as_it_ends(game: str) -> None:
    """It ended 'Final ranking: 1. You 5' and a line ' win.' with nobody named."""
    code, out = run("1\n" * 3000, players=1, seed=1, game=game)
    end = out.rsplit("-" * 79, 2)
    assert code == 0 and "Final ranking" not in end[-1] and " win." not in out
    assert re.match(r"\nThe game is lost, with a score of -?\d+\.\nThe seed", end[-1])
    assert (
        tavola.get_spec(game).text.render(tavola.new_game(game, 1, seed=1).view(0))[:20]
        in (end[-2])
    )


def test_a_bot_is_named_as_the_player_named_it() -> None:
    """'--bots hard' was told as 'Bots: ismcts:prior=3.0 at seats 1, 2, 3, 4', too long for
    the ranking's column."""
    _, out = run("1\n" * 300, players=4, bots=["hard", "random", "random"], seed=2)
    assert "Bots: hard at Seat 1; random at Seat 2 and Seat 3." in out
    assert re.search(r"\d\. Seat 1 \(hard\) +-?\d+\n", out)


def test_a_rivals_turn_waits_for_enter_at_a_terminal_before_the_next_one() -> None:
    """A bot's turn of Rivals is a dozen lines, and the next turn with the table scrolled it
    away before it could be read."""
    g = tavola.new_game("renaissance-rivals", players=3, seed=4)
    t = Table(tavola.get_spec("renaissance-rivals"), g, 0, {1: "random", 2: "random"})
    out = run_table(t, Terminal("1\n" * 40 + "quit\n"))
    turns = [e for e in g.events(0) if e["kind"] == "turn"]
    assert len(turns) > 5
    after = out.split(told(turns[2]["text"]), 1)[1]
    assert after.startswith("\nPress Enter to go on")


@pytest.mark.parametrize(
    "game", ["testa-di-pecora", "renaissance-man", "renaissance-rivals", "renaissance-man-2d6"]
)
def test_every_screen_of_every_game_fits_an_80_column_terminal(game: str) -> None:
    """Rivals' market rows were 93 characters, the 2013 game's token supply 130, the 2006
    game's phase line 86: an 80-column terminal broke them in the middle."""
    spec = tavola.get_spec(game)
    for players in (spec.min_players, spec.max_players):
        g = tavola.new_game(game, players=players, seed=players)
        rng = random.Random(players)
        for _ in range(600):
            if g.is_over:
                break
            seat = min(g.to_act)
            screen = spec.text.render(g.view(seat))
            wide = [line for line in screen.splitlines() if len(line) > 80]
            assert not wide, (players, wide)
            g.act(seat, rng.choice(g.legal_actions(seat)))


def test_the_same_event_in_a_row_is_told_once_with_its_count() -> None:
    """The 2013 game's hands are dealt a card at a time: 'You drew a card.' four times over."""
    code, out = run("1\n" * 30 + "quit\n", players=2, game="renaissance-man", seed=3)
    assert code == 0
    assert "You drew a card (4 times)." in out and "You drew a card.\nYou drew a card." not in out


def test_many_face_up_challenges_take_two_columns() -> None:
    """A six-player game of 2006 Renaissance Man gathers twenty and more face-up Challenges,
    one a line: the screen ran to 47 lines and scrolled the seats away."""
    spec = tavola.get_spec("renaissance-man-2d6")
    g = tavola.new_game("renaissance-man-2d6", players=6, seed=4)
    rng = random.Random(1)
    while not g.is_over and len(g.view(0)["table"]) <= 16:
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    screen = spec.text.render(g.view(0))
    assert "name, letters needed, points:" in screen
    widest = max(map(len, screen.splitlines()))
    assert len(screen.splitlines()) <= 40 and widest <= 80


def test_back_takes_back_a_step_of_a_secret_choice() -> None:
    """The 2013 game's Foundation is laid card by card, in secret: 'back' takes one back."""
    code, out = run("1\nback\nback\nquit\n", players=2, game="renaissance-man", seed=3)
    assert code == 0
    assert "Your move (1-5, a name, help, view, quit)" in out  # nothing to take back yet
    assert "Your move (1-4, a name, help, view, back, quit)" in out  # one card laid
    assert out.count("Your move (1-5, a name, help, view, quit)") == 3  # taken back, and again
    assert "Not allowed: seat 0 has no step to take back" in out


def test_several_winners_are_listed_as_a_sentence() -> None:
    """The end said 'Seat 1 (heuristic) and Seat 2 (heuristic) and Seat 3 (heuristic) win.'"""
    assert listed(["Seat 1"]) == "Seat 1"
    assert listed(["Seat 1", "Seat 2"]) == "Seat 1 and Seat 2"
    assert listed(["Seat 1", "Seat 2", "Seat 3"]) == "Seat 1, Seat 2 and Seat 3"
