"""A Yags SF fighter (attributes, skills, kit) and its condition in a fight."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine.rolls import Term
from engine.yags_sf.equipment import PARRY_AS, SKILL_FAMILIES, ArmourPiece, Explosive, Weapon
from engine.yags_sf.tables import (
    FATAL,
    base_soak,
    encumbrance_penalty,
    fatigue_penalty,
    half,
    strength_penalty,
    wound_penalty,
)

SHORT = {"strength": "Str", "health": "Hea", "agility": "Agi", "dexterity": "Dex",
         "perception": "Per", "intelligence": "Int"}
UNFAMILIAR_FUMBLE = 1  # a related skill of the same family (rules-notes)
UNSKILLED_FUMBLE = 2  # no skill of the family: "or even five"


@dataclass(frozen=True)
class SkillUse:
    """The skill a fighter uses with a weapon, how well, and what it costs."""

    skill: str
    score: int
    attribute: str  # dexterity for attack and defence; agility for brawling
    fumble_extra: int = 0
    half_bonuses: bool = False  # Brawling with a small or makeshift weapon

    def bonus(self, value: int) -> int:
        return half(value) if self.half_bonuses else value


@dataclass(frozen=True)
class Fighter:
    """The combatant: attributes and skills of its template, kit of this ruleset."""

    name: str
    role: str
    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    weapon: Weapon
    fist: Weapon
    second_weapon: Weapon | None = None
    armour: tuple[ArmourPiece, ...] = ()
    grenades: tuple[Explosive, ...] = ()
    magazines: int = 0
    parry_weapons: Mapping[str, Weapon] = field(default_factory=dict)

    def attr(self, name: str) -> int:
        return int(self.attributes.get(name, 0))

    def skill(self, name: str) -> int:
        return int(self.skills.get(name, 0))

    @property
    def protection(self) -> int:
        """The armour worn: the best piece's protection (armour does not add up; rules-notes)."""
        return max((p.protection for p in self.armour), default=0)

    @property
    def soak(self) -> int:
        return base_soak(self.attr("strength")) + self.protection

    @property
    def load(self) -> float:
        """Kilogrammes carried (Encumbrance): weapons, armour, grenades and magazines."""
        kit = self.weapon.load + (self.second_weapon.load if self.second_weapon else 0.0)
        kit += sum(p.load for p in self.armour) + sum(g.load for g in self.grenades)
        return kit + self.magazines * self.weapon.magazine_load

    @property
    def encumbrance(self) -> int:
        return encumbrance_penalty(self.load, self.attr("strength"))

    def wielded(self, condition: Condition) -> Weapon:
        """The weapon in hand: the fist once disarmed or the weapon smashed."""
        return self.fist if condition.disarmed else self.weapon

    def parry_weapon(self, condition: Condition) -> Weapon:
        """A firearm parries as a knife, club or quarterstaff by its size (Weapon Statistics,
        Defence); a melee weapon parries as itself."""
        w = self.wielded(condition)
        if w.melee:
            return w
        return self.parry_weapons.get(PARRY_AS[w.size], self.fist)

    def shield_defence(self, condition: Condition) -> int:
        s = self.second_weapon
        return s.defence if (s is not None and s.shield and not condition.disarmed) else 0

    def skill_use(self, weapon: Weapon) -> SkillUse:
        """The weapon's own skill; else the best of its family (unfamiliar: +1 fumble); a small
        weapon may be used with Brawling at half bonuses; else unskilled (+2 fumble)."""
        attribute = "agility" if weapon.skill == "brawling" else "dexterity"
        own = self.skill(weapon.skill)
        best = SkillUse(weapon.skill, own, attribute)
        if own == 0:
            family = next((f for f in SKILL_FAMILIES if weapon.skill in f), frozenset())
            related = max((s for s in family if s != weapon.skill), key=self.skill, default=None)
            if related is not None and self.skill(related) > 0:
                best = SkillUse(related, self.skill(related), attribute, UNFAMILIAR_FUMBLE)
            else:
                best = SkillUse(weapon.skill, 0, attribute, UNSKILLED_FUMBLE)
        if weapon.small and self.skill("brawling") > best.score:
            return SkillUse("brawling", self.skill("brawling"), "agility", 0, True)
        return best

    def ability(self, use: SkillUse, attribute: str | None = None) -> Term:
        """attribute x skill as a term (`Dex 10 x Rifles 3`)."""
        attr = attribute or use.attribute
        a = self.attr(attr)
        return Term("ability", a * use.score,
                    f"{SHORT[attr]} {a} x {use.skill.replace('_', ' ').title()} {use.score}")

    def strength_shortfall(self, weapon: Weapon) -> int:
        return strength_penalty(self.attr("strength"), weapon.strength, weapon.two_handed)


@dataclass(frozen=True)
class Condition:
    """A fighter's state: wound and fatigue levels, consciousness, and what carries over."""

    wounds: int = 0  # 0 unhurt .. 6 fatal (beyond fatal stays fatal)
    fatigue: int = 0  # short term fatigue levels; 6 knocks out (rules-notes)
    status: str = "ok"  # ok, unconscious, dead
    prone: bool = False  # knocked down: regaining the feet takes an attack action
    disarmed: bool = False
    fresh_fatal: bool = False  # fatally wounded this round: no roll at its end
    tended: bool = False  # first aid given: no more rolls to die while unconscious
    rounds: int = 0  # rounds of combat ended
    fatigue_rolls: int = 0
    rested: bool = False  # rested: the next fatigue roll is at 10
    unconscious_rounds: int = 0  # rounds unconscious with fatal wounds (a roll each minute)
    aimed: bool = False  # aimed last round: the bonus applies to this round's attack
    feinted: bool = False  # feinted last round: +5 initiative and attack this round
    cause: str = ""

    @property
    def out_of_fight(self) -> bool:
        return self.status != "ok"

    @property
    def wound_penalty(self) -> int:
        return wound_penalty(min(self.wounds, FATAL))

    @property
    def fatigue_penalty(self) -> int:
        return fatigue_penalty(min(self.fatigue, FATAL))

    def with_(self, **changes: object) -> Condition:
        return replace(self, **changes)  # type: ignore[arg-type]


def penalty_terms(fighter: Fighter, condition: Condition, physical: bool = True) -> list[Term]:
    """The wound, fatigue and (for physical actions) encumbrance penalties as terms."""
    terms = []
    for name, value in (("wounds", condition.wound_penalty), ("fatigue", condition.fatigue_penalty),
                        ("encumbrance", fighter.encumbrance if physical else 0)):
        if value:
            terms.append(Term(name, value))
    return terms
