"""d100 checks (0003, How Skills Work; Modifying Skills; Opposed Rolls; Differential Rolls):
a skill at a difficulty grade, rolled as a `D100Roll` that names its skill, grade and level,
and the exact chances of each level for previews."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from engine.dice import Dice
from engine.mythras.tables import (
    LEVEL_RANK,
    grade_allows_roll,
    grade_skill,
    opposed_skills,
    success_level,
)
from engine.rolls import Roll, Term

LEVEL_VALUE = {"fumble": 0, "failure": 0, "success": 1, "critical": 2}


@dataclass(frozen=True)
class D100Roll(Roll):
    """A d100 roll against a skill: `die` is the face (100 is 00), `target` the skill after
    its grade, `outcome` the level of success."""

    outcome: str = "failure"
    skill_name: str = ""
    grade: str = "standard"
    verdict: str = ""  # an opposed roll's result for the roller: "resisted", "not resisted ..."

    @property
    def rank(self) -> int:
        return LEVEL_RANK[self.outcome]

    @property
    def succeeded(self) -> bool:
        return self.outcome in ("success", "critical")

    def describe(self) -> str:
        parts = [t.describe(first=(i == 0)) for i, t in enumerate(self.terms)]
        face = "00" if self.die == 100 else f"{self.die:02d}" if self.die is not None else "auto"
        text = f"{self.label}: d100 ({face}) vs {' '.join(parts)}"
        if self.grade != "standard":
            text += f" = {self.target}"
        text += f": {self.outcome}"
        if self.verdict:
            text += f": {self.verdict}"
        if self.notes:
            text += " [" + "; ".join(self.notes) + "]"
        return text


def judge(label: str, skill_name: str, skill: int, grade: str, face: int | None,
          notes: tuple[str, ...] = ()) -> D100Roll:
    """The roll for a known face: the skill graded, then its level. An 'automatic' grade
    succeeds with no roll (`face` None); 'hopeless' fails."""
    terms = [Term(skill_name, skill, f"{skill_name} {skill}")]
    if grade == "automatic":
        return D100Roll(label, tuple(terms), None, 0, skill, (), 1, False, False, notes,
                        "success", skill_name, grade)
    if grade == "hopeless":
        return D100Roll(label, tuple(terms), face, face or 100, 0, (), 0, False, False, notes,
                        "failure", skill_name, grade)
    target = grade_skill(skill, grade)
    if target != skill:
        terms.append(Term(grade, target - skill, grade.replace("_", " ")))
    if face is None:
        raise ValueError(f"{label}: a {grade} roll needs a d100 face")
    outcome = success_level(face, target)
    return D100Roll(label, tuple(terms), face, face, target, (), LEVEL_VALUE[outcome],
                    outcome == "fumble", False, notes, outcome, skill_name, grade)


def roll_skill(dice: Dice, label: str, skill_name: str, skill: int, grade: str = "standard",
               notes: tuple[str, ...] = ()) -> D100Roll:
    """Roll d100 against `skill` at `grade` (no die for automatic or hopeless)."""
    face = dice.roll(100) if grade_allows_roll(grade) else None
    return judge(label, skill_name, skill, grade, face, notes)


def rejudge(roll: D100Roll, skill: int) -> D100Roll:
    """The same face against another skill value (an opposed roll's over-100 rule lowers the
    skills after the dice are down)."""
    if roll.die is None:
        return roll
    outcome = success_level(roll.die, skill)
    return D100Roll(roll.label, roll.terms, roll.die, roll.die, skill, (), LEVEL_VALUE[outcome],
                    outcome == "fumble", False, roll.notes + (f"{skill} after the over-100 rule",),
                    outcome, roll.skill_name, roll.grade)


@lru_cache(maxsize=4096)
def level_counts(skill: int) -> dict[str, int]:
    """How many of the 100 faces give each level against `skill` (already graded)."""
    out = {"critical": 0, "success": 0, "failure": 0, "fumble": 0}
    for face in range(1, 101):
        out[success_level(face, skill)] += 1
    return out


def level_chances(skill: int, grade: str = "standard") -> dict[str, Fraction]:
    """The exact chance of each level for a skill at a grade."""
    if grade == "automatic":
        return {"critical": Fraction(0), "success": Fraction(1), "failure": Fraction(0), "fumble": Fraction(0)}
    if grade == "hopeless":
        return {"critical": Fraction(0), "success": Fraction(0), "failure": Fraction(1), "fumble": Fraction(0)}
    return {k: Fraction(v, 100) for k, v in level_counts(grade_skill(skill, grade)).items()}


# --- opposed rolls ------------------------------------------------------------------------


def opposed_winner(a: D100Roll, b: D100Roll) -> str | None:
    """Opposed Rolls: the better level wins; at the same level of success the higher roll
    within the success range wins. Both failing: no winner (None). Equal faces at the same
    level: `b` (the roll being resisted) stands (rules-notes)."""
    if not (a.succeeded or b.succeeded):
        return None
    if a.rank != b.rank:
        return "a" if a.rank > b.rank else "b"
    if a.die is None or b.die is None:
        return "b" if a.die is None else "a"
    return "a" if a.die > b.die else "b"


def resist(dice: Dice, label: str, skill_name: str, skill: int, against: D100Roll,
           grade: str = "standard", forced_failure: bool = False) -> tuple[bool, D100Roll]:
    """A resistance roll (an Opposed Roll of `skill` against an earlier roll, 0004 Serious
    Wound: "Endurance versus the successful attack roll"): (resisted, roll). The over-100 rule
    lowers both skills and the earlier face is judged again; the resister must win: a tie in
    level and face, or both failing, leaves the effect standing (rules-notes). Force Failure
    makes the resister fail without a roll."""
    if forced_failure:
        roll = judge(label, skill_name, skill, "hopeless", None, ("Force Failure",))
        return False, replace(roll, verdict="not resisted")
    mine = grade_skill(skill, grade) if grade_allows_roll(grade) else skill
    theirs = against.target if against.target is not None else 0
    mine_adj, theirs_adj = opposed_skills(mine, theirs)
    roll = roll_skill(dice, label, skill_name, skill, grade)
    if not roll.succeeded:
        return False, replace(roll, verdict="not resisted")
    if mine_adj != mine:
        roll = rejudge(roll, mine_adj)
    other = rejudge(against, theirs_adj) if theirs_adj != theirs else against
    won = opposed_winner(roll, other) == "a"
    if won:
        return True, replace(roll, verdict="resisted")
    face = "auto" if other.die is None else ("00" if other.die == 100 else f"{other.die:02d}")
    return False, replace(roll, verdict=f"not resisted (loses the opposed roll to {other.outcome} {face})")


def resist_chance(skill: int, against_face: int | None, against_skill: int, grade: str = "standard") -> Fraction:
    """The exact chance that `resist` succeeds against a known earlier roll."""
    if grade == "hopeless":
        return Fraction(0)
    mine = grade_skill(skill, grade) if grade_allows_roll(grade) else skill
    mine_adj, theirs_adj = opposed_skills(mine, against_skill)
    if against_face is None:
        other_rank, other_face = LEVEL_RANK["success"], 0
    else:
        other_rank, other_face = LEVEL_RANK[success_level(against_face, theirs_adj)], against_face
    wins = 0
    for face in range(1, 101):
        first = success_level(face, mine)
        if first not in ("success", "critical"):
            continue
        rank = LEVEL_RANK[success_level(face, mine_adj)]
        if rank < LEVEL_RANK["success"]:
            continue
        if rank > other_rank or (rank == other_rank and face > other_face):
            wins += 1
    return Fraction(wins, 100)
