"""The command line: ``tavola games``, ``simulate``, ``play``, ``analyse`` and ``serve``.

Every mistake a user can make ends with a one-line message on stderr and exit code 2. The
scripts in benchmarks/ take their numbers with the same argument types (``whole_arg``,
``seed_arg``, ``jobs_arg``, ``games_arg``, ``number_arg``), check the files they write with
``check_output``, and run their ``main`` through :func:`run_script`.
"""

from __future__ import annotations

import argparse
import functools
import io
import ipaddress
import json
import logging
import math
import os
import re
import shlex
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from . import TavolaError, __version__, get_spec, list_games, new_game, read_card_file
from .agents import AGENTS, DIFFICULTIES, KINDS, AgentNameError, make_agent, split_agents
from .core.cards import CardsOption
from .core.errors import QUOTE_LIMIT, CardDataError, escape, quote, shorten
from .core.registry import GameSpec
from .core.rng import MAX_SEED
from .core.words import count, players_words
from .sim import BACKENDS, DEFAULT_SEED, SEATINGS, check_run, render, simulate, to_json
from .sim.runner import MAX_GAMES, MAX_JOBS
from .sim.settings import idle_settings, option_words

USAGE_ERROR = 2
MAX_RECORD_FILE = 64 << 20
"""The largest record file ``analyse`` reads (a long game's is a few hundred KiB): a device or
a whole results file is refused, not read into memory without end."""
PIPE_WIDTH = 120
GAMES_WIDTH = 80
"""The columns ``tavola games`` needs for its table of games without cutting a word (rich's
own measure of the table says less); in fewer, it lists the games one after another."""


class _UsageError(Exception):
    """Bad command-line arguments, reported in one line."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._given: list[str] = []  # the words being parsed, for error() to quote
        # a word of '-' and a digit (-1s, -1e3) is a value, for the option's type to refuse with
        # what it takes: argparse let only plain numbers (-5, -0.5) through, and took '-1s' for
        # an option, so '--budget -1s' said "expected one argument" (no tavola option is '-1')
        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def error(self, message: str) -> Any:  # type: ignore[override]
        raise _UsageError(f"{_typed_safely(message, self._given)} (see '{self.prog} --help')")

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """Arguments a command does not know are refused by the command's own parser, so that
        the message points to its help ('tavola play --help'), not to tavola's."""
        self._given = list(sys.argv[1:] if args is None else args)
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {shorten(' '.join(extras))}")
        return parsed, extras


def _typed_safely(message: str, given: Sequence[str]) -> str:
    """argparse's ``message`` with each word of ``given`` it echoes (an invalid choice, an
    unknown argument, an ambiguous option) quoted as :func:`quote` does, if it is long or
    unprintable: argparse printed a 10,000-character word whole, and a control character raw."""
    words = {*given, *(w.partition("=")[2] for w in given if w.startswith("-"))}
    for word in sorted(words, key=len, reverse=True):  # '--seats=x...' before its 'x...'
        if len(word) > QUOTE_LIMIT or not word.isprintable():
            message = message.replace(repr(word), quote(word)).replace(word, shorten(word))
    return message


def _addresses(text: str) -> str:
    """An argparse type: comma-separated IP addresses or networks (``10.0.0.0/8``), or ``*``."""
    for part in (p.strip() for p in text.split(",")):
        if part != "*":
            try:
                ipaddress.ip_network(part, strict=False)
            except ValueError:
                raise argparse.ArgumentTypeError(
                    f"expected IP addresses or networks, comma-separated, not {quote(part)}"
                ) from None
    return text


def _host(text: str) -> str:
    """An argparse type: an address or a name to listen on, never blank (which listens on
    every address, as an unset ``--host "$HOST"`` would by mistake)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            f"expected an address or a name (0.0.0.0 for every address), not {quote(text)}"
        )
    return text


def whole_arg(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than ``least``."""

    def parse(text: str) -> int:
        error = argparse.ArgumentTypeError(
            f"expected a whole number of at least {least}, not {quote(text)}"
        )
        try:
            value = int(text)
        except ValueError:
            raise error from None
        if value < least:
            raise error
        return value

    return parse


