"""A simulation's results file: JSON lines, written as games finish, read back to resume.

The first line describes the run (``{"format": FORMAT, "game", "players", "variant",
"options", "seed", "agents", "seating", "max_decisions"}``); each other line is one game
(``{"i", "seed", "agents", "winners", "scores", "decisions", "hit_cap", "lead_changes",
"clear_from", "facts", "at_limit", "record"}``), written
in game order, so the same run gives the same file whatever the jobs. A run stopped midway
(Ctrl-C, a crash, a machine gone) leaves whole lines and perhaps one cut short: reopening the
file drops that one, keeps the others and plays only the games not in it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO, Any

from ..core.errors import TavolaError
from .outcome import GameOutcome
from .settings import option_words, pinned

FORMAT = "tavola-simulation/1"
SETTINGS = ("game", "players", "variant", "options", "seed", "agents", "seating", "max_decisions")
"""The fields of the first line that a resumed run must share."""


class ResultsFileError(TavolaError):
    """A results file that cannot be read, or that holds a run of other settings."""


def outcome_json(i: int, o: GameOutcome) -> dict[str, Any]:
    return {
        "i": i,
        "seed": o.seed,
        "agents": list(o.agents),
        "winners": list(o.winners),
        "scores": None if o.scores is None else list(o.scores),
        "decisions": o.decisions,
        "hit_cap": o.hit_cap,
        "lead_changes": o.lead_changes,
        "clear_from": o.clear_from,
        "facts": [list(f) for f in o.facts],
        "at_limit": o.at_limit,
        "record": o.record,
    }


def _number(x: Any) -> int | float:
    """A score as written: a whole number stays one, as in a game played now (so a resumed
    run's table reads 11, not 11.0); ValueError or TypeError if it is not a number."""
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    return float(x)


def _outcome(data: Any) -> tuple[int, GameOutcome]:
    """A game line back as ``(i, outcome)``; KeyError, TypeError or ValueError if malformed."""
    i = data["i"]
    if not isinstance(i, int) or i < 0:
        raise ValueError("i")
    scores = data["scores"]
    return i, GameOutcome(
        seed=int(data["seed"]),
        agents=tuple(str(a) for a in data["agents"]),
        winners=tuple(int(w) for w in data["winners"]),
        scores=None if scores is None else tuple(map(_number, scores)),
        decisions=int(data["decisions"]),
        hit_cap=bool(data["hit_cap"]),
        record=data.get("record"),
        lead_changes=data.get("lead_changes"),
        clear_from=data.get("clear_from"),
        facts=tuple((str(t), str(r), float(v)) for t, r, v in data.get("facts", ())),
        at_limit=bool(data.get("at_limit", False)),  # absent from files written before it
    )


class ResultsFile:
    """The results file of a run with ``settings`` (the first line's fields), opened to append.

    ``done`` holds the games already in it, by number: a new file has none."""

    def __init__(self, path: str | os.PathLike[str], settings: Mapping[str, Any]) -> None:
        self.path = Path(path)
        self.settings = {"format": FORMAT, **{k: settings[k] for k in SETTINGS}}
        self.done: dict[int, GameOutcome] = {}
        if self.path.exists() and self.path.stat().st_size:
            self._read()
            self._file: IO[str] = self.path.open("a", encoding="utf-8")
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("w", encoding="utf-8")
            self._write(self.settings)

    def _read(self) -> None:
        """Load the games of an earlier run of the same settings; cut a last line left short."""
        with self.path.open("rb") as f:
            data = f.read()
        whole = data[: data.rfind(b"\n") + 1]  # a line cut short has no newline yet
        lines = whole.decode("utf-8", "replace").splitlines()
        name = str(self.path)
        try:
            first = json.loads(lines[0]) if lines else None
        except json.JSONDecodeError:
            first = None
        if not isinstance(first, dict) or first.get("format") != FORMAT:
            raise ResultsFileError(
                f"{name}, line 1: not a tavola results file (format {FORMAT}); give another --out"
            )
        for key in SETTINGS:
            if key == "options" and isinstance(first.get(key), dict):  # cards by content
                same = pinned(first[key]) == pinned(self.settings[key])
            else:
                same = first.get(key) == self.settings[key]
            if not same:
                held, given = json.dumps(first.get(key)), json.dumps(self.settings[key])
                if key == "options" and isinstance(first.get(key), dict):  # cards by digest
                    held, given = (
                        ", ".join(option_words(o)) or "the defaults"
                        for o in (first[key], self.settings[key])
                    )
                raise ResultsFileError(
                    f"{name} holds a run with {key} {held}, not {given}: resume it with its "
                    "settings, or give another --out"
                )
        for n, line in enumerate(lines[1:], start=2):
            try:
                i, outcome = _outcome(json.loads(line))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                raise ResultsFileError(f"{name}, line {n}: not a game of this run") from None
            if i != len(self.done):  # a game missing or twice: resumed, it would be out of order
                raise ResultsFileError(
                    f"{name}, line {n}: game {i}, where the file's games run in order from 0 "
                    f"and game {len(self.done)} comes next; give another --out"
                )
            self.done[i] = outcome
        if len(whole) < len(data):
            with self.path.open("r+b") as f:
                f.truncate(len(whole))

    def _write(self, data: Mapping[str, Any]) -> None:
        self._file.write(json.dumps(data, separators=(",", ":")) + "\n")

    def append(self, games: Iterable[tuple[int, GameOutcome]]) -> None:
        """Append games ``(i, outcome)`` and flush them to the file (the caller keeps game
        order)."""
        for i, o in games:
            self._write(outcome_json(i, o))
        self._file.flush()

    def add(self, start: int, outcomes: list[GameOutcome]) -> None:
        """Append games ``start``, ``start + 1``... (the caller keeps game order)."""
        self.append((start + k, o) for k, o in enumerate(outcomes))

    def close(self) -> None:
        self._file.close()
