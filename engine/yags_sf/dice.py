"""2d10!, the open-ended roll of Yags SF 0.30a, and its exact chances.

Reading (docs/rules-notes.md, Yags SF, Dice): "!" makes each d10 open-ended. A die that
shows 10 is rolled again and the new face added, again and again while it shows 10; so one
die gives 1-9, 11-19, 21-29, ... and never a multiple of ten. The two dice are added. A
fumble is a dice total (rerolls included) at or below the fumble chance (3 normally, 4 or 5
in poor conditions, Fumbling).

Exact chances: one die is 10k + r (r in 1..9) with chance 10^-(k+1), so every tail has a
closed form, and the difference of two 2d10! rolls (attack against defence) has one too
(`p_difference_at_least`): every preview here is an exact `Fraction`, not a truncation.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from engine.dice import Dice
from engine.rolls import Roll, Term

FUMBLE = 3  # Fumbling: "a roll of three or less on the dice constitutes a fumble"
POOR_CONDITIONS = 4  # "Poor conditions can raise this to four,"
VERY_POOR_CONDITIONS = 5  # "or even five."
SIDES = 10
DICE = 2

_TENTH = Fraction(1, 10)


@dataclass(frozen=True)
class OpenRoll:
    """The faces of 2d10!: one tuple per die, a 10 followed by its reroll(s)."""

    faces: tuple[tuple[int, ...], ...]

    @property
    def total(self) -> int:
        return sum(sum(chain) for chain in self.faces)

    def describe(self) -> str:
        parts = ", ".join("+".join(str(f) for f in chain) for chain in self.faces)
        return f"2d10! ({parts})"


def roll_die_open(dice: Dice) -> tuple[int, ...]:
    """One open-ended d10: roll again and add while it shows 10."""
    chain = [dice.roll(SIDES)]
    while chain[-1] == SIDES:
        chain.append(dice.roll(SIDES))
    return tuple(chain)


def roll_2d10(dice: Dice) -> OpenRoll:
    """2d10!: two open-ended d10 added."""
    return OpenRoll(tuple(roll_die_open(dice) for _ in range(DICE)))


def dice_term(roll: OpenRoll) -> Term:
    """The dice as a named term of a Roll, showing every face (`2d10! (10+4, 7)`)."""
    return Term("2d10!", roll.total, f"{roll.describe()}")


def check(label: str, terms: Sequence[Term], roll: OpenRoll, target: int | None = None,
          target_terms: tuple[Term, ...] = (), fumble_chance: int = FUMBLE,
          notes: tuple[str, ...] = ()) -> Roll:
    """A resolved task: terms + 2d10! against `target` (equal or more succeeds). A dice total
    at or below `fumble_chance` is a fumble, which fails whatever the total."""
    total = sum(t.value for t in terms) + roll.total
    fumble = fumble_chance > 0 and roll.total <= fumble_chance
    level = None
    if target is not None:
        level = int(total >= target and not fumble)
    return Roll(label, tuple(terms) + (dice_term(roll),), None, total, target, target_terms,
                level, fumble, False, notes)


def roll_check(dice: Dice, label: str, terms: Sequence[Term], target: int | None = None,
               target_terms: tuple[Term, ...] = (), fumble_chance: int = FUMBLE,
               notes: tuple[str, ...] = ()) -> Roll:
    """Roll 2d10! and resolve the task (see `check`)."""
    return check(label, terms, roll_2d10(dice), target, target_terms, fumble_chance, notes)


# --- exact chances ---------------------------------------------------------------------


@lru_cache(maxsize=512)
def p_die(value: int) -> Fraction:
    """P(one d10! = value): 10^-(k+1) for value 10k + r, r in 1..9; 0 for multiples of 10."""
    if value < 1 or value % SIDES == 0:
        return Fraction(0)
    return _TENTH ** (value // SIDES + 1)


@lru_cache(maxsize=512)
def p_die_at_least(value: int) -> Fraction:
    """P(one d10! >= value) = (11 - j) / 10^(k+1) for value = 10k + j, j in 1..10."""
    if value <= 1:
        return Fraction(1)
    k, j = divmod(value - 1, SIDES)
    return Fraction(SIDES - j, SIDES ** (k + 1))  # here j is (value - 1) mod 10


@lru_cache(maxsize=4096)
def p_total(value: int) -> Fraction:
    """P(2d10! = value), by the finite convolution of the two dice."""
    return sum((p_die(a) * p_die(value - a) for a in range(1, value)), Fraction(0))


@lru_cache(maxsize=4096)
def p_at_least(value: int) -> Fraction:
    """P(2d10! >= value), exactly: the first die below value - 1 (finitely many faces) and
    the second making up the rest, plus the first die alone reaching value - 1."""
    if value <= DICE:
        return Fraction(1)
    head = sum((p_die(a) * p_die_at_least(value - a) for a in range(1, value - 1)), Fraction(0))
    return head + p_die_at_least(value - 1)


def p_at_most(value: int) -> Fraction:
    """P(2d10! <= value): the fumble chance of `value`."""
    return 1 - p_at_least(value + 1)


# The difference of two 2d10! rolls. Each die is 10K + R, K the number of tens (chance
# q^k p, q = 1/10, p = 9/10) and R uniform on 1..9. X - Y = 10J + (S - S'), J the
# difference of the tens counts, whose law is p^4 q^|j| (A + |j| B) with Q = q^2,
# A = (1 + Q) / (1 - Q)^3 and B = 1 / (1 - Q)^2.
_Q = _TENTH
_P = 1 - _Q
_QQ = _Q * _Q
_A = (1 + _QQ) / (1 - _QQ) ** 3
_B = 1 / (1 - _QQ) ** 2
_P4 = _P ** 4


def _p_tens_diff_at_least(j0: int) -> Fraction:
    """P(J >= j0), J the difference of the tens counts of two 2d10! rolls."""
    if j0 <= 0:
        return 1 - _p_tens_diff_at_least(1 - j0)
    qj = _Q ** j0
    return _P4 * (_A * qj / (1 - _Q) + _B * qj * (Fraction(j0) / (1 - _Q) + _Q / (1 - _Q) ** 2))


@lru_cache(maxsize=1)
def _units_difference() -> tuple[tuple[int, Fraction], ...]:
    """The law of S - S', S the sum of the two units faces (each uniform 1..9)."""
    s: dict[int, int] = {}
    for a in range(1, 10):
        for b in range(1, 10):
            s[a + b] = s.get(a + b, 0) + 1
    d: dict[int, int] = {}
    for x, nx in s.items():
        for y, ny in s.items():
            d[x - y] = d.get(x - y, 0) + nx * ny
    return tuple((k, Fraction(v, 81 * 81)) for k, v in sorted(d.items()))


