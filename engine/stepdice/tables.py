"""The sheet's tables and formulas (step-dice-combat.md), with its own numbers.

- Range and cover: range steps on the attacker's skill die, cover added to the difficulty.
- Basic Attack / Damage: attack - defence is basic damage, half stun and half wounds.
- Special Attacks and Defenses: each special attack's step on the attack and on the damage die.
- Automatic Weapons: a burst is three attack rolls at -2 steps.
"""

from __future__ import annotations

from dataclasses import dataclass

# Range and cover: "Point Blank +1 Step, Short None, Medium -2 Step, Long -4 Step".
RANGE_STEPS: dict[str, int] = {"point_blank": 1, "short": 0, "medium": -2, "long": -4}
# "Light Cover +4 ... Medium Cover +8 ... Heavy Cover +12 ... Total Cover +18".
COVER_DIFFICULTY: dict[str, int] = {"light": 4, "medium": 8, "heavy": 12, "total": 18}
COVER_ORDER: tuple[str, ...] = ("light", "medium", "heavy", "total")

# The grid's cover classes (engine.ruleset.Situation.target_cover) as the sheet's: by how
# much of the target is concealed ("up to half", "most", "only a tiny portion" showing);
# soft and hard cover conceal alike (rules-notes).
GRID_COVER: dict[str, str] = {
    "soft50": "light", "hard50": "light", "soft90": "heavy", "hard90": "heavy", "full": "total",
    "light": "light", "medium": "medium", "heavy": "heavy", "total": "total",
}

# Point blank: within this many metres (the 8 tiles around a unit on a 2 m grid; rules-notes).
POINT_BLANK_M = 3.0

# Automatic Weapons, Burst: "three attack rolls against one target each with a -2 skill step
# penalty and only count as 1 action".
BURST_ROLLS = 3
BURST_STEPS = -2


def range_steps(band: str) -> int:
    """The step bonus or penalty a range band gives the attacker's skill die."""
    try:
        return RANGE_STEPS[band]
    except KeyError:
        raise ValueError(f"unknown range band {band!r}; expected one of {', '.join(RANGE_STEPS)}") from None


def cover_difficulty(kind: str | None) -> int:
    """What the target's cover adds to the difficulty (0 for none)."""
    if kind is None or kind == "none":
        return 0
    try:
        return COVER_DIFFICULTY[kind]
    except KeyError:
        raise ValueError(f"unknown cover {kind!r}; expected one of {', '.join(COVER_DIFFICULTY)}") from None


def sheet_cover(grid_cover: str | None, posture: str = "normal") -> str | None:
    """The sheet's cover kind for the grid's cover class and the target's posture (None: no
    cover). A crouched target in the open shows less of itself: light cover; behind cover it
    keeps the cover's. A prone one has its own rule (the fighter's `prone`, which makes the
    cover one kind better: engine.stepdice.attack; rules-notes)."""
    if grid_cover is None or grid_cover in ("none", "prone", "crouched"):
        return "light" if posture == "crouched" or grid_cover == "crouched" else None
    try:
        return GRID_COVER[grid_cover]
    except KeyError:
        raise ValueError(f"unknown cover {grid_cover!r}; expected one of {', '.join(GRID_COVER)}") from None


def prone_cover(kind: str | None) -> str | None:
    """A prone target shot at from beyond point blank shows less of itself: its cover is one
    kind better, up to heavy (none -> light -> medium -> heavy; total stays total; rules-notes)."""
    if kind == "total":
        return "total"
    ladder = (None, "light", "medium", "heavy")
    return ladder[min(ladder.index(kind) + 1, len(ladder) - 1)]


def point_blank_cover(kind: str | None) -> str | None:
    """A target at point blank (the tiles around the attacker) has no cover against the shot
    but total cover: the attacker stands where a blow could be struck across the same cover,
    and cover does not count against blows (rules-notes, issue 28)."""
    return "total" if kind == "total" else None


def range_band(distance_m: float, short: float, medium: float, long: float) -> str | None:
    """The band a distance falls in for a weapon whose short, medium and long bands end at
    those distances (metres); None beyond long range."""
    if distance_m <= POINT_BLANK_M:
        return "point_blank"
    if distance_m <= short:
        return "short"
    if distance_m <= medium:
        return "medium"
    if distance_m <= long:
        return "long"
    return None


