"""Where the terminal game writes: lines fit to the terminal's width, coloured at a terminal."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TextIO

from rich.console import Console

WIDTH = 79  # the widest layout: a full 80-column line wraps early in some terminals
NARROWEST = 20  # a narrower terminal is laid out as if this wide (its lines wrap)
ECHO = 60  # scripted answers are echoed up to this many characters


class Screen:
    """Plain text, coloured with rich when it is a terminal, every line fit to ``width``."""

    def __init__(self, stream_: TextIO) -> None:
        self.stream = stream_
        self.console = Console(file=stream_, highlight=False) if stream_.isatty() else None

    @property
    def width(self) -> int:
        """The columns to lay out to: the terminal's (read at each use: it may be resized),
        less one, at most WIDTH; WIDTH when the output is not a terminal."""
        if self.console is None:
            return WIDTH
        return max(NARROWEST, min(WIDTH, self.console.width - 1))

    def say(self, text: str = "", style: str | None = None) -> None:
        text = fit(text, self.width)
        if self.console is None:
            self.stream.write(text + "\n")
        else:  # already fit: rich must not wrap it again
            self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def rule(self) -> None:
        """A line across, between one screen and the next."""
        self.say("-" * self.width, style="dim")

    def prompt(self, text: str) -> None:
        if self.console is None:
            self.stream.write(text)
        else:
            self.console.print(
                text, style="bold cyan", end="", markup=False, highlight=False, soft_wrap=True
            )
        self.stream.flush()

    def busy(self, text: str) -> AbstractContextManager[object]:
        """A status shown while something slow runs, at a terminal only, gone once it is done."""
        if self.console is None:
            return nullcontext()
        return self.console.status(text, spinner="dots")


def fit(text: str, width: int) -> str:
    """``text`` with each line longer than ``width`` wrapped under its own indent, two deeper."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        body = line.lstrip(" ")
        indent = line[: len(line) - len(body)]
        deeper = (indent + "  ")[: width // 2]
        lines.append(
            textwrap.fill(
                body, width, initial_indent=indent[: width // 2], subsequent_indent=deeper
            )
        )
    return "\n".join(lines)


def reflow(text: str, width: int) -> str:
    """Prose written for WIDTH columns laid out again for a narrower ``width``: each run of
    lines at the margin becomes one paragraph; indented lines (lists, tables) are left to
    ``fit``."""
    if width >= WIDTH:
        return text
    out: list[str] = []
    prose: list[str] = []
    for line in [*text.split("\n"), ""]:
        if line and not line.startswith(" "):
            prose.append(line)
            continue
        if prose:
            out.append(textwrap.fill(" ".join(prose), width))
            prose = []
        out.append(line)
    return "\n".join(out[:-1])


def sentence(text: str) -> str:
    """A message ending with a full stop (or its own ! or ?)."""
    return text if text.endswith((".", "!", "?")) else text + "."


def printable(text: str, limit: int = ECHO) -> str:
    """``text`` safe to write to a terminal: control characters escaped, cut to ``limit``."""
    shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text[: limit + 1])
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def numbered(labels: Sequence[object], width: int = WIDTH) -> str:
    """The labels as a numbered list in columns that fit ``width``; one a line, wrapped under
    its name, when the longest does not fit."""
    items = [f"{i:>2}. {label}" for i, label in enumerate(labels, 1)]
    if max(map(len, items)) > width:
        return "\n".join(textwrap.fill(item, width, subsequent_indent="    ") for item in items)
    cell = max(map(len, items)) + 3
    per_row = max(1, (width + 3) // cell)
    rows = [items[i : i + per_row] for i in range(0, len(items), per_row)]
    return "\n".join("".join(f"{item:<{cell}}" for item in row).rstrip() for row in rows)
