"""A terminal game: one human seat, bots in the others, for any registered game.

The human only ever sees what their seat may know: ``g.view(seat)``, rendered by the game's
``spec.text`` (see ``TextUI``: ``render`` and ``RULES``) or shown as JSON for a game without one,
and ``g.events(seat)``, each told by its ``text`` as it happens. A text module may also offer
``help_text(view)`` (shown by ``help`` instead of ``RULES``) and ``PAUSE_AFTER``, the event kinds
after which the game waits for Enter (a season's end must not scroll by). Only a person at a
terminal is kept waiting: with scripted input (not a TTY) nothing is paused or consumed, so a
file of answers plays the same game either way.

The seed reveals every hand, so it is shown only when the game ends. Bots draw from their own
streams: secret ones (``os.urandom``) unless the player gave the seed, which then replays the
whole session, the bots' choices included.
"""

from __future__ import annotations

import json
import os
import random
import textwrap
from collections.abc import Mapping
from typing import Any, TextIO

from rich.console import Console

from ..agents import Agent, SeatHandle, make_agent
from ..core.errors import IllegalActionError, MalformedActionError, TavolaError, quote
from ..core.protocol import Action, Game
from ..core.registry import GameSpec, get_spec, new_game
from ..core.rng import stream
from ..core.words import count

BOT_STREAM = 0xB07  # the key of the bots' streams under a seed the player gave
MAX_ANSWER = 200  # longer answers name no move (the longest label is under 90 characters)
ECHO = 60  # scripted answers are echoed up to this many characters
SHOW_CHOICES = 4  # an answer that names no move is told the moves when there are this few
QUIT = ("quit", "q", "exit")
COMMANDS = """\
Answer with a number from the list, or the name of a move (the start of each of
its words is enough). Other commands: help (this text), view or v (show the
table again), back or b (take back the last step of a secret choice before it
is finished), quit or q (leave the game)."""


class Leave(Exception):
    """The human leaves the table (quit, or the end of input); the message says how."""


class Screen:
    """Where the game is written: plain text, coloured with rich when it is a terminal."""

    def __init__(self, stream_: TextIO) -> None:
        self.stream = stream_
        self.console = Console(file=stream_, highlight=False) if stream_.isatty() else None

    def say(self, text: str = "", style: str | None = None) -> None:
        if self.console is None:
            self.stream.write(text + "\n")
        else:
            self.console.print(text, style=style, markup=False, highlight=False)

    def prompt(self, text: str) -> None:
        if self.console is None:
            self.stream.write(text)
        else:
            self.console.print(text, style="bold cyan", end="", markup=False, highlight=False)
        self.stream.flush()


