"""Characters from characteristics (0002, Steps 2-4): attributes and the skills combat uses,
each the SRD's base value plus the template's skill points."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from engine.mythras.equipment import UNARMED, ArmourPiece, Weapon
from engine.mythras.tables import (
    ACTION_POINTS,
    BASE_MOVE_M,
    LOCATIONS,
    damage_modifier_for_step,
    damage_modifier_step,
    healing_rate,
    initiative_bonus,
    location_hit_points,
    luck_points,
)

CHARACTERISTICS = ("STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA")
# 0002 Calculating Characteristics: 3d6 for STR, CON, DEX, POW, CHA; 2d6+6 for SIZ and INT.
CHARACTERISTIC_RANGE = {c: ((8, 18) if c in ("SIZ", "INT") else (3, 18)) for c in CHARACTERISTICS}
POINTS_BUILD = 80  # 0002: "a predetermined pool of 80 points"
SKILL_POINTS = 350  # 0002 Steps 5-7: Culture 100 + Career 100 + Bonus 150
# 0002 Step 4 (Combat Style; Standard Skills): the base of each skill combat uses.
SKILL_BASES: dict[str, tuple[str, str]] = {
    "combat_style": ("STR", "DEX"),
    "athletics": ("STR", "DEX"),
    "brawn": ("STR", "SIZ"),
    "endurance": ("CON", "CON"),
    "evade": ("DEX", "DEX"),
    "first_aid": ("INT", "DEX"),
    "perception": ("INT", "POW"),
    "willpower": ("POW", "POW"),
    "unarmed": ("STR", "DEX"),
}
SKILL_NAMES = {"combat_style": "Combat Style", "athletics": "Athletics", "brawn": "Brawn",
               "endurance": "Endurance", "evade": "Evade", "first_aid": "First Aid",
               "perception": "Perception", "willpower": "Willpower", "unarmed": "Unarmed"}
# 0005 Combat Style Traits Table (those a template may carry; rules-notes says which act).
STYLE_TRAITS = frozenset({
    "beast_back_lancer", "blind_fighting", "daredevil", "defensive_minded", "formation_fighting",
    "knockout_blow", "mounted_combat", "ranged_marksman", "skirmishing", "throw_weapons", "unarmed_prowess",
})


def base_skill(name: str, ch: Mapping[str, int]) -> int:
    a, b = SKILL_BASES[name]
    return ch[a] + ch[b]


@dataclass(frozen=True)
class Character:
    """A fighter: characteristics, skills (final values), style, traits and kit."""

    name: str
    characteristics: Mapping[str, int]
    skills: Mapping[str, int]
    style: str = "Combat Style"
    style_groups: frozenset[str] = frozenset()
    traits: frozenset[str] = frozenset()
    weapon: Weapon = UNARMED
    second_weapon: Weapon | None = None
    armour: tuple[ArmourPiece, ...] = ()
    grenades: tuple[Weapon, ...] = ()
    role: str = ""
    extra: Mapping[str, int] = field(default_factory=dict)  # advantages: ap, hp (0002 heroic)

    def char(self, name: str) -> int:
        return self.characteristics[name]

    @property
    def siz(self) -> int:
        return self.characteristics["SIZ"]

    @property
    def dex(self) -> int:
        return self.characteristics["DEX"]

    def skill(self, name: str) -> int:
        """A skill's value (the base from characteristics when the character has no points)."""
        if name in self.skills:
            return self.skills[name]
        return base_skill(name, self.characteristics)

    # --- attributes (0002, Step 3) -----------------------------------------------------

    @property
    def action_points(self) -> int:
        return ACTION_POINTS + self.extra.get("ap", 0)

    @property
    def damage_modifier_step(self) -> int:
        return damage_modifier_step(self.char("STR") + self.siz)

    @property
    def damage_modifier(self) -> str:
        return damage_modifier_for_step(self.damage_modifier_step)

    @cached_property
    def hit_points(self) -> dict[str, int]:
        hp = location_hit_points(self.char("CON") + self.siz)
        return {loc: v + self.extra.get("hp", 0) for loc, v in hp.items()}

    @property
    def initiative_bonus(self) -> int:
        return initiative_bonus(self.dex, self.char("INT"))

    @property
    def healing_rate(self) -> int:
        return healing_rate(self.char("CON"))

    @property
    def luck_points(self) -> int:
        return luck_points(self.char("POW"))

    @property
    def move_m(self) -> int:
        return BASE_MOVE_M

    # --- armour (0005 Armor) -----------------------------------------------------------

    @cached_property
    def armour_points(self) -> dict[str, int]:
        """Worn AP per location: the highest piece covering it (pieces do not add up:
        rules-notes)."""
        out = dict.fromkeys(LOCATIONS, 0)
        for piece in self.armour:
            for loc in piece.locations:
                out[loc] = max(out[loc], piece.ap)
        return out

    @property
    def armour_penalty(self) -> int:
        """ "the highest Armor Point value of armor worn ... acts as a penalty to their
        Initiative roll" (0005 Armor)."""
        return max((p.ap for p in self.armour), default=0)

    # --- weapons -----------------------------------------------------------------------

    def weapon_skill(self, weapon: Weapon) -> tuple[str, int, str]:
        """(skill key, value, grade) for attacking or parrying with `weapon`: Unarmed for
        fists, the Combat Style for a weapon its groups cover, Athletics for a thrown
        weapon it does not cover (0003 Athletics covers throwing), else the Combat Style one
        grade harder (0005 Combat Styles: "a skill penalty of one or more difficulty grades")."""
        if weapon.has("unarmed"):
            return "unarmed", self.skill("unarmed"), "standard"
        if weapon.group in self.style_groups:
            return "combat_style", self.skill("combat_style"), "standard"
        if weapon.has("thrown"):
            return "athletics", self.skill("athletics"), "standard"
        return "combat_style", self.skill("combat_style"), "hard"

    def skill_label(self, key: str) -> str:
        return f"Combat Style ({self.style})" if key == "combat_style" else SKILL_NAMES.get(key, key)

    @property
    def shield(self) -> Weapon | None:
        w = self.second_weapon
        return w if w is not None and w.kind == "shield" else None

    @property
    def parry_weapon(self) -> Weapon:
        """What parries: the larger of the weapon in hand and a shield (rules-notes)."""
        from engine.mythras.tables import SIZES

        options = [w for w in (self.weapon, self.second_weapon) if w is not None and w.parry_size]
        if not options:
            return UNARMED
        return max(options, key=lambda w: SIZES.index(w.parry_size or "S"))

    @property
    def warding_weapon(self) -> Weapon | None:
        """What blocks warded locations passively (0005 Ward Location; Passive Blocking): the
        shield, else the weapon in hand (one location); None: nothing that parries."""
        if self.shield is not None:
            return self.shield
        w = self.weapon
        return w if w.parry_size and not w.ranged and not w.has("unarmed") else None

    def active_parry(self, warding: bool) -> Weapon:
        """What parries actively: `parry_weapon`; while a location is warded, the weapon the
        ward leaves free (0005 Passive Blocking: "at the cost of being unable to actively
        Parry with it ... Nothing prevents a dual weapon, or weapon and shield combatant from
        using his other weapon to actively parry"), else fists and feet."""
        ward = self.warding_weapon if warding else None
        if ward is None:
            return self.parry_weapon
        from engine.mythras.tables import SIZES

        free = [w for w in (self.weapon, self.second_weapon) if w is not None and w is not ward and w.parry_size]
        return max(free, key=lambda w: SIZES.index(w.parry_size or "S")) if free else UNARMED


def build_character(name: str, characteristics: Mapping[str, int], skill_points: Mapping[str, int], *,
                    style: str = "Combat Style", style_groups: frozenset[str] = frozenset(),
                    traits: frozenset[str] = frozenset(), weapon: Weapon = UNARMED,
                    second_weapon: Weapon | None = None, armour: tuple[ArmourPiece, ...] = (),
                    grenades: tuple[Weapon, ...] = (), role: str = "") -> Character:
    """Skills are base (0002 Step 4) + points; unknown characteristics or skills raise."""
    for c in CHARACTERISTICS:
        if c not in characteristics:
            raise ValueError(f"{name}: characteristic {c} missing")
    skills = {}
    for key in SKILL_BASES:
        skills[key] = base_skill(key, characteristics) + int(skill_points.get(key, 0))
    for key in skill_points:
        if key not in SKILL_BASES:
            raise ValueError(f"{name}: unknown skill {key!r}; expected one of {', '.join(SKILL_BASES)}")
    return Character(name=name, characteristics=dict(characteristics), skills=skills, style=style,
                     style_groups=frozenset(style_groups), traits=frozenset(traits), weapon=weapon,
                     second_weapon=second_weapon, armour=tuple(armour), grenades=tuple(grenades), role=role)
