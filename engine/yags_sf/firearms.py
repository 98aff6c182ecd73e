"""Firearm attacks: a shot against the range difficulty and the weapon's range categories,
and the special firearm attacks (Ranged Combat; Special Attacks; Special Firearm Attacks).

Cover is a reading built from the text's parts (rules-notes): a target half behind cover is
as hard to hit as at medium range (+5), one mostly behind it as at long range (+15); hard
cover also soaks, as half or full heavy body armour does (8, 15).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.outcome import Impossible
from engine.rolls import Term
from engine.yags_sf.character import Fighter
from engine.yags_sf.dice import FUMBLE
from engine.yags_sf.melee import Side, conditions_fumble, soak_terms, weapon_terms
from engine.yags_sf.plan import AttackPlan, DamagePlan, burst_multiplier
from engine.yags_sf.round import (
    AIM_FUMBLE,
    ATTACK_MOD,
    MELEE_SPECIALS,
    SHOT_STEP,
    Declaration,
    shot_initiatives,
)
from engine.yags_sf.tables import band_modifiers, half, range_difficulty

# Situation.target_cover: (difficulty added, soak added); "full" cannot be shot at.
COVER = {"soft50": (5, 0), "soft90": (15, 0), "hard50": (5, 8), "hard90": (15, 15)}
# The grid's postures as cover (rules-notes): the parent Yags gives crouched the bonus of
# soft 50% cover and prone that of soft 90% (yags-combat.md, Shooting from Cover); a posture
# hides, it stops no bullet.
POSTURE_COVER = {"crouched": "soft50", "prone": "soft90"}
BURST_ROUNDS = 10  # Full Auto: "how many ten round bursts are to be fired"
WALKING_BONUS = 5  # "For each burst beyond the first, there is a cumulative +5 bonus to hit"
TRIPLE_ROUNDS = 3
TRIPLE_DAMAGE = 10  # Triple Shot: "a single damage roll, which gains a +10 bonus"
SINGLE_SHOT_FACTOR = 2  # Single Shot: "gaining twice the normal attack bonus of the weapon"


@dataclass(frozen=True)
class Aim:
    """Where one shot or burst goes: the target, how far, behind what."""

    target: Side
    distance_m: float
    cover: str | None = None
    unaware: bool = False


def shot_cover(cover: str | None, posture: str = "normal") -> str | None:
    """The cover a shot meets: the ground's or the target's posture's (POSTURE_COVER),
    whichever adds more to the difficulty, then to the soak; the ground's on a tie ("Types
    of cover do not stack - take whichever is the best", yags-combat.md)."""
    kind = POSTURE_COVER.get(posture)
    if kind is None or cover == "full":
        return cover
    if COVER[kind] > COVER.get(cover or "", (0, 0)):
        return kind
    return cover


def difficulty_terms(weapon_band: str, distance_m: float, cover: str | None) -> tuple[Term, ...]:
    """The range difficulty, the range category's and the cover's additions."""
    terms = [Term("range", range_difficulty(distance_m), f"range {round(distance_m, 1):g} m: {range_difficulty(distance_m)}")]
    added, _ = band_modifiers(weapon_band)
    if added:
        terms.append(Term(f"{weapon_band} range", added))
    if cover in COVER and COVER[cover][0]:
        terms.append(Term(f"cover {cover}", COVER[cover][0]))
    return tuple(terms)


def firearm_damage(damage: int, band: str, target: Fighter, *, cover: str | None = None,
                   triple: bool = False, burst_rounds: int = 0, halve_soak: bool = False,
                   killing_blow: bool = False, subduing: bool = False, shortfall: int = 0) -> DamagePlan:
    """The straight damage number + 2d10!, less the range category's reduction and the
    shooter's strength shortfall (Strength: "-2 penalty to initiative, attack, defence and
    damage" for every point below the weapon's minimum), against soak."""
    terms = [Term("damage", damage, f"damage {damage}")]
    _, taken = band_modifiers(band)
    if taken:
        terms.append(Term(f"{band} range", -taken))
    if shortfall:
        terms.append(Term("strength shortfall", shortfall))
    if triple:
        terms.append(Term("triple shot", TRIPLE_DAMAGE))
    soak = soak_terms(target, halve_soak, COVER.get(cover or "", (0, 0))[1])
    over = 2 * target.attr("strength") + target.attr("agility")
    return DamagePlan(tuple(terms), soak, burst_multiplier(burst_rounds) if burst_rounds else 1,
                      burst_rounds, over, subduing, killing_blow)


def burst_sizes(bursts: int, rof: int, ammo: int) -> list[int]:
    """Ten-round bursts; a smaller one only when fewer rounds remain; no more rounds than the
    rate of fire."""
    left = min(rof, ammo)
    sizes = []
    for _ in range(bursts):
        if left <= 0:
            break
        sizes.append(min(BURST_ROUNDS, left))
        left -= sizes[-1]
    return sizes


