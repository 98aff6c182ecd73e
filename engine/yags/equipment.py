"""Weapons and armour as plain values (yags-combat.md, Weapons; Advanced Weapons; Advanced
Armour; Missile Weapon Properties). The catalogue (`engine.yags.catalogue`) builds them
from the TOML files under `engine/yags/data/`."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.datafile import lookup

DAMAGE_TYPES = ("stuns", "mixed", "wounds")

# Weapon properties the rules use (yags-combat.md Special properties, Missile Weapon
# Properties). The catalogue refuses any other.
WEAPON_PROPERTIES = frozenset({
    "blocking", "crushing", "heavy", "impaling", "light", "strong", "throwable", "thrusting",
    "two_handed", "weak", "firearm", "semiauto", "automatic", "tripleauto", "armour_piercing",
    "laser", "unreliable", "vehicle", "projectile", "thrown", "fragmentation",
})
ARMOUR_PROPERTIES = frozenset({"heavy", "light", "bullet_proof", "mail", "soft"})
ARMOUR_COVERS = frozenset({"head", "torso", "arms", "legs"})
# Stacking Armour: "soft leather armour can be worn underneath chain or plate armour. Plate
# armour ... can be worn over chain armour. It is possible to wear plate over chain over
# leather. ... a helm can be worn over a chain mail coif." A piece's layer says where it
# sits; pieces of different layers stack, anything else overlapping does not.
ARMOUR_LAYERS = ("under", "mail", "over")


@dataclass(frozen=True)
class Weapon:
    """One weapon profile. Melee `damage` is a bonus on strength x 4; a firearm's `damage`
    is its straight number (+ d20); `muscle` says which (thrown weapons and bows: muscle)."""

    id: str
    name: str
    kind: str  # "melee", "missile" or "explosive"
    skill: str  # the skill it is used with: Melee, Brawl, Throw, Pistols, Rifles, Guns, ...
    attack: int = 0
    defence: int = 0
    damage: int = 0
    damage_type: str = "wounds"
    muscle: bool = True  # damage adds strength x 4
    reach: int = 0
    strength: int = 0
    load: float = 0.0
    weapon_class: tuple[str, ...] = ()  # brawl, single, shield, great, longshaft, chain, pistol, rifle, ...
    properties: frozenset[str] = frozenset()
    # Missile profile (metres); zero for melee weapons.
    increment: float = 0.0
    short: float = 0.0
    medium: float = 0.0
    long: float = 0.0
    rof: int = 1
    recoil: int = 0  # a penalty, zero or negative (-5)
    capacity: int = 0  # magazine size; 0 = not a magazine weapon
    reload: int = 0  # rounds to reload the magazine, or Lo-X load time
    burst: int = 10  # bullets in one automatic burst
    cone: float = 0.0  # Co-X blast range of a shotgun, metres; 0 = not a cone weapon
    blast_radius: float = 0.0  # Ex-X, metres; 0 = not explosive
    tnt_grams: float = 0.0  # where the blast was built from the TNT formula
    scope: int = 0  # scope bonus (careful / aimed shots)
    laser_scope: bool = False
    # A melee weapon's thrown profile, if it has one (Axe: melee and thrown modes).
    thrown: Weapon | None = None
    description: str = ""
    source: str = ""
    # Thrown weapons (`<range strength="true">` in the reference lists): short, medium and
    # long are metres per point of the thrower's strength; the increment stays in metres.
    range_per_strength: bool = False

    def has(self, prop: str) -> bool:
        return prop in self.properties

    @property
    def is_missile(self) -> bool:
        return self.kind in ("missile", "explosive")

    @property
    def is_firearm(self) -> bool:
        return "firearm" in self.properties

    @property
    def two_handed(self) -> bool:
        return "two_handed" in self.properties or "great" in self.weapon_class

    @property
    def martial(self) -> bool:
        """Martial weapon: a melee weapon doing more than stun damage with reach above zero."""
        return self.kind == "melee" and self.damage_type != "stuns" and self.reach > 0

    @property
    def unarmed(self) -> bool:
        """Unarmed attack (or defence): natural weapons, or non-martial weapons with a reach
        of zero (a fist, a knife). A stun weapon with reach is neither martial nor unarmed."""
        return self.kind == "melee" and self.reach == 0

    @property
    def impaling(self) -> bool:
        return "impaling" in self.properties


@dataclass(frozen=True)
class ArmourPiece:
    id: str
    name: str
    protection: int
    load: float = 0.0
    covers: frozenset[str] = frozenset({"torso"})
    properties: frozenset[str] = frozenset()
    restrictive: int = 0  # agility penalty for combat (initiative included) and athletics
    noisy: int = 0
    vitals: int = 0  # bonus to health checks immediately after being hit
    layer: str | None = None  # "under", "mail" or "over" (Stacking Armour); None: never layers
    description: str = ""
    source: str = ""

    def has(self, prop: str) -> bool:
        return prop in self.properties

    def stacks_with(self, other: ArmourPiece) -> bool:
        """Both count in full: they cover different places, or they are made to be layered
        (different layers, e.g. plate over chain over soft leather)."""
        if not self.covers & other.covers:
            return True
        return self.layer is not None and other.layer is not None and self.layer != other.layer


@dataclass(frozen=True)
class Armour:
    """A worn suit: pieces whose protection adds up (yags-combat.md, Choosing armour)."""

    pieces: tuple[ArmourPiece, ...] = ()

    @property
    def worn(self) -> tuple[ArmourPiece, ...]:
        """The pieces whose protection counts (Stacking Armour): armour cannot be layered
        unless made for it, "if it is, simply take the best protection value". Best first,
        a piece counts if it stacks with every counted piece it overlaps."""
        counted: list[ArmourPiece] = []
        for piece in sorted(self.pieces, key=lambda p: -p.protection):
            if all(piece.stacks_with(c) for c in counted):
                counted.append(piece)
        return tuple(p for p in self.pieces if p in counted)

    @property
    def protection(self) -> int:
        return sum(p.protection for p in self.worn)

    @property
    def load(self) -> float:
        return sum(p.load for p in self.pieces)

    @property
    def heavy(self) -> bool:
        """The suit is heavy if heavy pieces cover the torso and the arms, or the torso and
        the legs (Properties of armour)."""
        covered: set[str] = set()
        for p in self.pieces:
            if p.has("heavy"):
                covered |= p.covers
        return "torso" in covered and ("arms" in covered or "legs" in covered)

    @property
    def restrictive(self) -> int:
        return sum(p.restrictive for p in self.pieces)

    @property
    def vitals(self) -> int:
        return max((p.vitals for p in self.pieces), default=0)

    @property
    def names(self) -> str:
        return ", ".join(p.name for p in self.pieces) or "none"


NO_ARMOUR = Armour()

FIST = Weapon(
    id="fist", name="Fist", kind="melee", skill="Brawl", damage_type="stuns",
    weapon_class=("brawl",), description="Punches and kicks.",
)


@dataclass
class Catalogue:
    """Weapons and armour by id."""

    weapons: dict[str, Weapon] = field(default_factory=dict)
    armour: dict[str, ArmourPiece] = field(default_factory=dict)

    def weapon(self, wid: str) -> Weapon:
        return lookup(self.weapons, wid, "unknown weapon {key!r}")

    def armour_piece(self, aid: str) -> ArmourPiece:
        return lookup(self.armour, aid, "unknown armour {key!r}")
