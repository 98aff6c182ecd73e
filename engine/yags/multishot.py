"""Several shots a round (yags-combat.md, Multiple shots; Rate of Fire; Two guns): how many a
weapon allows, recoil, and the series of shots as `AttackPlan`s."""

from __future__ import annotations

from dataclasses import replace

from engine.outcome import Impossible
from engine.rolls import Term
from engine.yags.equipment import Weapon
from engine.yags.missile import MissileAttack, missile_plan, shot_facts
from engine.yags.missile_rules import MAX_SHOTS, OVER_SKILL_PENALTY
from engine.yags.plan import AttackPlan


def max_shots(weapon: Weapon, skill: int) -> int:
    """Multiple shots: semi-automatic up to min(rate of fire, 10), automatic 10; Rate of Fire
    (bolt action): one extra attack per full 4 points of skill, up to the rate of fire."""
    if weapon.has("automatic"):
        return MAX_SHOTS
    if weapon.has("semiauto"):
        return min(weapon.rof, MAX_SHOTS)
    if weapon.rof > 1:
        return min(weapon.rof, 1 + skill // 4)
    return 1


def recoil_penalty(attack: MissileAttack) -> int:
    """The weapon's recoil, doubled without enough strength (Character Strength)."""
    facts = shot_facts(attack)
    short = not isinstance(facts, Impossible) and facts.strength_short
    return attack.arm.recoil * (2 if short else 1)


def plan_multiple_shots(attack: MissileAttack, shots: int) -> list[AttackPlan] | Impossible:
    """Multiple shots (firearms) / Rate of Fire: shot k at (k - 1) x recoil; with a
    (semi-)automatic weapon, -10 to all shots per shot beyond the skill. An aimed shot's
    bonus goes to the first shot only (Aimed shot)."""
    w = attack.arm
    skill = attack.attacker.character.skill(w.skill)
    limit = max_shots(w, skill)
    if not 1 <= shots <= limit:
        return Impossible(f"{w.name}: 1 to {limit} shots a round, not {shots}")
    auto = w.has("automatic") or w.has("semiauto")
    over = max(0, shots - skill) if auto else 0
    return _shot_series(attack, shots, over, recoil_penalty(attack))


def _shot_series(attack: MissileAttack, shots: int, over: int, recoil: int) -> list[AttackPlan] | Impossible:
    plans: list[AttackPlan] = []
    for k in range(1, shots + 1):
        terms = [Term("recoil", (k - 1) * recoil), Term("over skill", OVER_SKILL_PENALTY * over)]
        shot = attack.shot if (k == 1 or attack.shot != "aimed") else "normal"
        plan = missile_plan(attack, label=f"shot {k}", shot=shot, extra_terms=terms)
        if isinstance(plan, Impossible):
            return plan
        plans.append(plan)
    return plans


def plan_two_guns(attack: MissileAttack, off_weapon: Weapon, main_shots: int,
                  off_shots: int) -> list[AttackPlan] | Impossible:
    """Two guns: multiple shots from each gun, distance doubled for all, off hand -10,
    recoil per gun; the skill limit counts the shots of both guns."""
    main = replace(attack, two_guns=True, off_hand=False)
    off = replace(attack, two_guns=True, off_hand=True, weapon=off_weapon, use_scope=False)
    c = attack.attacker.character
    over = max(0, main_shots + off_shots - c.skill(main.arm.skill))
    plans: list[AttackPlan] = []
    for part, shots in ((main, main_shots), (off, off_shots)):
        if shots == 0:
            continue
        if not 0 <= shots <= max_shots(part.arm, c.skill(part.arm.skill)):
            return Impossible(f"{part.arm.name}: too many shots ({shots})")
        series = _shot_series(part, shots, over, recoil_penalty(part))
        if isinstance(series, Impossible):
            return series
        plans.extend(series)
    return plans
