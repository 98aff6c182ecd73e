"""The rules texts' tables as code.

Each function names the section of `yags-core.md` or `yags-combat.md` it implements, so a
reader can hold the two side by side. Tools and tests call these names through `engine.yags`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

# yags-core.md, Standards / Fractions: round to nearest, halves away from zero.
Number = int | float | Fraction


def round_half_away(x: Number) -> int:
    """Round to nearest, halves away from zero (yags-core.md, Standards)."""
    f = Fraction(x)
    sign = -1 if f < 0 else 1
    return sign * math.floor(abs(f) + Fraction(1, 2))


def half_up(x: int) -> int:
    """Halve, rounding halves up (away from zero)."""
    if type(x) is int:  # the same in whole numbers: no Fraction made
        return (x + 1) // 2 if x >= 0 else -((1 - x) // 2)
    return round_half_away(Fraction(x, 2))


# --- yags-core.md, Degree of Success -------------------------------------------------------

SUCCESS_NAMES = ("failure", "success", "good", "excellent", "superb", "fantastic", "amazing")


def success_level(total: int, target: int) -> int:
    """0 failure, 1 success (meets the target), 2 good (+10), 3 excellent (+20), 4 superb
    (+30), 5 fantastic (+40), 6 amazing (+50 or more)."""
    if total < target:
        return 0
    return 1 + min((total - target) // 10, 5)


def failure_level(total: int, target: int) -> int:
    """How many levels a check failed by: 0 if it succeeded, 1 for missing by 1-10, 2 for
    11-20, ... (used by bullet shyness: "each level it is failed by"; see rules-notes)."""
    if total >= target:
        return 0
    return 1 + (target - total - 1) // 10


# --- yags-combat.md, Inflicting Damage and Stun Damage --------------------------------------

WOUND_PENALTIES = (0, 0, -5, -10, -15, -25, -40)
WOUND_NAMES = ("okay", "minor", "light", "medium", "heavy", "critical", "fatal")
STUN_NAMES = ("okay", "minor", "light", "medium", "heavy", "critical", "beaten")
TRACK_LENGTH = 6  # fatal / beaten


def wounds_inflicted(damage_roll: int, soak_roll: int) -> int:
    """Levels of damage: one if damage >= soak, plus one per full 5 points above it."""
    if damage_roll < soak_roll:
        return 0
    return 1 + (damage_roll - soak_roll) // 5


def injury_penalty(levels: int) -> int:
    """Penalty of the wound or stun track at `levels` (0, 0, -5, -10, -15, -25, -40 from 6 on)."""
    if levels < 0:
        raise ValueError(f"levels must be >= 0, not {levels}")
    return WOUND_PENALTIES[min(levels, TRACK_LENGTH)]


def _stuns_after(stuns: int, levels: int) -> int:
    """Stuns are not cumulative: more than you have replaces, at least half adds one."""
    if levels <= 0:
        return stuns
    if levels > stuns:
        return levels
    if 2 * levels >= stuns:
        return stuns + 1
    return stuns


DAMAGE_KINDS = ("ineffective", "stuns", "mixed", "wounds")


def apply_damage(stuns: int, wounds: int, levels: int, kind: str) -> tuple[int, int]:
    """New (stuns, wounds) after `levels` of damage of `kind`.

    wounds: add. stuns: replace if more, +1 if at least half. mixed: half on stuns (odd
    level on stuns), half on wounds, both cumulative. ineffective: as stuns, halved (round
    down). Stuns past beaten (6) wrap onto wounds (Large explosions example: 10 stuns and
    9 wounds become 6 stuns and 13 wounds). The wound count may pass 6.
    """
    if kind not in DAMAGE_KINDS:
        raise ValueError(f"unknown damage kind {kind!r}; expected one of {DAMAGE_KINDS}")
    if levels < 0:
        raise ValueError(f"levels must be >= 0, not {levels}")
    if kind == "wounds":
        wounds += levels
    elif kind == "stuns":
        stuns = _stuns_after(stuns, levels)
    elif kind == "ineffective":
        stuns = _stuns_after(stuns, levels // 2)
    else:  # mixed
        stuns += (levels + 1) // 2
        wounds += levels // 2
    if stuns > TRACK_LENGTH:
        wounds += stuns - TRACK_LENGTH
        stuns = TRACK_LENGTH
    return stuns, wounds


def fatal_check_target(wounds: int) -> int | None:
    """Health check target on reaching fatal: 20 + 5 per wound beyond 6; None below fatal."""
    if wounds < TRACK_LENGTH:
        return None
    return 20 + 5 * (wounds - TRACK_LENGTH)


def first_aid_difficulty(stun_levels: int, wound_levels: int, base: int = 10) -> int:
    """Healing and First aid: base 10 (0 for stuns) + half the wound and stun penalties,
    rounded up. Moderate wounds, light stuns: 10 + (10 + 5) / 2 = 18; beaten and fatal: 50."""
    total = -(injury_penalty(stun_levels) + injury_penalty(wound_levels))
    return base + half_up(total)


# --- yags-combat.md, Declaring Defences ----------------------------------------------------

_DEFENCE_PENALTIES = {0: 0, 1: 0, 2: -10, 3: -20, 4: -40, 5: -60, 6: -80}


def defence_penalty(defences: int) -> int:
    """Penalty to all attacks and defences for declaring `defences` defences in a round.
    The table stops at 6 (-80); beyond it we continue at -20 a defence (rules-notes)."""
    if defences < 0:
        raise ValueError(f"defences must be >= 0, not {defences}")
    if defences in _DEFENCE_PENALTIES:
        return _DEFENCE_PENALTIES[defences]
    return -80 - 20 * (defences - 6)


def max_defences(agility: int, perception: int, defensive: bool = False) -> int:
    """Average of agility and perception, rounded up; +1 in the defensive stance."""
    return -(-(agility + perception) // 2) + (1 if defensive else 0)


# --- yags-combat.md, Missile Combat: Range Bands and Distance ------------------------------


@lru_cache(maxsize=4096)  # exact Fraction arithmetic; the same distances recur
def distance_penalty(distance_m: Number, increment_m: Number, multiplier: Number = 1) -> int:
    """+5 to the target per multiple of the increment beyond the first, on the effective
    distance (distance x environment multiplier). Bow, increment 10: 0 up to and including
    10 m, +5 up to 20 m, +10 up to 30 m."""
    if increment_m <= 0:
        raise ValueError(f"increment must be positive, not {increment_m}")
    effective = Fraction(distance_m) * Fraction(multiplier)
    if effective <= increment_m:
        return 0
    return 5 * (math.ceil(effective / Fraction(increment_m)) - 1)


def crowd_distance_penalty(penalty: int, targets: int) -> int:
    """Firing at a crowd: -5 to the distance modifier per doubling of targets, not below 0."""
    doublings = int(math.log2(targets)) if targets >= 1 else 0
    return max(0, penalty - 5 * doublings)


RANGE_BANDS = ("short", "medium", "long")
RANGE_BAND_DAMAGE = {"short": 0, "medium": -5, "long": -10}
# Base fumble chance by band, except thrown weapons (Range Band table).
RANGE_BAND_FUMBLE = {"short": 1, "medium": 3, "long": 10}


def range_band(distance_m: Number, short_m: Number, medium_m: Number, long_m: Number) -> str | None:
    """"short", "medium" or "long" (each band includes its limit); None beyond long range."""
    if distance_m < 0:
        raise ValueError(f"distance must be >= 0, not {distance_m}")
    if distance_m <= short_m:
        return "short"
    if distance_m <= medium_m:
        return "medium"
    if distance_m <= long_m:
        return "long"
    return None


# --- yags-combat.md, Firearms and Automatic Fire -------------------------------------------


@lru_cache(maxsize=4096, typed=True)  # exact Fraction arithmetic; the same distances recur
def effective_burst(bullets: int, distance_m: Number, short_m: Number) -> int:
    """Effective burst size: all bullets up to 10% of short range, halved (round down) for
    each further multiple of that. Short 400 m, 10 bullets: 10 to 40 m, 5 to 80, 2 to 120,
    1 to 160 and 0 (all miss) beyond."""
    if bullets < 0:
        raise ValueError(f"bullets must be >= 0, not {bullets}")
    tenth = Fraction(short_m) / 10
    if tenth <= 0:
        raise ValueError(f"short range must be positive, not {short_m}")
    d = Fraction(distance_m)
    if d <= tenth:
        return bullets
    halvings = math.ceil(d / tenth) - 1
    return bullets >> halvings if halvings < 64 else 0


# Bursts at an area: (lowest rounds, fumble, max targets, auto hit face or None).
_AREA_BURST = (
    (38, 1, 5, 16),
    (28, 3, 4, 17),
    (18, 6, 4, 18),
    (8, 9, 3, 19),
    (5, 12, 3, 20),
    (3, 15, 2, None),
    (1, 18, 1, None),
)


def area_burst(rounds: int) -> tuple[int, int, int | None]:
    """(fumble chance, maximum targets, lowest d20 face that hits automatically or None) for
    an area burst of `rounds` effective bullets (Bursts at an area table)."""
    if rounds < 1:
        raise ValueError(f"an area burst needs at least 1 round, not {rounds}")
    for lowest, fumble, targets, auto in _AREA_BURST:
        if rounds >= lowest:
            return fumble, targets, auto
    raise AssertionError("unreachable")


def burst_attack_bonus(effective_bullets: int) -> int:
    """Bursts at a single target: attack bonus equal to the bullets, at most +10."""
    return min(max(effective_bullets, 0), 10)


def burst_damage_bonus(effective_bullets: int, level: int) -> int:
    """Bursts at a single target: success as one bullet; good +1 per two bullets; excellent
    or better +1 per bullet; never above +10."""
    if level <= 1:
        return 0
    if level == 2:
        return min(effective_bullets // 2, 10)
    return min(effective_bullets, 10)


def cover_auto_hit_face(auto_face: int | None, cover_bonus: int) -> int | None:
    """Shooting from Cover: each +10 of cover (crouched and prone included) reduces the
    automatic hit chance by 1, i.e. raises the lowest auto-hit face by one."""
    if auto_face is None:
        return None
    face = auto_face + max(cover_bonus, 0) // 10
    return face if face <= 20 else None


# --- yags-combat.md, Explosive damage ------------------------------------------------------

# Beyond triple radius each further multiple divides stuns by 5; past a divisor of 100 no
# character-scale blast (at most ~16 levels) can do anything, so the band ends (rules-notes).
_MAX_STUN_DIVISOR = 100


def explosion_band(distance_m: Number, radius_m: Number) -> tuple[str | None, int]:
    """(damage kind or None, stun divisor) at `distance_m` from an Ex-`radius_m` blast:
    wounds out to the radius, mixed to twice it, stuns to three times, then stuns divided by
    5 for each further multiple (Ex-10: 40 m gives stuns / 5)."""
    if radius_m <= 0:
        raise ValueError(f"blast radius must be positive, not {radius_m}")
    if distance_m < 0:
        raise ValueError(f"distance must be >= 0, not {distance_m}")
    multiple = max(1, math.ceil(Fraction(distance_m) / Fraction(radius_m)))
    if multiple == 1:
        return "wounds", 1
    if multiple == 2:
        return "mixed", 1
    divisor = 5 ** (multiple - 3)
    if divisor > _MAX_STUN_DIVISOR:
        return None, 0
    return "stuns", divisor


def charge_strength(tnt_grams: Number) -> tuple[int, float]:
    """(damage bonus, blast radius in metres) of a TNT charge: 10 g is +20, each doubling
    +10; the radius is a twentieth of the damage (Ex-1 at 10 g, Ex-2 at 40 g, Ex-3 at 160 g)."""
    if tnt_grams <= 0:
        raise ValueError(f"charge must be positive, not {tnt_grams} g")
    damage = round_half_away(Fraction(20) + Fraction(10) * Fraction(math.log2(tnt_grams / 10)))
    return damage, damage / 20


FRAGMENTATION_RADIUS_FACTOR = 10


# --- yags-combat.md, Size effects on Damage ------------------------------------------------


def shift_damage_kind(kind: str, steps: int) -> str | None:
    """Shift a damage kind `steps` categories (positive is worse for the target). Nothing is
    above wounds; below ineffective the damage does nothing (None)."""
    if kind not in DAMAGE_KINDS:
        raise ValueError(f"unknown damage kind {kind!r}; expected one of {DAMAGE_KINDS}")
    index = DAMAGE_KINDS.index(kind) + steps
    if index < 0:
        return None
    return DAMAGE_KINDS[min(index, len(DAMAGE_KINDS) - 1)]


def size_shift(attacker_size: int, target_size: int) -> int:
    """Damage category shift from size: -1 if the target is 10+ sizes larger, -2 if 15+;
    +1 / +2 when the attacker is that much larger."""
    diff = attacker_size - target_size
    if diff >= 15:
        return 2
    if diff >= 10:
        return 1
    if diff <= -15:
        return -2
    if diff <= -10:
        return -1
    return 0


def missile_size_modifier(attacker_size: int, target_size: int) -> int:
    """Size of Target: -3 to the difficulty per size the target is larger than you, +3 per
    size smaller."""
    return 3 * (attacker_size - target_size)


# --- yags-combat.md, Shooting from Cover ---------------------------------------------------

COVER_BONUS = {
    None: 0,
    "none": 0,
    "crouched": 5,
    "prone": 10,
    "soft50": 5,
    "soft90": 10,
    "hard50": 10,
    "hard90": 20,
}


@lru_cache(maxsize=256)  # asked for by every missile attack planned
def cover_bonus(*covers: str | None) -> int:
    """Cover does not stack: the best of the given kinds (stance included)."""
    for c in covers:
        if c not in COVER_BONUS and c != "full":
            raise ValueError(f"unknown cover {c!r}; expected one of {sorted(k for k in COVER_BONUS if k)}")
    return max((COVER_BONUS[c] for c in covers if c != "full"), default=0)


# --- yags-combat.md, Environment multipliers -----------------------------------------------

SHOT_MULTIPLIER = {
    "normal": Fraction(1),
    "snap": Fraction(2),
    "careful": Fraction(1, 2),
    "aimed": Fraction(1, 3),
}
ENVIRONMENT_MULTIPLIER = {
    "moderate_wind": 2,
    "high_wind": 3,
    "very_high_wind": 5,
    "target_moving": 2,
    "target_moving_fast": 3,
    "firer_moving": 2,
    "unstable_platform": 2,
    "burst": 2,
    "two_guns": 2,
}
