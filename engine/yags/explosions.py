"""Explosions (yags-combat.md, Explosive damage; Example: Large explosions; Taking Cover) and
throwing a grenade at a spot (Missile Combat: Distance Increment; Range Band).

One damage roll for the whole explosion (a Size 5 attack), a soak roll per target; the band
(wounds to the radius, mixed to twice it, stuns to three times, stuns / 5 per further
multiple) sets the kind of damage. Each target's hit is an `AttackPlan` (an automatic hit)
so the preview and the roll share their numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from engine.dice import Dice
from engine.outcome import Impossible, metres
from engine.rolls import Roll, Term
from engine.yags.attack import AttackResult, Fighter
from engine.yags.character import Character
from engine.yags.checks import resolve
from engine.yags.damage import DamageResult, armour_against, damage_kind, damage_terms, soak_terms
from engine.yags.equipment import Weapon
from engine.yags.health import Condition
from engine.yags.missile_parts import attack_terms, dodge_plan
from engine.yags.missile_rules import (
    BASE_DIFFICULTY,
    IMPROVISED_INCREMENT_M,
    environment_multiplier,
    missile_strength_shortfall,
    weapon_ranges,
)
from engine.yags.plan import AttackPlan, CheckPlan, DamagePlan, roll_plan
from engine.yags.tables import distance_penalty, explosion_band, range_band, wounds_inflicted

BLAST_SIZE = 5  # "considered to be a Size 5 attack"
SCATTER_POINTS_PER_METRE = 5
FUMBLE_SCATTER_MARGIN = 10
# d8 scatter directions, 1 = north (-y), then clockwise.
_DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

BlastTarget = tuple[Character, Condition, float, bool]  # who, state, metres from the blast, hard cover between


def explosive_weapon(weapon_or_damage_bonus: Weapon | int, radius: float | None = None) -> Weapon:
    """The explosive as a weapon: a catalogue weapon, or a bare damage bonus (+100 at Ex-10)."""
    if isinstance(weapon_or_damage_bonus, Weapon):
        return weapon_or_damage_bonus
    return Weapon(id="explosion", name="explosion", kind="explosive", skill="Throw",
                  damage=int(weapon_or_damage_bonus), muscle=False, blast_radius=float(radius or 0))


def blast_band(distance_m: float, radius: float, hard_cover_between: bool = False) -> tuple[str | None, int]:
    """explosion_band, but hard cover between the blast and the target moves the target one
    band further out (wounds -> mixed -> stuns -> stuns / 5; rules-notes)."""
    if not hard_cover_between:
        return explosion_band(distance_m, radius)
    multiple = max(1, math.ceil(Fraction(distance_m) / Fraction(radius))) + 1
    return explosion_band(Fraction(radius) * multiple, radius)


def plan_blast(weapon_or_damage_bonus: Weapon | int, radius: float | None, target: Character,
               distance_m: float, hard_cover_between: bool = False, *,
               attacker: str = "explosion", size: int = BLAST_SIZE,
               soak_halved: bool = False) -> AttackPlan | Impossible:
    """One target's share of an explosion: an automatic hit whose damage kind and stun
    divisor come from the band; armour and size shift the kind as for any attack. The soak
    roll of a target at initiative 0 is halved (`soak_halved`); the blast's damage roll is
    the explosive's, not the thrower's, and is never halved (rules-notes)."""
    w = explosive_weapon(weapon_or_damage_bonus, radius)
    r = radius if radius is not None else w.blast_radius
    if not r or r <= 0:
        return Impossible(f"{w.name} has no blast radius")
    band, divisor = blast_band(distance_m, r, hard_cover_between)
    if band is None:
        return Impossible(f"{target.name} is beyond the blast of {w.name}")
    effect = armour_against(target.armour, w, band)
    kind = damage_kind(w, effect.kind_shift, size, target.size, base=band)
    notes = [f"Ex-{r:g} at {metres(distance_m)}: {band}" + (f", stuns / {divisor}" if divisor > 1 else "")]
    if hard_cover_between:
        notes.append("hard cover between: one band further out")
    damage = DamagePlan(tuple(damage_terms(None, w)), tuple(soak_terms(target, effect.value)), kind,
                        stun_divisor=divisor, notes=effect.notes, soak_halved=soak_halved)
    return AttackPlan(attacker=attacker, target=target.name, attack=CheckPlan("blast", (), fumble_chance=0),
                      defence=None, damage=damage, auto_hit_face=1, notes=tuple(notes))


def blast(dice: Dice, weapon_or_damage_bonus: Weapon | int, radius: float | None,
          targets: Sequence[BlastTarget], *, attacker: str = "explosion",
          size: int = BLAST_SIZE, halved: Sequence[bool] = ()) -> list[AttackResult]:
    """Explosive damage: ONE damage roll, then a soak roll per target in reach (in the order
    given; halved for the targets `halved` marks, at initiative 0); one result per target,
    in order (a miss with the reason for those out of reach or already dead). Levels of
    damage: wounds_inflicted(damage, soak)."""
    w = explosive_weapon(weapon_or_damage_bonus, radius)
    zero = list(halved) + [False] * (len(targets) - len(halved))
    plans = [plan_blast(w, radius, c, d, covered, attacker=attacker, size=size, soak_halved=z)
             for (c, _, d, covered), z in zip(targets, zero, strict=True)]
    dmg_terms = next((p.damage.damage_terms for p in plans if isinstance(p, AttackPlan) and p.damage),
                     tuple(damage_terms(None, w)))
    dmg = resolve("blast damage", dmg_terms, dice.d20(), fumble_chance=0)
    results: list[AttackResult] = []
    for (char, cond, _, _), plan in zip(targets, plans, strict=True):
        if isinstance(plan, Impossible) or cond.status == "dead" or plan.damage is None:
            why = plan.reason if isinstance(plan, Impossible) else f"{char.name} is already dead"
            results.append(AttackResult(attacker, char.name, None, None, hit=False, level=0, notes=(why,)))
            continue
        dp = plan.damage
        soak = resolve("soak", dp.soak_terms, dice.d20(), fumble_chance=0, halve=dp.soak_halved)
        levels = wounds_inflicted(dmg.total, soak.total)
        results.append(AttackResult(
            attacker, char.name, None, None, hit=True, level=1,
            damage=DamageResult(dmg, soak, levels, dp.kind, dp.notes),
            stun_divisor=dp.stun_divisor, notes=plan.notes, automatic=True,
            target_halved=dp.soak_halved,
        ))
    return results


# --- throwing at a spot ----------------------------------------------------------------------


def _thrown_weapon(attacker: Fighter, weapon: Weapon | None) -> Weapon:
    c = attacker.character
    w = weapon or (c.grenades[0] if c.grenades else attacker.arm)
    return w.thrown if (w.kind == "melee" and w.thrown is not None) else w


def plan_throw_at_tile(attacker: Fighter, distance_m: float, weapon: Weapon | None = None, *,
                       shot: str = "normal", conditions: Sequence[str] = ()) -> AttackPlan | Impossible:
    """A throw at a spot: dexterity x Throw (the weapon's skill) + d20 against 15 + the
    distance penalty (the weapon's increment, 5 m if it has none: improvised thrown). The
    attack bonus is lost beyond short range; too weak or drawing: a slow snapshot."""
    w = _thrown_weapon(attacker, weapon)
    c = attacker.character
    if attacker.condition.out_of_fight:
        return Impossible(f"{attacker.name} is {attacker.condition.status}")
    if not w.is_missile:
        return Impossible(f"{w.name} cannot be thrown")
    band = range_band(distance_m, *weapon_ranges(w, c.attributes["strength"]))
    if band is None:
        return Impossible(f"{metres(distance_m)} is beyond the long range of {w.name}")
    if attacker.drawing or missile_strength_shortfall(c, w) > 0:
        shot = "snap"
    mult = environment_multiplier(shot, conditions)
    terms = attack_terms(attacker, w, keep_bonus=(band == "short"))
    skill = c.skill(w.skill)
    check = CheckPlan("throw", tuple(terms), 1, unskilled=(skill == 0), halve=attacker.initiative_zero)
    dp = distance_penalty(distance_m, w.increment or IMPROVISED_INCREMENT_M, mult)
    target_terms = (Term("distance", dp),) if dp else ()
    return AttackPlan(attacker=attacker.name, target=f"the spot {metres(distance_m)} away", attack=check,
                      defence=None, base_difficulty=BASE_DIFFICULTY, target_terms=target_terms,
                      attack_fumble_outcome="scatter", notes=(f"{shot} throw at {band} range",))


def scatter(dice: Dice, distance_m: float, miss_margin: int) -> tuple[float, float]:
    """Where a missed throw lands, off the aimed spot (rules-notes): 1 m per 5 points missed
    (round up), at most half the throw's distance (at least 1 m); direction one d8 roll,
    1 north (-y) then clockwise."""
    off_m = min(math.ceil(max(miss_margin, 1) / SCATTER_POINTS_PER_METRE), max(1.0, distance_m / 2))
    dx, dy = _DIRECTIONS[dice.roll(8) - 1]
    scale = off_m / math.sqrt(2) if dx and dy else off_m
    return round(dx * scale, 2), round(dy * scale, 2)


def throw_at_tile(dice: Dice, attacker: Fighter, distance_m: float, weapon: Weapon | None = None, *,
                  shot: str = "normal", conditions: Sequence[str] = ()) -> tuple[Roll, tuple[float, float]] | Impossible:
    """Roll the throw: a hit lands on the spot (0, 0); a miss scatters by the margin it
    missed by, a fumble as a miss by at least 10."""
    plan = plan_throw_at_tile(attacker, distance_m, weapon, shot=shot, conditions=conditions)
    if isinstance(plan, Impossible):
        return plan
    r = roll_plan(dice, plan)
    if r.hit:
        return r.attack_roll, (0.0, 0.0)
    margin = (r.attack_roll.target or 0) - r.attack_roll.total
    if r.attack_roll.fumble:
        margin = max(margin, FUMBLE_SCATTER_MARGIN)
    return r.attack_roll, scatter(dice, distance_m, margin)


# --- taking cover ----------------------------------------------------------------------------


def dodge_blast(dice: Dice, fighter: Fighter, difficulty: int = BASE_DIFFICULTY) -> tuple[Roll | None, int]:
    """Taking Cover: a dodge (agility x Athletics + d20) at 15 moves the fighter its combat
    move away from the blast. Prone, focused or out of the fight: no dodge (None, 0)."""
    if fighter.condition.out_of_fight or fighter.stance in ("prone", "focused"):
        return None, 0
    roll = dodge_plan(fighter, label="dodge the blast").resolve(dice.d20(), difficulty)
    return roll, (fighter.character.combat_move if roll.success else 0)
