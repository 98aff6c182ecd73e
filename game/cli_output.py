"""Standard output of the command line, guarded: what a command prints has its control
characters escaped (files.printable: a plan, map or unit name from a user's file cannot clear
the terminal or move the cursor), and a write that fails (standard output on a full device:
`skirmish check-map M > /dev/full`) is StdoutFailed, which `main` turns into one line on
stderr and exit 2 instead of a traceback.

    with guarded_stdout():
        print(...)          # escaped; OSError ENOSPC -> StdoutFailed
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO, cast

from game.files import printable

KEEP = "\n\t"
"""What standard output keeps as it is: its lines and tables."""


class StdoutFailed(Exception):
    """Standard output could not be written (not a reader that has gone: that stays
    BrokenPipeError, a quiet exit)."""

    def __init__(self, err: OSError) -> None:
        self.reason = err.strerror or str(err) or type(err).__name__
        super().__init__(f"standard output: cannot write ({self.reason})")


class _Guarded:
    """A text stream in front of ``inner``: writes escaped, failures StdoutFailed."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        try:
            return self.inner.write(printable(text, KEEP))
        except BrokenPipeError:
            raise
        except OSError as err:
            raise StdoutFailed(err) from None

    def flush(self) -> None:
        try:
            self.inner.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise StdoutFailed(err) from None

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding, ...
        return getattr(self.inner, name)


def silence(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at /dev/null, so that what is still buffered in it
    goes nowhere when Python flushes it at exit (else a second error, and exit code 120)."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):  # not a file (a test's capture): nothing buffered below
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """sys.stdout guarded for the duration (and put back after)."""
    real = sys.stdout
    sys.stdout = cast(TextIO, _Guarded(real))
    try:
        yield
    finally:
        sys.stdout = real

