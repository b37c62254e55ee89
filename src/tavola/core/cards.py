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
import weakref
from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CardDataError, UnknownGameError, quote, shorten
from .options import Option
from .words import listed

MAX_CARD_BYTES = 256 << 10
"""The largest card file accepted (256 KiB; the shipped ones are 5 to 28 KiB): checking one
is Python's TOML parser at 2-3 s a MiB at worst, in a server too."""

MAX_NAME = 80
_SET_KEYS = ("name", "note")
_KIND_WORDS = {
    int: "a whole number",
    str: "text in quotes",
    bool: "true or false",
    list: "a list ([...])",
    dict: "a table",
}
"""What a value of each type is called in a card file's errors (a designer's words, not
Python's)."""
_CACHE_SIZE = 32

_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]")
_KEY = re.compile(r"""^\s*(?:"([^"\\]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*[.=]""")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_AT_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)")
MAX_KEY_PARTS = 4
"""The most parts of a dotted key (``a.b.c`` has 3): Python's TOML parser takes time and memory
growing with the square of a key's parts, so a crafted file of one 30,000-part key would hold a
server for seconds and take gigabytes. Card files use one or two."""


def _unquoted(line: str) -> str:
    """``line`` without its quoted text and its comment (a scan in one pass: a pattern would
    retry from every quote of a line full of unclosed ones)."""
    out = []
    closing = ""  # the quote that ends the quoted text the scan is in, if any
    escaped = False
    for ch in line:
        if escaped:
            escaped = False
        elif closing:
            if ch == closing:
                closing = ""
            escaped = closing == '"' and ch == "\\"
        elif ch in "\"'":
            closing = ch
        elif ch == "#":
            break
        else:
            out.append(ch)
    return "".join(out)


def _header_clash(
    lines: list[str], at: int, tables: Collection[str] = ()
) -> tuple[int, str] | None:
    """Where TOML refuses the table header on line ``at`` because an earlier header names the
    same key with the other number of brackets (``[card]`` among ``[[card]]`` entries: the
    parser points at the second of the two, which may be the right one), or with single
    brackets both (``[card]`` for every entry, or a one-table ``[deck]`` written twice, as
    ``tables``, the file's, tell): the line of the one of single brackets (the second, if both
    are), the slip in a file of many entries, and what is wrong, if so."""
    line = lines[at - 1] if 0 < at <= len(lines) else ""
    this = _HEADER.match(line) or _TABLE.match(line)
    if this is None:
        return None
    key = this.group(1)
    for lineno, text in enumerate(lines[: at - 1], start=1):
        earlier = _HEADER.match(text) or _TABLE.match(text)
        if earlier is None or earlier.group(1) != key:
            continue
        if earlier.re is this.re is _TABLE:
            fix = (
                f"keep one [{key}] header, with all its keys under it"
                if f"[{key}]" in tables
                else f"write each of a list of entries as [[{key}]]"
            )
            return at, f"[{key}] again (as on line {lineno}): a table is written once; {fix}"
        if earlier.re is not this.re:
            one, many = (lineno, at) if this.re is _HEADER else (at, lineno)
            return one, (
                f"[{key}] makes {key!r} one table, and [[{key}]] on line {many} a list of "
                f"them: give every entry the same brackets"
            )
    return None


_BARE_VALUE = re.compile(r"=\s*[A-Za-z\u2018\u2019\u201c\u201d]")
"""A value that starts with a letter or a typographic quote: TOML's "Invalid value"."""


