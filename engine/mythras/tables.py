"""The Mythras Imperative tables as pure functions (SRD: 0002_Characters.md, 0003_Skills.md,
0004_Game_System.md, 0005_Combat.md; the combat chapter mythras-imperative-combat.md).

Numbers only, with the section they come from. Fractions round up everywhere (0002,
Rounding of Numbers and Results: "Whenever a division result creates a fraction, always
round up to the whole number").
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

# --- levels of success (0003, How Skills Work; Criticals and Fumbles) ---------------------

LEVELS = ("fumble", "failure", "success", "critical")
LEVEL_RANK = {name: i for i, name in enumerate(LEVELS)}


def round_up(x: Fraction | float | int) -> int:
    """Round a fraction up to the whole number (0002, Rounding of Numbers and Results)."""
    return ceil(Fraction(x)) if not isinstance(x, int) else x


def critical_range(skill: int) -> int:
    """Rolls at or under this are criticals: one-tenth of the skill, rounded up."""
    return round_up(Fraction(max(skill, 0), 10))


def success_level(roll: int, skill: int) -> str:
    """'critical', 'success', 'failure' or 'fumble' for a d100 `roll` (1..100, 100 is 00)
    against `skill` (0003, How Skills Work): 01-05 always succeed, 96-00 always fail, a
    critical is a roll within a tenth of the skill (rounded up), a fumble is 99 or 00 (00 only
    for skills over 100)."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a d100 roll is 1..100 (100 is 00), got {roll}")
    if roll == 100 or (roll == 99 and skill <= 100):
        return "fumble"
    if roll >= 96:
        return "failure"
    if roll <= critical_range(skill):
        return "critical"
    if roll <= 5 or roll <= skill:
        return "success"
    return "failure"


# --- difficulty grades (0003, Modifying Skills: the default method) ----------------------

GRADES = ("automatic", "very_easy", "easy", "standard", "hard", "formidable", "herculean", "hopeless")
GRADE_FACTORS = {
    "very_easy": Fraction(2),  # double the skill value
    "easy": Fraction(3, 2),  # add half again
    "standard": Fraction(1),
    "hard": Fraction(2, 3),  # reduce by one-third
    "formidable": Fraction(1, 2),  # reduce by half
    "herculean": Fraction(1, 5),  # reduce to one-fifth
}


def grade_skill(skill: int, grade: str) -> int:
    """The skill at a difficulty grade (default method), rounded up (rules-notes: the graded
    value is the division result that rounds). 'automatic' and 'hopeless' need no roll and
    raise: use `grade_allows_roll` first."""
    if grade not in GRADE_FACTORS:
        raise ValueError(f"unknown or unrollable grade {grade!r}; expected one of {', '.join(GRADE_FACTORS)}")
    return round_up(Fraction(max(skill, 0)) * GRADE_FACTORS[grade])


def grade_allows_roll(grade: str) -> bool:
    return grade in GRADE_FACTORS


def harder(grade: str, steps: int = 1) -> str:
    """`steps` grades harder (negative: easier), within automatic..hopeless."""
    i = GRADES.index(grade) + steps
    return GRADES[max(0, min(len(GRADES) - 1, i))]


def hardest(*grades: str) -> str:
    """The hardest of several grades (0003: "the hardest Difficulty Grade takes precedence";
    0005, Situational Modifiers: "use the most severe"); standard when none is given."""
    if not grades:
        return "standard"
    return max(grades, key=GRADES.index)


# --- opposed and differential rolls (0003) -----------------------------------------------


def differential(protagonist_level: str, antagonist_level: str) -> tuple[str | None, int]:
    """The Differential Roll Results table: (winner, levels won); the winner is
    'protagonist', 'antagonist' or None (no benefit). A side only wins with a success or a
    critical: failure against fumble is no benefit."""
    p, a = LEVEL_RANK[protagonist_level], LEVEL_RANK[antagonist_level]
    if p == a or max(p, a) < LEVEL_RANK["success"]:
        return None, 0
    return ("protagonist", p - a) if p > a else ("antagonist", a - p)


def opposed_skills(a: int, b: int) -> tuple[int, int]:
    """Opposed Skills Over 100%: when the higher skill is over 100, the excess is taken off
    every skill in the contest, his own included (never below 0: rules-notes)."""
    excess = max(a, b) - 100
    if excess <= 0:
        return a, b
    return max(0, a - excess), max(0, b - excess)


# --- characteristics and attributes (0002, Step 3: Attributes) ----------------------------

ACTION_POINTS = 2  # "All Mythras Imperative characters have 2 Action Points."
BASE_MOVE_M = 6  # Movement Rate: "The base Movement Rate for humans is 6 metres."
GAIT_MULTIPLIER = {"walk": 1, "run": 3, "sprint": 5}  # Movement Rate: Run x3, Sprint x5


def initiative_bonus(dex: int, int_: int) -> int:
    """Initiative: "the average of the DEX and INT Characteristics", rounded up."""
    return round_up(Fraction(dex + int_, 2))


