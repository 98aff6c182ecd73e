"""Ranged combat as values (0005, Ranged Combat; Automatic Fire; Firing into a Crowd;
Parrying Weapon Fire with Shields; the firearms actions): range bands, situational grades,
aiming, fire modes, cover, sneak peek."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.mythras.checks import D100Roll, roll_skill
from engine.mythras.equipment import Weapon
from engine.mythras.tables import GRADES, LOCATIONS, harder, size_step

# Ranged Combat Situational Modifiers (0005). Wind only troubles what crosswinds push
# (thrown weapons, arrows, sling stones): the table's note.
RANGED_SITUATIONS: dict[str, tuple[str, str]] = {
    "light_wind": ("hard", "light wind"),
    "moderate_wind": ("formidable", "moderate wind"),
    "strong_wind": ("herculean", "strong wind"),
    "gale": ("hopeless", "gale, storm, or worse"),
    "target_running": ("hard", "target is running"),
    "target_sprinting": ("formidable", "target is sprinting"),
    "target_mist": ("hard", "target obscured by mist or in partial darkness"),
    "target_smoke": ("formidable", "target obscured by thick smoke or in darkness"),
    "target_obscured": ("herculean", "target completely obscured"),
    "target_prone": ("formidable", "target prone"),
    "attacker_prone": ("herculean", "attacker prone"),
    "unstable_ground": ("hard", "attacker is on unstable ground"),
}
WIND = frozenset({"light_wind", "moderate_wind", "strong_wind", "gale"})
BURST_GRADE = "hard"  # Burst: "a penalty grade of Hard"
FULL_AUTO_GRADE = "formidable"  # Full-Automatic: "a difficulty grade of Formidable"
CROWD_GRADE = {"edge": "hard", "through": "formidable"}  # Firing into a Crowd
DUAL_GRADE = {"pistol": "hard", "smg": "formidable", "rifle": "formidable"}  # Dual Firearms
BANDS = ("close", "effective", "long")


def range_band(weapon: Weapon, distance_m: float) -> str | None:
    """'close', 'effective', 'long', or None beyond long range."""
    if weapon.range_m is None:
        return None
    for band, limit in zip(BANDS, weapon.range_m, strict=True):
        if distance_m <= limit:
            return band
    return None


def long_range_force(force: str | None) -> str | None:
    """At Long Range "Force is reduced by one step"."""
    return size_step(force, -1) if force else None


def situational_grades(weapon: Weapon, situations: frozenset[str] | set[str] | tuple[str, ...],
                       *, prepared_position: bool = False) -> list[tuple[str, str]]:
    """(reason, grade) for each ranged situation that applies. Wind only for what it pushes
    (not firearms); 'attacker prone' is negated for a crossbow or firearm from a prepared
    position (the table's notes). In the table's order, whatever order `situations` has (a
    set's order changes from process to process: the log and a save's replay must not)."""
    out = []
    for key in RANGED_SITUATIONS:
        if key not in situations:
            continue
        grade, reason = RANGED_SITUATIONS[key]
        if key in WIND and weapon.firearm:
            continue
        if key == "attacker_prone" and prepared_position and weapon.firearm:
            continue
        out.append((reason, grade))
    return out


def aim(grades: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Aiming (a whole round): "reduce the difficulty of a Range or Situational Modifier by
    one grade", the hardest one (rules-notes)."""
    if not grades:
        return grades
    i = max(range(len(grades)), key=lambda k: GRADES.index(grades[k][1]))
    reason, grade = grades[i]
    eased = harder(grade, -1)
    return grades[:i] + [(f"{reason}, aimed", eased)] + grades[i + 1:]


def recoil_grade(mode: str, steady: bool) -> str | None:
    """Burst Hard, Full-Automatic Formidable; Steady Weapon "reduces the recoil penalty of
    Burst or Full-Automatic fire by one step"."""
    grade = {"burst": BURST_GRADE, "full_auto": FULL_AUTO_GRADE}.get(mode)
    if grade is None:
        return None
    return harder(grade, -1) if steady else grade


def full_auto_share(rounds: int, targets: int) -> int:
    """Full-Automatic: rounds "evenly distributed across all the targets", the spare lost."""
    return rounds // targets if targets > 0 else 0


def hits_die(mode: str, weapon: Weapon, rounds_at_target: int = 0) -> int:
    """How many rounds may strike: a burst rolls 1dN for its N rounds; full-auto the
    rounds aimed at that target ("as per Burst Fire"); one otherwise."""
    if mode == "burst":
        return weapon.burst
    if mode == "full_auto":
        return max(1, rounds_at_target)
    return 1


def crowd_miss_hits_bystander(face: int, skill_with_crowd: int, skill_without: int) -> bool:
    """Firing into a Crowd: a failed roll that would have succeeded without the crowd's
    grade strikes an adjacent victim instead."""
    from engine.mythras.tables import success_level

    ok = ("success", "critical")
    return success_level(face, skill_with_crowd) not in ok and success_level(face, skill_without) in ok


# --- cover (0005 Cover; Take Cover; Parrying Weapon Fire with Shields) --------------------

# The grid's cover kinds as the locations they hide and the Armor Points of the material
# (0004 Inanimate Objects: a wooden wall 4 AP, a concrete wall 8 AP): rules-notes.
COVER_LOCATIONS = {
    "50": ("right_leg", "left_leg", "abdomen"),
    "90": ("right_leg", "left_leg", "abdomen", "chest", "right_arm", "left_arm"),
    "full": LOCATIONS,
}
COVER_AP = {"soft": 4, "hard": 8}


@dataclass(frozen=True)
class Cover:
    """Locations an obstacle hides and the Armor Points it adds to blows landing there;
    `ap` None: impenetrable."""

    locations: tuple[str, ...]
    ap: int | None
    total: bool = False


def grid_cover(kind: str | None) -> Cover | None:
    """soft50, soft90, hard50, hard90, full (the grid's kinds) as a Cover. A stance the
    grid counts as cover (prone, crouched) is none here: prone has its own grades (0005
    Ranged Combat Situational Modifiers), crouching in the open hides nothing."""
    if not kind or kind in ("prone", "crouched"):
        return None
    if kind == "full":
        return Cover(LOCATIONS, COVER_AP["hard"], total=True)
    material, share = kind[:4], kind[4:]
    return Cover(COVER_LOCATIONS[share], COVER_AP[material])


SHIELD_ORDER = ("left_arm", "chest", "abdomen", "head", "left_leg", "right_arm", "right_leg")  # a shield on the left arm


def shield_locations(shield: Weapon, crouching: bool = False) -> tuple[str, ...]:
    """Passive Blocking: a shield covers its number of locations (doubled crouching behind
    it), taken in this order for a shield on the left arm (rules-notes)."""
    n = shield.passive_locations * (2 if crouching else 1)
    return SHIELD_ORDER[:min(n, len(SHIELD_ORDER))]


@dataclass(frozen=True)
class SneakPeek:
    roll: D100Roll
    saw: bool
    exposed: bool  # fumbled: an enemy may take a pot shot


def sneak_peek(dice: Dice, name: str, perception: int, grade: str = "standard") -> SneakPeek:
    """Sneak Peek: a Perception roll from behind cover; a fumble overextends."""
    roll = roll_skill(dice, f"{name}: Perception (sneak peek)", "Perception", perception, grade)
    return SneakPeek(roll, roll.succeeded, roll.outcome == "fumble")
