"""What a missile attack's plan reads that stays the same from one attack to the next,
remembered (the AI plans every shot at every target each round, `engine.yags.missile`):

- `pairing`: the figures fixed for an attacker's character and weapon against a target's
  character (characters, weapons and armour are immutable values): whether the weapon can be
  carried, the skills, the armour against the weapon, the damage kind, the soak terms, the
  base difficulty by size, and the damage terms by range band and cone;
- `multiplier`: the environment multiplier of a shot and its conditions (exact Fractions);
- `distance_term`: the distance penalty and the effective distance shown with it;
- `term` and `distance_shown`: Terms (immutable values) for the plans to share.

Each returns exactly what the plain functions of the rules modules return for the same
values (tests/test_missile_facts.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from engine.rolls import Term
from engine.yags.attack import can_carry
from engine.yags.character import Character
from engine.yags.damage import ArmourEffect, armour_against, damage_kind, damage_terms, soak_terms
from engine.yags.equipment import Weapon
from engine.yags.missile_rules import BASE_DIFFICULTY, FIREARM_SIZE, environment_multiplier
from engine.yags.tables import RANGE_BAND_DAMAGE, distance_penalty, missile_size_modifier

KEPT = 4096  # pairings remembered before the memo starts afresh


@dataclass(frozen=True, slots=True)
class Pairing:
    """The fixed figures of `attacker` firing `weapon` at `target` (see `pairing`)."""

    attacker: Character
    weapon: Weapon
    target: Character
    carry: bool  # can_carry(attacker, weapon)
    skill: int  # the attacker's skill with the weapon
    defence_skill: int  # the target's Athletics
    kind0: str  # the damage type before armour and size ("mixed" for armour piercing)
    armour: ArmourEffect  # the target's armour against the weapon
    kind: str | None  # the damage kind after armour and size
    soak: tuple[Term, ...]  # the target's soak terms with that armour
    base_difficulty: int  # BASE_DIFFICULTY + the size modifier
    damage: dict[tuple[str, int], tuple[Term, ...]] = field(default_factory=dict)  # by (band, cone damage)

    def damage_terms(self, band: str, cone_damage: int) -> tuple[Term, ...]:
        """damage_terms(attacker, weapon, [band's range term, cone term]) as a tuple."""
        key = (band, cone_damage)
        hit = self.damage.get(key)
        if hit is None:
            extra = [Term(f"{band} range", RANGE_BAND_DAMAGE[band]), Term("cone", cone_damage)]
            hit = self.damage[key] = tuple(damage_terms(self.attacker, self.weapon, extra))
        return hit


_PAIRINGS: dict[tuple[int, int, int], Pairing] = {}


def pairing(attacker: Character, weapon: Weapon, target: Character) -> Pairing:
    """The figures of `attacker` firing `weapon` at `target`, remembered by identity (the
    entry keeps the three alive, so their ids cannot be reused while it lives)."""
    key = (id(attacker), id(weapon), id(target))
    hit = _PAIRINGS.get(key)
    if hit is not None and hit.attacker is attacker and hit.weapon is weapon and hit.target is target:
        return hit
    if len(_PAIRINGS) >= KEPT:
        _PAIRINGS.clear()
    kind0 = "mixed" if weapon.has("armour_piercing") else weapon.damage_type
    armour = armour_against(target.armour, weapon, kind0)
    # Vehicle Scale Weapons: "most man-portable firearms are considered to be Size 5",
    # whoever fires them; other missiles strike with their user's size.
    a_size = FIREARM_SIZE if weapon.is_firearm else attacker.size
    hit = _PAIRINGS[key] = Pairing(
        attacker, weapon, target, can_carry(attacker, weapon), attacker.skill(weapon.skill),
        target.skill("Athletics"), kind0, armour,
        damage_kind(weapon, armour.kind_shift, a_size, target.size, base=kind0),
        tuple(soak_terms(target, armour.value)),
        BASE_DIFFICULTY + missile_size_modifier(attacker.size, target.size),
    )
    return hit


@lru_cache(maxsize=1024, typed=True)
def _multiplier(shot: str, conditions: tuple[str, ...], firearm: bool, laser: bool) -> Fraction:
    return environment_multiplier(shot, conditions, firearm=firearm, laser=laser)


def multiplier(shot: str, conditions: Sequence[str], firearm: bool, laser: bool) -> Fraction:
    """environment_multiplier(shot, conditions, firearm=, laser=), remembered."""
    return _multiplier(shot, tuple(conditions), firearm, laser)


@lru_cache(maxsize=8192, typed=True)
def _distance(distance_m: float, increment_m: float, num: int, den: int) -> tuple[int, float]:
    """distance_penalty's exact arithmetic in whole numbers: the distance and the increment
    as the exact ratios Fraction reads them as, the effective distance p*num / (q*den); its
    float is int / int, correctly rounded as float() of the Fraction is."""
    p, q = distance_m.as_integer_ratio()
    r, s = increment_m.as_integer_ratio()
    if r <= 0 or den <= 0:  # distance_penalty's own answer (an error for a bad increment)
        mult = Fraction(num, den)
        return distance_penalty(distance_m, increment_m, mult), float(Fraction(distance_m) * mult)
    top, bottom = p * num, q * den  # the effective distance, top / bottom
    if top * s <= r * bottom:  # effective <= increment
        penalty = 0
    else:
        penalty = 5 * (-(-(top * s) // (bottom * r)) - 1)  # 5 x (ceil(effective / increment) - 1)
    return penalty, top / bottom


def distance_term(distance_m: float, increment_m: float, mult: Fraction) -> tuple[int, float]:
    """(distance_penalty(distance_m, increment_m, mult), the effective distance in metres as a
    float), remembered by the multiplier's numerator and denominator (no Fraction hashed)."""
    return _distance(distance_m, increment_m, mult.numerator, mult.denominator)


@lru_cache(maxsize=4096)
def term(name: str, value: int, shown: str | None = None) -> Term:
    """`Term(name, value, shown)`, remembered (a Term is immutable: one may be shared)."""
    return Term(name, value, shown)


@lru_cache(maxsize=4096)
def distance_shown(penalty: int, effective_m: float) -> Term:
    """The distance term of a target, as shown with the effective distance (remembered)."""
    return Term("distance", penalty, f"distance +{penalty} ({effective_m:.0f} m)")
