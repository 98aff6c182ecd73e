"""What every ruleset's data files share: reading a TOML file, checking an entry's keys and
values, and finding an entry by id. Pure Python; each ruleset passes its own error class, so
every problem is that class with one line, `<file>: <table>.<id>: <field>: <problem>`.

    shown_path(path)                        # how an error names a file
    read_toml(path, error)                  # the document, or error(one line)
    check_id(where, eid, error)             # ids are lowercase snake_case
    check_table(where, entry, specs, check, error, nested=...)   # unknown keys, bad values
    lookup(table, key, message, error)      # table[key], or error(message) naming the key
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

REPO_ROOT = Path(__file__).resolve().parents[1]
SNAKE_ID = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
_TYPE_NAMES = {bool: "boolean", int: "integer", float: "float", str: "string", list: "array", dict: "table"}

V = TypeVar("V")
S = TypeVar("S")


def shown_path(path: Path) -> str:
    """The path as errors show it: relative to the repository for the shipped files."""
    try:
        return path.resolve().relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def read_toml(path: Path, error: type[Exception]) -> dict[str, Any]:
    """The TOML document in `path`; `error` with one line when it cannot be read, is not
    UTF-8 or is not TOML (naming the line)."""
    shown = shown_path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise error(f"{shown}: cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise error(f"{shown}: line {line}: not UTF-8 text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\s*\(at line (\d+), column \d+\)$", message)
        if match:
            line = int(match.group(1))
            message = message[: match.start()]
        else:
            line = text.count("\n") + 1
            message = re.sub(r"\s*\(at end of document\)$", "", message)
        raise error(f"{shown}: line {line}: {message}") from None


def type_name(value: Any) -> str:
    """A value's type in TOML's words (string, integer, float, boolean, array, table)."""
    for t, name in _TYPE_NAMES.items():
        if isinstance(value, t):
            return name
    return type(value).__name__


def check_id(where: str, eid: str, error: type[Exception]) -> None:
    if not SNAKE_ID.fullmatch(eid):
        raise error(f"{where}: id: must be lowercase snake_case (a-z, 0-9, _)")


def check_table(where: str, entry: Any, specs: Mapping[str, S], check: Callable[[S, Any], str | None],
                error: type[Exception], nested: Mapping[str, Mapping[str, S]] | None = None,
                prefix: str = "") -> None:
    """Each key of `entry` must be in `specs`, and `check(spec, value)` find no problem (it
    returns the problem in words, or None). A key in `nested` holds a table whose own keys
    are checked against `nested[key]`, in errors as `key.sub`."""
    if not isinstance(entry, dict):
        raise error(f"{where}: must be a table, got {type_name(entry)}")
    for key, value in entry.items():
        if key not in specs:
            raise error(f"{where}: {prefix}{key}: unknown key; expected one of {', '.join(sorted(specs))}")
        problem = check(specs[key], value)
        if problem:
            raise error(f"{where}: {prefix}{key}: {problem}")
        if nested and key in nested:
            check_table(where, value, nested[key], check, error, prefix=f"{prefix}{key}.")


def lookup(table: Mapping[str, V], key: str, message: str, error: Callable[[str], Exception] = KeyError) -> V:
    """`table[key]`, or `error(message)` with `{key}` and `{known}` (the table's keys, sorted)
    filled in."""
    try:
        return table[key]
    except KeyError:
        raise error(message.format(key=key, known=", ".join(sorted(table)))) from None
