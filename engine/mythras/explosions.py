"""Grenades and charges: a rule built from the SRD's own parts (it has none of its own).

- Throwing at a spot is a ranged attack with Athletics (0003: Athletics covers throwing) or
  a Combat Style that covers grenades, with the ranged situational grades (0005). On a
  failure the grenade scatters: a random compass point (d8), 1d6 metres per range band
  (close 1d6, effective 2d6, long 3d6); a fumble scatters like a long throw (rules-notes).
- The blast strikes several Hit Locations at once (0004 Hit Locations: "an exploding
  grenade ... may strike several Hit Locations simultaneously"), as the Fire Intensity
  table spreads heat (0004 Fires): within the inner third of the blast radius every
  location (Intensity 5), within two thirds 1d4+1 locations (Intensity 3-4, drawn by d20
  with repeats rolled again), out to the radius one location (Intensity 1-2).
- Each location struck takes its own roll of the explosive's damage (as each round of a
  burst does, 0005 Burst), less cover hiding it and its Armor Points; no Damage Modifier.
- A victim may Evade (0005 Evading: "dive clear"), an Opposed Roll against the throw: the
  winner avoids all damage, and ends prone either way. Knockback: the highest damage
  rolled against SIZ (0005 Knockback). No special effects come from a blast.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from engine.dice import Dice
from engine.exchange_types import Effect
from engine.mythras.character import Character
from engine.mythras.checks import D100Roll, level_counts, resist, roll_skill
from engine.mythras.dicexpr import distribution, roll_expr, ways
from engine.mythras.equipment import Weapon
from engine.mythras.health import MythrasState
from engine.mythras.outcome import Hit, location_roll
from engine.mythras.preview import WOUNDS, exchange_counts
from engine.mythras.ranged import BANDS, Cover, range_band, situational_grades
from engine.mythras.tables import (
    LOCATION_FACES,
    LOCATIONS,
    grade_allows_roll,
    grade_skill,
    hardest,
    hit_location,
    knockback_m,
)
from engine.rolls import Roll, Term

COMPASS = [(round(math.cos(math.radians(45 * k)), 4), round(math.sin(math.radians(45 * k)), 4)) for k in range(8)]


def blast_band(weapon: Weapon, distance_m: float) -> str | None:
    """'all', 'several', 'one' or None (out of reach) by thirds of the blast radius."""
    r = weapon.blast_radius_m
    if r <= 0 or distance_m > r:
        return None
    if distance_m <= r / 3:
        return "all"
    return "several" if distance_m <= 2 * r / 3 else "one"


@dataclass(frozen=True)
class ThrowPlan:
    skill_name: str
    skill: int
    grade: str
    band: str

    @property
    def target(self) -> int:
        return grade_skill(self.skill, self.grade) if grade_allows_roll(self.grade) else 0


def plan_throw(character: Character, state: MythrasState, weapon: Weapon, distance_m: float,
               situations: frozenset[str] = frozenset()) -> ThrowPlan | str:
    """The throw's skill and grade, or the reason it cannot be made."""
    band = range_band(weapon, distance_m)
    if band is None:
        return f"{distance_m:.0f} m is beyond the {weapon.name}'s long range"
    if state.out_of_fight or not state.can_attack:
        return f"{character.name} cannot throw now"
    key, skill, grade = character.weapon_skill(weapon)
    grades = [grade, *(g for _, g in situational_grades(weapon, situations)), state.skill_grade()]
    if state.prone:
        grades.append("herculean")  # attacker prone (0005 Ranged Combat Situational Modifiers)
    final = hardest(*grades)
    if final == "hopeless":
        return "hopeless: no attempt can be made"
    return ThrowPlan(character.skill_label(key), skill, final, band)


@dataclass(frozen=True)
class Throw:
    roll: D100Roll
    offset: tuple[float, float]  # metres off the spot aimed at
    scatter: Roll | None = None


def throw_at(dice: Dice, character: Character, plan: ThrowPlan) -> Throw:
    """Roll the throw; a failure scatters (see the module's rule)."""
    roll = roll_skill(dice, f"{character.name} throws", plan.skill_name, plan.skill, plan.grade)
    if roll.succeeded:
        return Throw(roll, (0.0, 0.0))
    steps = 3 if roll.outcome == "fumble" else BANDS.index(plan.band) + 1
    far = roll_expr(dice, f"{steps}d6", f"{character.name}: scatter (m)")
    face = dice.roll(8)
    dx, dy = COMPASS[face - 1]
    scatter = Roll(far.label, (*far.terms, Term("d8", face, f"direction d8 ({face})")), None, far.total)
    return Throw(roll, (round(dx * far.total, 2), round(dy * far.total, 2)), scatter)