def seed_arg(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**64 - 1 (what every command takes)."""
    seed = whole_arg(0)(text)
    if seed > MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is at most 2**64 - 1, not {quote(text)}")
    return seed


def jobs_arg(text: str) -> int:
    """An argparse type: a number of worker processes, 1 to MAX_JOBS (what every command takes)."""
    jobs = whole_arg(1)(text)
    if jobs > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"at most {MAX_JOBS} worker processes, not {quote(text)}")
    return jobs


def games_arg(least: int) -> Callable[[str], int]:
    """An argparse type: a number of games of one run, ``least`` to MAX_GAMES."""

    def parse(text: str) -> int:
        games = whole_arg(least)(text)
        if games > MAX_GAMES:
            raise argparse.ArgumentTypeError(
                f"at most {MAX_GAMES:,} games in one run (each is kept for the figures), "
                f"not {quote(text)}"
            )
        return games

    return parse


def number_arg(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number from ``low`` to ``high`` (nan refused, which no bound is)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a number from {low:g} to {high:g}, not {quote(text)}"
            )
        return value

    return parse


def _names(text: str) -> list[str]:
    """An argparse type: comma-separated agent names (``ismcts:iterations=99,c=1,random``)."""
    names = split_agents(text)
    if not all(names):
        raise argparse.ArgumentTypeError(
            f"expected agent names separated by commas, not {quote(text)}"
        )
    return names


def _option(text: str) -> tuple[str, Any]:
    """An argparse type: ``KEY=VALUE``, the value read as JSON when it is JSON (3, true)."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, not {quote(text)}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def _game_options(spec: GameSpec, args: argparse.Namespace) -> dict[str, Any]:
    """The game's options from ``--option`` and ``--cards`` (the file read into its card option)."""
    options = dict(args.option)
    if args.cards is None:
        return options
    names = [name for name, option in spec.options.items() if isinstance(option, CardsOption)]
    if not names:
        raise _UsageError(f"{spec.title} takes no card data, so --cards has nothing to set")
    if len(names) > 1:
        raise _UsageError(f"{spec.title} has several card options: give them with --option")
    name = names[0]
    if name in options:
        raise _UsageError(f"give the cards with --cards or with --option {name}=..., not both")
    try:
        options[name] = read_card_file(args.cards)
    except CardDataError as exc:  # it names the file, not where it was looked for
        raise _UsageError(f"{exc} (--cards {quote(args.cards)})") from None
    except OSError as exc:  # e.g. a directory, which read_card_file lets through to fdopen
        raise _UsageError(f"--cards: cannot read {quote(args.cards)}: {exc.strerror}") from None
    return options


def _out() -> TextIO:
    """sys.stdout, or BrokenPipeError if it was closed from the start (`tavola games >&-`): as if
    its reader went away."""
    if sys.stdout is None:
        raise BrokenPipeError("stdout is closed")
    return sys.stdout


def _stdout() -> Console:
    """A console on stdout; when piped, as wide as COLUMNS says, else 120 columns, so lines
    do not wrap at 80."""
    out = _out()
    piped = not out.isatty() and "COLUMNS" not in os.environ
    return Console(file=out, width=PIPE_WIDTH if piped else None)


def _variant_words(spec: GameSpec, variant: str) -> str:
    """A variant's name, with the player counts it is for where it is not for all."""
    if variant not in spec.variant_players:
        return variant
    return f"{variant} ({players_words(*spec.variant_players[variant])})"


def _game_facts(spec: GameSpec) -> dict[str, str]:
    """What ``tavola games`` says of a game besides its id and title (how it is played: a line
    for each of its ways)."""
    play = ["simultaneous" if spec.simultaneous else "in turn"]
    play += ["hidden info"] if spec.hidden_information else []
    return {
        "players": f"{spec.min_players}–{spec.max_players}",
        "variants": ", ".join(_variant_words(spec, v) for v in spec.variants),
        "options": ", ".join(spec.options) or "–",
        "play": "\n".join(play),
    }


def _games(args: argparse.Namespace) -> int:
    console = _stdout()
    if console.width >= GAMES_WIDTH:
        table = Table(title="Games", box=box.SIMPLE_HEAD)
        table.add_column("game (id, then title)", no_wrap=True)
        table.add_column("players", no_wrap=True)
        table.add_column("variants", min_width=len("standard,"))
        table.add_column("options", min_width=len("first_player,"))
        table.add_column("play", no_wrap=True)
        for spec in list_games():
            table.add_row(f"[bold]{spec.id}[/bold]\n{spec.title}", *_game_facts(spec).values())
        console.print(table)
    else:  # too narrow for the table's columns: one game after another, a line a fact
        console.print("Games")
        for spec in list_games():
            console.print(Text.assemble((spec.id, "bold"), "  ", spec.title))
            facts = Table.grid(padding=(0, 2))
            facts.add_column(no_wrap=True)
            facts.add_column()
            for name, value in _game_facts(spec).items():
                facts.add_row(name, ", ".join(value.splitlines()))
            console.print(Padding(facts, (0, 0, 1, 2)))
    for spec in list_games():
        if spec.options:
            options = Table(
                title=f"Options of {spec.id} (--option KEY=VALUE)",
                title_justify="left",
                box=box.SIMPLE_HEAD,
            )
            options.add_column("option", no_wrap=True)
            options.add_column("what it is")
            for name, option in spec.options.items():
                options.add_row(name, option.describe())
            console.print(options)
    return 0


class _Rate(ProgressColumn):
    """Games per second, once there is a rate to show."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if not speed else f"{speed:.1f} games/s")


def _simulate(args: argparse.Namespace) -> int:
    options = _game_options(get_spec(args.game), args)
    if args.out:
        check_output(args.out)
    if args.report:  # what would fail after the run fails before it
        from .sim.html import check_report

        check_report(args.report)
        check_output(args.report)
    if args.table:
        from .sim.tables import check_table

        check_table(args.table)
        check_output(args.table)
    _check_distinct(out=args.out, report=args.report, table=args.table)
    run = functools.partial(
        simulate,
        args.game,
        args.games,
        args.agents,
        players=args.players,
        seed=args.seed,
        variant=args.variant,
        options=options,
        jobs=args.jobs,
        seats=args.seats,
        out=args.out,
        backend=args.backend,
        address=args.address,
    )
    err = Console(stderr=True)
    try:
        if args.json or not err.is_terminal:
            sim = run()
        else:
            columns = (BarColumn(), MofNCompleteColumn(), _Rate(), TimeRemainingColumn())
            with Progress(TextColumn("simulating"), *columns, console=err, transient=True) as bar:
                task = bar.add_task("games", total=args.games)
                sim = run(progress=lambda done: bar.update(task, completed=done))
    except KeyboardInterrupt:
        if args.out is None:
            raise
        print(
            f"tavola: interrupted; the finished games are in {args.out}: "
            "the same command resumes the run",
            file=sys.stderr,
        )
        return 130
    _learned_value_note(sim.game, sim.agents, sim.players, sim.variant, sim.options)
    if args.report:
        from .sim.html import write_report

        write_report(sim, args.report)
        print(f"tavola: report written to {args.report}", file=sys.stderr)
    if args.table:
        from .sim.tables import write_table

        write_table(sim, args.table)
        print(f"tavola: table written to {args.table}", file=sys.stderr)
    if args.json:
        print(json.dumps(to_json(sim)))
    else:
        render(sim, _stdout())
    return 0


def _learned_value_note(
    game_id: str, agents: Sequence[str], players: int, variant: str | None, options: Any
) -> None:
    """Say on stderr when a bot that scores positions by a learned value (the ``hard`` level
    of some games) finds none for these cards and options, and so scores them by the standing:
    'hard' with your own cards is then another bot than with the standard ones."""
    learning = sorted({a for a in agents if getattr(make_agent(a, game_id), "learned", False)})
    if not learning:
        return
    from .agents.value import value_for

    if value_for(new_game(game_id, players=players, seed=0, variant=variant, options=options)):
        return
    print(
        f"tavola: note: no learned value fits these cards and options, so {', '.join(learning)} "
        "scores positions by the standing; 'tavola train-value' trains one",
        file=sys.stderr,
    )


def check_output(path: str | Path) -> None:
    """Make the folder of the file ``path`` if need be; a usage error unless the file can be
    written there (checked before a run or a training, not after it)."""
    target = Path(path)
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        found = next((p for p in (folder, *folder.parents) if p.exists()), folder)
        why = (
            f"{found} is a file, not a folder"
            if found.exists() and not found.is_dir()
            else f"cannot make the folder {folder} ({exc.strerror})"
        )
        raise _UsageError(f"cannot write {path}: {why}") from None
    if target.is_dir():
        raise _UsageError(f"cannot write {path}: it is a folder")
    new = not target.exists()
    try:  # opened, not asked (os.access): as root, /proc/x.html passed and failed after the run
        with open(target, "a"):
            pass
    except OSError as exc:
        raise _UsageError(f"cannot write {path}: {exc.strerror}") from None
    if new:  # a run cut short leaves no empty report
        target.unlink()


def _check_distinct(**paths: str | None) -> None:
    """A usage error when two of the files a run writes are one: the later would overwrite
    the earlier (a results file's games, a report)."""
    seen: dict[Path, str] = {}
    for flag, path in paths.items():
        if path is None:
            continue
        same = seen.setdefault(Path(path).resolve(), flag)
        if same != flag:
            raise _UsageError(f"--{same} and --{flag} name one file, {path}: give each its own")


_COMPARE_OWN = {
    "games": "--games",
    "seed": "--seed",
    "jobs": "--jobs",
    "backend": "--backend",
    "address": "--address",
    "out": "--out",
    "report": "--report",
    "table": "--table",
    "json": "--json",
}
"""Flags of simulate that compare gives both runs itself, or does not take: refused in a
configuration rather than quietly ignored."""


def _configuration(label: str, text: str) -> argparse.Namespace:
    """Configuration ``label`` of compare: what one would type after ``tavola simulate``."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise _UsageError(f"configuration {label}: {exc}") from None
    parser = build_parser()
    try:
        config = parser.parse_args(["simulate", *words])
        get_spec(config.game)  # an unknown game is named before anything else
    except (_UsageError, TavolaError) as exc:
        raise _UsageError(f"configuration {label}: {exc}") from None
    bare = parser.parse_args(["simulate", config.game])
    given = [
        flag for dest, flag in _COMPARE_OWN.items() if getattr(config, dest) != getattr(bare, dest)
    ]
    if given:
        raise _UsageError(
            f"configuration {label}: {', '.join(given)} cannot be set in a configuration "
            "(compare's own --games, --seed, --jobs and --json apply to both runs; it writes no "
            "files)"
        )
    return config


def _compare(args: argparse.Namespace) -> int:
    """Run both configurations on the same seeds and print the differences."""
    from .sim.compare import check_players, compare

    configs = [_configuration(label, text) for label, text in (("A", args.a), ("B", args.b))]
    if configs[0].game != configs[1].game:
        raise _UsageError(
            f"compare runs of one game: A plays {configs[0].game}, B {configs[1].game}"
        )
    if (configs[0].seats == "duplicate") != (configs[1].seats == "duplicate"):
        raise _UsageError("compare runs dealt alike: both with --seats duplicate, or neither")
    chosen = []  # each run's options: checked, with the run's settings, before either plays
    players = []
    for label, config in zip("AB", configs, strict=True):
        try:
            options = _game_options(get_spec(config.game), config)
            seated = check_run(
                config.game,
                args.games,
                config.agents,
                config.players,
                config.variant,
                options,
                config.seats,
            )
        except (_UsageError, TavolaError) as exc:
            raise _UsageError(f"configuration {label}: {exc}") from None
        chosen.append(options)
        players.append(len(seated))
    try:
        check_players(*players)
    except TavolaError as exc:
        raise _UsageError(str(exc)) from None
    runs = [
        simulate(
            config.game,
            args.games,
            config.agents,
            players=config.players,
            seed=args.seed,
            variant=config.variant,
            options=options,
            jobs=args.jobs,
            seats=config.seats,
        )
        for config, options in zip(configs, chosen, strict=True)
    ]
    settings = [option_words(options) for options in chosen]  # a card file by name, digest
    differences = compare(*runs)
    if args.json:
        print(
            json.dumps(
                {
                    "games": args.games,
                    "seed": args.seed,
                    "a": args.a,
                    "b": args.b,
                    "options": {"a": settings[0], "b": settings[1]},
                    "differences": [d.to_json() for d in differences],
                }
            )
        )
        return 0
    table = Table(
        title=f"B - A over {args.games} games on the same seeds (seed {args.seed})",
        title_justify="left",
    )
    for column in ("figure", "A", "B", "B - A", "95% CI", "verdict"):
        table.add_column(column, justify="left" if column == "figure" else "right")
    for d in differences:
        share = d.figure.startswith("win share")
        signed = (lambda x: f"{x:+.1%}") if share else (lambda x: f"{x:+.1f}")
        number = (
            signed if "above" in d.figure else (lambda x: f"{x:.1%}") if share else "{:.1f}".format
        )
        table.add_row(
            d.figure,
            number(d.a),
            number(d.b),
            signed(d.difference),
            f"{signed(d.low)} – {signed(d.high)}",
            "significant" if d.significant else "",
        )
    console = _stdout()
    for label, text, words in (("A", args.a, settings[0]), ("B", args.b, settings[1])):
        console.print(f"{label}: {text}", markup=False)
        if words:
            console.print(f"   options: {', '.join(words)}", markup=False)
    console.print(table)
    console.print(
        "Each game of A and B is dealt from the same seed; a difference is significant when "
        "its 95% interval leaves out zero. With many figures, one in twenty is so by chance "
        "alone: a lone significant figure is worth running again with another --seed."
    )
    return 0


def _play(args: argparse.Namespace) -> int:
    spec = get_spec(args.game)
    players = args.players
    if players is None:  # a variant made for some counts (a solo one) asks for its largest
        players = spec.variant_players.get(args.variant, (spec.min_players, spec.max_players))[1]
    options = _game_options(spec, args)
    spec.check(players, args.variant, options)  # a bad one is a usage error, before the game
    if args.variant is not None and args.variant not in spec.variants_for(players):
        raise _UsageError(
            f"the {args.variant} variant is for "
            f"{players_words(*spec.variant_players[args.variant])} (with "
            f"{count(players, 'player')} it plays as {spec.variants[0]})"
        )
    if args.seat >= players:
        raise _UsageError(
            f"--seat is 0 to {players - 1} with {count(players, 'player')}, not {args.seat}"
        )
    if players == 1 and args.bots:
        raise _UsageError("--bots names bots for the other seats: a game of 1 player has none")
    for name in args.bots:
        try:
            make_agent(name, spec.id)
        except AgentNameError as exc:
            raise _UsageError(str(exc)) from None
    if len(args.bots) not in (0, 1, players - 1):
        raise _UsageError(
            f"--bots names {len(args.bots)} agents for the {players - 1} other seats: "
            f"give one name per other seat, or a single name for all"
        )
    _learned_value_note(spec.id, args.bots, players, args.variant, options)
    idle = idle_settings(spec.id, players, args.variant or spec.variants[0], options)
    if idle:  # checked, and played without: say so (the simulator's reports do too)
        idle_words = "; ".join(idle.values())
        print(
            f"tavola: note: not in play: {idle_words}",
            file=sys.stderr,
        )
    from .tui.terminal import play

    out = _out()
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 are no crash
    return play(
        args.game,
        players,
        args.seat,
        args.bots,
        args.seed,
        sys.stdin,
        out,
        options,
        variant=args.variant,
    )


def _train_value(args: argparse.Namespace) -> int:
    from .agents.training import train
    from .agents.value import save, user_file, value_key

    spec = get_spec(args.game)
    if spec.values is None:
        raise _UsageError(f"{spec.title} has no learned values (its bots would not look for one)")
    if args.players not in spec.player_counts:
        raise _UsageError(f"a value ranks 2 to {spec.max_players} seats, not {args.players}")
    options = _game_options(spec, args)
    sample = new_game(args.game, players=args.players, seed=0, options=options)
    out = args.out or user_file(args.game, args.players, value_key(sample))
    check_output(out)
    made_by = shlex.join(
        ["tavola", "train-value", args.game, "--players", str(args.players)]
        + ["--games", str(args.games), "--seed", str(args.seed), "--every", str(args.every)]
        + [
            f"--option={k}={json.dumps(v)}"
            for k, v in args.option
            if k not in sample.card_digests()
        ]
        + (["--cards", args.cards] if args.cards else [])
    )
    err = Console(stderr=True)
    with Progress(
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        task = bar.add_task("games", total=args.games)
        trained = train(
            args.game,
            args.players,
            options,
            games=args.games,
            seed=args.seed,
            every=args.every,
            jobs=args.jobs,
            made_by=made_by,
            progress=lambda done, _: bar.update(task, completed=done),
        )
    console = _stdout()
    table = Table(
        title=f"{spec.title}, {args.players} players: {trained.positions} positions fitted",
        caption="how often the seat ranked first won, in the 20% of the games held out",
        box=box.SIMPLE,
    )
    for column in ("game's progress", "the standing's leader", "the value's first"):
        table.add_column(column, justify="right")
    for low, high, standing, learned in trained.held_out:
        table.add_row(f"{low:.0%}-{high:.0%}", f"{standing:.3f}", f"{learned:.3f}")
    console.print(table)
    standing, learned = (sum(row[k] for row in trained.held_out) for k in (2, 3))
    if learned <= standing:  # a bot scoring by it would do worse than by the standing
        print(
            "tavola: not written: on the held-out games the value picks the winner no more "
            "often than the standing does; play more games (--games)",
            file=sys.stderr,
        )
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    replacing = out.exists()
    save(out, trained.weights, trained.mean, trained.scale, trained.meta)
    console.print(
        f"written to {out}" + (" (it replaces the value that was there)" if replacing else ""),
        soft_wrap=True,
    )
    return 0


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .store import DatabaseError, Store, default_url, safe_url
    from .web import create_app
    from .web.app import MAX_MESSAGE

    if args.port > 65535:
        raise _UsageError(f"--port is 1 to 65535, not {args.port}")
    database = args.db or default_url()
    try:  # the database opened and migrated now: an error is a message, not a failed start
        store = Store(database)
        try:
            store.migrate()
        finally:
            store.dispose()
    except DatabaseError as exc:
        print(f"tavola: error: {exc}", file=sys.stderr)
        return 1
    try:
        listening = _listen(args.host, args.port)
    except OSError as exc:
        why = exc.strerror or str(exc)
        print(f"tavola: error: cannot listen on {args.host}:{args.port}: {why}", file=sys.stderr)
        return 1
    app = create_app(database, pace=args.pace)
    where = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    where = f"[{where}]" if ":" in where else where
    print(f"tavola: serving on http://{where}:{args.port}/ (database: {safe_url(database)})")
    print("tavola: press Ctrl-C to stop", flush=True)  # now, if it goes to a file or a pipe
    _log_to_stderr(logging.WARNING if args.quiet else logging.INFO)
    config = uvicorn.Config(
        app,
        log_level="warning",
        # past the app's own limit, so a message over that gets the app's error and the
        # connection stays open; uvicorn closes it (1009) only for one four times larger
        ws_max_size=4 * MAX_MESSAGE,
        ws_per_message_deflate=False,  # states are 2-3 KB: compressing them cost 17% of an action
        # a client's address, which the limits count by, is the connection's own unless a
        # proxy named by --proxy says otherwise (uvicorn trusted any local one by default)
        proxy_headers=bool(args.proxy),
        forwarded_allow_ips=args.proxy or None,
    )
    uvicorn.Server(config).run(sockets=[listening])
    return 0


def _log_to_stderr(level: int) -> None:
    """tavola's own log lines (tables made, joined, left, finished; problems) on stderr, each
    with its time: what the person running a server sees of it."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("tavola: %(asctime)s %(message)s", "%H:%M:%S"))
    logger = logging.getLogger("tavola")
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` (a name, an IPv4 or an IPv6 address) and ``port``, made
    before the server starts so that a port in use is an error message, not a failed start."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    both = host == "::" and socket.has_dualstack_ipv6()  # every address, IPv4's too
    return socket.create_server((host, port), family=family, dualstack_ipv6=both)


def _budget(text: str) -> str:
    """An argparse type: a search budget, iterations (``400``) or seconds (``2s``), as the
    ismcts parameters it stands for, within their bounds."""
    key = "seconds" if text.endswith("s") else "iterations"
    params = KINDS["ismcts"].params
    try:
        value = params[key].read("ismcts", key, text[:-1] if key == "seconds" else text)
    except AgentNameError:  # '1e308' was "not a positive number": say what each one is
        raise argparse.ArgumentTypeError(
            f"expected iterations, {params['iterations'].describe()} (e.g. 400), or seconds, "
            f"{params['seconds'].describe()} (e.g. 2s), not {quote(text)}"
        ) from None
    return f"{key}={value}"


def _analyse(args: argparse.Namespace) -> int:
    from .agents.analysis import analyse, value_words
    from .core.record import replay

    try:
        with open(args.record, encoding="utf-8") as f:
            text = f.read(MAX_RECORD_FILE + 1)
        if len(text) > MAX_RECORD_FILE:
            raise _UsageError(
                f"{args.record} is not a game record: it holds more than "
                f"{MAX_RECORD_FILE >> 20} MiB"
            )
        record = json.loads(text)
    except OSError as exc:
        raise _UsageError(f"cannot read {args.record}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise _UsageError(
            f"{args.record} is not a game record ({exc.msg}, line {exc.lineno}): a record is one "
            f"JSON object, as a finished table's 'Download the record' gives it"
        ) from None
    except UnicodeDecodeError:
        raise _UsageError(f"{args.record} is not a game record: it is not UTF-8 text") from None
    agent = f"ismcts:{args.budget}"
    game = replay(record)  # a bad record is named here, as analyse would
    if not game.is_over:
        print(f"tavola: the game in {args.record} is not over: its moves so far", file=sys.stderr)
    err = Console(stderr=True)
    if args.json or not err.is_terminal:
        decisions = analyse(record, args.seat, agent, seed=args.seed)
    else:
        bar_columns = (BarColumn(), MofNCompleteColumn(), _Rate(), TimeRemainingColumn())
        with Progress(TextColumn("analysing"), *bar_columns, console=err, transient=True) as bar:
            task = bar.add_task("decisions", total=None)
            decisions = analyse(
                record,
                args.seat,
                agent,
                seed=args.seed,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
    if args.json:
        print(
            json.dumps(
                {"seat": args.seat, "agent": agent, "decisions": [d.to_json() for d in decisions]}
            )
        )
        return 0
    console = _stdout()
    if not decisions:  # an empty table, and "0 of 0 decisions agree", said nothing
        console.print(f"Seat {args.seat} had no choice to make in {args.record}: nothing to rate.")
        return 0
    table = Table(
        title=f"Seat {args.seat}'s decisions, rated by {agent}",
        caption=(
            f"value: {value_words(game.players)}; the search's choice is the move it searched "
            "most, whose value is the surest (a move searched less may show a higher one)"
        ),
        box=box.SIMPLE,
    )
    for column in ("move", "played", "value", "search's choice", "value", "given up"):
        table.add_column(
            column, justify="right" if column in ("move", "value", "given up") else "left"
        )
    for d in decisions:
        same = d.best.action == d.played
        table.add_row(
            str(d.index + 1),
            d.played.label,
            f"{d.played_option.value:.2f}",
            "=" if same else d.best.action.label,
            "" if same else f"{d.best.value:.2f}",
            "" if same else f"{d.loss:.2f}",
            style=None if d.loss < 0.05 else "yellow",
        )
    console.print(table)
    agree = sum(d.best.action == d.played for d in decisions)
    console.print(f"{agree} of {len(decisions)} decisions agree with the search.")
    return 0


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--option KEY=VALUE`` (repeatable) and ``--cards FILE``."""
    parser.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); see 'tavola games'",
    )
    parser.add_argument(
        "--cards",
        metavar="FILE",
        help="play with your own card data file (e.g. a deck in the format of the standard one)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``tavola``."""
    parser = _Parser(prog="tavola", description="A digital table for Renaissance card games.")
    parser.add_argument("--version", action="version", version=f"tavola {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=_Parser)

    games = commands.add_parser(
        "games",
        help="list the games",
        description="List the games: players, variants and options, and what each option is.",
    )
    games.set_defaults(handler=_games)

    sim = commands.add_parser(
        "simulate",
        help="play many games between bots and report win shares",
        description=(
            "Play N games between agents, moving them over the seats from game to game, and "
            "report wins per agent and per seat with 95% Wilson intervals (ties split the win)."
        ),
    )
    sim.add_argument("game", metavar="GAME", help="game id (see 'tavola games')")
    sim.add_argument(
        "--games",
        "-n",
        type=games_arg(1),
        default=1000,
        help=f"games (default 1000, at most {MAX_GAMES:,})",
    )
    sim.add_argument(
        "--players",
        "-p",
        type=whole_arg(1),
        help="players (default: the number of agents, or the game's maximum for one agent)",
    )
    sim.add_argument(
        "--agents",
        "-a",
        type=_names,
        default=["random"],
        help=f"one agent per seat, comma-separated, or one for all ({', '.join(AGENTS)}); "
        "with parameters: ismcts:iterations=400,c=0.7 or ismcts:seconds=0.5 (default random)",
    )
    sim.add_argument(
        "--seed",
        type=seed_arg,
        default=DEFAULT_SEED,
        help=f"seed of the whole run (default {DEFAULT_SEED}, so runs repeat)",
    )
    sim.add_argument(
        "--jobs",
        "-j",
        type=jobs_arg,
        default=1,
        help="worker processes (the local backend; default 1)",
    )
    sim.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="where games are played: this machine's processes (default), or a Ray cluster "
        "(the cluster extra); the figures are the same",
    )
    sim.add_argument(
        "--address",
        help="the Ray cluster to use (auto, ray://host:10001); default: a Ray instance "
        "started for the run",
    )
    sim.add_argument(
        "--seats",
        choices=SEATINGS,
        default="rotate",
        help="how agents change seats: rotated by one each game (default), through every "
        "permutation, one per game, or rotated over each deal (duplicate: every deal is played "
        "once per seat, so each agent holds every hand)",
    )
    sim.add_argument(
        "--out",
        "-o",
        metavar="FILE",
        help="append each game and its record to FILE (JSON lines) as it finishes; an "
        "interrupted run given the same FILE and settings resumes where it stopped",
    )
    sim.add_argument("--variant", help="game variant (default: the game's first)")
    _add_game_options(sim)
    sim.add_argument(
        "--report",
        metavar="FILE",
        help="also write an HTML report with plots (one page that opens offline; the lab "
        "extra); with --out naming a finished run, only writes the report",
    )
    sim.add_argument(
        "--table",
        metavar="FILE",
        help="also write the games as a table, one row per seat of each game: FILE.csv or "
        "FILE.parquet (columns in docs/lab.md)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object, no tables")
    sim.set_defaults(handler=_simulate)

    comp = commands.add_parser(
        "compare",
        help="run two configurations on the same seeds and show what changes",
        description=(
            "Play two configurations of a game (each given as the words you would type after "
            "'tavola simulate', quoted) on the same seeds, and show each headline figure in "
            "both, the difference with its 95% interval, and whether it is significant."
        ),
    )
    comp.add_argument(
        "a", metavar="A", help="configuration A, e.g. 'testa-di-pecora -a heuristic,random'"
    )
    comp.add_argument(
        "b",
        metavar="B",
        help="configuration B, e.g. 'testa-di-pecora -a heuristic,random --cards mine.toml'",
    )
    comp.add_argument(
        "--games",
        "-n",
        type=games_arg(2),
        default=1000,
        help=f"games of each (default 1000, at most {MAX_GAMES:,})",
    )
    comp.add_argument(
        "--seed",
        type=seed_arg,
        default=DEFAULT_SEED,
        help=f"seed of both runs (default {DEFAULT_SEED})",
    )
    comp.add_argument("--jobs", "-j", type=jobs_arg, default=1, help="worker processes (default 1)")
    comp.add_argument("--json", action="store_true", help="print one JSON object, no table")
    comp.set_defaults(handler=_compare)

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description=(
            "Play a game in the terminal, one seat yours and the others bots: answer each turn "
            "with the number or the name of a move (help, view and quit too)."
        ),
    )
    play.add_argument("game", metavar="GAME", help="game id (see 'tavola games')")
    play.add_argument(
        "--players",
        type=whole_arg(1),
        help="players (default: the game's maximum, or the variant's: 1 for a solo variant)",
    )
    play.add_argument("--seat", type=whole_arg(0), default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots",
        type=_names,
        default=[],
        help="agents for the other seats, comma-separated, or one for all: a level ("
        f"{', '.join(DIFFICULTIES)}) or a kind ({', '.join(KINDS)}), a kind with parameters "
        "if you like (ismcts:iterations=400); default: the game's heuristic (medium)",
    )
    play.add_argument(
        "--seed",
        type=seed_arg,
        help="seed of the deal and of the bots' choices, to replay a game (default: random and "
        "secret, shown when the game ends)",
    )
    play.add_argument("--variant", help="game variant (default: the game's first)")
    _add_game_options(play)
    play.set_defaults(handler=_play)

    review = commands.add_parser(
        "analyse",
        help="rate one seat's decisions in a game record with the search bot",
        description=(
            "Replay a game record and, at each decision of SEAT, run the search bot (ismcts) "
            "from what that seat knew then: its choice, and the value it sees for the move "
            "played and for its own choice."
        ),
    )
    review.add_argument("record", metavar="RECORD.json", help="a game record (JSON)")
    review.add_argument("--seat", type=whole_arg(0), required=True, help="the seat to analyse")
    review.add_argument(
        "--budget",
        type=_budget,
        default="400",
        help="search per decision: iterations (e.g. 400, the default) or seconds (e.g. 2s)",
    )
    review.add_argument("--seed", type=seed_arg, default=0, help="seed of the search (default 0)")
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.set_defaults(handler=_analyse)

    learn = commands.add_parser(
        "train-value",
        help="train the learned value the hard bot scores positions by",
        description=(
            "Play games of the game's heuristic against itself and fit the learned value that "
            "pimc:value=learned (the hard bot of some games) scores positions by, for these "
            "players, cards and options. Written to your data folder, where the bots find it "
            "for games played with the same cards and options."
        ),
    )
    learn.add_argument("game", metavar="GAME", help="game id (see 'tavola games')")
    learn.add_argument(
        "--players", type=whole_arg(2), required=True, help="the player count the value is for"
    )
    learn.add_argument(
        "--games", type=whole_arg(10), default=1500, help="games to play (default 1500)"
    )
    learn.add_argument("--seed", type=seed_arg, default=0, help="seed of the games (default 0)")
    learn.add_argument(
        "--every", type=whole_arg(1), default=7, help="keep every N-th position (default 7)"
    )
    learn.add_argument("--jobs", type=jobs_arg, default=2, help="worker processes (default 2)")
    learn.add_argument("--out", type=Path, help="write the value here instead")
    _add_game_options(learn)
    learn.set_defaults(handler=_train_value)

    serve = commands.add_parser(
        "serve",
        help="the web app: play in the browser",
        description=(
            "Serve the web app: a lobby to set tables of people and bots, the tables, rules "
            "pages and replays. Open the address it prints in a browser."
        ),
    )
    serve.add_argument(
        "--host", type=_host, default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument("--port", type=whole_arg(1), default=8000, help="port (default 8000)")
    serve.add_argument(
        "--db",
        metavar="URL",
        help="database URL (default: SQLite in your data folder); e.g. "
        "postgresql+psycopg://user@host/tavola",
    )
    serve.add_argument(
        "--pace",
        type=number_arg(0, 60),
        default=0.8,
        help="seconds a bot waits before each move (0 to 60, default 0.8)",
    )
    serve.add_argument(
        "--proxy",
        metavar="ADDRESSES",
        type=_addresses,
        help="behind a reverse proxy: its addresses (comma-separated), whose X-Forwarded-For "
        "header then gives each client's address for the per-client limits (default: none "
        "trusted)",
    )
    serve.add_argument(
        "--quiet",
        action="store_true",
        help="log only problems, not each table made, finished, joined and left",
    )
    serve.set_defaults(handler=_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tavola`` with ``argv`` (default: the process's arguments); return the exit code."""
    return run_script(functools.partial(_command, build_parser(), argv), "tavola")


def _command(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    """The command ``argv`` names, run; its exit code."""
    try:
        args = parser.parse_args(argv)
        if not hasattr(args, "handler"):
            parser.print_help(sys.stderr)
            return USAGE_ERROR
        return args.handler(args)
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0


def run_script(command: Callable[[], int | None], name: str | None = None) -> int:
    """The exit code of ``command()``, the whole work of a command line (``tavola``, or a
    benchmark script's ``main``), a user's mistake told in one line on stderr after ``name``
    (default: the script's file name), never as a traceback: bad settings (code 2), a file
    that cannot be read or written (1), Ctrl-C (130), a reader that went away (1)."""
    name = name or Path(sys.argv[0]).name
    if isinstance(sys.stdout, io.TextIOWrapper):  # a character the terminal's encoding lacks
        sys.stdout.reconfigure(errors="replace")  # ('–' in ASCII) is '?', not a traceback
    try:
        return command() or 0
    except (_UsageError, TavolaError) as exc:  # escaped: a file name typed with a control
        print(f"{name}: error: {escape(str(exc))}", file=sys.stderr)  # character is no command
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"{name}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. `tavola ... | head`): stop quietly
        if sys.stdout is not None:  # else it was closed from the start (`>&-`)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:  # a file that cannot be read or written (a folder where a file
        # should be, a full disk, a device that refuses): the reason and the file, no traceback
        where = f": {exc.filename}" if exc.filename else ""
        print(f"{name}: error: {escape(f'{exc.strerror or exc}{where}')}", file=sys.stderr)
        return 1
