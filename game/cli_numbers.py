"""Numbers on the command line: every numeric flag has a range, written in its --help and
checked as the command line is read, so a value outside it is one line and exit 2 before
anything runs (a huge `duel --distance` was an OverflowError, or a strip of 10**29 tiles).

    parser.add_argument("--runs", type=whole(1, MAX_RUNS), default=10, help="matches to play")
    parser.add_argument("--distance", type=number(0, 2000, above=True), help="metres apart")

OneLineParser (game/cli_common.py) adds the range to the flag's help: "(1 to 100,000)".
"""

from __future__ import annotations

import argparse
import math
import re

_WHOLE = re.compile(r"[+-]?[0-9]+")
_MAX_DIGITS = 40  # longer than any range here; longer text is not converted at all


def _show(value: float) -> str:
    """A number as the help and the messages write it: 100,000, 0.5, 2,000."""
    if isinstance(value, int) or float(value).is_integer() and abs(value) < 1e18:
        return f"{int(value):,}"
    return f"{value:,g}"


class Bounded:
    """An argparse ``type``: the text of a whole number (``whole``) or a finite number (else)
    from ``low`` to ``high``; with ``above`` the number must be more than ``low``. A value
    outside is refused with argparse.ArgumentTypeError, which the parser turns into one line
    naming the flag ("argument --runs: must be at most 100,000, got 1,000,000")."""

    def __init__(self, low: float, high: float, *, whole: bool, above: bool = False) -> None:
        if not low <= high:
            raise ValueError(f"an empty range: {low} to {high}")
        self.low, self.high, self.whole, self.above = low, high, whole, above
        self.__name__ = "whole number" if whole else "number"  # argparse names the type by it

    def describe(self) -> str:
        """The range as the help writes it: "1 to 100,000", "more than 0 and at most 2,000"."""
        if self.above:
            return f"more than {_show(self.low)} and at most {_show(self.high)}"
        return f"{_show(self.low)} to {_show(self.high)}"

    def _refuse(self, got: str) -> argparse.ArgumentTypeError:
        kind = "a whole number" if self.whole else "a number"
        return argparse.ArgumentTypeError(f"must be {kind} {'' if self.above else 'from '}{self.describe()}, got {got}")

    def __call__(self, text: str) -> int | float:
        raw = text.strip()
        value: int | float
        if self.whole:
            if not _WHOLE.fullmatch(raw):
                raise self._refuse(repr(text))
            digits = len(raw.lstrip("+-"))
            if digits > _MAX_DIGITS:  # Python refuses to convert 4300 digits; no range needs 40
                side = "least" if raw.startswith("-") else "most"
                bound = self.low if side == "least" else self.high
                raise argparse.ArgumentTypeError(f"must be at {side} {_show(bound)}, got a number of {digits:,} digits")
            value = int(raw)
        else:
            try:
                value = float(raw)
            except ValueError:
                raise self._refuse(repr(text)) from None
            if math.isnan(value):
                raise self._refuse("nan")
        if value < self.low or (self.above and value == self.low):
            word = "more than" if self.above else "at least"
            raise argparse.ArgumentTypeError(f"must be {word} {_show(self.low)}, got {_show(value)}")
        if value > self.high:
            raise argparse.ArgumentTypeError(f"must be at most {_show(self.high)}, got {_show(value)}")
        return value

    def __repr__(self) -> str:
        return f"{'whole' if self.whole else 'number'}({self.describe()})"


def whole(low: int, high: int) -> Bounded:
    """A whole number from ``low`` to ``high``."""
    return Bounded(low, high, whole=True)


def number(low: float, high: float, *, above: bool = False) -> Bounded:
    """A finite number from ``low`` (more than it, with ``above``) to ``high``."""
    return Bounded(low, high, whole=False, above=above)
