"""Autofire, throws at a spot and explosions (step-dice-combat.md, Automatic Weapons and the
explosives paragraph), with exact previews.

- Autofire: "An easy attack roll is made to ensure that you target the correct area, and
  anyone in the area must make a defense roll against average difficulty. Those that suceed
  do not get hit. Those unaware or standing still get their innate defense. Those hit are
  damaged as per the normal rules." The area roll is the attacker's (range and action steps
  on its skill die) against easy; each person's defence is Agility + Athletics, not an
  action, or the innate defence when unaware or still; cover adds to it; basic damage is the
  area roll less that defence and cover, never below 0 (rules-notes).
- A grenade thrown at a spot: Agility + Throwing (range and action steps) against easy, as
  autofire's area roll; a miss lands a quarter of the distance off, at least 1 m, in one of
  eight directions (rules-notes).
- Explosions: "Different damage rolls are made for each person within the different radius'
  of the blast": each victim rolls its band's dice; hard cover between moves it one band
  out (rules-notes); body armour stops wounds as for any hit.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from engine.dice import Dice
from engine.outcome import Impossible, metres
from engine.rolls import Roll, Term
from engine.stepdice.attack import (
    LAMED_STEPS,
    PRONE_STEPS,
    AttackPlan,
    AttackResult,
    Fighter,
    Hit,
    damage_of,
    innate_pool,
    skill_pool,
)
from engine.stepdice.equipment import Explosive, Weapon
from engine.stepdice.preview import StepPreview, outcome_preview
from engine.stepdice.steps import AVERAGE, EASY, Pool, chance_at_least, sum_counts
from engine.stepdice.tables import armour_stops, range_band, range_steps, split_damage

DIRECTIONS = tuple((round(math.cos(math.radians(a)), 6), round(math.sin(math.radians(a)), 6))
                   for a in range(0, 360, 45))


def _attack_pool(attacker: Fighter, label: str, skill: str, band: str) -> Pool:
    """The area roll's dice: the steps of an attack (plan_attack) that fit an area."""
    notes = [f"{band.replace('_', ' ')} range {range_steps(band):+d}"] if range_steps(band) else []
    if attacker.round.count > 1:
        notes.append(f"{attacker.round.count} actions {attacker.round.steps:+d}")
    steps = attacker.round.attack_steps + range_steps(band)
    if attacker.condition.lamed:
        steps += LAMED_STEPS
        notes.append(f"lamed {LAMED_STEPS:+d}")
    held = PRONE_STEPS if attacker.condition.held_by else 0
    if held:
        notes.append(f"prone {PRONE_STEPS:+d} on Agility")
    return skill_pool(label, attacker.character, attacker.condition, "agility", skill, steps, held,
                      notes=tuple(notes))


# --- autofire ----------------------------------------------------------------------------


@dataclass(frozen=True)
class AutofirePlan:
    attacker: Fighter
    weapon: Weapon
    pool: Pool  # the area roll, against easy
    band: str
    targets: tuple[AttackPlan, ...]  # one per person in the area, with its cover


def autofire_defence(f: Fighter) -> Pool:
    """Agility + Athletics for one aware and moving; the innate defence for one unaware or
    standing still."""
    if not f.aware or f.still or f.condition.held_by or f.condition.out_of_fight:
        return innate_pool(f if not f.condition.held_by else replace(f, aware=False))
    pool = skill_pool(f"{f.name}: ducks the autofire", f.character, f.condition, "agility", "athletics").kept()
    return pool


