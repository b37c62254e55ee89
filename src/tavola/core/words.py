"""Words shared by the games' sentences (logs, terminal, card faces)."""

from __future__ import annotations


def count(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless one: "1 card", "3 cards"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def players_words(low: int, high: int) -> str:
    """A range of player counts: "1 player", "2-4 players"."""
    return count(low, "player") if low == high else f"{low}-{high} players"
