"""Every benchmark script answers --help with its usage and its whole description: one
crashed (a ValueError on '--help' read as its number of games) and others stopped mid-sentence
(their description was the docstring's first line). And bad arguments get argparse's error."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def run(script: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """``python benchmarks/SCRIPT ARGV...``, its output captured."""
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *argv],
        capture_output=True,
        text=True,
        timeout=120,
    )


def usage_error(script: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """``run(script, *argv)``, which must end in a usage error (exit code 2)."""
    done = run(script, *argv)
    assert done.returncode == 2, done.stderr
    return done


@pytest.mark.parametrize("script", sorted(BENCHMARKS.glob("*.py")), ids=lambda p: p.name)
def test_a_benchmark_answers_help(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.startswith("usage: ")
    described = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""
    assert described.splitlines()[-1].strip() in done.stdout  # the whole of it, to its end


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--game", "chess"], "argument --game: invalid choice: 'chess'"),
        (["--seconds", "0"], "argument --seconds: expected a number from 0.01 to 3600, not '0'"),
        (
            ["--seconds", "inf"],
            "argument --seconds: expected a number from 0.01 to 3600, not 'inf'",
        ),
    ],
)
def test_throughput_refuses_a_game_or_a_time_it_cannot_measure(argv: list[str], says: str) -> None:
    """An unknown game measured nothing and said open_spiel was not installed; no time divided
    by zero games, and no measurement without end."""
    done = usage_error("throughput.py", *argv)
    assert says in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("script", "argv", "says"),
    [
        ("strength.py", ["nope", "--players", "3", "--games", "3", "heuristic"], "no game 'nope'"),
        (
            "strength.py",
            ["testa-di-pecora", "--players", "4", "--games", "0", "heuristic"],
            "argument --games: expected a whole number of at least 1, not '0'",
        ),
        (
            "strength.py",
            ["testa-di-pecora", "--players", "3", "heuristic"],
            "Testa di Pecora is for 4 to 5 players, not 3",
        ),
        (  # alone, the candidate 'won' 100% against nobody
            "strength.py",
            ["renaissance-man", "--players", "1", "heuristic"],
            "argument --players: expected a whole number of at least 2, not '1'",
        ),
        (
            "strength.py",
            ["testa-di-pecora", "--players", "4", "--jobs", "0", "heuristic"],
            "argument --jobs: expected a whole number of at least 1, not '0'",
        ),
        (
            "sim_scaling.py",
            ["--games", "0", "--jobs", "1", "--repeat", "1"],
            "argument --games: expected a whole number of at least 1, not '0'",
        ),
        (
            "sim_scaling.py",
            ["--repeat", "0"],
            "argument --repeat: expected a whole number of at least 1, not '0'",
        ),
    ],
)
def test_a_benchmark_refuses_a_run_it_cannot_play_before_playing(
    script: str, argv: list[str], says: str
) -> None:
    """An unknown game, no games or no players ended in a traceback (ZeroDivisionError, the
    simulator's SimulationError) once the run had started, not in a usage error."""
    done = usage_error(script, *argv)
    assert says in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("script", "argv", "says"),
    [
        ("sim_scaling.py", ["--jobs", "300"], "argument --jobs: at most 256 worker processes"),
        ("sim_scaling.py", ["--games", str(10**20)], "argument --games: at most 1,000,000 games"),
        (
            "strength.py",
            ["testa-di-pecora", "heuristic", "--players", "4", "--jobs", "300"],
            "argument --jobs: at most 256 worker processes",
        ),
        (
            "strength.py",
            ["testa-di-pecora", "heuristic", "--players", "4", "--seed", "-1"],
            "argument --seed: expected a whole number of at least 0, not '-1'",
        ),
    ],
)
def test_a_benchmark_takes_jobs_and_seeds_as_tavola_does(
    script: str, argv: list[str], says: str
) -> None:
    """sim_scaling.py --jobs 300 ended in the simulator's traceback after its first run;
    strength.py started 300 processes, and played a seed every tavola command refuses."""
    done = usage_error(script, *argv)
    assert says in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("script", "argv", "code", "says"),
    [
        ("table_actions.py", ["--game", "nope"], 2, "table_actions.py: error: no game 'nope'"),
        ("rm13_balance.py", ["5", "2", "nope"], 2, "rm13_balance.py: error: no agent 'nope'"),
        (
            "rm2d6_balance.py",
            ["--games", "2", "--cards", "no/such.toml"],
            2,
            "rm2d6_balance.py: error: such.toml: cannot read the card file",
        ),
        ("strength_pool.py", ["no/such.jsonl"], 1, "No such file or directory: no/such.jsonl"),
    ],
)
def test_a_benchmark_says_what_is_wrong_in_one_line(
    script: str, argv: list[str], code: int, says: str
) -> None:
    """An unknown game or agent, a card file or a file of deals that is not there: each ended
    in a traceback (UnknownGameError, AgentNameError, CardDataError, FileNotFoundError)."""
    done = run(script, *argv)
    assert done.returncode == code and says in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("script", "argv"),
    [
        ("rm13_balance.py", ["0"]),
        ("rm2d6_balance.py", ["--games", "0"]),
        ("search.py", ["--iterations", "0"]),
        ("search.py", ["--positions", "0"]),
        ("resample_uniformity.py", ["--draws", "0"]),
        ("table_actions.py", ["--tables", "0"]),
        ("table_actions.py", ["--actions", "0"]),
        ("server_load.py", ["--tables", "0"]),
        ("crash_resume.py", ["--tables", "0"]),
    ],
)
def test_a_benchmark_refuses_nothing_to_measure(script: str, argv: list[str]) -> None:
    """No games, draws, iterations or actions ended in a traceback once the run was over
    (ZeroDivisionError, StatisticsError, a failed assertion); table_actions.py with no
    tables never ended."""
    says = "expected a whole number of at least 1, not '0'"
    done = usage_error(script, *argv)
    assert says in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("script", "argv", "says"),
    [
        (
            "head_to_head.py",
            ["--games", "2", "--seconds", "nan"],
            "head_to_head.py: error: ismcts: seconds is a number from 0.01 to 600, not 'nan'",
        ),
        (
            "server_load.py",
            ["--pace", "nan"],
            "argument --pace: expected a number from 0 to 60, not 'nan'",
        ),
        (
            "crash_resume.py",
            ["--pace", "-1"],
            "argument --pace: expected a number from 0 to 60, not '-1'",
        ),
    ],
)
def test_a_benchmark_refuses_a_time_that_is_not_one(
    script: str, argv: list[str], says: str
) -> None:
    """head_to_head.py --seconds nan ended in a ValueError traceback; the server benchmarks
    started a server whose bots waited nan or a negative time."""
    done = usage_error(script, *argv)
    assert says in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("script", "argv"),
    [
        ("strength.py", ["testa-di-pecora", "random", "--players", "4", "--groups"]),
        ("rm2d6_balance.py", ["--games", "2", "--players", "2", "--save"]),
        ("table_actions.py", ["--tables", "1", "--actions", "2", "--profile"]),
        ("server_load.py", ["--profile"]),
    ],
)
def test_a_benchmark_refuses_a_file_it_cannot_write_before_it_runs(
    script: str, argv: list[str], tmp_path: Path
) -> None:
    """A folder given for --groups, --save or --profile ended in IsADirectoryError once the
    deal, the runs or the measure (a server's, a minute) were over."""
    done = usage_error(script, *argv, str(tmp_path))
    assert done.stderr.endswith(f"error: cannot write {tmp_path}: it is a folder\n")
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--players", "two"], "argument --players: expected player counts from 2 to 6"),
        (["--players", "2,9"], "argument --players: expected player counts from 2 to 6"),
        (
            ["--lineups", "random,best"],
            "argument --lineups: expected line-ups of random, heuristic",
        ),
    ],
)
def test_rm2d6_balance_refuses_a_list_with_a_bad_item_before_it_plays(
    argv: list[str], says: str
) -> None:
    """'--players two' ended in a ValueError traceback; '--players 2,9' and '--lineups
    random,best' played every run before the bad item, then stopped."""
    done = usage_error("rm2d6_balance.py", "--games", "2", *argv)
    assert says in done.stderr, done.stderr
    assert done.stdout == ""


def test_strength_pool_names_a_file_that_is_not_text(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 ended in a UnicodeDecodeError traceback."""
    deals = tmp_path / "deals.jsonl"
    deals.write_bytes(b"\xab\xcd\n")
    done = run("strength_pool.py", str(deals))
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(f"{deals}, line 1: not a strength.py deal")
