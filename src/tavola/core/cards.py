"""Loading card data files (TOML) with errors that name the file and the line.

Each game validates its own schema; this module parses the file and remembers where every
``[[table]]`` entry and key sits, so a game can say *where* a value is wrong.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from pathlib import Path
from typing import Any

from .errors import CardDataError

_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")
_AT_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)")


class DataFile:
    """A parsed TOML data file plus the line of every array-of-tables entry and key."""

    def __init__(self, path: str | Path, text: str | None = None) -> None:
        self.path = str(path)
        if text is None:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except OSError as exc:
                raise CardDataError(
                    f"{self.path}: cannot read the card file: {exc.strerror}"
                ) from None
            except UnicodeDecodeError:
                raise CardDataError(f"{self.path}: the card file is not UTF-8 text") from None
        self.digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        try:
            self.data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = _AT_LINE.search(str(exc))
            where = f"{self.path}, line {m.group(1)}" if m else self.path
            raise CardDataError(f"{where}: not valid TOML: {_AT_LINE.sub('', str(exc))}") from None
        self._entries: dict[str, list[int]] = {}
        self._keys: dict[tuple[str, int], dict[str, int]] = {}
        section: tuple[str, int] = ("", 0)
        for lineno, line in enumerate(text.splitlines(), start=1):
            if m := _HEADER.match(line):
                rows = self._entries.setdefault(m.group(1), [])
                rows.append(lineno)
                section = (m.group(1), len(rows) - 1)
            elif m := _TABLE.match(line):
                self._entries.setdefault(m.group(1), []).append(lineno)
                section = (m.group(1), 0)
            elif m := _KEY.match(line):
                self._keys.setdefault(section, {}).setdefault(m.group(1), lineno)

    def line_of(self, table: str = "", index: int = 0, key: str | None = None) -> int | None:
        """The line of entry ``index`` of ``[[table]]`` (or of its ``key``), if known."""
        if key is not None:
            line = self._keys.get((table, index), {}).get(key)
            if line is not None:
                return line
        rows = self._entries.get(table)
        return rows[index] if rows and index < len(rows) else None

    def error(
        self, message: str, table: str = "", index: int = 0, key: str | None = None
    ) -> CardDataError:
        """A CardDataError for ``message`` located at ``table``/``index``/``key``."""
        line = self.line_of(table, index, key)
        where = f"{self.path}, line {line}" if line is not None else self.path
        return CardDataError(f"{where}: {message}")

    def entries(self, table: str) -> list[dict[str, Any]]:
        """The entries of ``[[table]]``; an error if it is missing or not an array of tables."""
        rows = self.data.get(table)
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise self.error(f"expected [[{table}]] entries")
        return rows

    def field(
        self, row: dict[str, Any], table: str, index: int, key: str, kind: type | tuple[type, ...]
    ) -> Any:
        """``row[key]`` checked to be of ``kind``; errors name the line of the entry or key."""
        if key not in row:
            raise self.error(f"[[{table}]] entry {index + 1} lacks '{key}'", table, index)
        value = row[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            raise self.error(f"'{key}' must be {names}, not {value!r}", table, index, key)
        return value
