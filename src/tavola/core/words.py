"""Words shared by the games' sentences (logs, terminal, card faces)."""

from __future__ import annotations

from collections.abc import Sequence


def count(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless one: "1 card", "3 cards"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def listed(names: Sequence[str]) -> str:
    """Names in a sentence: "A", "A and B", "A, B and C".

    >>> listed(["A"]), listed(["A", "B", "C"])
    ('A', 'A, B and C')
    """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def players_words(low: int, high: int) -> str:
    """A range of player counts: "1 player", "2-4 players"."""
    return count(low, "player") if low == high else f"{low}-{high} players"


def capital(text: str) -> str:
    """A sentence's first letter upper-case, the rest as it is (``str.capitalize`` would lower
    a seat's name in it).

    >>> capital("you and Seat 3 win")
    'You and Seat 3 win'
    """
    return text[:1].upper() + text[1:]


def within(name: str) -> str:
    """A seat's name ("You", "Seat 2") as it reads past a sentence's start: "you", "Seat 2"."""
    return "you" if name == "You" else name


def outcome(winners: list[str]) -> str:
    """Who won, as a sentence from their names at its start ("You", "Seat 2"): "Seat 2 wins.",
    "You and Seat 3 win.", or "The game is lost." when nobody won (a lone player's loss).

    >>> outcome(["Seat 2"]), outcome(["You"]), outcome(["Seat 1", "You", "Seat 3"])
    ('Seat 2 wins.', 'You win.', 'Seat 1, you and Seat 3 win.')
    """
    if not winners:
        return "The game is lost."
    names = [winners[0], *map(within, winners[1:])]
    return f"{listed(names)} {'wins' if names != ['You'] and len(names) == 1 else 'win'}."


def scores(names: Sequence[str], values: Sequence[float]) -> str:
    """The final scores, by seat names as at a sentence's start ("You", "Seat 1"): each score
    before its seat, so that no seat's number runs into its score ("Seat 1 16").

    >>> scores(["You", "Seat 1"], [14, 16]), scores(["You"], [-26])
    ('Scores: 14 for you, 16 for Seat 1', 'Score: -26 for you')
    """
    said = ", ".join(f"{n:g} for {within(name)}" for name, n in zip(names, values, strict=True))
    return f"{'Score' if len(names) == 1 else 'Scores'}: {said}"


LIFT_MARK = "× players"
"""What the title of a breakdown table of lifts says, and how the simulator tells one."""


def lift_title(share: str, players: int) -> str:
    """The title of a breakdown table of lifts: whose ``share`` of the game's win, times the
    player count, and what no edge is (1; with one player, the run's win rate).

    >>> lift_title("Artists: the artist's share", 3)
    "Artists: the artist's share of the game's win × players (1: no edge)"
    >>> lift_title("Artists: the artist's share", 1)
    "Artists: the artist's share of the game's win × players (no edge: the run's win rate)"
    """
    edge = "1: no edge" if players > 1 else "no edge: the run's win rate"
    return f"{share} of the game's win {LIFT_MARK} ({edge})"
