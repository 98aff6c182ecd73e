"""Weapons, shields, armour and explosives as plain values (0005, Arms and Armor)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.datafile import lookup
from engine.mythras.dicexpr import DiceExpr, parse

WEAPON_KINDS = ("melee", "shield", "ranged", "firearm", "explosive")
# What special effects and rules read off a weapon (rules-notes lists where each comes from).
TRAITS = frozenset({
    "cutting", "impaling", "bludgeoning", "entangling", "thrown", "throwable", "sunder",
    "two_handed", "set_vs_charge", "unarmed", "shotgun", "fragmentation", "concussion",
})
FIRE_MODES = ("single", "burst", "full_auto")
STYLE_GROUPS = frozenset({
    "unarmed", "dagger", "sword", "axe", "club", "spear", "flail", "whip", "net", "shield",
    "bow", "sling", "thrown", "pistol", "smg", "rifle", "mg", "shotgun", "energy", "grenade",
})


@dataclass(frozen=True)
class Weapon:
    """One weapon profile. Melee and shields have a Size; ranged weapons and firearms a
    Force (None: '—' in the table) and a range triple (close, effective, long metres)."""

    id: str
    name: str
    kind: str
    group: str
    damage: DiceExpr
    source: str
    size: str | None = None
    force: str | None = None
    damage_modifier: bool = True  # the wielder's Damage Modifier adds (melee, bows, thrown)
    range_m: tuple[float, float, float] | None = None
    load: int = 0  # turns to load or reload (0: none needed)
    impale_size: str | None = None
    ap: int | None = None
    hp: int | None = None
    hands: int = 1
    traits: frozenset[str] = frozenset()
    passive_locations: int = 0  # shields: locations covered by Passive Blocking
    magazine: int = 0  # firearms: rounds loaded (derived where the text has none)
    modes: tuple[str, ...] = ()  # firearms: single, burst, full_auto
    burst: int = 0  # rounds a burst fires
    full_auto: int = 0  # most rounds a full-automatic Turn fires (the cyclic limit)
    blast_radius_m: float = 0.0  # explosives: the outer edge of the blast
    derived: str = ""  # what the text lacks and how it was derived (rules-notes)

    def has(self, trait: str) -> bool:
        return trait in self.traits

    @property
    def ranged(self) -> bool:
        return self.kind in ("ranged", "firearm", "explosive")

    @property
    def firearm(self) -> bool:
        return self.kind == "firearm"

    @property
    def two_handed(self) -> bool:
        """Held in both hands: two-handed weapons and long guns (rules-notes)."""
        return self.hands == 2 or self.group in ("rifle", "mg", "shotgun", "smg", "energy", "bow")

    @property
    def parry_size(self) -> str | None:
        """The Size it parries with (melee weapons and shields)."""
        return self.size if self.kind in ("melee", "shield") else None


@dataclass(frozen=True)
class ArmourPiece:
    """Worn protection: Armor Points on the locations it covers."""

    id: str
    name: str
    ap: int
    locations: tuple[str, ...]
    source: str
    era: str = "modern"
    derived: str = ""


@dataclass
class Catalogue:
    weapons: dict[str, Weapon] = field(default_factory=dict)
    armour: dict[str, ArmourPiece] = field(default_factory=dict)

    def weapon(self, wid: str) -> Weapon:
        return lookup(self.weapons, wid, "mythras: unknown weapon {key!r}")

    def armour_piece(self, aid: str) -> ArmourPiece:
        return lookup(self.armour, aid, "mythras: unknown armour {key!r}")


# Fist/Kick: "1d3, S, Human Unarmed Combat Damage" (Sample Melee Weapons).
UNARMED = Weapon(id="fist", name="Fist/Kick", kind="melee", group="unarmed", damage=parse("1d3"),
                 source="0005 Sample Melee Weapons: Fist/Kick", size="S",
                 traits=frozenset({"unarmed", "bludgeoning"}))
