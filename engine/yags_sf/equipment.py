"""Weapons, armour and explosives of Yags SF 0.30a as values (loaded by catalogue.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.datafile import lookup

MELEE_SKILLS = ("brawling", "knives", "swords", "two_handed_swords", "clubs")
FIREARM_SKILLS = ("pistols", "rifles")
# Skills of one family (Bladed Melee Weapon: knives, swords, two handed swords; Pistols:
# "the same as for pistols, but covers rifles"): using one for another's weapon is an
# unfamiliar weapon (Fumbling; rules-notes).
SKILL_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset({"knives", "swords", "two_handed_swords"}),
    frozenset({"pistols", "rifles"}),
    frozenset({"clubs"}),
    frozenset({"brawling"}),
)
SIZES = ("S", "M", "L")
# Weapon Statistics, Defence: firearms used to parry count as "a knife, club or quarterstaff";
# which by the firearm's size is a reading (rules-notes).
PARRY_AS = {"S": "knife", "M": "club", "L": "quarterstaff"}


@dataclass(frozen=True)
class Weapon:
    """A row of the melee or firearms table."""

    id: str
    name: str
    kind: str  # "melee" | "firearm"
    skill: str
    init: int
    attack: int
    damage: int
    strength: int
    size: str
    load: float
    source: str
    defence: int = 0
    derived: str = ""
    two_handed: bool = False
    small: bool = False  # Brawling: half the initiative, attack and defence bonuses
    shield: bool = False  # held in the other hand: adds its defence only
    group: str = ""
    rof: int | None = None  # None: "~" (no automatic fire)
    shots: int = 0
    recoil: int = 0
    lc: int = 0
    short: float = 0.0
    medium: float = 0.0
    long: float = 0.0
    reload: int = 0
    magazine_load: float = 0.0
    triple: bool = False

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def full_auto(self) -> bool:
        """Full Auto: "any weapon capable of automatic fire" (a rate of fire of 2 or more)."""
        return self.rof is not None and self.rof >= 2

    @property
    def multiple_shots(self) -> bool:
        """Multiple Shots: semi-automatic weapons ("~"), and automatic ones fired a round at a
        time; a rate of fire of 1 allows one shot a round (rules-notes)."""
        return not self.melee and (self.rof is None or self.rof >= 2)

    @property
    def triple_shot(self) -> bool:
        """Triple Shot: three rounds at once, from automatic fire or a burst selector."""
        return not self.melee and (self.full_auto or self.triple)

    @property
    def max_rounds(self) -> int:
        """The most rounds fired in one round: the rate of fire, or the magazine for "~"."""
        return self.shots if self.rof is None else self.rof

    def band(self, distance_m: float) -> str | None:
        from engine.yags_sf.tables import weapon_band

        return weapon_band(distance_m, self.short, self.medium, self.long)


@dataclass(frozen=True)
class ArmourPiece:
    """Worn armour: one row of the armour table at half or full, or headgear."""

    id: str
    name: str
    coverage: str  # "half" | "full" | "head"
    protection: int
    load: float
    source: str
    derived: str = ""


@dataclass(frozen=True)
class Explosive:
    """A grenade (a reading: the text has no explosives)."""

    id: str
    name: str
    damage: int
    radius: float
    subduing: bool
    range_per_strength: float
    load: float
    source: str
    derived: str = ""


@dataclass(frozen=True)
class Template:
    """A troop template: attributes, skills and kit ids of this ruleset."""

    name: str
    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    weapon: str
    armour: tuple[str, ...] = ()
    grenades: tuple[str, ...] = ()
    second_weapon: str | None = None
    magazines: int = 0


@dataclass(frozen=True)
class Catalogue:
    weapons: Mapping[str, Weapon]
    armour: Mapping[str, ArmourPiece]
    explosives: Mapping[str, Explosive]
    templates: Mapping[str, Template] = field(default_factory=dict)
    kit_map: Mapping[str, str] = field(default_factory=dict)

    def weapon(self, wid: str) -> Weapon:
        return lookup(self.weapons, wid, "yags-sf: unknown weapon {key!r}")

    def armour_piece(self, aid: str) -> ArmourPiece:
        return lookup(self.armour, aid, "yags-sf: unknown armour {key!r}")

    def explosive(self, eid: str) -> Explosive:
        return lookup(self.explosives, eid, "yags-sf: unknown explosive {key!r}")

    def template(self, name: str) -> Template:
        return lookup(self.templates, name, "yags-sf: no template {key!r}; known: {known}")

    def map_kit(self, yags_id: str) -> str:
        """This ruleset's id for a Yags catalogue id; an id of this ruleset passes as it is."""
        if yags_id in self.kit_map:
            return self.kit_map[yags_id]
        if yags_id in self.weapons or yags_id in self.armour or yags_id in self.explosives:
            return yags_id
        raise KitError(f"ruleset yags-sf has no equivalent of {yags_id!r} (engine/yags_sf/data/kit_map.toml)")


class KitError(KeyError):
    """A Yags id with no mapping in this ruleset; the message names the ruleset and the id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
