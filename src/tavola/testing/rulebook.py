"""Rulebook coverage, for a game's tests: every rulebook sentence quoted on its rules page (a
line ``› <sentence>``) and in a test, and every decision ``[Dn]`` of the page named by a test.

A game's coverage test lists its rulebook's sentences and asserts with these helpers, e.g.
``assert f"› {sentence}" in flat(page)`` and ``assert sentence in quoted_in_tests(here)``.
"""

from __future__ import annotations

import re
from pathlib import Path

_QUOTE = re.compile(r"^› (.*)$", flags=re.M)
_DECISION = re.compile(r"\[D(\d+)\]")


def flat(text: str) -> str:
    """Whitespace collapsed, so a sentence wrapped over docstring lines still matches.

    >>> flat("a  sentence\\n    wrapped")
    'a sentence wrapped'
    """
    return " ".join(text.split())


def quoted_in_tests(folder: Path, but: str = "") -> str:
    """The text of the ``test_*.py`` files of ``folder`` (but the file named ``but``), flat."""
    files = sorted(p for p in folder.glob("test_*.py") if p.name != but)
    return flat(" ".join(p.read_text(encoding="utf-8") for p in files))


def page_quotes(page: str) -> list[str]:
    """The sentences a rules page quotes (its ``› `` lines), in order."""
    return _QUOTE.findall(page)


def decisions(text: str) -> list[int]:
    """The decision numbers ``[Dn]`` named in ``text``, sorted, each once."""
    return sorted({int(d) for d in _DECISION.findall(text)})


def untested_decisions(page: str, tests: str) -> list[int]:
    """The decisions of ``page`` that ``tests`` never name."""
    return [d for d in decisions(flat(page)) if f"[D{d}]" not in tests]
