"""The tables of Yags SF 0.30a as functions: range difficulties, range categories, the wound
chart, soak for very high strengths, encumbrance, knockdown, survival and first aid.

Every number here is the text's own; the section is named beside it.
"""

from __future__ import annotations

import math

# Ranged Combat, Range Difficulties: (range in metres, difficulty).
RANGE_DIFFICULTIES: tuple[tuple[int, int], ...] = (
    (2, 10), (5, 15), (25, 20), (50, 25), (100, 30), (200, 40), (300, 50), (500, 60),
)
RANGE_DOUBLING_STEP = 10  # "each x 2 to range: further +10"

# Ranged Combat: "At short range, attacks are unmodified. At medium range, there is a further
# +5 to the attack difficulty, and damage is reduced by 5. At long range, there is +15 to
# the difficulty, and damage is reduced by 10." (difficulty added, damage taken off)
BANDS: dict[str, tuple[int, int]] = {"short": (0, 0), "medium": (5, 5), "long": (15, 10)}

# Damage, the wound chart: the top of each band of modified damage and its wound levels.
WOUND_CHART: tuple[tuple[int, int], ...] = ((0, 0), (5, 1), (10, 2), (15, 3), (20, 4), (25, 5), (30, 6))
BEYOND_FATAL = 7  # "31 +: Special": beyond fatal (Beyond Fatal)
FATAL = 6
CRITICAL = 5
WOUND_NAMES = ("unhurt", "hurt", "light", "medium", "serious", "critical", "fatal")
# The chart's penalties by wound level; stunned (0) has none but a level of fatigue.
WOUND_PENALTIES = (0, 0, -2, -4, -7, -10, -15)

MELEE_BASE_DIFFICULTY = 15  # Melee Combat: "a base difficulty of 15 ... also a minimum defence"

# Critically and Fatally Injured Characters: health x stamina at 20; fatal: 30 to stay awake.
SURVIVAL_DIFFICULTY = 20
CONSCIOUS_DIFFICULTY = 30
CRITICAL_FUMBLE = 7  # "This roll has a fumble chance of 7"
ONE_BLOW_FUMBLE = 15  # Beyond Fatal: "the base fumble chance becomes 15, rather than 7"
BEYOND_FATAL_FUMBLE_STEP = 2  # "a fumble chance of +2 per wound level beyond fatal"
UNCONSCIOUS_FUMBLE = 4  # "continue to roll 20+ each minute (with a fumble chance at a more normal 4)"
ROUNDS_PER_MINUTE = 12  # The Combat Round: "rounds each lasting approximately five seconds"

# Very High Strengths.
SOAK_STRENGTH_CAP = 25
SOAK_STEP = 5

# Encumbrance: "a load in kilogrammes equal to their strength without penalty. Every two
# kilogrammes of equipment they carry above that, gives them a -1".
ENCUMBRANCE_STEP_KG = 2

# Fatigue in Combat: "At the end of the third round ... and every three rounds after that ...
# against a difficulty of 10 ... Every fatigue roll after the first is at a cumulative +5".
FATIGUE_EVERY = 3
FATIGUE_DIFFICULTY = 10
FATIGUE_STEP = 5

# Recovery from Wounds: first aid difficulty by wound level (hurt .. fatal).
FIRST_AID_DIFFICULTY = {1: 5, 2: 10, 3: 15, 4: 15, 5: 20, 6: 20}
FIRST_AID_ROUNDS = ROUNDS_PER_MINUTE  # "It takes one minute to apply first aid"

STRENGTH_SHORTFALL = -2  # Strength: "for every point below the required minimum, -2"
TWO_HANDED_STRENGTH = 1.5  # "add 50% again to the user's strength"


def range_difficulty(distance_m: float) -> int:
    """The difficulty of the first row whose range is at least the distance (2 m: 10, 3 m:
    15, 30 m: 25, 500 m: 60); beyond 500 m, +10 for each doubling or part of one (750 m and
    1000 m: 70, 1001 m: 80)."""
    if distance_m < 0 or math.isnan(distance_m):
        raise ValueError(f"distance must be a number of metres >= 0, not {distance_m}")
    for reach, difficulty in RANGE_DIFFICULTIES:
        if distance_m <= reach:
            return difficulty
    reach, difficulty = RANGE_DIFFICULTIES[-1]
    while distance_m > reach:
        reach *= 2
        difficulty += RANGE_DOUBLING_STEP
    return difficulty


