"""The missile rules that come before any attack (yags-combat.md, Missile Combat): the
constants, threat bands and close quarters (Reach and Close Combat; Impaired; Crippled), the
distance multipliers of shots and conditions (Other Modifiers), ranges and thrown weapons,
Character Strength, Scopes, and the loading and reloading times (Reloading Weapons)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from engine.yags.attack import STANCE_MODIFIERS
from engine.yags.character import Character
from engine.yags.equipment import Weapon
from engine.yags.tables import (
    ENVIRONMENT_MULTIPLIER,
    SHOT_MULTIPLIER,
)

CLOSE, MELEE, MOVE = 0, 1, 2  # threat bands (Close Quarters Battle)
MELEE_BAND_M = 3
BASE_DIFFICULTY = 15
IMPROVISED_INCREMENT_M = 5  # Distance Increment: improvised thrown weapons
SHOT_SPEED = {"normal": "normal", "snap": "fast", "careful": "slow", "aimed": "slow"}
FIREARM_WIND = {"moderate_wind": 1, "high_wind": 2, "very_high_wind": 3}
STANCE_COVER = {"crouched": "crouched", "prone": "prone"}
OFF_HAND_PENALTY = -10
OVER_SKILL_PENALTY = -10
MELEE_CROWD_FUMBLE = 3
# Firing into melee: "If someone is wrestling with the intended target, add +5 to +15 to the
# fumble chance, depending on how bad a shot it is": by the range band (rules-notes).
WRESTLING_FUMBLE = {"short": 5, "medium": 10, "long": 15}
PRONE_ATTACK = STANCE_MODIFIERS["prone"][0]  # Stance, Prone: "Attack and defence rolls ... -10"
MAX_SHOTS = 10
TWO_HANDS_STRENGTH = 2
FIREARM_SIZE = 5


# --- threat bands ----------------------------------------------------------------------------


def threat_band_for(distance_m: float, target_combat_move: float, grappling: bool = False,
                    target_in_melee_with_attacker: bool = False,
                    target_melee_reach: int | None = None) -> int | None:
    """Close Quarters Battle: 0 Close (grappling, or the target fights you with a reach-0
    weapon), 1 Melee (the target fights you in melee, or is within 3 m), 2 Move (within the
    target's combat move); None beyond."""
    if grappling or (target_in_melee_with_attacker and target_melee_reach == 0):
        return CLOSE
    if target_in_melee_with_attacker or distance_m <= MELEE_BAND_M:
        return MELEE
    if distance_m <= target_combat_move:
        return MOVE
    return None


def close_quarters(weapon_reach: int, band: int | None) -> str | None:
    """Impaired (reach equal to the threat band) or Crippled (reach greater); None if the
    weapon is unaffected (reach lower, or beyond Move range)."""
    if band is None or weapon_reach < band:
        return None
    return "impaired" if weapon_reach == band else "crippled"


# --- distance --------------------------------------------------------------------------------


def environment_multiplier(shot: str, conditions: Iterable[str], *, firearm: bool = False,
                           laser: bool = False) -> Fraction:
    """Other Modifiers: the shot's multiple (snap x2, careful x1/2, aimed x1/3) times each
    condition's. Firearms ignore moderate wind and take x2 / x3 for high / very high wind;
    lasers ignore wind (Laser). Snap x moving x running = x8."""
    if shot not in SHOT_MULTIPLIER:
        raise ValueError(f"unknown shot {shot!r}; expected one of {', '.join(SHOT_MULTIPLIER)}")
    m = SHOT_MULTIPLIER[shot]
    for c in conditions:
        if c not in ENVIRONMENT_MULTIPLIER:
            raise ValueError(f"unknown condition {c!r}; expected one of {', '.join(ENVIRONMENT_MULTIPLIER)}")
        if c in FIREARM_WIND and laser:
            continue
        m *= FIREARM_WIND[c] if (c in FIREARM_WIND and firearm) else ENVIRONMENT_MULTIPLIER[c]
    return m


def is_thrown(weapon: Weapon) -> bool:
    return weapon.has("thrown") or weapon.skill == "Throw"


def weapon_ranges(weapon: Weapon, strength: int) -> tuple[float, float, float]:
    """Short, medium, long in metres (thrown weapons: metres per point of strength)."""
    k = strength if weapon.range_per_strength else 1
    return weapon.short * k, weapon.medium * k, weapon.long * k


def missile_strength_shortfall(character: Character, weapon: Weapon, two_hands: bool = True) -> int:
    """Character Strength: two hands add +2, unless the weapon needs two hands anyway (bows)."""
    bonus = TWO_HANDS_STRENGTH if two_hands and "bow" not in weapon.weapon_class else 0
    return max(0, weapon.strength - character.attributes["strength"] - bonus)


def scope_bonus(weapon: Weapon, shot: str) -> int:
    """Scopes: only on careful or aimed shots; a laser scope +20 then, +10 otherwise."""
    steady = shot in ("careful", "aimed")
    if weapon.laser_scope:
        return 20 if steady else 10
    return weapon.scope if steady else 0


# --- loading ---------------------------------------------------------------------------------


def load_time(weapon: Weapon, skill: int) -> int:
    """Reloading Weapons (Lo-X): X rounds; with zero skill +1 or doubled, whichever is
    greater. The weapon fires (slow) the round after; Lo-0 loads and fires the same round
    as a slow snapshot (MissileAttack.just_loaded)."""
    x = weapon.reload
    return max(x + 1, 2 * x) if skill == 0 else x


def reload_time(weapon: Weapon, skill: int) -> int:
    """Magazines and reloading: rounds to refill a magazine (`reload`); single-load weapons
    use load_time."""
    return weapon.reload if weapon.capacity > 0 else load_time(weapon, skill)