def _slip(
    lines: list[str], at: int | None, said: str, tables: Collection[str] = ()
) -> tuple[int, str] | None:
    """What TOML's refusal ``said`` of line ``at`` (None: the end of the file) means in a
    hand-edited card file of ``tables``, for its commonest slips (the header clashes of
    :func:`_header_clash`, unquoted or curly-quoted text, an unclosed quote, a key given
    twice): the line to name and the words, if known."""
    unclosed = "a quote opened on this line is not closed"
    if at is None:  # a ' never closed, the file's last: the parser looked to the end for one
        quoted = [n for n, line in enumerate(lines, start=1) if "'" in line]
        return (quoted[-1], unclosed) if said.startswith('Expected "\'"') and quoted else None
    if clash := _header_clash(lines, at, tables):
        return clash
    line = lines[at - 1] if 0 < at <= len(lines) else ""
    if said.startswith("Invalid value") and _BARE_VALUE.search(line):
        return at, 'text is written between straight double quotes ("Pope"), numbers in digits'
    if said in ("Illegal character '\\n'", "Found invalid character '\\n'", "Unterminated string"):
        return at, unclosed
    key = _KEY.match(line)
    if said.startswith("Cannot overwrite a value") and key:
        for lineno in range(at - 1, 0, -1):
            if _HEADER.match(lines[lineno - 1]) or _TABLE.match(lines[lineno - 1]):
                break
            if (earlier := _KEY.match(lines[lineno - 1])) and earlier.groups() == key.groups():
                name = next(k for k in key.groups() if k is not None)
                return at, f"{quote(name, 30)} is given twice (as on line {lineno})"
    return None


def _deep_key_line(lines: list[str]) -> int | None:
    """The number of the first of ``lines`` holding a key (or a table's header) of more than
    :data:`MAX_KEY_PARTS` dotted parts, quoted text aside, if any."""
    for lineno, line in enumerate(lines, start=1):
        if line.count(".") < MAX_KEY_PARTS:
            continue
        bare = _unquoted(line)
        header = bare.lstrip().startswith("[")
        keys = [bare] if header else [re.split(r"[{,]", part)[-1] for part in bare.split("=")[:-1]]
        if any(key.count(".") >= MAX_KEY_PARTS for key in keys):
            return lineno
    return None


_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})


def has_unprintable(text: str) -> bool:
    """True if ``text`` holds a character never to show a person: a control character (NUL,
    escape, ...), a format one (a right-to-left override, ...), a lone surrogate, a private-use
    one or a line or paragraph separator."""
    return any(unicodedata.category(ch) in _UNPRINTABLE for ch in text)


