"""A run's options as a person reads them: a card file by its name and digest, never its text
(a card file is up to 1 MiB, and the report, the summary and the errors would carry it all)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import digest


def option_words(options: Mapping[str, Any]) -> list[str]:
    """``key=value`` for each option, a card file as ``name (sha256:…)`` (its first 12 digits
    of the digest that pins it in records).

    >>> option_words({"turn_limit": 50, "cards": {"name": "mine.toml", "toml": "x = 1"}})
    ['turn_limit=50', 'cards=mine.toml (sha256:8ff436def145…)']
    """
    out = []
    for key, value in options.items():
        if isinstance(value, Mapping) and isinstance(value.get("toml"), str):
            value = f"{value.get('name', 'a card file')} ({digest(value['toml'])[:19]}…)"
        out.append(f"{key}={value}")
    return out
