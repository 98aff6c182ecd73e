"""Weapons, explosives, armour and shields of the step-die ruleset, as values.

The sheet gives no equipment numbers: every figure in `data/*.toml` is a reading, each entry
with its `source` (the sheet's section the figure serves) and `derived` (the reason for the
number), all listed in docs/rules-notes.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.datafile import lookup

WEAPON_KINDS = ("melee", "ranged", "thrown")
SKILLS = ("guns", "melee", "unarmed", "athletics", "perception", "throwing")
ATTRIBUTES = ("agility", "strength", "vitality", "alertness", "intelligence", "willpower")
DAMAGE_TYPES = ("stun", "wounds", "basic")
MODES = ("melee", "single", "burst", "autofire", "throw")
COVERS = ("body", "limbs", "head")


class LookupProblem(KeyError):
    """An id the step ruleset does not know; its message is one line (no quotes added)."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Weapon:
    """A weapon: its skill, its damage die and type, and for ranged weapons the far edge of
    each range band (metres), the fire modes and the magazine."""

    id: str
    name: str
    kind: str
    skill: str
    damage: int  # the damage die's sides
    damage_type: str
    source: str
    derived: str
    short: float = 0.0
    medium: float = 0.0
    long: float = 0.0
    modes: tuple[str, ...] = ("melee",)
    capacity: int = 0  # rounds in a magazine (0: nothing to track)
    reload_actions: int = 0
    autofire_rounds: int = 0  # rounds one autofire action uses
    reach_tiles: int = 1
    large: bool = False  # for an improvised throw (Thrown Weapon)
    description: str = ""

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def unarmed(self) -> bool:
        return self.skill == "unarmed"

    def has(self, mode: str) -> bool:
        return mode in self.modes


@dataclass(frozen=True)
class Band:
    """One radius of a blast: everyone within `radius` metres (and beyond the band before)
    takes a damage roll of these dice."""

    radius: float
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Explosive:
    """A grenade or charge: damage dice by distance from the blast, and how far it throws."""

    id: str
    name: str
    damage_type: str
    bands: tuple[Band, ...]
    source: str
    derived: str
    short: float = 10.0
    medium: float = 20.0
    long: float = 30.0
    description: str = ""

    @property
    def reach(self) -> float:
        return self.bands[-1].radius

    def band(self, distance_m: float) -> int | None:
        """The index of the band `distance_m` falls in (0 is the nearest), None beyond."""
        for i, b in enumerate(self.bands):
            if distance_m <= b.radius:
                return i
        return None


@dataclass(frozen=True)
class ArmourPiece:
    """Armour stops up to `protection` wounds of each hit where it covers the place hit
    (rules-notes)."""

    id: str
    name: str
    protection: int
    covers: frozenset[str]
    source: str
    derived: str
    description: str = ""


@dataclass(frozen=True)
class Shield:
    """A shield: a step on its bearer's block rolls (rules-notes)."""

    id: str
    name: str
    block_steps: int
    source: str
    derived: str
    description: str = ""


@dataclass
class Catalogue:
    weapons: dict[str, Weapon] = field(default_factory=dict)
    explosives: dict[str, Explosive] = field(default_factory=dict)
    armour: dict[str, ArmourPiece] = field(default_factory=dict)
    shields: dict[str, Shield] = field(default_factory=dict)

    def weapon(self, key: str) -> Weapon:
        return lookup(self.weapons, key, "ruleset step: no weapon {key!r}; known: {known}", LookupProblem)

    def explosive(self, key: str) -> Explosive:
        return lookup(self.explosives, key, "ruleset step: no explosive {key!r}; known: {known}", LookupProblem)

    def armour_piece(self, key: str) -> ArmourPiece:
        return lookup(self.armour, key, "ruleset step: no armour {key!r}; known: {known}", LookupProblem)

    def shield(self, key: str) -> Shield:
        return lookup(self.shields, key, "ruleset step: no shield {key!r}; known: {known}", LookupProblem)

    def table_of(self, key: str) -> str | None:
        """Which table holds `key` (weapon, explosive, armour, shield), or None."""
        for name, table in (("weapon", self.weapons), ("explosive", self.explosives),
                            ("armour", self.armour), ("shield", self.shields)):
            if key in table:
                return name
        return None
