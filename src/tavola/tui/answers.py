"""What a line typed at the terminal means: a command, or the move it names.

A command's word (help, view, back, quit) is always the command. Its first letter (h, v, b, q)
is the command only when no move in the list has a word starting with that letter: then the
letter names the move, as the start of any other word does.
"""

from __future__ import annotations

import textwrap

from ..core.errors import MalformedActionError, quote
from ..core.protocol import Action, Game
from .screen import WIDTH

MAX_ANSWER = 200  # longer answers name no move (the longest label is under 90 characters)
SHOW_CHOICES = 4  # an answer that names no move is told the moves when there are this few
COMMANDS = {
    "help": "help",
    "?": "help",
    "view": "view",
    "back": "back",
    "quit": "quit",
    "exit": "quit",
}
LETTERS = {"h": "help", "v": "view", "b": "back", "q": "quit"}


def help_text(takes_back: bool) -> str:
    """How to answer, for ``help``; ``back`` only where the game has steps to take back."""
    back = (
        ", back (take back the last step of a secret choice before it is finished)"
        if takes_back
        else ""
    )
    letters = "h, v, b, q" if takes_back else "h, v, q"
    return textwrap.fill(
        "Answer with a number from the list, or the name of a move: the start of each of "
        "its words is enough. Commands: help (this text), "
        f"view (show the table again){back}, quit (leave the game). Their first letters "
        f"({letters}) do too, unless a move in the list has a word starting with that letter: "
        "then the letter names the move.",
        WIDTH,
    )


def command(text: str, legal: list[Action]) -> str | None:
    """The command ``text`` is (help, view, back or quit), or None if it is no command."""
    word = text.lower()
    if word in COMMANDS:
        return COMMANDS[word]
    if word in LETTERS and not any(_starts_words([word], _words(a)) for a in legal):
        return LETTERS[word]
    return None


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
    found = [a for a in legal if _starts_words(words, _words(a))]
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


def _words(action: Action) -> list[str]:
    return str(action).lower().split()


def _starts_words(words: list[str], label: list[str]) -> bool:
    """Every typed word starts some word of the label: "duke ven" fits "duke of venice"."""
    return all(any(w.startswith(t) for w in label) for t in words)