def plan_autofire(attacker: Fighter, weapon: Weapon, distance_m: float,
                  targets: Sequence[tuple[Fighter, str | None]]) -> AutofirePlan | Impossible:
    """Spray the area `distance_m` away; `targets` everyone in it, with the sheet's cover."""
    if not weapon.has("autofire"):
        return Impossible(f"{weapon.name} has no autofire")
    if attacker.condition.out_of_fight or attacker.condition.stunned:
        return Impossible(f"{attacker.name} cannot act")
    band = range_band(distance_m, weapon.short, weapon.medium, weapon.long)
    if band is None:
        return Impossible(f"{metres(distance_m)} is beyond {weapon.name}'s long range ({weapon.long:g} m)")
    pool = _attack_pool(attacker, f"{attacker.name} sprays the area", weapon.skill, band)
    if pool.lost:
        return Impossible(pool.lost_reason())
    plans = tuple(AttackPlan(attacker, t, "autofire", weapon, pool, 1, cover, band, None, weapon.damage,
                             weapon.damage_type, "body") for t, cover in targets)
    return AutofirePlan(attacker, weapon, pool, band, plans)


def _autofire_hit(plan: AttackPlan, area: int, defence: int, face: int) -> Hit:
    difficulty = defence + plan.cover_difficulty
    h = damage_of(plan, max(area, difficulty), difficulty, face)
    return replace(h, attack=area)


def resolve_autofire(dice: Dice, plan: AutofirePlan) -> list[AttackResult]:
    """The area roll, then each person's defence roll against average and, when hit, the
    weapon's damage die."""
    area = plan.pool.roll(dice, target=EASY, target_terms=(Term("easy", EASY, "easy 3"),))
    out: list[AttackResult] = []
    for p in plan.targets:
        t = p.target
        if not area.success:
            out.append(AttackResult(plan.attacker.name, t.name, "autofire", "none", (area,)))
            continue
        d_pool = autofire_defence(t)
        terms = (Term("average", AVERAGE, "average 7"),)
        d = d_pool.roll(dice)
        total = d.total + p.cover_difficulty
        d = replace(d, total=total, target=AVERAGE, target_terms=terms, level=int(total >= AVERAGE),
                    notes=d.notes + ((f"{p.cover} cover +{p.cover_difficulty}",) if p.cover else ()))
        if d.success:
            out.append(AttackResult(plan.attacker.name, t.name, "autofire", "autofire defence", (area, d)))
            continue
        face = dice.roll(p.damage_die)
        dmg = Roll(f"{plan.weapon.name} damage", (Term("damage", face, f"d{p.damage_die} ({face})"),), None, face)
        hit = _autofire_hit(p, area.total, total - p.cover_difficulty, face)
        out.append(AttackResult(plan.attacker.name, t.name, "autofire", "autofire defence", (area, d, dmg), (hit,)))
    return out


def preview_autofire(plan: AutofirePlan, index: int = 0) -> StepPreview:
    """The exact preview for the `index`th person in the area."""
    p = plan.targets[index]
    dealt: dict[tuple[int, int, int], Fraction] = defaultdict(Fraction)
    defence = autofire_defence(p.target).distribution()
    faces = range(1, p.damage_die + 1)
    for a, pa in plan.pool.distribution().items():
        if a < EASY:
            dealt[(0, 0, 0)] += pa
            continue
        for d, pd in defence.items():
            if d + p.cover_difficulty >= AVERAGE:
                dealt[(0, 0, 0)] += pa * pd
                continue
            for face in faces:
                h = _autofire_hit(p, a, d, face)
                dealt[(1, h.stun, h.wounds)] += pa * pd / len(faces)
    pv = outcome_preview(p.target.character, p.target.condition, dict(dealt), defence="autofire defence",
                         notes=plan.pool.notes)
    return replace(pv, attack_pool=plan.pool, defence_pool=autofire_defence(p.target))


# --- throwing at a spot ----------------------------------------------------------------------


def plan_throw(thrower: Fighter, explosive: Explosive, distance_m: float) -> Pool | Impossible:
    if thrower.condition.out_of_fight or thrower.condition.stunned:
        return Impossible(f"{thrower.name} cannot act")
    band = range_band(distance_m, explosive.short, explosive.medium, explosive.long)
    if band is None:
        return Impossible(f"{metres(distance_m)} is beyond a {explosive.name}'s throw ({explosive.long:g} m)")
    pool = _attack_pool(thrower, f"{thrower.name} throws a {explosive.name}", "throwing", band)
    if pool.lost:
        return Impossible(pool.lost_reason())
    return pool