@lru_cache(maxsize=4096)
def p_difference_at_least(c: int) -> Fraction:
    """P(X - Y >= c) for two independent 2d10! rolls X and Y, exactly."""
    total = Fraction(0)
    for delta, p in _units_difference():
        total += p * _p_tens_diff_at_least(-((delta - c) // SIDES))  # ceil((c - delta) / 10)
    return total


def p_beats(a: int, fa: int, d: int, fd: int, floor: int) -> Fraction:
    """P(a + X >= max(floor, d + Y)) with X not a fumble (X > fa): an attack against a rolled
    defence, a fumbled defence (Y <= fd) counting as the floor only (rules-notes)."""
    c = d - a
    y_cut = max(fd, floor - d, fa - c, DICE)
    hit = Fraction(0)
    below = Fraction(0)
    for y in range(DICE, y_cut + 1):
        py = p_total(y)
        if not py:
            continue
        target = floor if y <= fd else max(floor, d + y)
        hit += py * p_at_least(max(fa + 1, target - a))
        below += py * p_at_least(y + c)
    return hit + p_difference_at_least(c) - below


K = TypeVar("K", bound=Hashable)


def distribution(outcome: Callable[[int], K], saturate_at: int) -> dict[K, Fraction]:
    """The exact law of `outcome(2d10!)`, for an outcome that no longer changes from
    `saturate_at` on: every total below it is enumerated, the tail added whole."""
    out: dict[K, Fraction] = {}
    top = max(saturate_at, DICE)
    for x in range(DICE, top):
        p = p_total(x)
        if p:
            k = outcome(x)
            out[k] = out.get(k, Fraction(0)) + p
    last = outcome(top)
    for probe in (top + 1, top + 7, top + 50):
        if outcome(probe) != last:
            raise ValueError(f"outcome changes beyond {top} ({probe}); saturate_at is too low")
    out[last] = out.get(last, Fraction(0)) + p_at_least(top)
    return out
