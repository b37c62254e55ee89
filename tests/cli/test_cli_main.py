"""The command line: games table, simulate (text and JSON), play, and user errors."""

import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import tavola
from tavola.cli import main
from tavola.core.cards import digest
from tavola.games.testa_di_pecora.deck import STANDARD_DECK

GAME = "testa-di-pecora"


@pytest.fixture
def my_deck(tmp_path: Path) -> Path:
    """A user's own deck: the standard one with the Pope renamed."""
    path = tmp_path / "my-deck.toml"
    text = STANDARD_DECK.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "Pope"', 'name = "Papa"'), encoding="utf-8")
    return path


@pytest.fixture
def fake_play(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Replace the terminal game with a recorder of its arguments."""
    calls: list[tuple[Any, ...]] = []
    fake = types.ModuleType("tavola.tui.terminal")
    fake.play = lambda *args, **kw: calls.append((*args, kw)) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tavola.tui.terminal", fake)
    return calls


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_the_registered_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "games")
    assert code == 0
    assert GAME in out
    assert "Testa di Pecora" in out
    assert "4–5" in out


@pytest.mark.parametrize("width", [80, 60, 40])
def test_games_fits_the_terminal_without_cutting_a_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    """The option names one types were cut to 'first…' in an 80-column terminal, and to
    'first_playe' in a 60-column one (the table's columns squeezed, the play column gone)."""
    monkeypatch.setattr("tavola.cli.PIPE_WIDTH", width)
    code, out, _ = _run(capsys, "games")
    assert code == 0 and "…" not in out
    assert max(map(len, out.splitlines())) <= width
    for word in ("first_player,", "first_dealer,", "round_limit,", "Renaissance Man (2013)"):
        assert word in out
    words = set(re.findall(r"[\w-]+", out))
    for spec in tavola.list_games():
        assert {spec.id, *spec.options} <= words, spec.id
    assert "hidden info" in out


def test_games_explains_each_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "games")
    assert code == 0
    flat = " ".join(out.split())
    assert f"Options of {GAME} (--option KEY=VALUE)" in flat
    assert "seasons trading seasons (the rules say 3) (1-12, default 3)" in flat
    assert "or your own with --cards FILE" in flat


def test_piped_output_is_as_wide_as_columns_says(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped, the tables were 120 columns wide whatever COLUMNS said; 120 stays the default."""
    monkeypatch.setenv("COLUMNS", "60")
    out = _run(capsys, "games")[1]
    assert max(len(line) for line in out.splitlines()) == 60
    monkeypatch.delenv("COLUMNS")
    out = _run(capsys, "games")[1]
    assert max(len(line) for line in out.splitlines()) == 120


def test_one_game_is_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "simulate", GAME, "-n", "1", "-a", "random")[1]
    assert out.startswith(f"{GAME}, 5 players, variant standard, 1 game, seed 0\n")  # "1 games"


def test_games_says_which_variants_and_options_are_for_one_player_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Decision D24: the 2013 game's easier and tougher variants, and their number of cards,
    change only the one-player game."""
    monkeypatch.setattr("tavola.cli.PIPE_WIDTH", 240)  # one line a game
    code, out, _ = _run(capsys, "games")
    flat = " ".join(out.split())
    assert code == 0
    assert "standard, easier (1 player), tougher (1 player)" in flat
    assert "(1-40, default 10); only with 1 player" in flat


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import tavola

    assert _run(capsys, "--version")[:2] == (0, f"tavola {tavola.__version__}\n")


def test_simulate_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "simulate", GAME, "--games", "10", "--agents", "heuristic,random,random,random"
    )
    assert code == 0
    assert "Wins by agent" in out
    assert "Wins by seat" in out
    code, out, _ = _run(capsys, "simulate", GAME, "-n", "10", "-p", "4", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["game"] == GAME
    assert (report["players"], report["games"], report["seed"]) == (4, 10, 0)
    assert report["agents"] == ["random"] * 4
    assert set(report["wins_by_seat"]) == {"0", "1", "2", "3"}
    for entry in [*report["wins_by_agent"].values(), *report["wins_by_seat"].values()]:
        assert set(entry) >= {"wins", "share", "ci95"}
        lo, hi = entry["ci95"]
        assert 0 <= lo <= entry["share"] <= hi <= 1
    assert sum(e["wins"] for e in report["wins_by_seat"].values()) == pytest.approx(10)
    assert report["mean_decisions"] > 0
    assert report["games_per_second"] > 0
    assert report["capped_games"] == 0


def test_simulate_json_is_the_same_with_one_or_two_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", GAME, "--games", "24", "--agents", "heuristic,random,random,random,random"]
    reports = []
    for jobs in ("1", "2"):
        code, out, _ = _run(capsys, *argv, "--seed", "9", "--jobs", jobs, "--json")
        assert code == 0
        report = json.loads(out)
        report.pop("games_per_second")
        reports.append(report)
    assert reports[0] == reports[1]


def test_simulate_passes_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", GAME, "-n", "5", "--json"]
    _, out, _ = _run(capsys, *argv, "--option", "seasons=1")
    _, full, _ = _run(capsys, *argv)
    assert json.loads(out)["options"] == {"seasons": 1}
    assert json.loads(out)["mean_decisions"] < json.loads(full)["mean_decisions"]


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "no-such-game"],
        ["simulate", GAME, "--players", "3"],
        ["simulate", GAME, "--agents", "random,nobody,random,random"],
        ["simulate", GAME, "--agents", "random,random"],
        ["simulate", GAME, "--games", "lots"],
        ["simulate", GAME, "--games", "0"],
        ["simulate", GAME, "--jobs", "-1"],
        ["simulate", GAME, "--seed", "1.5"],
        ["simulate", GAME, "--variant", "nope"],
        ["simulate", GAME, "--option", "seasons=many"],
        ["simulate", GAME, "--option", "colour=red"],
        ["simulate"],
        ["play", "no-such-game"],
        ["play", GAME, "--players", "6"],
        ["play", GAME, "--seat", "5"],
        ["play", GAME, "--bots", "nobody"],
        ["play", GAME, "--bots", "random,random"],
        ["play", GAME, "--option", "seasons=40"],
        ["play", GAME, "--option", "colour=red"],
        ["play", GAME, "--option", "seasons"],
        ["play", GAME, "--cards", "no-such-file.toml"],
        ["play", GAME, "--cards", "/"],
        ["play", GAME, "--variant", "nope"],
        ["play", GAME, "--seed", str(2**64)],
        ["simulate", GAME, "--seed", str(2**64)],
        ["analyse", "record.json", "--seat", "0", "--seed", str(2**64)],
        ["train-value", "renaissance-man", "--players", "2", "--seed", str(2**64)],
        ["compare", GAME, f"{GAME} --bogus"],
        ["train-value", "renaissance-man", "--players", "2", "--jobs", "300"],
        ["simulate", GAME, "--jobs", "257"],
        ["simulate", GAME, "--cards", "no-such-file.toml"],
        ["frobnicate"],
        [],
    ],
)
def test_user_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    if argv:
        assert err.startswith("tavola: error: ")
        assert err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", GAME, "-n", "99999999999999999999"],
        ["compare", GAME, GAME, "-n", "1000001"],
        ["compare", GAME, f"{GAME} -n 2000000"],
    ],
)
def test_a_run_of_more_than_a_million_games_is_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """'-n 99999999999999999999' hung before its first game, filling the memory with the
    numbers of the games to play; Ctrl-C was the only way out."""
    code, out, err = _run(capsys, *argv)
    assert (code, out) == (2, "")
    assert "--games/-n: at most 1,000,000 games in one run (each is kept for the figures)" in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["analyse", "record.json", "--seat", "0", "--budget", "-1s"],
            "--budget: expected iterations, a whole number of at least 1 (e.g. 400), or "
            "seconds, a number from 0.01 to 600 (e.g. 2s), not '-1s'",
        ),
        (["simulate", GAME, "--games", "-1e3"], "--games/-n: expected a whole number"),
        (["play", GAME, "--seat", "-1x"], "--seat: expected a whole number"),
    ],
)
def test_a_value_starting_with_a_minus_is_refused_by_what_the_option_takes(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    """Not "expected one argument", as when argparse took '-1s' for an option."""
    code, _, err = _run(capsys, *argv)
    assert code == 2
    assert says in err


def test_play_hands_parsed_arguments_to_the_terminal_game(
    capsys: pytest.CaptureFixture[str], fake_play: list[tuple[Any, ...]]
) -> None:
    argv = ["play", GAME, "--players", "4", "--seat", "3", "--bots", "random", "--seed", "5"]
    assert _run(capsys, *argv)[0] == 0
    assert _run(capsys, "play", GAME, "--bots", "random,heuristic,random,random")[0] == 0
    assert _run(capsys, "play", GAME, "--option", "seasons=1", "--option", "first_dealer=2")[0] == 0
    solo = ["play", "renaissance-man", "--players", "1", "--variant", "easier"]
    assert _run(capsys, *solo)[0] == 0  # the solo game's variants are played in the terminal too
    none = {"variant": None}
    assert [c[:5] + c[7:] for c in fake_play] == [
        (GAME, 4, 3, ["random"], 5, {}, none),
        (GAME, 5, 0, ["random", "heuristic", "random", "random"], None, {}, none),
        (GAME, 5, 0, [], None, {"seasons": 1, "first_dealer": 2}, none),
        ("renaissance-man", 1, 0, [], None, {}, {"variant": "easier"}),
    ]


def test_play_cards_reads_the_file_into_the_deck_option(
    capsys: pytest.CaptureFixture[str], fake_play: list[tuple[Any, ...]], my_deck: Path
) -> None:
    assert _run(capsys, "play", GAME, "--cards", str(my_deck))[0] == 0
    deck = fake_play[0][7]["deck"]
    assert deck == {"name": "my-deck.toml", "toml": my_deck.read_text(encoding="utf-8")}


def test_simulate_json_names_a_card_file_by_name_and_digest(
    capsys: pytest.CaptureFixture[str], my_deck: Path
) -> None:
    """`--json` carried the whole card file (about 6 KB of TOML) where the summary names it."""
    args = ["simulate", GAME, "-n", "1", "--cards", str(my_deck), "--json"]
    code, out, _ = _run(capsys, *args)
    assert code == 0
    deck = json.loads(out)["options"]["deck"]
    assert deck == {"name": "my-deck.toml", "digest": digest(my_deck.read_text(encoding="utf-8"))}


def test_play_with_a_solo_variant_and_no_player_count_plays_alone(
    capsys: pytest.CaptureFixture[str], fake_play: list[tuple[Any, ...]]
) -> None:
    """`play renaissance-man --variant easier` said the variant was for 1 player: the count
    defaulted to the game's maximum, 4. Without --players a variant's own count is taken."""
    assert _run(capsys, "play", "renaissance-man", "--variant", "easier")[0] == 0
    assert fake_play[0][1] == 1 and fake_play[0][-1] == {"variant": "easier"}
    assert _run(capsys, "play", "renaissance-man")[0] == 0
    assert fake_play[1][1] == 4  # no variant: the game's maximum


def test_cards_and_a_deck_option_together_are_refused(
    capsys: pytest.CaptureFixture[str], my_deck: Path
) -> None:
    code, out, err = _run(capsys, "play", GAME, "--cards", str(my_deck), "--option", "deck=x")
    assert (code, out) == (2, "")
    assert err == "tavola: error: give the cards with --cards or with --option deck=..., not both\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--players", "2", "--variant", "easier"],
            "the easier variant is for 1 player (with 2 players it plays as standard)",
        ),
        (["--players", "1", "--seat", "1"], "--seat is 0 to 0 with 1 player, not 1"),
        (
            ["--players", "1", "--bots", "random"],
            "--bots names bots for the other seats: a game of 1 player has none",
        ),
    ],
)
def test_play_refuses_settings_that_would_do_nothing(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    """Decision D24 has the easier variant play as standard with 2 players, and a game alone
    has no bots: both were taken without a word ('2 players, the easier variant')."""
    code, out, err = _run(capsys, "play", "renaissance-man", *args)
    assert (code, out, err) == (2, "", f"tavola: error: {message}\n")


def test_a_bad_card_file_names_its_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(STANDARD_DECK.read_text(encoding="utf-8").replace("ducats = 11", "ducats = -1"))
    code, _, err = _run(capsys, "play", GAME, "--cards", str(bad))
    assert code == 2
    assert (
        err.startswith("tavola: error: bad.toml, line ")
        and "'ducats' is from 0 to 120, not -1" in err
    )


def test_simulate_plays_with_your_own_cards(
    capsys: pytest.CaptureFixture[str], my_deck: Path
) -> None:
    code, out, _ = _run(capsys, "simulate", GAME, "-n", "4", "--cards", str(my_deck), "--json")
    assert code == 0
    assert json.loads(out)["options"]["deck"]["name"] == "my-deck.toml"


def test_python_m_tavola_simulate_json() -> None:
    argv = ["simulate", GAME, "--games", "40", "--players", "5", "--agents", "random", "--json"]
    proc = subprocess.run(
        [sys.executable, "-m", "tavola", *argv], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["games"] == 40
    assert report["wins_by_agent"]["random"]["played"] == 200


def test_python_m_tavola_play_a_short_game_with_your_own_cards(my_deck: Path) -> None:
    argv = ["play", GAME, "--cards", str(my_deck), "--option", "seasons=1", "--seed", "4"]
    done = subprocess.run(
        [sys.executable, "-m", "tavola", *argv],
        input="1\n" * 100,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Season 1 of 1: " in done.stdout and "Season 2" not in done.stdout
    assert "Final ranking" in done.stdout
    assert "Papa" in done.stdout and "Pope" not in done.stdout


def test_play_survives_input_that_is_not_utf8() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tavola", "play", GAME, "--seed", "4"],
        input=b"\xff\xfe\x1b[2J\n" + b"x" * 5000 + b"\nquit\n",
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert "Traceback" not in done.stderr.decode()
    assert "\x1b" not in out and "x" * 100 not in out
    assert "You leave the table." in out


@pytest.mark.parametrize("argv", [["games"], ["simulate", GAME, "-n", "4"]])
def test_a_terminal_that_cannot_show_a_character_gets_a_question_mark(argv: list[str]) -> None:
    """Under an ASCII or Latin-1 locale the '–' of '4–5' and of the intervals ended the
    command in a UnicodeEncodeError's traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "tavola", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=60,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "?" in done.stdout


def test_a_closed_pipe_ends_quietly() -> None:
    """`tavola ... | head` must not print a traceback when head stops reading."""
    done = subprocess.run(
        f"{sys.executable} -m tavola play {GAME} --seed 5 | head -c 10",
        shell=True,
        input="help\n" * 2000,  # megabytes of output: the writes must meet the closed pipe
        capture_output=True,
        text=True,
    )
    assert done.stdout == "Testa di P"
    assert "Traceback" not in done.stderr, done.stderr


def test_a_bot_without_a_learned_value_for_your_cards_is_noted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'hard' with your own cards scores positions by the standing (no value was trained on
    them): another bot than with the standard cards, which simulate did not say."""
    game = "renaissance-man-2d6"
    text = tavola.get_spec(game).options["cards"].text_of("standard")
    mine = tmp_path / "mine.toml"
    mine.write_text(text + "\n# my own copy\n", encoding="utf-8")
    bot = "pimc:rollouts=2,horizon=4,reward=win,value=learned"
    args = ["simulate", game, "-n", "1", "-a", f"{bot},random", "--json"]
    code, _, err = _run(capsys, *args, "--cards", str(mine))
    assert code == 0
    assert f"no learned value fits these cards and options, so {bot} scores" in err
    code, _, err = _run(capsys, *args)
    assert code == 0 and "learned value" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", GAME, "--games", "9" * 5000],
        ["simulate", GAME, "--seed", "x" * 5000],
        ["simulate", GAME, "--option", "x" * 5000],
        ["analyse", "record.json", "--seat", "0", "--budget", "\x1b[2J" + "x" * 5000],
        ["simulate", GAME, "--seats", "x" * 5000],
        ["simulate", GAME, "--backend=\x1b[2J" + "x" * 5000],
        ["\x1b[2J" + "x" * 5000],
        ["games", "\x1b[2J", "x" * 5000],
        ["simulate", GAME, "--" + "x" * 5000],
        ["simulate", GAME, "--se=\x1b[2J"],
    ],
)
def test_a_bad_value_is_quoted_cut_short_and_escaped(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """The argument types, and argparse's own messages (an invalid choice, an unknown argument,
    an ambiguous option), quoted the value whole: 5000 characters in the message, and a
    terminal's control sequence written as it was typed."""
    code, _, err = _run(capsys, *argv)
    assert code == 2
    assert len(err) < 300 and "\x1b" not in err, err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["analyse", "\x1b[2J.json", "--seat", "0"], "cannot read \\x1b[2J.json: No such file"),
        (["simulate", GAME, "--out", "/dev/null/\x1b[2J"], "cannot write /dev/null/\\x1b[2J: "),
    ],
)
def test_a_file_name_is_told_with_its_control_characters_escaped(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    """The messages that name a file wrote a control character in its name to the terminal."""
    code, _, err = _run(capsys, *argv)
    assert code == 2 and says in err and "\x1b" not in err, err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["simulate", "testa-di-pecor"],
            "no game 'testa-di-pecor' (did you mean testa-di-pecora?)",
        ),
        (["play", "renaissance-man-2006"], "(did you mean renaissance-man-2d6?); the games are"),
        (["simulate", GAME, "-a", "heuristc"], "no agent 'heuristc' (did you mean heuristic?)"),
        (["simulate", GAME, "--option", "sesons=2"], "option 'sesons' (did you mean seasons?)"),
        (["play", "renaissance-man", "--variant", "easyer"], "(did you mean easier?); variants"),
    ],
)
def test_a_near_miss_is_told_the_name_it_missed(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    """A game, agent, option or variant a letter off was answered with the whole list only."""
    code, _, err = _run(capsys, *argv)
    assert code == 2 and says in err, err


def test_the_start_of_several_games_suggests_none(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "play", "renaissance")
    assert code == 2 and "did you mean" not in err and "the games are" in err


def test_serve_refuses_a_blank_host(capsys: pytest.CaptureFixture[str]) -> None:
    """'--host ""' (an unset variable) listened on every address and printed
    'serving on http://:8000/'."""
    code, out, err = _run(capsys, "serve", "--host", "", "--port", "70000")
    assert (code, out) == (2, "")
    assert "argument --host: expected an address or a name (0.0.0.0 for every address)" in err
