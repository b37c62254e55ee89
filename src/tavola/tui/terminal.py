"""A terminal game: one human seat, bots in the others, for any registered game.

The human only ever sees what their seat may know: ``g.view(seat)``, rendered by the game's
``spec.text`` (see ``TextUI``: ``render`` and ``RULES``) or shown as JSON for a game without one,
and ``g.events(seat)``, each told by its ``text`` as it happens. A text module may also offer
``help_text(view)`` (shown by ``help`` instead of ``RULES``), ``PAUSE_AFTER``, the event kinds
after which the game waits for Enter (a season's end must not scroll by), and a ``width``
argument of ``render``, the columns to lay the view out to. Only a person at a terminal is kept
waiting: with scripted input (not a TTY) nothing is paused or consumed, so a file of answers
plays the same game either way.

The seed reveals every hand, so it is shown only when the game ends. The bots draw from streams
of it, so that the seed shown replays the whole game, the bots' choices included.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping
from contextlib import nullcontext
from typing import Any, TextIO

from ..agents import Agent, SeatHandle, make_agent
from ..core.errors import IllegalActionError, MalformedActionError, TavolaError
from ..core.protocol import Game
from ..core.registry import GameSpec, get_spec, new_game
from ..core.rng import stream
from ..core.words import count, listed
from .answers import choose, command, help_text
from .screen import Screen, numbered, printable, reflow, sentence

BOT_STREAM = 0xB07  # the key of the bots' streams under the game's seed
GOODBYE = "You leave the table. Goodbye."


class Leave(Exception):
    """The human leaves the table (quit, or the end of input); the message says how."""


class Table:
    """A game in progress with its human seat and its bots.

    ``bots``: each other seat's agent name, as the player gave it ('hard' stays 'hard'). Each
    bot draws from a stream of the game's seed, so that the seed replays the game.
    """

    def __init__(self, spec: GameSpec, game: Game, human: int, bots: dict[int, str]) -> None:
        self.spec = spec
        self.game = game
        self.human = human
        self.bot_names = bots
        self.bots: dict[int, Agent] = {s: make_agent(name, spec.id) for s, name in bots.items()}
        self.rngs = {s: stream(game.seed, BOT_STREAM, s) for s in bots}
        self.text = spec.text
        self.sized = (
            self.text is not None and "width" in inspect.signature(self.text.render).parameters
        )
        self.takes_back = type(game).take_back is not Game.take_back  # steps of secret choices
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
                    self.bot_move(min(g.to_act), screen)
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
            by_name.setdefault(name, []).append(f"Seat {s}")
        bots = "; ".join(f"{name} at {listed(seats)}" for name, seats in by_name.items())
        variant = f", the {g.variant} variant" if g.variant != self.spec.variants[0] else ""
        others = f"Bots: {bots}." if bots else "You play alone."
        return (
            f"{self.spec.title}, {count(g.players, 'player')}{variant}.\n"
            f"You are Seat {self.human}. {others} Type help for help."
        )

    def seed_line(self) -> str:
        """The seed, told once the game is over or left: it reveals every hand."""
        seed = self.game.seed
        return f"The seed of this game was {seed}: it replays the deal and the bots' choices."

    def render(self, screen: Screen) -> str:
        """The human's view as text, laid out to the screen's width if the game can."""
        view = self.game.view(self.human)
        if self.text is None:
            return json.dumps(view, indent=1)
        return self.text.render(view, width=screen.width) if self.sized else self.text.render(view)

    def show(self, screen: Screen) -> None:
        """The human's view and the numbered actions they may take."""
        screen.rule()
        screen.say(self.render(screen))
        screen.say()
        screen.say(numbered(self.game.legal_actions(self.human), screen.width))

    def help(self, width: int) -> str:
        """How to answer, then the game's rules (and cards, if its text module tells them),
        laid out again if ``width`` is narrower than they were written for."""
        if self.text is None:
            rules = self.spec.description
        else:
            rules_of = getattr(self.text, "help_text", None)
            rules = rules_of(self.game.view(self.human)) if rules_of else self.text.RULES
        return reflow(f"{help_text(self.takes_back)}\n\n{rules}", width)

    def ask(self, stdin: TextIO, screen: Screen) -> None:
        """Ask until the human makes a legal move or takes a step back; Leave if they go."""
        self.show(screen)
        legal = self.game.legal_actions(self.human)
        while True:
            numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            back = ", back" if self.game.can_take_back(self.human) else ""
            prompt = f"Your move ({numbers}, a name, help, view{back}, quit): "
            if len(prompt) > screen.width:
                prompt = f"Your move ({numbers}, or help): "
            text = self.read(stdin, screen, prompt)
            order = command(text, legal)
            if order == "quit":
                raise Leave(GOODBYE)
            if order == "back":
                if self.take_back(screen):
                    return
            elif order == "help":
                screen.say(f"{self.help(screen.width)}\n")
                screen.say(numbered(legal, screen.width))
            elif order == "view":
                self.show(screen)
            elif text:
                try:
                    action = choose(self.game, self.human, text, legal)
                    self.game.act(self.human, action)
                except IllegalActionError as exc:
                    screen.say(sentence(f"Not allowed: {exc}"), style="bold red")
                except MalformedActionError as exc:
                    said = str(exc)
                    screen.say(sentence(said[:1].upper() + said[1:]), style="bold red")
                else:
                    return

    def take_back(self, screen: Screen) -> bool:
        """Take back the human's last step, saying which; False (and why) if there is none."""
        g = self.game
        history = g.history[:]
        try:
            index = g.take_back(self.human)
        except IllegalActionError as exc:
            screen.say(sentence(f"Not allowed: {exc}"), style="bold red")
            return False
        screen.say(sentence(f"Took back: {g.catalog.actions[history[index][1]]}"), style="yellow")
        return True

    def read(self, stdin: TextIO, screen: Screen, prompt: str) -> str:
        """One answer, stripped (scripted ones echoed, shortened); Leave at the end of input."""
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
        return text

    def pause(self, stdin: TextIO, screen: Screen) -> None:
        """Wait for Enter, if a person is at the keyboard; scripted input is never held up."""
        if stdin.isatty():
            text = self.read(stdin, screen, "Press Enter to go on (or quit): ")
            if command(text, []) == "quit":
                raise Leave(GOODBYE)

    def bot_move(self, seat: int, screen: Screen) -> None:
        """A bot's move; one that searches says, at a terminal, that it is thinking."""
        g = self.game
        bot = self.bots[seat]
        handle = SeatHandle(g, seat) if bot.searches else None
        thinking = screen.busy(f"{self.name(seat)} is thinking…") if bot.searches else nullcontext()
        with thinking:
            action = bot.choose(g.view(seat), g.legal_actions(seat), self.rngs[seat], handle)
        g.act(seat, action)

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
            screen.say(sentence(text), style=style)
            if event["kind"] in self.pause_after and not g.is_over:
                self.pause(stdin, screen)

    def final(self, screen: Screen) -> None:
        """The table as it ends, then the outcome: won or lost alone (a lost game's lone seat
        still ranks first in the core), else the ranking and who won."""
        g = self.game
        result = g.result
        assert result is not None
        if self.text is not None:
            screen.rule()
            screen.say(self.render(screen))
        screen.rule()
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
            verdict = f"{listed(winners)} {'wins' if len(winners) == 1 else 'win'}."
        screen.say(verdict, style="bold green")


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

    ``seed`` None deals a secret seed, told when the game ends; either replays the deal and
    the bots' choices. ``options`` and ``variant`` are the game's (see ``tavola games``).
    A bad set-up raises TavolaError before anything is written. 0 when the game ends or the
    human leaves (quit, end of input), 130 when interrupted.
    """
    spec = get_spec(game_id)
    game = new_game(game_id, players=players, seed=seed, variant=variant, options=options)
    if isinstance(seat, bool) or not 0 <= seat < game.players:
        raise TavolaError(f"there is no seat {seat}: seats are 0 to {game.players - 1}")
    table = Table(spec, game, seat, seat_bots(spec, game.players, seat, bots))
    screen = Screen(stdout)
    try:
        return table.run(stdin, screen)
    except KeyboardInterrupt:
        screen.say()
        screen.say("Interrupted: the game is abandoned.", style="yellow")
        screen.say(table.seed_line())
        return 130
