"""Task resolution (yags-core.md, Task Resolution; Skills; A roll of 1; A roll of 20).

A check is ability + d20 against a target: ability is attribute x skill, or attribute x 4
for a pure attribute check. With no score in a standard skill the roll (a straight d20) is
halved and a natural 1 or 2 fumbles. A natural 1 fumbles under stress; rules raise the
fumble chance.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.yags.tables import half_up, success_level

ATTRIBUTE_ABBREV = {
    "strength": "Str",
    "health": "Hea",
    "agility": "Agi",
    "dexterity": "Dex",
    "perception": "Per",
    "intelligence": "Int",
    "empathy": "Emp",
    "will": "Wil",
}

UNSKILLED_FUMBLE = 2


@lru_cache(maxsize=1024, typed=True)  # a Term is immutable; each attack asks for its attacker's again
def ability_term(attribute: str, attribute_score: int, skill: str | None, skill_score: int | None) -> Term:
    """`Dex 4 x Rifles 5` (20), or `Hea 3 x 4` (12) for a pure attribute check."""
    abbrev = ATTRIBUTE_ABBREV.get(attribute, attribute.title())
    if skill is None:
        return Term("ability", attribute_score * 4, f"{abbrev} {attribute_score} x 4")
    assert skill_score is not None
    return Term("ability", attribute_score * skill_score, f"{abbrev} {attribute_score} x {skill} {skill_score}")


def roll_check(dice: Dice, label: str, terms: Sequence[Term], target: int | None = None, **options: Any) -> Roll:
    """Roll d20 and resolve (see `resolve` for the options): `unskilled` halves the die (the
    straight d20 of a zero skill) and raises the fumble chance to 2; `halve` halves the whole
    roll (crippled weapons, grappled with a long weapon, initiative 0); `fumble_chance` 0
    means it never fumbles (damage and soak rolls)."""
    return resolve(label, terms, dice.d20(), target, **options)


def resolve(
    label: str,
    terms: Sequence[Term],
    die: int,
    target: int | None = None,
    *,
    target_terms: Sequence[Term] = (),
    fumble_chance: int = 1,
    unskilled: bool = False,
    halve: bool = False,
    notes: Sequence[str] = (),
) -> Roll:
    """The deterministic part of a check, given the die face (used by the preview too)."""
    notes = list(notes)
    die_value = die
    if unskilled:
        fumble_chance = max(fumble_chance, UNSKILLED_FUMBLE)
        die_value = half_up(die)
        notes.append(f"unskilled: d20 halved to {die_value}")
    raw = sum(t.value for t in terms) + die_value
    total = half_up(raw) if halve else raw
    fumble = fumble_chance > 0 and die <= fumble_chance
    level = None
    if target is not None:
        level = 0 if fumble else success_level(total, target)
    return Roll(label, tuple(terms), die, total, target, tuple(target_terms), level, fumble, halve, tuple(notes))


def contest_winner(a: Roll, a_skill: int, b: Roll, b_skill: int) -> int:
    """Skill contest: 0 if `a` wins, 1 if `b` wins. A fumble loses (both fumbling: the
    higher total). A natural 20 wins outright if that side's skill score is higher. Higher
    total wins; a tie goes to the higher skill score (and, equal skills, to `a`, the
    initiator: rules-notes)."""
    if a.fumble != b.fumble:
        return 1 if a.fumble else 0
    if a.die == 20 and a_skill > b_skill and b.die != 20:
        return 0
    if b.die == 20 and b_skill > a_skill and a.die != 20:
        return 1
    if a.total != b.total:
        return 0 if a.total > b.total else 1
    return 1 if b_skill > a_skill else 0
