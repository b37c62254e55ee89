"""Words shared by the games' sentences (logs, terminal, card faces)."""

from __future__ import annotations


def count(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless one: "1 card", "3 cards"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
