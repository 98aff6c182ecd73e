"""Grenades: a reading built from the text's parts (the text has no explosives; rules-notes).

A throw is dexterity x throwing + 2d10! against the range difficulty of the distance and
the throw's own range category (a third of its reach short, two thirds medium, all of it
long), as for any missile (Ranged Combat). A miss lands off the spot by a metre for every
full five points it missed by (at least one, at most half the distance); a fumble by half
the distance.

The blast is one damage roll, the grenade's number + 2d10!, shared by everyone in reach;
each victim takes it less the range category of his distance in blast radii (within one:
short, two: medium -5, three: long -10, beyond: nothing), one category further out behind
hard cover, against his own soak. A subduing (concussion) blast causes fatigue instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll, Term
from engine.yags_sf.character import Condition, Fighter, penalty_terms
from engine.yags_sf.dice import FUMBLE, OpenRoll, check, roll_2d10
from engine.yags_sf.equipment import Explosive
from engine.yags_sf.firearms import firearm_damage
from engine.yags_sf.plan import AttackPlan, AttackResult, DamagePlan, resolve_damage
from engine.yags_sf.tables import band_modifiers, range_difficulty, weapon_band

BANDS = ("short", "medium", "long")
SCATTER_STEP = 5  # a metre off for every full five points missed by (a reading)
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def throw_reach(fighter: Fighter, explosive: Explosive) -> float:
    """The long range of a throw: strength x the grenade's metres per point."""
    return fighter.attr("strength") * explosive.range_per_strength


def plan_throw(fighter: Fighter, cond: Condition, explosive: Explosive, distance_m: float) -> AttackPlan | Impossible:
    """The throw at a spot `distance_m` away."""
    if cond.out_of_fight:
        return Impossible(f"{fighter.name} is {cond.status}")
    if cond.prone:
        return Impossible(f"{fighter.name} is down: regaining his feet takes the attack action")
    long = throw_reach(fighter, explosive)
    band = weapon_band(distance_m, long / 3, 2 * long / 3, long)
    if band is None:
        return Impossible(f"{fighter.name} throws {long:g} m at most")
    dex, skill = fighter.attr("dexterity"), fighter.skill("throwing")
    terms = (Term("ability", dex * skill, f"Dex {dex} x Throwing {skill}"),
             *penalty_terms(fighter, cond))
    target = [Term("range", range_difficulty(distance_m), f"range {round(distance_m, 1):g} m: {range_difficulty(distance_m)}")]
    if band_modifiers(band)[0]:
        target.append(Term(f"{band} range", band_modifiers(band)[0]))
    fumble = FUMBLE + (2 if skill == 0 else 0)
    return AttackPlan(fighter.name, "spot", f"throw {explosive.name.lower()}", terms, fumble, tuple(target))


def scatter(roll: Roll, distance_m: float) -> float:
    """Metres off the spot: 0 on a hit."""
    if roll.success:
        return 0.0
    most = distance_m / 2
    if roll.fumble or roll.target is None:
        return most
    return min(most, max(1.0, float((roll.target - roll.total) // SCATTER_STEP)))


def throw(dice: Dice, plan: AttackPlan, distance_m: float) -> tuple[Roll, tuple[float, float]]:
    """Roll the throw: the roll and where it lands off the aim (metres east, south)."""
    roll = check(plan.label, plan.terms, roll_2d10(dice), plan.difficulty, plan.difficulty_terms, plan.fumble)
    off = scatter(roll, distance_m)
    if not off:
        return roll, (0.0, 0.0)
    dx, dy = dice.choice(DIRECTIONS)
    norm = (dx * dx + dy * dy) ** 0.5
    return roll, (off * dx / norm, off * dy / norm)


def blast_band(distance_m: float, radius: float, hard_cover: bool = False) -> str | None:
    """The range category of a victim `distance_m` from the blast; None out of reach."""
    if distance_m <= radius:
        i = 0
    elif distance_m <= 2 * radius:
        i = 1
    elif distance_m <= 3 * radius:
        i = 2
    else:
        return None
    i += 1 if hard_cover else 0
    return BANDS[i] if i < len(BANDS) else None


def blast_damage(explosive: Explosive, victim: Fighter, distance_m: float, hard_cover: bool = False) -> DamagePlan | None:
    band = blast_band(distance_m, explosive.radius, hard_cover)
    if band is None:
        return None
    return firearm_damage(explosive.damage, band, victim, subduing=explosive.subduing)


def blast(dice: Dice, thrower: str, explosive: Explosive,
          victims: Sequence[tuple[Fighter, float, bool]]) -> list[AttackResult | None]:
    """One damage roll for the explosion; each victim in reach takes it less his range
    category and soak (None for those out of reach)."""
    shared: OpenRoll | None = None
    out: list[AttackResult | None] = []
    for fighter, distance, covered in victims:
        dp = blast_damage(explosive, fighter, distance, covered)
        if dp is None:
            out.append(None)
            continue
        if shared is None:
            shared = roll_2d10(dice)
        dmg = resolve_damage(dp, shared)
        out.append(AttackResult(thrower, fighter.name, None, None, True, dmg,
                                notes=(f"{explosive.name} at {round(distance, 1):g} m",)))
    return out
