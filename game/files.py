"""Reading and writing user files safely, and the one-line form of every error message.

    raw = read_bounded(path, limit)     # a regular file of at most `limit` bytes, or FileProblem
    data = parse_json(raw)              # JSON with finite numbers, bounded integers and nesting
    data = parse_toml(raw)              # the same for TOML; BadData names the line or the field
    check_output(path)                  # FileProblem unless `path` can be written as a regular file
    write_atomic(path, data)            # PATH.tmp beside it, then os.replace
    out = AtomicWriter(path)            # the same in pieces: out.write(...); out.commit()
    one_line(text)                      # control characters escaped, cut to MAX_LINE_CHARS
    printable(text, keep="\n")          # control characters but newlines escaped, not cut

Nothing here ever opens a FIFO or a device for reading or writing, nor reads more than its
limit: a FIFO given as a save blocks no one, /dev/zero fills no memory.
"""

from __future__ import annotations

import json
import math
import operator
import os
import re
import stat
import tomllib
import unicodedata
from itertools import accumulate, repeat
from typing import Any

from game.limits import MAX_CONTAINERS, MAX_INT, MAX_LINE_CHARS, MAX_NESTING

# --- one line ------------------------------------------------------------------------------

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNSAFE = re.compile(r"[^ -~]")  # anything outside printable ASCII is looked at more closely


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    # control and format characters, surrogates (undecodable bytes of a file name), line and
    # paragraph separators: each could break the line or hide what follows it
    if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
        code = ord(ch)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return ch


def printable(text: object, keep: str = "") -> str:
    """``text`` with every control or format character escaped as one_line does, but for
    those in ``keep`` (standard output keeps its newlines and tabs), and not cut: a name from a
    user's file (a map, a unit, a plan) printed to a terminal cannot move the cursor, clear the
    screen or hide what follows it."""
    raw = str(text)
    if not keep:
        return _UNSAFE.sub(_escape, raw)
    return _UNSAFE.sub(lambda m: m.group() if m.group() in keep else _escape(m), raw)


def one_line(text: object, limit: int = MAX_LINE_CHARS) -> str:
    """``text`` as one printable line of at most ``limit`` characters: control characters
    (newlines included) escaped, and a longer line cut in the middle with an ellipsis, so the
    start (the file) and the end (the problem) both stay. Every error message passes here."""
    raw = str(text)
    head_raw, tail_raw = (raw[:limit], raw[-limit:]) if len(raw) > 2 * limit else (raw, "")
    head, tail = printable(head_raw), printable(tail_raw)
    keep = (limit - 1) // 2
    if tail:  # the middle is gone already
        return head[:keep] + "\u2026" + tail[len(tail) - (limit - 1 - keep):]
    if len(head) <= limit:
        return head
    return head[:keep] + "\u2026" + head[len(head) - (limit - 1 - keep):]


# --- reading -------------------------------------------------------------------------------


class FileProblem(ValueError):
    """A file that cannot be read or written: ``str()`` is one line, ``PATH: problem``."""

    def __init__(self, path: str | os.PathLike[str], message: str, *, missing: bool = False) -> None:
        self.path = os.fspath(path)
        self.message = message
        self.missing = missing
        super().__init__(one_line(f"{self.path}: {message}"))