def _encode(text: str, name: str) -> bytes:
    """The UTF-8 bytes of card data, at most :data:`MAX_CARD_BYTES` of them."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise CardDataError(
            f"{name}: the card data is not Unicode text (a lone surrogate at character {exc.start})"
        ) from None
    if len(data) > MAX_CARD_BYTES:
        raise CardDataError(f"{name}: the card file is larger than {MAX_CARD_BYTES // 1024} KiB")
    return data


def digest(text: str, name: str = "card data") -> str:
    """The content digest that pins card data in records: ``sha256:<hex>`` of the UTF-8 text.

    ``name`` is what an error calls the data (a lone surrogate cannot be encoded)."""
    return "sha256:" + hashlib.sha256(_encode(text, name)).hexdigest()


def decode(data: bytes, name: str) -> str:
    """UTF-8 text of a card file (a leading byte-order mark is dropped)."""
    if len(data) > MAX_CARD_BYTES:
        raise CardDataError(f"{name}: the card file is larger than {MAX_CARD_BYTES // 1024} KiB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise CardDataError(
            f"{name}, line {line}: the card file is not UTF-8 text (byte {exc.start} is "
            f"0x{data[exc.start]:02x})"
        ) from None


def file_label(name: str) -> str:
    """A file's name as errors and records show it: at most :data:`MAX_NAME` printable
    characters (anything unprintable escaped)."""
    if has_unprintable(name):
        name = name.encode("unicode_escape").decode("ascii")
    return name[:MAX_NAME] or "card file"


def read_card_file(path: str | os.PathLike[str]) -> dict[str, str]:
    """Read a local card file into the content form an options mapping takes.

    Only a regular file of at most :data:`MAX_CARD_BYTES` is read: a directory, a device or a
    named pipe is refused without being opened. The result, ``{"name": <file name>, "toml":
    <text>}``, goes in a game's card option and in its record.
    """
    try:
        p = Path(path)
        name = file_label(p.name)
        regular = stat.S_ISREG(os.stat(p).st_mode)
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK) if regular else -1  # a pipe never waits
    except TypeError:
        raise CardDataError(f"a card file is named by a path, not {quote(path)}") from None
    except ValueError:  # a NUL in the path
        raise CardDataError(f"no file can be named {quote(str(path))}") from None
    except OSError as exc:
        raise CardDataError(f"{name}: cannot read the card file: {exc.strerror}") from None
    if not regular:
        raise CardDataError(f"{name}: a card file must be a regular file")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # replaced since it was looked at
            raise CardDataError(f"{name}: a card file must be a regular file")
        if info.st_size > MAX_CARD_BYTES:
            raise CardDataError(
                f"{name}: the card file is larger than {MAX_CARD_BYTES // 1024} KiB"
            )
        chunks = []
        left = MAX_CARD_BYTES + 1
        while left > 0 and (chunk := os.read(fd, left)):
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise CardDataError(f"{name}: cannot read the card file: {exc.strerror}") from None
    finally:
        os.close(fd)
    return {"name": name, "toml": decode(b"".join(chunks), name)}


def _all_tables(value: object) -> bool:
    """Whether ``value`` is an array of tables (``[[name]]`` entries, or inline)."""
    return isinstance(value, list) and all(isinstance(row, dict) for row in value)


class DataFile:
    """Parsed TOML card data plus the line of every array-of-tables entry and key.

    ``name`` is what errors call the file (its name, never a full path); ``tables``, the
    file's (``"[deck]"``, ``"[[card]]"``), if known, tailor the advice on a slip of TOML. A
    leading byte-order mark is skipped (it stays in the digest, which is of the text as
    given).
    """

    def __init__(self, name: str, text: str, tables: Collection[str] = ()) -> None:
        self.path = name
        self.digest = digest(text, name)
        text = text.removeprefix("\ufeff")
        lines = text.split("\n")  # TOML's only line break (not U+2028 and the like)
        if (deep := _deep_key_line(lines)) is not None:
            raise CardDataError(
                f"{name}, line {deep}: a key of more than {MAX_KEY_PARTS} dotted parts"
            )
        try:
            self.data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = _AT_LINE.search(str(exc))
            where = f"{name}, line {m.group(1)}" if m else name
            refusal = _AT_LINE.sub("", str(exc))
            said = f"not valid TOML: {refusal}"
            if slip := _slip(lines, int(m.group(1)) if m else None, refusal, tables):
                where, said = f"{name}, line {slip[0]}", f"{slip[1]} ({said})"
            raise CardDataError(f"{where}: {said}") from None
        except RecursionError:
            raise CardDataError(f"{name}: the card file nests too deeply") from None
        except ValueError as exc:  # a number of more digits than Python converts
            raise CardDataError(f"{name}: not valid card data: {shorten(str(exc), 80)}") from None
        self._entries: dict[str, list[int]] = {}
        self._keys: dict[tuple[str, int], dict[str, int]] = {}
        section: tuple[str, int] = ("", 0)
        for lineno, line in enumerate(lines, start=1):
            if m := _HEADER.match(line) or _TABLE.match(line):
                table = m.group(1)
                head, dot, rest = table.partition(".")
                if dot:  # [a.b] is key b of the last [a] (or [[a]]) entry
                    index = len(self._entries.get(head, [None])) - 1
                    self._keys.setdefault((head, index), {}).setdefault(rest.split(".")[0], lineno)
                rows = self._entries.setdefault(table, [])
                rows.append(lineno)
                section = (table, len(rows) - 1 if m.re is _HEADER else 0)
            elif m := _KEY.match(line):
                key = next(k for k in m.groups() if k is not None)
                self._keys.setdefault(section, {}).setdefault(key, lineno)

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
        """A CardDataError for ``message`` located at ``table``/``index``/``key``: by its line,
        or, where the file has none to give (entries written as an inline array), by the
        entry's number and id."""
        line = self.line_of(table, index, key)
        if line is not None:
            return CardDataError(f"{self.path}, line {line}: {message}")
        rows = self.data.get(table) if table else None
        if isinstance(rows, list) and index < len(rows):
            row = rows[index]
            named = row.get("id") if isinstance(row, dict) else None
            which = f" (id {quote(named, 40)})" if isinstance(named, str) else ""
            return CardDataError(f"{self.path}, {table} entry {index + 1}{which}: {message}")
        return CardDataError(f"{self.path}: {message}")

    def only_tables(self, kind: str, *tables: str, other: str = "") -> None:
        """Refuse anything at the top of the file but ``tables`` (written as in the file:
        ``"[set]"``, ``"[[card]]"``), naming the line of the first in the file: a table's
        header, or a key written before any (``kind``: what the file is, for the message;
        ``other``: what the file looks like instead, if known, "a card file for <game>")."""
        has = f"{kind} has {listed(tables)}"
        if not self.data:
            raise self.error(f"the file holds no card data (it is empty, or only comments): {has}")
        names = {t.strip("[]") for t in tables}
        extra = [name for name in self.data if name not in names]  # in the file's order
        if not extra:
            return
        name, value = extra[0], self.data[extra[0]]
        if other:
            raise self._at(name, f"this looks like {other} ({has})")
        if isinstance(value, dict) or (value and _all_tables(value)):
            raise self._at(name, f"unknown table [{shorten(name, 40)}] ({has})")
        raise self._at(name, f"unknown key {quote(name, 30)} outside any table ({has})")

    def _at(self, name: str, message: str) -> CardDataError:
        """An error about ``name`` at the top of the file, at the line of its table's header
        (``[name]``, ``[[name]]``) or of its key (``name = ...``)."""
        return self.error(message, name) if name in self._entries else self.error(message, key=name)

    def only_keys(
        self,
        row: Mapping[str, Any],
        allowed: Sequence[str],
        table: str,
        index: int,
        optional: Collection[str] = (),
    ) -> None:
        """Refuse keys of ``row`` outside ``allowed``, naming the line of the first in the
        file; then refuse an entry without every one of ``allowed`` but the ``optional``,
        naming all it lacks (in the order of ``allowed``) in one message."""
        extra = [key for key in row if key not in allowed]  # in the file's order
        if extra:
            raise self.error(
                f"unknown key {quote(extra[0], 30)} (allowed: {', '.join(sorted(allowed))})",
                table,
                index,
                extra[0],
            )
        self.require(row, table, index, [k for k in allowed if k not in optional])

    def require(self, row: Mapping[str, Any], table: str, index: int, keys: Sequence[str]) -> None:
        """Refuse an entry of ``[[table]]`` without any of ``keys``, naming every one missing,
        at the entry's line."""
        missing = [repr(k) for k in keys if k not in row]
        if missing:  # an entry of an inline array is named by error() itself
            entry = f"[[{table}]] entry {index + 1}" if self.line_of(table, index) else "the entry"
            raise self.error(f"{entry} lacks {listed(missing)}", table, index)

    def set_name(self) -> str:
        """The card set's name: ``name`` in the optional ``[set]`` table (whose other key,
        ``note``, is free text), or else the file's name without its suffix."""
        meta = self.table("set", _SET_KEYS, _SET_KEYS) if "set" in self.data else {}
        if "note" in meta:
            self.field(meta, "set", 0, "note", str)
        return self.field(meta, "set", 0, "name", str) if "name" in meta else Path(self.path).stem

    def card_id(
        self,
        row: dict[str, Any],
        table: str,
        index: int,
        seen: dict[str, tuple[str, int]],
        reserved: tuple[str, ...] = (),
    ) -> str:
        """The entry's ``id``: lower-case letters, digits and '-', not starting with any of the
        prefixes ``reserved``, and not among the ids ``seen`` (to which it is added, with its
        table and index)."""
        cid = self.field(row, table, index, "id", str)
        if not _ID.match(cid) or cid.startswith(reserved):
            but = f" (not starting with {' or '.join(map(repr, reserved))})" if reserved else ""
            raise self.error(
                f"id {quote(cid, 30)} must be lower-case letters, digits and '-'{but}",
                table,
                index,
                "id",
            )
        if cid in seen:
            raise self.repeated(f"id {quote(cid, 30)}", seen[cid], table, index, "id")
        seen[cid] = (table, index)
        return cid

    def repeated(
        self, what: str, first: tuple[str, int], table: str, index: int, key: str
    ) -> CardDataError:
        """The error for entry ``index`` of ``[[table]]`` whose ``key`` repeats ``what`` of the
        entry ``first`` (its table and index): at the second's line, naming the first's."""
        line = self.line_of(*first, key)
        return self.error(
            f"duplicate {what}" + (f" (the same as on line {line})" if line else ""),
            table,
            index,
            key,
        )

    def integer(
        self, row: dict[str, Any], table: str, index: int, key: str, low: int, high: int
    ) -> int:
        """``row[key]``, a whole number from ``low`` to ``high``."""
        value = self.field(row, table, index, key, int)
        if not low <= value <= high:
            raise self.error(
                f"'{key}' is from {low} to {high}, not {quote(value)}", table, index, key
            )
        return value

    def table(
        self, name: str, allowed: Sequence[str], optional: Collection[str] = ()
    ) -> dict[str, Any]:
        """The single ``[name]`` table, its keys checked as :meth:`only_keys` does."""
        value = self.data.get(name)
        if value is None:
            raise self.error(f"the file needs a [{name}] table")
        if _all_tables(value):
            raise self._at(name, f"[{name}] is one table: write it once, as [{name}]")
        if not isinstance(value, dict):
            raise self._at(name, f"{name!r} is one [{name}] table, not {quote(value, 30)}")
        self.only_keys(value, allowed, name, 0, optional)
        return value

    def entries(self, table: str) -> list[dict[str, Any]]:
        """The entries of ``[[table]]``; an error if it is missing or not an array of tables."""
        rows = self.data.get(table)
        if rows is None:
            raise self.error(f"the file has no [[{table}]] entries")
        if isinstance(rows, dict):
            raise self._at(table, f"[{table}] is one table: write each entry as [[{table}]]")
        if not _all_tables(rows):
            raise self._at(table, f"{table!r} is [[{table}]] entries, not {quote(rows, 30)}")
        return rows

    def field(
        self, row: dict[str, Any], table: str, index: int, key: str, kind: type | tuple[type, ...]
    ) -> Any:
        """``row[key]`` checked to be of ``kind``; errors name the line of the entry or key.

        Text is refused when it holds a control character or is longer than a name should be.
        """
        self.require(row, table, index, [key])
        value = row[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            kinds = (kind,) if isinstance(kind, type) else kind
            names = " or ".join(_KIND_WORDS.get(k, k.__name__) for k in kinds)
            raise self.error(f"'{key}' must be {names}, not {quote(value)}", table, index, key)
        if isinstance(value, str) and (has_unprintable(value) or len(value) > MAX_NAME):
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
    game's tables (raising through ``DataFile.error``), which carry their :meth:`key_for` as
    ``key``. :meth:`load` gives the parsed set; :meth:`by_key` finds a loaded one by its key.
    """

    default: Any = "standard"
    builtin: Mapping[str, Path] = field(default_factory=dict)
    parse: Callable[[DataFile], Any] | None = field(default=None, compare=False)
    tables: tuple[str, ...] = ()
    """The file's tables as written in it (``"[set]"``, ``"[[card]]"``): anything else at its
    top is refused before ``parse`` runs, and a file of another game's tables is told so."""
    kind: str = "a card file"
    """What the file is called in errors."""
    _loaded: weakref.WeakValueDictionary[str, Any] = field(
        default_factory=weakref.WeakValueDictionary, compare=False, repr=False
    )

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
            text, label = value.get("toml"), value.get("name", "cards")
            if set(value) - {"name", "toml"} or not isinstance(text, str):
                raise UnknownGameError(
                    f"option {name!r}: card data given by content is "
                    '{"name": "<file name>", "toml": "<the text>"}'
                )
            if not isinstance(label, str):
                raise UnknownGameError(
                    f"option {name!r}: the card data's name is text, not {quote(label)}"
                )
            self.load(content := {"name": file_label(label), "toml": text})
            return content
        raise UnknownGameError(
            f"option {name!r} names a built-in card set ({', '.join(self.builtin)}) or gives the "
            f"content as {{'name', 'toml'}}; not {type(value).__name__} (a path is never opened: "
            "read a file with tavola.read_card_file)"
        )

    def text_of(self, value: object) -> str | None:
        """The card text a value names or holds, unchecked; None if it has none."""
        if isinstance(value, str):
            return _builtin_text(self.builtin[value])[1] if value in self.builtin else None
        if isinstance(value, Mapping) and isinstance(text := value.get("toml"), str):
            return text
        return None

    def source(self, value: str | Mapping[str, str]) -> tuple[str, str]:
        """The (name, text) of a checked value."""
        if isinstance(value, str):
            return _builtin_text(self.builtin[value])
        return value["name"], value["toml"]

    def load(self, value: str | Mapping[str, str]) -> Any:
        """The parsed card set for a checked value (cached by content)."""
        name, text = self.source(value)
        parsed = _parse(self, name, text)
        self._loaded[parsed.key] = parsed
        return parsed

    def data_file(self, name: str, text: str) -> DataFile:
        """The parsed text, its top checked against :attr:`tables`."""
        f = DataFile(name, text, self.tables)
        if self.tables:
            f.only_tables(self.kind, *self.tables, other=self._looks_like(set(f.data)))
        return f

    def _looks_like(self, top: set[str]) -> str:
        """ "a card file for <game>" when the tables and keys ``top`` are all of one other
        game's card file and not all of this one's, else ""."""
        if top <= {t.strip("[]") for t in self.tables}:
            return ""
        from .registry import list_games  # here: the registry imports this module

        ours = [s.title for s in list_games() if any(o is self for o in s.options.values())]
        fits = [
            spec.title
            for spec in list_games()
            for o in spec.options.values()
            if isinstance(o, CardsOption) and o.tables and top <= {t.strip("[]") for t in o.tables}
        ]
        if len(fits) != 1:
            return ""
        return f"a card file for {fits[0]}" + (f", not for {ours[0]}" if ours else "")

    def key_for(self, f: DataFile) -> str:
        """What names a card set in views: ``standard``, or ``sha-`` and 128 bits of its
        digest (a view carries this key, never the cards)."""
        return "standard" if f.digest == self.digest("standard") else "sha-" + f.digest[7:39]

    def by_key(self, key: str) -> Any:
        """A card set in use in this process, by the key its games' views carry. A set given
        by content is known only in a process that has loaded it; any other key is a
        :class:`CardDataError`."""
        if key == "standard":
            return self.load("standard")
        try:
            return self._loaded[key]
        except (KeyError, TypeError):
            raise CardDataError(
                f"no card set {quote(key)} is loaded in this process: start a game with its data"
            ) from None

    def digest(self, value: str | Mapping[str, str]) -> str:
        """The content digest of a checked value's card data."""
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


def _parse(option: CardsOption, name: str, text: str) -> Any:
    """``option.parse`` of the text, remembered for the last few distinct contents (keyed by
    the text itself: a string keeps its hash, so a game started again with the same data pays
    no digest)."""
    assert option.parse is not None, "a CardsOption needs a parse function"
    key = (option.parse, name, text)
    found = _PARSED.get(key)
    if found is not None:
        _PARSED.move_to_end(key)
        return found
    parsed = option.parse(option.data_file(name, text))
    _PARSED[key] = parsed
    if len(_PARSED) > _CACHE_SIZE:
        _PARSED.popitem(last=False)
    return parsed