def chance_to_land(plan: ThrowPlan) -> Fraction:
    """The exact chance the throw lands on its spot."""
    c = level_counts(plan.target)
    return Fraction(c["success"] + c["critical"], 100)


@dataclass(frozen=True)
class BlastResult:
    target: str
    band: str
    evaded: bool
    hits: tuple[Hit, ...]
    rolls: tuple[Roll, ...]
    target_changes: tuple[tuple[str, Any], ...]
    world: tuple[tuple[str, Any], ...]
    events: tuple[str, ...]
    against: D100Roll | None  # the throw's roll (none when the throw was not rolled here)

    @property
    def damage(self) -> int:
        return sum(h.damage for h in self.hits)

    # --- what the world reads (engine.ruleset.Outcome) ---------------------------------------

    @property
    def hit(self) -> bool:
        return bool(self.hits)

    @property
    def effects(self) -> tuple[Effect, ...]:
        from engine.mythras.facts import world_effects

        return world_effects(self.target, self.target_changes, self.world, self.evaded or not self.hits)

    @property
    def fumble_outcome(self) -> str | None:
        return None

    @property
    def counter_strike(self) -> bool:
        return False

    def describe(self) -> str:
        from engine.mythras.outcome import _hit_line

        return "\n".join([r.describe() for r in self.rolls] + [_hit_line(self.target, h) for h in self.hits]
                         + list(self.events)
                         + ([] if self.hits or self.evaded else [f"the blast does not touch {self.target}"]))


def _struck(dice: Dice, band: str, rolls: list[Roll], label: str) -> list[str]:
    if band == "all":
        return list(LOCATIONS)
    count = 1
    if band == "several":
        r = roll_expr(dice, "1d4+1", f"{label}: locations struck")
        rolls.append(r)
        count = r.total
    out: list[str] = []
    while len(out) < count:
        face = dice.roll(20)
        loc = hit_location(face)
        rolls.append(location_roll(f"{label}: hit location", face, loc))
        if loc not in out:
            out.append(loc)
    return out


def blast(dice: Dice, weapon: Weapon, throw_roll: D100Roll | None, victim: Character, state: MythrasState,
          distance_m: float, cover: Cover | None = None, evade: bool = False) -> BlastResult | None:
    """What the explosion does to one victim (None: out of its reach); diving clear (`evade`)
    is against the throw's roll, so there is none without it."""
    band = blast_band(weapon, distance_m)
    if band is None or state.dead:
        return None
    label = f"{weapon.name} on {victim.name}"
    rolls: list[Roll] = []
    changes: list[tuple[str, Any]] = []
    events: list[str] = []
    world: list[tuple[str, Any]] = []
    if evade and state.can_defend and throw_roll is not None:
        ok, r = resist(dice, f"{victim.name}: Evade (diving clear)", "Evade", victim.skill("evade"), throw_roll,
                       state.skill_grade())
        rolls.append(r)
        changes.append(("prone", True))
        if ok:
            events.append(f"{victim.name} dives clear of the {weapon.name}")
            return BlastResult(victim.name, band, True, (), tuple(rolls), tuple(changes), (), tuple(events), throw_roll)
    hits: list[Hit] = []
    top = 0
    for loc in _struck(dice, band, rolls, label):
        dmg = roll_expr(dice, weapon.damage, f"{label}: damage to the {loc.replace('_', ' ')}")
        rolls.append(dmg)
        top = max(top, dmg.total)
        cover_ap = 0
        if cover is not None and loc in cover.locations:
            cover_ap = dmg.total if cover.ap is None else cover.ap
        left = max(0, dmg.total - cover_ap)
        armour = state.armour_at(loc)
        hits.append(Hit(loc, dmg.total, dmg.total, cover_ap, armour, max(0, left - armour)))
    kb = knockback_m(top, victim.siz, state.braced)
    if kb:
        world.append(("knockback", kb))
        events.append(f"{victim.name} is thrown back {kb} m")
    return BlastResult(victim.name, band, False, tuple(hits), tuple(rolls), tuple(changes), tuple(world),
                       tuple(events), throw_roll)


