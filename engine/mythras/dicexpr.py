"""Dice expressions as the tables write them ('1d8+1', '2d6', '-1d8', '+2d10+1d2', '+0'):
parsed once, rolled through `engine.dice.Dice` into a `Roll` with one term per die, and
enumerated exactly (as whole-number counts) for previews."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.dice import Dice
from engine.rolls import Roll, Term

_TERM = re.compile(r"([+-]?)(?:(\d*)d(\d+)|(\d+))")


@dataclass(frozen=True)
class DiceExpr:
    """Signed dice and a constant: `dice` is ((count, sides), ...), `sign` applies to the
    dice (a negative damage modifier subtracts its dice)."""

    text: str
    dice: tuple[tuple[int, int], ...]
    constant: int = 0
    sign: int = 1

    @property
    def is_zero(self) -> bool:
        return not self.dice and self.constant == 0

    @property
    def faces(self) -> tuple[int, ...]:
        """Every die singly, in order (2d6 -> (6, 6))."""
        return tuple(s for n, s in self.dice for _ in range(n))

    @property
    def minimum(self) -> int:
        return self.sign * (len(self.faces) if self.sign > 0 else sum(self.faces)) + self.constant

    @property
    def maximum(self) -> int:
        return self.sign * (sum(self.faces) if self.sign > 0 else len(self.faces)) + self.constant

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=512)
def parse(text: str) -> DiceExpr:
    """'1d8+1', '2d10+1d2', '-1d8', '+0', '3': raises ValueError on anything else."""
    s = text.replace(" ", "").replace("–", "-")
    if not s:
        raise ValueError("empty dice expression")
    dice: list[tuple[int, int]] = []
    pos, constant, sign = 0, 0, 1
    first = True
    while pos < len(s):
        m = _TERM.match(s, pos)
        if not m or m.end() == pos or (not first and not m.group(1)):
            raise ValueError(f"not a dice expression: {text!r}")
        negative = m.group(1) == "-"
        if m.group(3):
            count = int(m.group(2) or 1)
            sides = int(m.group(3))
            if count < 1 or sides < 1 or count > 100:
                raise ValueError(f"not a dice expression: {text!r}")
            if negative:
                if not first or dice:
                    raise ValueError(f"only a leading minus may take dice away: {text!r}")
                sign = -1
            dice.append((count, sides))
        else:
            constant += -int(m.group(4)) if negative else int(m.group(4))
        first = False
        pos = m.end()
    return DiceExpr(text, tuple(dice), constant, sign)


def roll_expr(dice: Dice, expr: DiceExpr | str, label: str, *, maximise: int = 0) -> Roll:
    """Roll every die (one `Dice.roll` each, in order); `maximise` dice count their full
    value instead (Maximize Damage), taken from the first dice, which are not rolled."""
    e = parse(expr) if isinstance(expr, str) else expr
    terms: list[Term] = []
    total = 0
    left = maximise
    for sides in e.faces:
        if left > 0:
            face, note = sides, " max"
            left -= 1
        else:
            face, note = dice.roll(sides), ""
        value = e.sign * face
        total += value
        terms.append(Term(f"d{sides}", value, f"{'-' if e.sign < 0 else ''}d{sides} ({face}{note})"))
    if e.constant:
        terms.append(Term("bonus", e.constant, f"{e.constant:+d}"))
        total += e.constant
    return Roll(label, tuple(terms), None, total, notes=(str(e),))


@lru_cache(maxsize=1024)
def _counts(faces: tuple[int, ...], sign: int, constant: int, maximise: int) -> tuple[tuple[int, int], ...]:
    dist: dict[int, int] = {constant: 1}
    for i, sides in enumerate(faces):
        step = (sides,) if i < maximise else tuple(range(1, sides + 1))
        nxt: dict[int, int] = defaultdict(int)
        for total, n in dist.items():
            for f in step:
                nxt[total + sign * f] += n
        dist = nxt
    return tuple(sorted(dist.items()))


def distribution(expr: DiceExpr | str, maximise: int = 0) -> dict[int, int]:
    """Exact totals -> number of ways (out of the product of the rolled dice's sides)."""
    e = parse(expr) if isinstance(expr, str) else expr
    return dict(_counts(e.faces, e.sign, e.constant, min(maximise, len(e.faces))))


def ways(expr: DiceExpr | str, maximise: int = 0) -> int:
    """How many equally likely cases `distribution` counts over."""
    e = parse(expr) if isinstance(expr, str) else expr
    n = 1
    for i, sides in enumerate(e.faces):
        if i >= maximise:
            n *= sides
    return n


def add(a: Mapping[int, int], b: Mapping[int, int]) -> dict[int, int]:
    """The distribution of the sum of two independent distributions (counts multiply)."""
    out: dict[int, int] = defaultdict(int)
    for x, n in a.items():
        for y, m in b.items():
            out[x + y] += n * m
    return dict(out)