def plan_fire(attacker: Side, aims: Sequence[Aim], *, ammo: int | None = None,
              initiative: int | None = None, environment: Iterable[str] = (),
              first: int = 0) -> list[AttackPlan] | Impossible:
    """The attacks of one firearm action: one aim per shot or burst (multiple shots and full
    auto may spread over several targets). `ammo`: rounds in the weapon (default: a full
    magazine); `initiative`: the shooter's, which limits multiple shots; `first`: the place
    in its series of the first shot planned (a further shot made at its own count: its
    recoil and its label are its place's)."""
    if not aims:
        return Impossible("no target")
    if attacker.cond.out_of_fight:
        return Impossible(f"{attacker.name} is {attacker.cond.status}")
    if attacker.cond.prone:
        return Impossible(f"{attacker.name} is down: regaining his feet takes the attack action")
    fighter = attacker.fighter
    weapon = fighter.wielded(attacker.cond)
    if weapon.melee:
        return Impossible(f"the {weapon.name.lower()} is not a firearm")
    decl = attacker.decl or Declaration()
    special = decl.special
    if special in MELEE_SPECIALS:
        return Impossible(f"{special.replace('_', ' ')} needs a melee weapon")
    rounds_left = weapon.shots if ammo is None else ammo
    if rounds_left <= 0:
        return Impossible(f"the {weapon.name.lower()} is empty: reload")
    if special == "ambush" and not aims[0].unaware:
        return Impossible("an ambush needs a foe unaware of the attack")
    environment = tuple(environment)
    use = fighter.skill_use(weapon)
    aimed = attacker.cond.aimed and special != "full_auto"
    fumble = FUMBLE + use.fumble_extra + conditions_fumble(environment)
    if aimed:
        fumble = max(0, fumble + AIM_FUMBLE)
    if special == "full_auto":
        sizes = burst_sizes(len(aims), weapon.rof or 0, rounds_left)
        chosen = list(aims[:len(sizes)])
    elif special == "multiple_shots":
        n = min(len(aims), rounds_left, weapon.max_rounds)
        if initiative is not None:
            n = min(n, len(shot_initiatives(initiative, n)))
        sizes, chosen = [1] * n, list(aims[:n])
    elif special == "triple_shot":
        if rounds_left < TRIPLE_ROUNDS:
            return Impossible(f"a triple shot needs {TRIPLE_ROUNDS} rounds; {rounds_left} left")
        sizes, chosen = [TRIPLE_ROUNDS], [aims[0]]
    else:
        sizes, chosen = [1], [aims[0]]
    walking = special == "full_auto" and len({a.target.name for a in chosen}) == 1
    plans: list[AttackPlan] = []
    for k, (aim, size) in enumerate(zip(chosen, sizes, strict=True), start=first):
        band = weapon.band(aim.distance_m)
        if band is None:
            return Impossible(f"{aim.target.name} is beyond the {weapon.name.lower()}'s long range ({weapon.long:g} m)")
        if aim.cover == "full":
            return Impossible(f"{aim.target.name} is behind full cover")
        bonus = {"full_auto": 0, "single_shot": SINGLE_SHOT_FACTOR * weapon.attack}.get(special or "", weapon.attack)
        terms = weapon_terms(attacker, weapon, use, bonus)
        if special == "full_auto":
            terms[1] = Term("weapon", 0, "weapon bonus ignored (full auto)")
        if special == "killing_blow":
            terms.append(Term("killing blow", ATTACK_MOD["killing_blow"]))
        if aimed:
            terms.append(Term("aimed", half(fighter.attr("perception"))))
        if k and weapon.recoil:
            terms.append(Term("recoil", weapon.recoil * k))
        if k and walking:
            terms.append(Term("walking fire", WALKING_BONUS * k))
        damage = firearm_damage(weapon.damage, band, aim.target.fighter, cover=aim.cover,
                                triple=special == "triple_shot",
                                burst_rounds=size if special == "full_auto" else 0,
                                halve_soak=special == "ambush",
                                killing_blow=special in ("killing_blow", "ambush"),
                                shortfall=fighter.strength_shortfall(weapon))
        label = {"full_auto": f"burst {k + 1} ({size} rounds)", "multiple_shots": f"shot {k + 1}"}.get(
            special or "", (special or "shot").replace("_", " "))
        offset = SHOT_STEP * k if special == "multiple_shots" else 0
        plans.append(AttackPlan(attacker.name, aim.target.name, label, tuple(terms), fumble,
                                difficulty_terms(band, aim.distance_m, aim.cover), None, damage,
                                "damage", size, offset))
    return plans


def rounds_fired(weapon_rof: int | None, shots: int, special: str | None, bursts: int, ammo: int) -> int:
    """Ammunition an action uses, as `plan_fire` spends it."""
    if special == "full_auto":
        return sum(burst_sizes(bursts, weapon_rof or 0, ammo))
    if special == "triple_shot":
        return TRIPLE_ROUNDS if ammo >= TRIPLE_ROUNDS else 0
    if special == "multiple_shots":
        return min(shots, ammo)
    return min(1, ammo)
