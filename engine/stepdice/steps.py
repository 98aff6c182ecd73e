"""Step dice: d2, d4, d6, d8, d10, d12, stepped up and down (step-dice-combat.md).

A roll adds an attribute die and a skill die ("Agility + Athletics"); steps move a die along
the ladder. "If the reductions take a skill below a d2 they lose that action" (Initiative and
Actions): `step_die` answers None there. The sheet has no die above d12: a step up from d12
is lost and the die stays d12 (rules-notes).

Every roll is a `engine.rolls.Roll` whose terms are the faces of the dice, named with their
die (`Agility d8 (5)`), so the log prints the breakdown; the exact distribution of a pool is
its dice enumerated (`Pool.distribution`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from engine.dice import Dice
from engine.rolls import Roll, Term

DIE_STEPS: tuple[int, ...] = (2, 4, 6, 8, 10, 12)

# Difficulties. The sheet names easy (autofire's area roll), average (unconsciousness, the
# autofire defence) and hard (disarm) without numbers; its innate defence of an unaware
# target is 3, which is the easy one. Readings (rules-notes): the ladder of the system the
# sheet comes from, 4 apart.
EASY = 3
AVERAGE = 7
HARD = 11
FORMIDABLE = 15
HEROIC = 19
DIFFICULTIES = {"easy": EASY, "average": AVERAGE, "hard": HARD, "formidable": FORMIDABLE, "heroic": HEROIC}


def step_die(die_sides: int, steps: int) -> int | None:
    """The die `die_sides` moved `steps` along d2..d12: None below d2 (the action is lost),
    d12 at most (a step above d12 is lost: the sheet has no bigger die)."""
    if die_sides not in DIE_STEPS:
        raise ValueError(f"d{die_sides} is not a step die; expected one of "
                         f"{', '.join(f'd{s}' for s in DIE_STEPS)}")
    index = DIE_STEPS.index(die_sides) + int(steps)
    if index < 0:
        return None
    return DIE_STEPS[min(index, len(DIE_STEPS) - 1)]


def die_name(sides: int | None) -> str:
    return "no die" if sides is None else f"d{sides}"


@dataclass(frozen=True)
class Part:
    """One die of a roll: its name, the die on the sheet, and the steps applied to it."""

    name: str
    base: int
    steps: int = 0

    @property
    def sides(self) -> int | None:
        return step_die(self.base, self.steps)

    def label(self) -> str:
        if not self.steps:
            return f"{self.name} d{self.base}"
        return f"{self.name} d{self.base} {self.steps:+d} = {die_name(self.sides)}"


@dataclass(frozen=True)
class Pool:
    """The dice of one roll (attribute + skill, or an attribute alone) plus a constant (the
    innate defence of an unaware target is a flat 3, no dice)."""

    label: str
    parts: tuple[Part, ...] = ()
    flat: int = 0
    notes: tuple[str, ...] = field(default=())

    @property
    def lost(self) -> bool:
        """A die stepped below d2: as an action the roll cannot be made."""
        return any(p.sides is None for p in self.parts)

    def lost_reason(self) -> str:
        names = ", ".join(p.label() for p in self.parts if p.sides is None)
        return f"{self.label}: {names} is below d2: the action is lost"

    def kept(self) -> Pool:
        """The pool without its dice stepped below d2 (a roll that is not an action, such as
        a check or initiative, is made with what is left)."""
        return Pool(self.label, tuple(p for p in self.parts if p.sides is not None), self.flat, self.notes)

    def sides(self) -> tuple[int, ...]:
        return tuple(p.sides for p in self.parts if p.sides is not None)

    def distribution(self) -> dict[int, Fraction]:
        """Exact chance of each total, every face of every die enumerated."""
        return {total + self.flat: Fraction(n, den) for total, n, den in sum_counts(self.sides())}

    def minimum(self) -> int:
        return len(self.sides()) + self.flat

    def maximum(self) -> int:
        return sum(self.sides()) + self.flat

    def roll(self, dice: Dice, *, target: int | None = None, target_terms: tuple[Term, ...] = ()) -> Roll:
        """Roll every die; with a target, success is total >= target (the sheet: "greater
        than or equal to")."""
        terms: list[Term] = []
        total = self.flat
        for p in self.parts:
            if p.sides is None:
                continue
            face = dice.roll(p.sides)
            total += face
            terms.append(Term(p.name, face, f"{p.label()} ({face})"))
        if self.flat:
            terms.append(Term("flat", self.flat, f"{self.flat}"))
        level = None if target is None else int(total >= target)
        return Roll(self.label, tuple(terms), None, total, target, target_terms, level, notes=self.notes)


@lru_cache(maxsize=512)
def sum_counts(sides: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """(total, ways, all cases) for the sum of the dice `sides`, enumerated."""
    counts: dict[int, int] = {0: 1}
    for s in sides:
        nxt: dict[int, int] = {}
        for total, n in counts.items():
            for face in range(1, s + 1):
                nxt[total + face] = nxt.get(total + face, 0) + n
        counts = nxt
    cases = 1
    for s in sides:
        cases *= s
    return tuple((t, n, cases) for t, n in sorted(counts.items()))


def chance_at_least(dist: dict[int, Fraction], target: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= target), Fraction(0))


def check(dice: Dice, label: str, parts: Iterable[Part], difficulty: int, difficulty_name: str = "") -> Roll:
    """A check (not an action): the dice left after the steps against a difficulty."""
    pool = Pool(label, tuple(parts)).kept()
    shown = (Term(difficulty_name, difficulty, f"{difficulty_name} {difficulty}"),) if difficulty_name else ()
    return pool.roll(dice, target=difficulty, target_terms=shown)


def check_chance(parts: Iterable[Part], difficulty: int) -> Fraction:
    """The exact chance that `check` succeeds."""
    return _check_chance(tuple(parts), difficulty)


@lru_cache(maxsize=1024)
def _check_chance(parts: tuple[Part, ...], difficulty: int) -> Fraction:
    return chance_at_least(Pool("check", parts).kept().distribution(), difficulty)
