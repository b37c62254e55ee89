"""A terminal game: one human seat, bots in the others, for any registered game.

The human only ever sees ``g.view(seat)`` of their own seat, rendered by the game's
``spec.text`` (see ``TextUI``: ``render``, ``narrate`` and ``RULES``), or as JSON for a game
without one; then other seats' moves are named only in games without hidden information.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any, TextIO

from rich.console import Console

from ..agents import Agent, SeatHandle, make_agent
from ..core.errors import IllegalActionError, MalformedActionError, TavolaError
from ..core.protocol import Action, Game
from ..core.registry import GameSpec, get_spec, new_game
from ..core.rng import stream

BOT_STREAM = 0xB07  # the key of the bots' random streams, beside the game's own
COMMANDS = """\
Answer with a number from the list, or the name of a move (the start of each of
its words is enough). Other commands: help (this text), view or v (show the
table again), quit or q (leave the game)."""


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
    """A game in progress with its human seat and its bots."""

    def __init__(self, spec: GameSpec, game: Game, human: int, bots: dict[int, Agent]) -> None:
        self.spec = spec
        self.game = game
        self.human = human
        self.bots = bots
        self.rngs = {s: stream(game.seed, BOT_STREAM, s) for s in bots}
        self.text = spec.text

    def name(self, seat: int) -> str:
        return "You" if seat == self.human else f"Seat {seat} ({self.bots[seat].name})"

    def run(self, stdin: TextIO, screen: Screen) -> int:
        """Play to the end, or until the human leaves; the exit status."""
        g = self.game
        screen.say(self.intro(), style="bold")
        while not g.is_over:
            seat = self.human if self.human in g.to_act else min(g.to_act)
            before = g.view(self.human)
            if seat == self.human:
                action = self.ask(stdin, screen)
                if action is None:
                    return 0
            else:
                action = self.bot_move(seat)
            self.tell(before, seat, action, screen)
        self.final(screen)
        return 0

    def intro(self) -> str:
        g = self.game
        by_name: dict[str, list[str]] = {}
        for s, bot in sorted(self.bots.items()):
            by_name.setdefault(bot.name, []).append(str(s))
        bots = "; ".join(
            f"{name} at seat{'s' * (len(seats) > 1)} {', '.join(seats)}"
            for name, seats in by_name.items()
        )
        return (
            f"{self.spec.title}, {g.players} players, seed {g.seed} (the same seed, the same "
            f"game).\n{wrap(f'You are seat {self.human}. Bots: {bots}. Type help for help.')}"
        )

    def show(self, screen: Screen) -> None:
        """The human's view and the numbered actions they may take."""
        view = self.game.view(self.human)
        text = self.text.render(view) if self.text else json.dumps(view, indent=1)
        screen.say("-" * 79, style="dim")
        screen.say(text)
        screen.say()
        screen.say(numbered(self.game.legal_actions(self.human)))

    def ask(self, stdin: TextIO, screen: Screen) -> Action | None:
        """Ask until the human makes a legal move (played, and returned) or leaves (None)."""
        self.show(screen)
        legal = self.game.legal_actions(self.human)
        while True:
            numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            screen.prompt(f"Your move ({numbers}, a name, help, view, quit): ")
            line = stdin.readline()
            if not line:
                screen.say()
                screen.say("End of input: leaving the game.", style="yellow")
                return None
            text = line.strip()
            if not stdin.isatty():
                screen.say(text)  # echo scripted answers so the transcript reads well
            command = text.lower()
            if command in ("quit", "q", "exit"):
                screen.say("You leave the table. Goodbye.", style="yellow")
                return None
            if command in ("help", "h", "?"):
                rules = self.text.RULES if self.text else self.spec.description
                screen.say(f"{COMMANDS}\n\n{rules}\n")
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
                    screen.say(wrap(str(exc)), style="bold red")
                else:
                    return action

    def bot_move(self, seat: int) -> Action:
        g = self.game
        bot = self.bots[seat]
        handle = SeatHandle(g, seat) if bot.searches else None
        action = bot.choose(g.view(seat), g.legal_actions(seat), self.rngs[seat], handle)
        g.act(seat, action)
        return action

    def tell(self, before: dict[str, Any], seat: int, action: Action, screen: Screen) -> None:
        """Say what the human saw happen in this move."""
        actor = self.name(seat)
        if self.text is not None:
            after = self.game.view(self.human)
            move, *events = self.text.narrate(before, after, seat, action.to_json(), actor)
        elif seat == self.human or not self.spec.hidden_information:
            move, events = f"{actor}: {action}", []
        else:
            move, events = f"{actor} has moved.", []
        screen.say(wrap(move), style=None if seat == self.human else "dim")
        for line in events:
            screen.say(wrap(line), style="bold yellow")

    def final(self, screen: Screen) -> None:
        result = self.game.result
        assert result is not None
        screen.say("-" * 79, style="dim")
        screen.say("The game is over. Final ranking, with scores:", style="bold")
        for seat in result.ranking:
            score = f"{result.scores[seat]:g}"
            screen.say(f"  {result.places[seat]}. {self.name(seat):<24} {score:>6}")
        winners = [self.name(s) for s in result.winners]
        if self.human in result.winners:
            verdict = "You win!" if len(winners) == 1 else "You share the win!"
        else:
            verdict = " and ".join(winners) + (" wins." if len(winners) == 1 else " win.")
        screen.say(verdict, style="bold green")