def _six_step(value: int, low: int) -> int:
    """6 or less: low; 7-12: low+1; 13-18: low+2; each 6 points more: +1 (the Luck Points,
    Healing Rate and Experience tables share this shape)."""
    if value <= 6:
        return low
    return low + round_up(Fraction(value - 6, 6))


def healing_rate(con: int) -> int:
    """Healing Rate Table: CON 6 or less 1, 7-12 2, 13-18 3, each 6 points +1."""
    return _six_step(con, 1)


def luck_points(pow_: int) -> int:
    """Luck Points Table: POW 6 or less 1, 7-12 2, 13-18 3, each 6 points +1."""
    return _six_step(pow_, 1)


# Damage Modifier Table. Steps: -4 is -1d8 .. 0 is +0 .. 16 is +2d10+1d2; beyond, the
# progression continues (rules-notes): +2d10+1d4, +2d10+1d6, +2d10+1d8, +3d10, +3d10+1d2...
_DM_BELOW = ("-1d8", "-1d6", "-1d4", "-1d2")
_DM_ABOVE = ("+1d2", "+1d4", "+1d6", "+1d8", "+1d10", "+1d12", "+2d6", "+1d8+1d6", "+2d8",
             "+1d10+1d8", "+2d10")
_DM_CYCLE = ("1d2", "1d4", "1d6", "1d8")


def damage_modifier_step(str_plus_siz: int) -> int:
    """The row of the Damage Modifier Table as a step (0 is +0): bands of 5 up to 50, then
    of 10 ("Each 10 points: Continue Progression")."""
    if str_plus_siz <= 50:
        return max(-4, round_up(Fraction(str_plus_siz, 5)) - 5)
    return 5 + round_up(Fraction(str_plus_siz - 50, 10))


def damage_modifier_for_step(step: int) -> str:
    """The dice of a Damage Modifier step (charging raises it a step: 0005, Charging)."""
    if step < 0:
        return _DM_BELOW[max(0, 4 + step)]
    if step == 0:
        return "+0"
    if step <= len(_DM_ABOVE):
        return _DM_ABOVE[step - 1]
    extra = step - len(_DM_ABOVE)  # 1.. beyond +2d10
    tens, rest = 2 + extra // 5, extra % 5
    return f"+{tens}d10" + (f"+{_DM_CYCLE[rest - 1]}" if rest else "")


def damage_modifier(str_plus_siz: int) -> str:
    """Damage Modifier Table (0002): '-1d8' .. '+0' .. '+2d10+1d2' and on."""
    return damage_modifier_for_step(damage_modifier_step(str_plus_siz))


# --- hit points and hit locations (0002, Hit Points per Location; 0004, Hit Locations) ----

LOCATIONS = ("right_leg", "left_leg", "abdomen", "chest", "right_arm", "left_arm", "head")
LIMBS = frozenset({"right_leg", "left_leg", "right_arm", "left_arm"})
LEGS = frozenset({"right_leg", "left_leg"})
ARMS = frozenset({"right_arm", "left_arm"})
# Humanoid Hit Locations: the highest d20 face of each location.
_LOCATION_TOP = (3, 6, 9, 12, 15, 18, 20)
LOCATION_FACES = {loc: top - low for loc, top, low in zip(LOCATIONS, _LOCATION_TOP, (0, 3, 6, 9, 12, 15, 18), strict=True)}
# Marksman: "move the Hit Location struck ... by one step, to an immediately adjoining body
# area" (rules-notes: legs adjoin the abdomen, arms and head the chest).
ADJOINING = {
    "right_leg": ("abdomen",), "left_leg": ("abdomen",),
    "abdomen": ("right_leg", "left_leg", "chest"),
    "chest": ("abdomen", "right_arm", "left_arm", "head"),
    "right_arm": ("chest",), "left_arm": ("chest",), "head": ("chest",),
}


def hit_location(d20: int) -> str:
    """Humanoid Hit Locations: 1-3 right leg, 4-6 left leg, 7-9 abdomen, 10-12 chest, 13-15
    right arm, 16-18 left arm, 19-20 head."""
    if not 1 <= d20 <= 20:
        raise ValueError(f"a d20 is 1..20, got {d20}")
    for loc, top in zip(LOCATIONS, _LOCATION_TOP, strict=True):
        if d20 <= top:
            return loc
    raise AssertionError("unreachable")


def location_hit_points(con_plus_siz: int) -> dict[str, int]:
    """Hit Points per Location (0002): columns of 5 CON+SIZ (1-5 .. 36-40), +1 to every
    location for each 5 more. Head 1.., chest 3.., abdomen 2.., each arm 1, 1, 2.., each leg 1.."""
    column = max(0, round_up(Fraction(max(con_plus_siz, 1), 5)) - 1)
    arm = max(1, column)
    return {"right_leg": 1 + column, "left_leg": 1 + column, "abdomen": 2 + column,
            "chest": 3 + column, "right_arm": arm, "left_arm": arm, "head": 1 + column}


