"""Card data: TOML text with errors that name the line, given by name or by content, never by path.

A game declares its card data as a :class:`CardsOption`: the built-in sets by name (package data)
and a ``parse`` function that turns a :class:`DataFile` into the game's own tables. A caller
chooses a built-in set by name (``"standard"``) or gives the content itself
(``{"name": "my-deck.toml", "toml": "..."}``, which :func:`read_card_file` makes from a local
file). A record or a remote client can therefore never make the program open a path; the text is
size-capped, and parsed sets are cached by content in a bounded cache.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tomllib
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CardDataError, UnknownGameError, quote
from .options import Option

MAX_CARD_BYTES = 1 << 20
"""The largest card file accepted (1 MiB; the shipped ones are a few KiB)."""

MAX_NAME = 80
_CACHE_SIZE = 32

_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")
_AT_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)")


def has_control(text: str) -> bool:
    """True if ``text`` holds a control character (NUL, escape, ...): never shown to a person."""
    return any(unicodedata.category(ch) == "Cc" for ch in text)


def digest(text: str) -> str:
    """The content digest that pins card data in records: ``sha256:<hex>`` of the UTF-8 text."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def decode(data: bytes, name: str) -> str:
    """UTF-8 text of a card file (a leading byte-order mark is dropped)."""
    if len(data) > MAX_CARD_BYTES:
        raise CardDataError(f"{name}: the card file is larger than {MAX_CARD_BYTES // 1024} KiB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardDataError(f"{name}: the card file is not UTF-8 text (byte {exc.start})") from None


def read_card_file(path: str | os.PathLike[str]) -> dict[str, str]:
    """Read a local card file into the content form an options mapping takes.

    Only a regular file of at most :data:`MAX_CARD_BYTES` is read. The result,
    ``{"name": <file name>, "toml": <text>}``, goes in a game's card option and in its record.
    """
    p = Path(path)
    name = p.name[:MAX_NAME] or "card file"
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise CardDataError(f"{name}: cannot read the card file: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise CardDataError(f"{name}: a card file must be a regular file")
        if info.st_size > MAX_CARD_BYTES:
            raise CardDataError(
                f"{name}: the card file is larger than {MAX_CARD_BYTES // 1024} KiB"
            )
        data = f.read(MAX_CARD_BYTES + 1)
    return {"name": name, "toml": decode(data, name)}


class DataFile:
    """Parsed TOML card data plus the line of every array-of-tables entry and key.

    ``name`` is what errors call the file (its name, never a full path).
    """

    def __init__(self, name: str, text: str) -> None:
        self.path = name
        if len(text) > MAX_CARD_BYTES:
            raise CardDataError(
                f"{name}: the card file is larger than {MAX_CARD_BYTES // 1024} KiB"
            )
        self.digest = digest(text)
        try:
            self.data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = _AT_LINE.search(str(exc))
            where = f"{name}, line {m.group(1)}" if m else name
            raise CardDataError(f"{where}: not valid TOML: {_AT_LINE.sub('', str(exc))}") from None
        except RecursionError:
            raise CardDataError(f"{name}: the card file nests too deeply") from None
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

    def only_keys(self, row: Mapping[str, Any], allowed: set[str], table: str, index: int) -> None:
        """Refuse keys of ``row`` outside ``allowed``, naming the line of the first."""
        extra = sorted(set(row) - allowed)
        if extra:
            raise self.error(
                f"unknown key {quote(extra[0], 30)} (allowed: {', '.join(sorted(allowed))})",
                table,
                index,
                extra[0],
            )

    def table(self, name: str, allowed: set[str]) -> dict[str, Any]:
        """The single ``[name]`` table, its keys checked."""
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise self.error(f"the file needs a [{name}] table")
        self.only_keys(value, allowed, name, 0)
        return value

    def entries(self, table: str) -> list[dict[str, Any]]:
        """The entries of ``[[table]]``; an error if it is missing or not an array of tables."""
        rows = self.data.get(table)
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise self.error(f"expected [[{table}]] entries")
        return rows

    def field(
        self, row: dict[str, Any], table: str, index: int, key: str, kind: type | tuple[type, ...]
    ) -> Any:
        """``row[key]`` checked to be of ``kind``; errors name the line of the entry or key.

        Text is refused when it holds a control character or is longer than a name should be.
        """
        if key not in row:
            raise self.error(f"[[{table}]] entry {index + 1} lacks '{key}'", table, index)
        value = row[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            raise self.error(f"'{key}' must be {names}, not {quote(value)}", table, index, key)
        if isinstance(value, str) and (has_control(value) or len(value) > MAX_NAME):
            raise self.error(
                f"'{key}' must be printable text of at most {MAX_NAME} characters, "
                f"not {quote(value)}",
                table,
                index,
                key,
            )
        return value


@dataclass(frozen=True)
class CardsOption(Option):
    """A game's card data: a built-in set by name, or content as ``{"name", "toml"}``.

    ``builtin`` maps names to package data files; ``parse`` turns a :class:`DataFile` into the
    game's tables (raising through ``DataFile.error``). :meth:`load` gives the parsed set.
    """

    default: Any = "standard"
    builtin: Mapping[str, Path] = field(default_factory=dict)
    parse: Callable[[DataFile], Any] | None = field(default=None, compare=False)

    def check(self, name: str, value: object, players: int) -> str | dict[str, str]:
        if isinstance(value, str):
            if value in self.builtin:
                return value
            raise UnknownGameError(
                f"option {name!r}: no built-in card set {quote(value, 40)} (built-in: "
                f"{', '.join(self.builtin)}); for your own file use --cards FILE, or "
                f"tavola.read_card_file(path) in Python"
            )
        if isinstance(value, Mapping):
            unknown = set(value) - {"name", "toml"}
            text, label = value.get("toml"), value.get("name", "cards")
            if unknown or not isinstance(text, str) or not isinstance(label, str):
                raise UnknownGameError(
                    f"option {name!r}: card data given by content is "
                    '{"name": "<file name>", "toml": "<the text>"}'
                )
            if has_control(label) or len(label) > MAX_NAME:
                raise UnknownGameError(f"option {name!r}: the card data's name is not printable")
            self.load(content := {"name": label, "toml": text})
            return content
        raise UnknownGameError(
            f"option {name!r} names a built-in card set ({', '.join(self.builtin)}) or gives the "
            f"content as {{'name', 'toml'}}; not {type(value).__name__} (a path is never opened: "
            "read a file with tavola.read_card_file)"
        )

    def source(self, value: str | Mapping[str, str]) -> tuple[str, str]:
        """The (name, text) of a checked value."""
        if isinstance(value, str):
            return _builtin_text(self.builtin[value])
        return value["name"], value["toml"]

    def load(self, value: str | Mapping[str, str]) -> Any:
        """The parsed card set for a checked value (cached by content)."""
        assert self.parse is not None, "a CardsOption needs a parse function"
        name, text = self.source(value)
        return _parse(self.parse, name, text)

    def digest(self, value: str | Mapping[str, str]) -> str:
        return digest(self.source(value)[1])

    def describe(self) -> str:
        return f"{self.help} (built-in: {', '.join(self.builtin)}; or your own with --cards FILE)"


_BUILTIN_TEXT: dict[Path, tuple[str, str]] = {}


def _builtin_text(path: Path) -> tuple[str, str]:
    if path not in _BUILTIN_TEXT:
        _BUILTIN_TEXT[path] = (
            f"{path.parent.parent.name}/{path.parent.name}/{path.name}",
            decode(path.read_bytes(), path.name),
        )
    return _BUILTIN_TEXT[path]


_PARSED: OrderedDict[tuple[Any, str, str], Any] = OrderedDict()


def _parse(parse: Callable[[DataFile], Any], name: str, text: str) -> Any:
    """``parse(DataFile(name, text))``, remembered for the last few distinct contents."""
    key = (parse, name, text)
    found = _PARSED.get(key)
    if found is not None:
        _PARSED.move_to_end(key)
        return found
    parsed = parse(DataFile(name, text))
    _PARSED[key] = parsed
    if len(_PARSED) > _CACHE_SIZE:
        _PARSED.popitem(last=False)
    return parsed
