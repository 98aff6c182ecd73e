"""Damage and soak rolls, armour against weapon properties, and the damage kind
(yags-combat.md, Inflicting Damage; Special properties; Properties of armour; Missile Weapon
Properties; Size effects on Damage; rules/README.md for the soak formula).

Damage roll: strength x 4 + weapon damage bonus + d20 for melee and muscle-powered weapons,
the firearm's straight number + d20 otherwise. Soak roll: soak + armour + d20. Neither
fumbles. One level per hit, plus one per full 5 points the damage beats the soak by.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.yags.character import Character
from engine.yags.checks import resolve
from engine.yags.equipment import Armour, Weapon
from engine.yags.tables import round_half_away, shift_damage_kind, size_shift, wounds_inflicted


@dataclass(frozen=True)
class ArmourEffect:
    """What a suit is worth against one attack: protection, and damage category shift."""

    value: int
    kind_shift: int = 0
    notes: tuple[str, ...] = ()


@lru_cache(maxsize=1024)  # weapons and suits are immutable; the AI asks again and again
def armour_against(armour: Armour, weapon: Weapon, kind: str, *, impaling: bool | None = None) -> ArmourEffect:
    """Protection of `armour` against `weapon` doing `kind` damage.

    Per piece: firearms halve armour that is not bullet-proof (heavy firearms ignore it and
    halve light bullet-proof armour); armour-piercing halves all armour (ignores what is
    already halved); impaling halves mail and soft armour; soft armour doubles against stuns
    and mixed (not against armour piercing). Per suit: heavy melee weapons halve light suits; light weapons do one kind
    less against heavy suits; light firearms one kind less against heavy or bullet-proof
    armour (and halve heavy bullet-proof armour). Halves are summed exactly and rounded once.
    """
    if impaling is None:
        impaling = weapon.impaling
    notes: list[str] = []
    shift = 0
    firearm = weapon.is_firearm
    heavy_suit = armour.heavy
    total = Fraction(0)
    worn = armour.worn  # Stacking Armour: overlapping pieces not made to layer count once
    any_bp = any(p.has("bullet_proof") for p in worn)
    for piece in worn:
        value = Fraction(piece.protection)
        bp = piece.has("bullet_proof")
        halved = False
        if firearm:
            if weapon.has("heavy"):
                if not bp:
                    value = Fraction(0)
                elif not heavy_suit:
                    value /= 2
                    halved = True
            elif weapon.has("light") and bp and heavy_suit:
                value /= 2
                halved = True
            elif not bp:
                value /= 2
                halved = True
        if weapon.has("armour_piercing"):
            value = Fraction(0) if halved else value / 2
            halved = True
        if impaling and (piece.has("mail") or piece.has("soft")) and not halved:
            value /= 2
            halved = True
        # Soft armour doubles against stun and mixed attacks, not against the mixed damage of
        # an armour-piercing round, which is "very good at getting through armour" (rules-notes).
        if piece.has("soft") and kind in ("stuns", "mixed") and not impaling and not weapon.has("armour_piercing"):
            value *= 2
        total += value
    if firearm and weapon.has("heavy"):
        notes.append("heavy firearm: armour not bullet-proof ignored")
    elif firearm and armour.pieces:
        notes.append("firearm: armour not bullet-proof halved")
    if weapon.has("armour_piercing"):
        notes.append("armour piercing: armour halved")
    if not firearm and weapon.has("heavy") and armour.pieces and not heavy_suit:
        total /= 2
        notes.append("heavy weapon: light armour halved")
    if weapon.has("light") and (heavy_suit or (firearm and any_bp)):
        shift -= 1
        notes.append("light weapon against heavy armour: one kind less")
    return ArmourEffect(round_half_away(total), shift, tuple(notes))


def damage_kind(weapon: Weapon, armour_shift: int, attacker_size: int, target_size: int,
                base: str | None = None) -> str | None:
    """The kind of damage done: the weapon's (armour piercing does mixed), shifted by armour
    and by size (10+ sizes: one category, 15+: two). None: no effect."""
    kind = base or ("mixed" if weapon.has("armour_piercing") else weapon.damage_type)
    steps = armour_shift + size_shift(attacker_size, target_size)
    return shift_damage_kind(kind, steps)


def damage_terms(attacker: Character | None, weapon: Weapon, extra: Sequence[Term] = ()) -> list[Term]:
    """Strength x 4 + weapon bonus (muscle weapons), or the firearm's number."""
    terms: list[Term] = []
    if weapon.muscle and attacker is not None:
        strength = attacker.attributes["strength"]
        terms.append(Term("strength", strength * 4, f"Str {strength} x 4"))
        if weapon.damage:
            terms.append(Term(weapon.name.lower(), weapon.damage))
    else:
        terms.append(Term(weapon.name, weapon.damage, f"{weapon.name} {weapon.damage}"))
    terms.extend(t for t in extra if t.value)
    return terms


def soak_terms(target: Character, armour_value: int) -> list[Term]:
    terms = [Term("soak", target.soak, f"soak {target.soak}")]
    if armour_value:
        terms.append(Term("armour", armour_value))
    return terms


@dataclass(frozen=True)
class DamageResult:
    damage_roll: Roll
    soak_roll: Roll
    levels: int
    kind: str | None
    notes: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.levels == 0:
            effect = "no damage"
        elif self.kind is None:
            effect = f"{self.levels} levels, no effect"
        else:
            effect = f"{self.levels} {'level' if self.levels == 1 else 'levels'} of {self.kind}"
        return f"{self.damage_roll.describe()}; {self.soak_roll.describe()}: {effect}"


def roll_damage(dice: Dice, attacker: Character | None, weapon: Weapon, target: Character,
                *, extra: Sequence[Term] = (), base_kind: str | None = None,
                attacker_size: int | None = None, impaling: bool | None = None,
                armour: Armour | None = None) -> DamageResult:
    """Roll damage against soak for one hit."""
    a_size = attacker_size if attacker_size is not None else (attacker.size if attacker else 5)
    kind0 = base_kind or ("mixed" if weapon.has("armour_piercing") else weapon.damage_type)
    effect = armour_against(target.armour if armour is None else armour, weapon, kind0, impaling=impaling)
    kind = damage_kind(weapon, effect.kind_shift, a_size, target.size, base=kind0)
    dmg = resolve("damage", damage_terms(attacker, weapon, extra), dice.d20(), fumble_chance=0)
    soak = resolve("soak", soak_terms(target, effect.value), dice.d20(), fumble_chance=0)
    levels = wounds_inflicted(dmg.total, soak.total)
    return DamageResult(dmg, soak, levels, kind, effect.notes)