def wrap(text: str) -> str:
    """A message fit for an 80-column terminal, ending with a full stop."""
    text = text if text.endswith((".", "!", "?")) else text + "."
    return textwrap.fill(text, 79, subsequent_indent="  ")


def numbered(legal: list[Action]) -> str:
    """The actions as a numbered list, in columns that fit 80 characters."""
    items = [f"{i:>2}. {a}" for i, a in enumerate(legal, 1)]
    width = max(map(len, items)) + 3
    per_row = max(1, 80 // width)
    rows = [items[i : i + per_row] for i in range(0, len(items), per_row)]
    return "\n".join("".join(f"{item:<{width}}" for item in row).rstrip() for row in rows)


def choose(game: Game, seat: int, text: str, legal: list[Action]) -> Action:
    """The action a human's answer names: a number in the list, a name, or a unique start.

    Raises MalformedActionError when it names none, or several.
    """
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise MalformedActionError(f"there is no choice {number}; answer 1 to {len(legal)}")
    try:
        return game.parse_action(seat, text)
    except MalformedActionError:
        words = text.lower().split()
        found = [a for a in legal if _starts_words(words, str(a).lower().split())]
        if len(found) == 1:
            return found[0]
        if found:
            names = ", ".join(map(str, found))
            raise MalformedActionError(f"{text!r} could be {names}; say which") from None
        raise MalformedActionError(
            f"{text!r} names no move you can make now; type a number or help"
        ) from None


def _starts_words(words: list[str], label: list[str]) -> bool:
    """Every typed word starts some word of the label: "duke ven" fits "duke of venice"."""
    return all(any(w.startswith(t) for w in label) for t in words)


def seat_bots(spec: GameSpec, players: int, human: int, names: list[str]) -> dict[int, Agent]:
    """One agent per seat but the human's: one name for all, or one per seat in order.

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
    return {s: make_agent(name, spec.id) for s, name in zip(others, names, strict=True)}


def play(
    game_id: str,
    players: int | None,
    seat: int,
    bots: list[str],
    seed: int | None,
    stdin: TextIO,
    stdout: TextIO,
) -> int:
    """Play ``game_id`` in the terminal as ``seat`` against ``bots``; the exit status.

    0 when the game ends or the human leaves (quit, end of input), 2 for a bad set-up,
    130 when interrupted.
    """
    screen = Screen(stdout)
    try:
        spec = get_spec(game_id)
        game = new_game(game_id, players=players, seed=seed)
        if isinstance(seat, bool) or not 0 <= seat < game.players:
            raise TavolaError(f"there is no seat {seat}: seats are 0 to {game.players - 1}")
        table = Table(spec, game, seat, seat_bots(spec, game.players, seat, bots))
    except TavolaError as exc:
        screen.say(f"Cannot start: {exc}", style="bold red")
        return 2
    try:
        return table.run(stdin, screen)
    except KeyboardInterrupt:
        screen.say()
        screen.say("Interrupted: the game is abandoned.", style="yellow")
        return 130