def basic_damage(attack: int, defence: int) -> tuple[int, int] | None:
    """Attack - Defense = Basic Damage, "divide half between stun and wounds": (stun, wounds),
    an odd point to wounds; None on a miss (the attack below the defence)."""
    if attack < defence:
        return None
    points = attack - defence
    return points // 2, points - points // 2


def split_damage(points: int, damage_type: str) -> tuple[int, int]:
    """A weapon's damage "can be stun, wound or basic": (stun, wounds). Basic splits like
    basic damage (the odd point to wounds)."""
    if damage_type == "stun":
        return points, 0
    if damage_type == "wounds":
        return 0, points
    if damage_type == "basic":
        return points // 2, points - points // 2
    raise ValueError(f"unknown damage type {damage_type!r}; expected stun, wounds or basic")


def armour_stops(wounds: int, protection: int) -> tuple[int, int]:
    """(wounds left, wounds stopped): armour over the place hit stops up to its protection
    in wounds of each hit; stun passes (the sheet has no armour: rules-notes)."""
    stopped = min(max(protection, 0), wounds)
    return wounds - stopped, stopped


def hit_damage(attack: int, difficulty: int, face: int, damage_type: str, *, all_stun: bool = False,
               protection: int = 0) -> tuple[int, int, int]:
    """One hit's (stun, wounds, stopped by armour): basic damage plus the weapon die's
    `face` split by its type; unarmed (`all_stun`) all stun; then armour. The attack must be
    at or above the difficulty."""
    basic = basic_damage(attack, difficulty)
    if basic is None:
        raise ValueError(f"{attack} against {difficulty} is a miss")
    ws, ww = split_damage(face, damage_type)
    stun, wounds = basic[0] + ws, basic[1] + ww
    if all_stun:
        stun, wounds = stun + wounds, 0
    wounds, stopped = armour_stops(wounds, protection)
    return stun, wounds, stopped


@dataclass(frozen=True)
class Special:
    """A row of Special Attacks and Defenses: the step on the attack roll (melee and ranged
    may differ), the step on the damage die, and the check the target makes."""

    name: str
    melee_steps: int
    ranged_steps: int
    damage_steps: int = 0
    test: str | None = None  # what a failed Endurance test costs the target
    melee_only: bool = False
    deals_damage: bool = True


SPECIALS: dict[str, Special] = {
    # "Limb Attack -1 Step Damage die gains +2 step modifier. Endurance test to avoid incapacitation."
    "limb": Special("limb attack", -1, -1, 2, "lamed"),
    # "Vital Area -2 Step Damage die gains +4 step modifier. Endurance test to avoid stun."
    "vital": Special("vital area", -2, -2, 4, "stunned"),
    # "Miniscule Target -3 Step Damage die gains +6 step modifier. Endurance test to avoid special injury."
    "miniscule": Special("minuscule target", -3, -3, 6, "special_injury"),
    # "All Out Attack +2 Step Only make attck actions in this turn"
    "all_out": Special("all-out attack", 2, 2),
    # (Disarm) "-2 Step (melee) -4 Step (ranged) If successful opponent must make hard
    # agility+ willpower check or drop the weapon." A disarm aims at the weapon: no damage.
    "disarm": Special("disarm", -2, -4, test="disarmed", deals_damage=False),
    # "Bang to Rights Free action +2 Step"
    "bang_to_rights": Special("bang to rights", 2, 2),
}


def special(name: str) -> Special:
    try:
        return SPECIALS[name]
    except KeyError:
        raise ValueError(f"unknown special attack {name!r}; expected one of {', '.join(SPECIALS)}") from None


THROWN_OBJECT_STEPS: dict[str, int] = {"small": -1, "medium": -2, "large": -3, "huge": -4}


def thrown_object_steps(size: str) -> int:
    """Thrown Weapon: "Throwing an object not meant for throwing in combat attracts a -1 to -4
    step penalty depending on range and size": the size gives -1 (small: a knife, a bottle)
    to -4 (huge); the range is the range table's step, applied besides (rules-notes)."""
    try:
        return THROWN_OBJECT_STEPS[size]
    except KeyError:
        raise ValueError(f"unknown size {size!r}; expected one of {', '.join(THROWN_OBJECT_STEPS)}") from None