# --- the exact preview ----------------------------------------------------------------------


@lru_cache(maxsize=8)
def _set_chances(band: str) -> dict[frozenset[str], Fraction]:
    """The chance of each set of locations struck (distinct d20 draws, repeats rolled again);
    the same for every blast of the band, so worked out once (callers do not change it)."""
    if band == "all":
        return {frozenset(LOCATIONS): Fraction(1)}
    counts = [1] if band == "one" else [2, 3, 4, 5]
    out: dict[frozenset[str], Fraction] = defaultdict(Fraction)

    def draw(have: frozenset[str], left: int, p: Fraction) -> None:
        if left == 0:
            out[have] += p
            return
        free = [loc for loc in LOCATIONS if loc not in have]
        total = sum(LOCATION_FACES[loc] for loc in free)
        for loc in free:
            draw(have | {loc}, left - 1, p * Fraction(LOCATION_FACES[loc], total))

    for k in counts:
        draw(frozenset(), k, Fraction(1, len(counts)))
    return dict(out)


@dataclass(frozen=True)
class BlastPreview:
    band: str
    p_evade: Fraction
    p_location: dict[str, Fraction]  # the chance each location is struck
    p_wound: dict[str, Fraction]  # the worst wound left

    @property
    def p_hit(self) -> Fraction:
        return 1 - self.p_evade


def preview_blast(weapon: Weapon, victim: Character, state: MythrasState, distance_m: float,
                  cover: Cover | None = None, evade_skill: int | None = None,
                  throw_skill: int | None = None) -> BlastPreview | None:
    """Exactly what the blast does to `victim` at `distance_m` (None: out of reach); with
    `evade_skill` and `throw_skill` (both after grades) the victim evades."""
    band = blast_band(weapon, distance_m)
    if band is None:
        return None
    p_evade = Fraction(0)
    if evade_skill is not None and throw_skill is not None:
        wins = sum(k for (w, _, _, _, _), k in exchange_counts(throw_skill, evade_skill, True, False) if w == "defender")
        p_evade = Fraction(wins, 10000)
    starts = tuple(victim.hit_points[loc] for loc in LOCATIONS)
    base_loc, base_wound = _blast_chances(weapon, band, state.hp, starts, state.armour, cover)
    p_loc = {loc: p * (1 - p_evade) for loc, p in base_loc.items()}
    below, p_wound = Fraction(0), {}
    for level in WOUNDS:
        q = p_evade + (1 - p_evade) * base_wound[level]
        p_wound[level] = q - below
        below = q
    return BlastPreview(band, p_evade, p_loc, p_wound)


@lru_cache(maxsize=4096)
def _blast_chances(weapon: Weapon, band: str, hp: tuple[int, ...], starts: tuple[int, ...],
                   armour: tuple[int, ...], cover: Cover | None) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """For a blast that is not evaded: the chance each location is struck, and the chance
    the worst wound is at most each level (the same for every victim with these hit points,
    armour and cover, so the AI's many previews of one blast share it)."""
    dist, total = distribution(weapon.damage), ways(weapon.damage)
    at_most: dict[str, dict[str, Fraction]] = {}
    for i, loc in enumerate(LOCATIONS):
        per: dict[int, int] = defaultdict(int)
        for rolled, n in dist.items():
            cover_ap = 0
            if cover is not None and loc in cover.locations:
                cover_ap = rolled if cover.ap is None else cover.ap
            per[max(0, max(0, rolled - cover_ap) - armour[i])] += n
        limits = {"none": 0, "minor": hp[i] - 1, "serious": hp[i] + starts[i] - 1, "major": 10 ** 6}
        at_most[loc] = {lv: Fraction(sum(q for d, q in per.items() if d == 0 or d <= lim), total)
                        for lv, lim in limits.items()}
    sets = _set_chances(band)
    p_loc = {loc: sum((p for s, p in sets.items() if loc in s), Fraction(0)) for loc in LOCATIONS}
    at_most_level = {level: sum((p * _prod(at_most[loc][level] for loc in s) for s, p in sets.items()), Fraction(0))
                     for level in WOUNDS}
    return p_loc, at_most_level


def _prod(values: Any) -> Fraction:
    out = Fraction(1)
    for v in values:
        out *= v
    return out