class Table:
    """A game in progress with its human seat and its bots.

    ``bots``: each other seat's agent name, as the player gave it ('hard' stays 'hard').
    ``bot_seed``: the seed the bots' streams derive from, for a repeatable session; None (the
    default) gives each bot a secret stream of its own.
    """

    def __init__(
        self,
        spec: GameSpec,
        game: Game,
        human: int,
        bots: dict[int, str],
        bot_seed: int | None = None,
    ) -> None:
        self.spec = spec
        self.game = game
        self.human = human
        self.bot_names = bots
        self.bots: dict[int, Agent] = {s: make_agent(name, spec.id) for s, name in bots.items()}
        self.rngs = {
            s: random.Random(os.urandom(16))
            if bot_seed is None
            else stream(bot_seed, BOT_STREAM, s)
            for s in bots
        }
        self.text = spec.text
        self.pause_after: frozenset[str] = getattr(self.text, "PAUSE_AFTER", frozenset())
        self.told = 0  # the number of the first event not yet told

    def name(self, seat: int) -> str:
        return "You" if seat == self.human else f"Seat {seat} ({self.bot_names[seat]})"

    def run(self, stdin: TextIO, screen: Screen) -> int:
        """Play to the end, or until the human leaves; the exit status."""
        g = self.game
        screen.say(self.intro(), style="bold")
        try:
            self.tell(stdin, screen)
            while not g.is_over:
                if self.human in g.to_act:
                    self.ask(stdin, screen)
                else:
                    self.bot_move(min(g.to_act))
                self.tell(stdin, screen)
        except Leave as leave:
            screen.say(str(leave), style="yellow")
            screen.say(self.seed_line())
            return 0
        self.final(screen)
        return 0

    def intro(self) -> str:
        g = self.game
        by_name: dict[str, list[str]] = {}
        for s, name in sorted(self.bot_names.items()):
            by_name.setdefault(name, []).append(str(s))
        bots = "; ".join(
            f"{name} at seat{'s' * (len(seats) > 1)} {', '.join(seats)}"
            for name, seats in by_name.items()
        )
        variant = f", the {g.variant} variant" if g.variant != self.spec.variants[0] else ""
        others = f"Bots: {bots}." if bots else "You play alone."
        return f"{self.spec.title}, {count(g.players, 'player')}{variant}.\n" + wrap(
            f"You are seat {self.human}. {others} Type help for help."
        )

    def seed_line(self) -> str:
        """The seed, told once the game is over or left: it reveals every hand."""
        return wrap(f"The seed of this game was {self.game.seed} (the same seed, the same deal)")

    def show(self, screen: Screen) -> None:
        """The human's view and the numbered actions they may take."""
        view = self.game.view(self.human)
        text = self.text.render(view) if self.text else json.dumps(view, indent=1)
        screen.say("-" * 79, style="dim")
        screen.say(text)
        screen.say()
        screen.say(numbered(self.game.legal_actions(self.human)))

    def help(self) -> str:
        """The commands, then the game's rules (and cards, if its text module tells them)."""
        if self.text is None:
            return f"{COMMANDS}\n\n{self.spec.description}"
        help_text = getattr(self.text, "help_text", None)
        rules = help_text(self.game.view(self.human)) if help_text else self.text.RULES
        return f"{COMMANDS}\n\n{rules}"

    def ask(self, stdin: TextIO, screen: Screen) -> None:
        """Ask until the human makes a legal move, and play it; Leave if they go."""
        self.show(screen)
        legal = self.game.legal_actions(self.human)
        while True:
            numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            back = ", back" if self.game.can_take_back(self.human) else ""
            text = self.read(
                stdin, screen, f"Your move ({numbers}, a name, help, view{back}, quit): "
            )
            command = text.lower()
            if command in ("back", "b"):
                try:
                    self.game.take_back(self.human)
                except IllegalActionError as exc:
                    screen.say(wrap(f"Not allowed: {exc}"), style="bold red")
                else:
                    return
            elif command in ("help", "h", "?"):
                screen.say(f"{self.help()}\n")
                screen.say(numbered(legal))
            elif command in ("view", "v"):
                self.show(screen)
            elif text:
                try:
                    action = choose(self.game, self.human, text, legal)
                    self.game.act(self.human, action)
                except IllegalActionError as exc:
                    screen.say(wrap(f"Not allowed: {exc}"), style="bold red")
                except MalformedActionError as exc:
                    said = str(exc)
                    screen.say(wrap(said[:1].upper() + said[1:]), style="bold red")
                else:
                    return

    def read(self, stdin: TextIO, screen: Screen, prompt: str) -> str:
        """One answer, stripped (scripted ones echoed, shortened); Leave on quit or end of input."""
        screen.prompt(prompt)
        try:
            line = stdin.readline()
        except (OSError, ValueError):  # the terminal hung up, or the input was closed
            line = ""
        if not line:
            screen.say()
            raise Leave("End of input: leaving the game.")
        text = line.strip()
        if not stdin.isatty():
            screen.say(printable(text))  # echo scripted answers so the transcript reads well
        if text.lower() in QUIT:
            raise Leave("You leave the table. Goodbye.")
        return text

    def pause(self, stdin: TextIO, screen: Screen) -> None:
        """Wait for Enter, if a person is at the keyboard; scripted input is never held up."""
        if stdin.isatty():
            self.read(stdin, screen, "Press Enter to go on (or quit): ")

    def bot_move(self, seat: int) -> None:
        g = self.game
        bot = self.bots[seat]
        handle = SeatHandle(g, seat) if bot.searches else None
        g.act(seat, bot.choose(g.view(seat), g.legal_actions(seat), self.rngs[seat], handle))

    def tell(self, stdin: TextIO, screen: Screen) -> None:
        """Say what the human's seat saw happen since last told, pausing after a summary.

        Their own moves are plain, others' dim, and what no seat did (a trade won, a season
        scored) stands out.
        """
        g = self.game
        events = g.events(self.human, since=self.told)
        repeated = 0  # events like the next one, not told yet
        for k, event in enumerate(events):
            self.told = event["i"] + 1
            text = event["text"]
            if k + 1 < len(events) and events[k + 1]["text"] == text:
                repeated += 1  # told once, with the count: 'You drew a card (4 times).'
                continue
            if repeated:
                text = f"{text.rstrip('.')} ({repeated + 1} times)."
                repeated = 0
            seat = event.get("seat")
            style = "bold yellow" if seat is None else None if seat == self.human else "dim"
            screen.say(wrap(text), style=style)
            if event["kind"] in self.pause_after and not g.is_over:
                self.pause(stdin, screen)

    def final(self, screen: Screen) -> None:
        """The table as it ends, then the outcome: won or lost alone (a lost game's lone seat
        still ranks first in the core), else the ranking and who won."""
        g = self.game
        result = g.result
        assert result is not None
        if self.text is not None:
            screen.say("-" * 79, style="dim")
            screen.say(self.text.render(g.view(self.human)))
        screen.say("-" * 79, style="dim")
        if g.players == 1:
            won = bool(result.winners)
            screen.say(
                f"The game is {'won' if won else 'lost'}, with a score of {result.scores[0]:g}.",
                style="bold green" if won else "bold red",
            )
            screen.say(self.seed_line())
            return
        screen.say("The game is over. Final ranking, with scores:", style="bold")
        for seat in result.ranking:
            score = f"{result.scores[seat]:g}"
            screen.say(f"  {result.places[seat]}. {self.name(seat):<24} {score:>6}")
        screen.say(self.seed_line())
        winners = [self.name(s) for s in result.winners]
        if self.human in result.winners:
            verdict = "You win!" if len(winners) == 1 else "You share the win!"
        elif not winners:
            verdict = "Nobody wins."
        else:
            verdict = " and ".join(winners) + (" wins." if len(winners) == 1 else " win.")
        screen.say(verdict, style="bold green")