def wound_level(starting_hp: int, remaining_hp: int) -> str:
    """Damage and Wound Levels (0004) for a location that took damage: minor while its hit
    points stay positive, serious at zero or below, major at minus its starting hit points
    or below."""
    if remaining_hp > 0:
        return "minor"
    if remaining_hp > -starting_hp:
        return "serious"
    return "major"


# --- weapon sizes and parries (0005, Weapon Size; Damage Reduction) -----------------------

SIZES = ("S", "M", "L", "H", "E")


def size_step(size: str, steps: int) -> str:
    """A size `steps` larger (charging: one step), within S..E."""
    i = SIZES.index(size) + steps
    return SIZES[max(0, min(len(SIZES) - 1, i))]


def parry_deflects(attack_size: str, parry_size: str) -> float:
    """Damage Reduction: a parrying weapon or shield of equal or greater Size deflects all
    damage (1.0), one Size less half (0.5), two or more Sizes less none (0.0)."""
    gap = SIZES.index(attack_size) - SIZES.index(parry_size)
    if gap <= 0:
        return 1.0
    return 0.5 if gap == 1 else 0.0


def after_deflection(damage: int, deflects: float) -> int:
    """Damage left after a parry: all, half or none deflected. "Only deflects half damage":
    the half deflected is the division, rounded up (Rounding of Numbers and Results: "always
    round up"); the rest gets through (7: 4 deflected, 3 through; rules-notes)."""
    if deflects >= 1.0:
        return 0
    if deflects <= 0.0:
        return damage
    return damage - round_up(Fraction(damage, 2))


def bash_m(damage: int, shield: bool) -> int:
    """Bash: "Shields knock an opponent back one metre for every 2 points of damage rolled
    ... bludgeoning weapons knock back one metre for every three points", a division rounded
    up (Rounding of Numbers and Results): 5 rolled, a shield: 3 m; a club: 2 m."""
    return round_up(Fraction(damage, 2 if shield else 3)) if damage > 0 else 0


def halved(damage: int) -> int:
    """Half damage, rounded up (long range)."""
    return round_up(Fraction(damage, 2))


# --- knockback (0005, Knockback) and impale (Impale Effects Table) ------------------------


def knockback_m(damage: int, siz: int, braced: bool = False) -> int:
    """Metres thrust back by a blow whose damage (before parry and armour) exceeds the
    recipient's SIZ: one metre for every five points (or fraction) over it. Brace counts the
    SIZ as 50% bigger (rounded up). 0: no knockback."""
    resist = round_up(Fraction(siz * 3, 2)) if braced else siz
    over = damage - resist
    return round_up(Fraction(over, 5)) if over > 0 else 0


_IMPALE_ROWS = ("hard", "formidable", "herculean", "incapacitated")


def impale_penalty(creature_siz: int, weapon_size: str) -> str | None:
    """Impale Effects Table: the grade a weapon left in the wound imposes ('incapacitated'),
    or None (no effect). Rows of 10 SIZ, each larger weapon one grade worse."""
    row = max(0, round_up(Fraction(max(creature_siz, 1), 10)) - 1)  # 1-10 -> 0
    # SIZ 1-10: Small Formidable; each row up eases by one; each size up worsens by one.
    index = 1 - row + SIZES.index(weapon_size)
    if index < 0:
        return None
    return _IMPALE_ROWS[min(index, len(_IMPALE_ROWS) - 1)]


# --- fatigue (0004, Fatigue Levels) -------------------------------------------------------

FATIGUE_LEVELS = ("fresh", "winded", "tired", "wearied", "exhausted", "debilitated",
                  "incapacitated", "semi_conscious", "comatose", "dead")
# level -> (skill grade or None, movement: metres off / "halved" / "immobile", initiative, AP)
FATIGUE_EFFECTS: dict[str, tuple[str | None, int | str, int, int]] = {
    "fresh": (None, 0, 0, 0),
    "winded": ("hard", 0, 0, 0),
    "tired": ("hard", 1, 0, 0),
    "wearied": ("formidable", 2, -2, 0),
    "exhausted": ("formidable", "halved", -4, -1),
    "debilitated": ("herculean", "halved", -6, -2),
    "incapacitated": ("herculean", "immobile", -8, -3),
}


def fatigue_name(level: int) -> str:
    return FATIGUE_LEVELS[max(0, min(level, len(FATIGUE_LEVELS) - 1))]


def fatigue_can_act(level: int) -> bool:
    """Beyond Incapacitated a character cannot act at all."""
    return fatigue_name(level) in FATIGUE_EFFECTS


def fatigue_move(level: int, metres: int) -> int:
    """A movement allowance after the fatigue level's movement penalty."""
    eff = FATIGUE_EFFECTS.get(fatigue_name(level))
    if eff is None:
        return 0
    move = eff[1]
    if move == "immobile":
        return 0
    if move == "halved":
        return metres // 2
    return max(0, metres - int(move))