class BadData(ValueError):
    """A file's text that is not acceptable data: the message names the line or the field."""


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "an unusual file"


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. A FIFO, a device or a folder is
    refused before it is opened (and checked again on the open file, without blocking)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileProblem(path, "file not found", missing=True) from None
    except (OSError, ValueError) as err:  # ValueError: a NUL in the name
        raise FileProblem(path, f"cannot read file ({_reason(err)})") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, f"not a regular file ({_kind(info.st_mode)})")
    if info.st_size > limit:
        raise FileProblem(path, f"file is {info.st_size:,} bytes, more than the {limit:,} byte limit")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as err:
        raise FileProblem(path, f"cannot read file ({_reason(err)})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # replaced between the stat and the open
            raise FileProblem(path, f"not a regular file ({_kind(mode)})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise FileProblem(path, f"cannot read file ({_reason(err)})") from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileProblem(path, f"file is more than the {limit:,} byte limit")
    return b"".join(chunks)


def _reason(err: BaseException) -> str:
    return getattr(err, "strerror", None) or str(err) or type(err).__name__


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise BadData(f"line {line}: not UTF-8 text") from None


# Strings (and TOML comments) are matched whole, so that brackets inside them do not count;
# each string pattern is the unrolled form, which runs through a 5 MB string in C.
_JSON_STRINGS = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_TOML_STRINGS = (r'#[^\n]*'
                 r'|"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""'
                 r"|'''[^']*(?:'(?!'')[^']*)*'''"
                 r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
                 r"|'[^'\n]*'")
_STRINGS = {"json": re.compile(_JSON_STRINGS), "toml": re.compile(_TOML_STRINGS)}
_TOKENS = {"json": re.compile(_JSON_STRINGS + r"|[\[\]{}]"), "toml": re.compile(_TOML_STRINGS + r"|[\[\]{}]")}
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEPS = bytes.maketrans(b"[]{}", b"\x02\x00\x02\x00")  # minus 1: an opening +1, a closing -1


def check_nesting(text: str, syntax: str, limit: int = MAX_NESTING, most: int = MAX_CONTAINERS) -> None:
    """BadData when arrays and tables nest deeper than ``limit``, or there are more than
    ``most`` of them: checked before parsing, since Python's JSON and TOML readers recurse
    once per level (100,000 nested arrays would otherwise end in a RecursionError) and an
    empty array costs 20 times its two bytes in memory. Strings and comments are skipped.

    The depth is the running sum over the brackets (computed in C); a closing bracket too
    many only lowers it, and the parser stops at that bracket anyway."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS[syntax].sub("", text)).encode("ascii")
    if brackets.count(b"[") + brackets.count(b"{") > most:
        raise BadData(f"more than {most:,} arrays and tables")
    if max(accumulate(map(operator.sub, brackets.translate(_STEPS), repeat(1))), default=0) <= limit:
        return
    depth = 0  # find the line, token by token (at most `most` of them)
    for tok in _TOKENS[syntax].finditer(text):
        ch = tok.group()
        depth += (ch == "[" or ch == "{") - (ch == "]" or ch == "}")
        if depth > limit:
            line = text.count("\n", 0, tok.start()) + 1
            raise BadData(f"line {line}: arrays and tables nested more than {limit} deep")
    raise BadData(f"arrays and tables nested more than {limit} deep")


class _Huge:
    """An integer too long to convert, kept so that check_numbers can name its field."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def check_numbers(data: Any, where: str = "") -> None:
    """BadData naming the field of the first number that is not finite or is beyond
    MAX_INT: Python's JSON reads ``Infinity``, ``NaN`` and 4000-digit integers, TOML ``inf``."""
    stack = [(where, data)]
    while stack:
        at, value = stack.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, float) and not math.isfinite(value):
            raise BadData(f"{at or 'the file'}: must be a finite number, not {value}")
        if isinstance(value, _Huge) or isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
            digits = value.digits if isinstance(value, _Huge) else len(str(abs(value)))
            raise BadData(f"{at or 'the file'}: an integer of {digits} digits is too large (at most {MAX_INT:,})")
        if isinstance(value, dict):
            stack.extend((f"{at}.{k}" if at else str(k), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{at}[{i}]", v) for i, v in reversed(list(enumerate(value))))


_MAX_DIGITS = len(str(MAX_INT))


def _json_int(text: str) -> int | _Huge:
    digits = len(text.lstrip("-"))
    return _Huge(digits) if digits > _MAX_DIGITS else int(text)


def parse_json(raw: bytes) -> Any:
    """JSON data whose numbers are finite and bounded and whose nesting is bounded; BadData
    names the line (a syntax error) or the field (a bad number)."""
    text = _text(raw)
    check_nesting(text, "json")
    try:
        data = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as err:
        raise BadData(f"broken JSON at line {err.lineno}: {err.msg}") from None
    except (ValueError, RecursionError) as err:
        raise BadData(f"cannot read the JSON ({err})") from None
    check_numbers(data)
    return data


def parse_toml(raw: bytes) -> dict[str, Any]:
    """TOML data with the same checks as parse_json."""
    text = _text(raw)
    check_nesting(text, "toml")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise BadData(str(err)) from None
    except ValueError:  # Python refuses to convert an integer of over 4300 digits
        long = re.search(r"\d{4300}", text)
        where = f"line {text.count(chr(10), 0, long.start()) + 1}: " if long else ""
        raise BadData(f"{where}an integer is too large (at most {MAX_INT:,})") from None
    except RecursionError:
        raise BadData(f"arrays and tables nested too deeply (at most {MAX_NESTING})") from None
    check_numbers(data)
    return data


# --- writing -------------------------------------------------------------------------------


def check_output(path: str | os.PathLike[str]) -> None:
    """FileProblem unless ``path`` can be written as a regular file: an existing regular
    file (to be replaced) or a new name in an existing folder we may write in. A FIFO, a
    device or a folder is refused: it would be replaced by a regular file, or block."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as err:
        raise FileProblem(name, f"cannot write there ({_reason(err)})") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise FileProblem(name, f"is {_kind(info.st_mode)}; outputs are written only to regular files")
    folder = os.path.dirname(os.path.abspath(name))
    if not os.path.isdir(folder):
        raise FileProblem(name, f"no such folder {folder}")
    if not os.access(folder, os.W_OK):
        raise FileProblem(name, f"cannot write in {folder}")


def temp_name(path: str | os.PathLike[str]) -> str:
    """The one temporary name a write to ``path`` uses: a write killed half-way leaves it
    behind, and the next write to ``path`` removes it."""
    return os.fspath(path) + ".tmp"


class AtomicWriter:
    """An output written in pieces to PATH.tmp and renamed over ``path`` by ``commit()``
    (``discard()`` removes it): for outputs too long to hold whole, such as a long run's
    record. Raises FileProblem (one line) on any failure, after removing the temporary."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        check_output(path)
        self.path = path
        self.tmp = temp_name(path)
        try:
            try:
                if not stat.S_ISDIR(os.lstat(self.tmp).st_mode):
                    os.unlink(self.tmp)  # a stale temporary of a killed write
            except FileNotFoundError:
                pass
            self.fd: int | None = os.open(self.tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except OSError as err:
            raise FileProblem(path, f"cannot write {os.path.basename(self.tmp)} ({_reason(err)})") from None

    def write(self, data: bytes | str) -> None:
        view = memoryview(data.encode("utf-8") if isinstance(data, str) else data)
        try:
            while view:
                view = view[os.write(self._fd(), view):]
        except OSError as err:
            self.discard()
            raise FileProblem(self.path, f"cannot write ({_reason(err)})") from None

    def _fd(self) -> int:
        if self.fd is None:
            raise FileProblem(self.path, "written already")
        return self.fd

    def commit(self) -> None:
        """Flush to disk and rename over ``path``."""
        fd = self._fd()
        try:
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
                self.fd = None
            os.replace(self.tmp, self.path)
        except OSError as err:
            self.discard()
            raise FileProblem(self.path, f"cannot write ({_reason(err)})") from None

    def discard(self) -> None:
        """Remove the temporary; ``path`` stays as it was."""
        if self.fd is not None:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self.fd = None
        try:
            os.unlink(self.tmp)
        except OSError:
            pass


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to PATH.tmp, flush it to disk, then rename it over ``path``: ``path``
    is either untouched or whole. Raises FileProblem (one line) on any failure, after
    removing the temporary file."""
    out = AtomicWriter(path)
    out.write(data)
    out.commit()


def write_png(surface: Any, path: str | os.PathLike[str]) -> None:
    """Save a pygame surface as a PNG file through write_atomic (pygame's own save would
    write into a FIFO or a device, and raise pygame.error on a folder)."""
    import io

    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture.png")
    write_atomic(path, buffer.getvalue())
