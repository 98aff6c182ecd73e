"""Characters (yags-core.md, Characteristics; Movement and Encumbrance).

A `Character` is what a unit *is* (attributes, skills, size, gear); its changing state in a
fight (wounds, stuns, fatigue, initiative) lives in `engine.yags.health.Condition`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from engine.yags.equipment import FIST, NO_ARMOUR, Armour, Weapon
from engine.yags.tables import max_defences

ATTRIBUTES = ("strength", "health", "agility", "dexterity", "perception", "intelligence", "empathy", "will")
ATTRIBUTE_ALIASES = {
    "str": "strength", "hea": "health", "agi": "agility", "dex": "dexterity",
    "per": "perception", "int": "intelligence", "emp": "empathy", "wil": "will",
}
# yags-core.md, Talents: the eight core skills everybody has, 2 for a starting character.
TALENTS = ("Athletics", "Awareness", "Brawl", "Charm", "Guile", "Sleight", "Stealth", "Throw")
TALENT_DEFAULT = 2

# yags-core.md, Encumbrance: (load multiple of strength squared, agility, dexterity penalty).
ENCUMBRANCE = ((1, 0, 0), (2, 1, 0), (3, 1, 1), (6, 2, 1), (10, 2, 2))
ENCUMBRANCE_NAMES = ("unencumbered", "light", "moderate", "heavy", "great", "over encumbered")


def canonical_attribute(name: str) -> str:
    key = name.strip().lower()
    key = ATTRIBUTE_ALIASES.get(key, key)
    if key not in ATTRIBUTES:
        raise ValueError(f"unknown attribute {name!r}; expected one of {', '.join(ATTRIBUTES)}")
    return key


@dataclass(frozen=True)
class Character:
    name: str
    attributes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ATTRIBUTES, 3))
    skills: dict[str, int] = field(default_factory=dict)
    size: int = 5
    soak: int = 12
    weapon: Weapon = FIST
    second_weapon: Weapon | None = None  # a shield or an off-hand weapon
    armour: Armour = NO_ARMOUR
    gear_load: float = 0.0  # everything else carried, kg
    grenades: tuple[Weapon, ...] = ()

    def __post_init__(self) -> None:
        attrs = {canonical_attribute(k): int(v) for k, v in self.attributes.items()}
        for a in ATTRIBUTES:
            attrs.setdefault(a, 3)
            if attrs[a] < 0:
                raise ValueError(f"{self.name}: attribute {a} cannot be below zero ({attrs[a]})")
        object.__setattr__(self, "attributes", attrs)

    # --- attributes and skills ------------------------------------------------------------

    def attribute(self, name: str) -> int:
        """The attribute as used in combat: agility and dexterity lowered by encumbrance, and
        agility by restrictive armour; never below zero (Encumbrance). (A character is
        immutable: each answer is remembered.)"""
        memo = self._memo
        hit = memo.get(("attribute", name))
        if hit is None:
            hit = memo[("attribute", name)] = self._attribute(name)
        return hit

    @cached_property
    def _memo(self) -> dict[tuple[str, str], int]:
        return {}

    def _attribute(self, name: str) -> int:
        key = canonical_attribute(name)
        value = self.attributes[key]
        level = self.encumbrance
        if key == "agility":
            value -= self.armour.restrictive
            value -= 99 if level >= 5 else ENCUMBRANCE[min(level, 4)][1]
        elif key == "dexterity":
            value -= 2 if level >= 5 else ENCUMBRANCE[min(level, 4)][2]
        return max(0, value)

    def skill(self, name: str) -> int:
        """Skill score; talents default to 2, other skills to 0 (remembered)."""
        memo = self._memo
        hit = memo.get(("skill", name))
        if hit is None:
            hit = memo[("skill", name)] = self._skill(name)
        return hit

    def _skill(self, name: str) -> int:
        for k, v in self.skills.items():
            if k.lower() == name.lower():
                return v
        if name.title() in TALENTS:
            return TALENT_DEFAULT
        return 0

    # --- load and movement ----------------------------------------------------------------

    # A character is immutable, so its load and encumbrance are worked out once.
    @cached_property
    def load(self) -> float:
        total = self.weapon.load + self.armour.load + self.gear_load
        if self.second_weapon is not None:
            total += self.second_weapon.load
        return total + sum(g.load for g in self.grenades)

    @cached_property
    def encumbrance(self) -> int:
        """0 unencumbered .. 4 greatly burdened, 5 over encumbered; load against strength
        squared."""
        capacity = self.attributes["strength"] ** 2
        if capacity == 0:
            return 0 if self.load == 0 else 5
        for level, (multiple, _, _) in enumerate(ENCUMBRANCE):
            if self.load <= capacity * multiple:
                return level
        return 5

    @property
    def move(self) -> int:
        """Move = size + strength + agility + 1; at least 1 unless over encumbered."""
        if self.encumbrance >= 5:
            return 0
        return max(1, self.size + self.attributes["strength"] + self.attribute("agility") + 1)

    @property
    def combat_move(self) -> int:
        """Half Move, rounded down: moved freely each round (6 m for an average person)."""
        return self.move // 2

    @property
    def run_distance(self) -> int:
        """Full Move: allows only a slow standard attack (Combat Move; Movement)."""
        return self.move if self.encumbrance < 4 else self.combat_move

    def sprint_distance(self, penalty: int = 0) -> int:
        """Twice Move plus Athletics (26 m for Move 12, Athletics 2); no attack. Fatigue,
        wound and stun penalties reduce it, metre for point (rules-notes); none when
        greatly encumbered."""
        if self.encumbrance >= 4:
            return self.combat_move
        return max(self.combat_move, 2 * self.move + self.skill("Athletics") + min(penalty, 0))

    @property
    def max_defences(self) -> int:
        return max_defences(self.attribute("agility"), self.attributes["perception"])

    @property
    def fatigue_track(self) -> int:
        """Levels of fatigue before Exhausted: health + 3 (6 for average health, like the
        wound track; rules-notes)."""
        return self.attributes["health"] + 3