def band_modifiers(band: str) -> tuple[int, int]:
    """(difficulty added, damage taken off) for a weapon's range category."""
    try:
        return BANDS[band]
    except KeyError:
        raise ValueError(f"unknown range category {band!r}; expected short, medium or long") from None


def weapon_band(distance_m: float, short: float, medium: float, long: float) -> str | None:
    """The weapon's range category at this distance; None beyond its long range."""
    if distance_m <= short:
        return "short"
    if distance_m <= medium:
        return "medium"
    if distance_m <= long:
        return "long"
    return None


def wound_levels(modified_damage: int) -> int | None:
    """Damage less soak on the wound chart: None below 0 (no effect), 0 stunned, 1 hurt ..
    6 fatal, 7 for 31 and more (beyond fatal)."""
    if modified_damage < 0:
        return None
    for top, levels in WOUND_CHART:
        if modified_damage <= top:
            return levels
    return BEYOND_FATAL


def wound_penalty(levels: int) -> int:
    """The chart's penalty at a wound level: 0 for unhurt and hurt, -2 light .. -15 fatal
    (beyond fatal is still fatal: -15)."""
    if levels < 0:
        raise ValueError(f"wound levels cannot be negative: {levels}")
    return WOUND_PENALTIES[min(levels, FATAL)]


def fatigue_penalty(levels: int) -> int:
    """Short term fatigue takes the wound chart's penalties level for level (rules-notes)."""
    return wound_penalty(levels)


def base_soak(strength: int) -> int:
    """Very High Strengths: soak equals strength up to 25, then +1 per full five points
    (25-29: 25, 30-34: 26)."""
    if strength <= SOAK_STRENGTH_CAP:
        return strength
    return SOAK_STRENGTH_CAP + (strength - SOAK_STRENGTH_CAP) // SOAK_STEP


def encumbrance_penalty(load_kg: float, strength: int) -> int:
    """-1 for every full two kilogrammes above a load equal to strength (rules-notes)."""
    over = load_kg - strength
    return -int(over // ENCUMBRANCE_STEP_KG) if over > 0 else 0


def strength_penalty(strength: int, required: int, two_handed: bool = False) -> int:
    """Strength: -2 per full point below the weapon's minimum; a two-handed melee weapon in
    two hands counts the user's strength 50% higher."""
    effective = strength * TWO_HANDED_STRENGTH if two_handed else strength
    short = math.floor(required - effective)
    return STRENGTH_SHORTFALL * short if short > 0 else 0


def knocked_down(raw_damage: int, strength: int, agility: int) -> bool:
    """Knockdown: damage before soak greater than (2 x strength) + agility."""
    return raw_damage > 2 * strength + agility


def survival_fumble(levels_in_blow: int, levels_after: int) -> int:
    """The fumble chance of the survival roll after a blow: 7, or 15 when the blow alone did
    six levels or more; +2 for each level beyond fatal."""
    base = ONE_BLOW_FUMBLE if levels_in_blow >= FATAL else CRITICAL_FUMBLE
    return base + BEYOND_FATAL_FUMBLE_STEP * max(0, levels_after - FATAL)


def fatigue_due(round_number: int) -> bool:
    """A fatigue roll at the end of rounds 3, 6, 9, ..."""
    return round_number > 0 and round_number % FATIGUE_EVERY == 0


def fatigue_difficulty(rolls_made: int) -> int:
    """The difficulty of the next fatigue roll after `rolls_made` earlier ones: 10, 15, 20..."""
    return FATIGUE_DIFFICULTY + FATIGUE_STEP * rolls_made


def first_aid_difficulty(levels: int) -> int:
    """Recovery from Wounds: 5 (hurt), 10 (light), 15 (medium, serious), 20 (critical, fatal)."""
    if levels < 1:
        raise ValueError("first aid needs a wound to tend")
    return FIRST_AID_DIFFICULTY[min(levels, FATAL)]


def half(value: float) -> int:
    """Half, to the nearest whole number with halves away from zero (rules/README.md)."""
    x = value / 2
    return int(math.floor(abs(x) + 0.5)) * (1 if x >= 0 else -1)