def wrap(text: str) -> str:
    """A message fit for an 80-column terminal, ending with a full stop."""
    text = text if text.endswith((".", "!", "?")) else text + "."
    return textwrap.fill(text, 79, subsequent_indent="  ")


def printable(text: str, limit: int = ECHO) -> str:
    """``text`` safe to write to a terminal: control characters escaped, cut to ``limit``."""
    shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text[: limit + 1])
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def numbered(legal: list[Action]) -> str:
    """The actions as a numbered list, in columns that fit 80 characters."""
    items = [f"{i:>2}. {a}" for i, a in enumerate(legal, 1)]
    width = max(map(len, items)) + 3
    per_row = max(1, 80 // width)
    rows = [items[i : i + per_row] for i in range(0, len(items), per_row)]
    return "\n".join("".join(f"{item:<{width}}" for item in row).rstrip() for row in rows)


def choose(game: Game, seat: int, text: str, legal: list[Action]) -> Action:
    """The action a human's answer names, the legal moves first.

    A number picks from the list; a move's name (or alias) picks it if it is legal; else the
    start of each word picks the one legal move it fits, or lists the several it fits. Only
    then does the name of a move not legal now count, so that ``act`` can say why not.
    Raises MalformedActionError when the answer names no move, or several.
    """
    if len(text) > MAX_ANSWER:
        raise MalformedActionError(
            f"an answer of {len(text)} characters names no move; type a number or help"
        )
    if text.isdecimal():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise MalformedActionError(f"there is no choice {number}; answer 1 to {len(legal)}")
    if text.startswith("{"):
        return game.parse_action(seat, text)  # a JSON action: its own errors say what is wrong
    try:
        named: Action | None = game.parse_action(seat, text)
    except MalformedActionError:
        named = None
    if named is not None and named in legal:
        return named
    words = text.lower().split()
    found = [a for a in legal if _starts_words(words, str(a).lower().split())]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(map(str, found))
        raise MalformedActionError(f"{quote(text)} could be {names}; say which")
    if named is not None:
        return named
    if len(legal) <= SHOW_CHOICES:
        hint = f" ({', '.join(map(str, legal))})"
    else:
        hint = "; type a number or help"
    raise MalformedActionError(f"{quote(text)} names no move you can make now{hint}")


def _starts_words(words: list[str], label: list[str]) -> bool:
    """Every typed word starts some word of the label: "duke ven" fits "duke of venice"."""
    return all(any(w.startswith(t) for w in label) for t in words)


def seat_bots(spec: GameSpec, players: int, human: int, names: list[str]) -> dict[int, str]:
    """One agent name per seat but the human's: one name for all, or one per seat in order.

    With no names, the game's heuristic bot plays (the random bot if it has none).
    """
    others = [s for s in range(players) if s != human]
    if not names:
        names = ["heuristic" if spec.heuristic is not None else "random"]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise TavolaError(
            f"give one bot for all seats or one for each of the {len(others)} other seats, "
            f"not {len(names)}"
        )
    return dict(zip(others, names, strict=True))


def play(
    game_id: str,
    players: int | None,
    seat: int,
    bots: list[str],
    seed: int | None,
    stdin: TextIO,
    stdout: TextIO,
    options: Mapping[str, Any] | None = None,
    variant: str | None = None,
) -> int:
    """Play ``game_id`` in the terminal as ``seat`` against ``bots``; the exit status.

    ``seed`` None deals a secret seed and gives the bots secret streams; a seed replays the
    deal and the bots' choices. ``options`` and ``variant`` are the game's (see ``tavola
    games``).
    0 when the game ends or the human leaves (quit, end of input), 2 for a bad set-up,
    130 when interrupted.
    """
    screen = Screen(stdout)
    try:
        spec = get_spec(game_id)
        game = new_game(game_id, players=players, seed=seed, variant=variant, options=options)
        if isinstance(seat, bool) or not 0 <= seat < game.players:
            raise TavolaError(f"there is no seat {seat}: seats are 0 to {game.players - 1}")
        table = Table(spec, game, seat, seat_bots(spec, game.players, seat, bots), bot_seed=seed)
    except TavolaError as exc:
        screen.say(f"Cannot start: {exc}", style="bold red")
        return 2
    try:
        return table.run(stdin, screen)
    except KeyboardInterrupt:
        screen.say()
        screen.say("Interrupted: the game is abandoned.", style="yellow")
        screen.say(table.seed_line())
        return 130