def throw_chance(pool: Pool) -> Fraction:
    return chance_at_least(pool.distribution(), EASY)


def throw_at(dice: Dice, pool: Pool, distance_m: float) -> tuple[Roll, tuple[float, float]]:
    """The throw's roll and where it lands off the spot aimed at (metres)."""
    roll = pool.roll(dice, target=EASY, target_terms=(Term("easy", EASY, "easy 3"),))
    if roll.success:
        return roll, (0.0, 0.0)
    off = max(1.0, distance_m / 4)
    dx, dy = dice.choice(DIRECTIONS)
    return replace(roll, notes=roll.notes + (f"lands {off:g} m off",)), (dx * off, dy * off)


# --- explosions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlastResult:
    attacker: str
    target: str
    band: int  # 0 is the nearest
    rolls: tuple[Roll, ...]
    stun: int
    wounds: int
    armour: int = 0
    effects: tuple[str, ...] = ()
    mode: str = "blast"

    fumble_outcome = None  # the sheet has no fumbles
    counter_strike = False

    @property
    def hit(self) -> bool:
        return True

    def describe(self) -> str:
        head = f"blast ({self.band + 1}) on {self.target}: {self.stun} stun, {self.wounds} wounds"
        return "\n".join([head] + ["  " + r.describe() for r in self.rolls])


def blast_band(explosive: Explosive, distance_m: float, hard_cover_between: bool = False) -> int | None:
    band = explosive.band(distance_m)
    if band is None:
        return None
    band += 1 if hard_cover_between else 0
    return band if band < len(explosive.bands) else None


def blast_damage(explosive: Explosive, victim: Fighter, points: int) -> tuple[int, int, int]:
    """(stun, wounds, armour) of a blast's roll on a victim."""
    stun, wounds = split_damage(points, explosive.damage_type)
    wounds, stopped = armour_stops(wounds, victim.character.protection("body"))
    return stun, wounds, stopped


def blast(dice: Dice, thrower: str, explosive: Explosive,
          victims: Sequence[tuple[Fighter, float, bool]]) -> list[BlastResult | None]:
    """One result per victim (its own damage roll), None beyond the blast's reach."""
    out: list[BlastResult | None] = []
    for v, distance, covered in victims:
        band = blast_band(explosive, distance, covered)
        if band is None:
            out.append(None)
            continue
        dice_sides = explosive.bands[band].dice
        faces = [dice.roll(s) for s in dice_sides]
        terms = tuple(Term(f"d{s}", f, f"d{s} ({f})") for s, f in zip(dice_sides, faces, strict=True))
        roll = Roll(f"{explosive.name} on {v.name}", terms, None, sum(faces),
                    notes=(f"{metres(distance)}: band {band + 1}" + (", behind hard cover" if covered else ""),))
        stun, wounds, armour = blast_damage(explosive, v, sum(faces))
        out.append(BlastResult(thrower, v.name, band, (roll,), stun, wounds, armour))
    return out


def preview_blast(explosive: Explosive, victim: Fighter, distance_m: float,
                  hard_cover_between: bool = False) -> StepPreview | Impossible:
    band = blast_band(explosive, distance_m, hard_cover_between)
    if band is None:
        return Impossible(f"{metres(distance_m)} is beyond the {explosive.name}'s reach")
    dealt: dict[tuple[int, int, int], Fraction] = defaultdict(Fraction)
    for points, n, cases in sum_counts(explosive.bands[band].dice):
        stun, wounds, _ = blast_damage(explosive, victim, points)
        dealt[(1, stun, wounds)] += Fraction(n, cases)
    return outcome_preview(victim.character, victim.condition, dict(dealt), defence="none")
