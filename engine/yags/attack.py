"""What every Yags attack shares: the fighter's state in the round, the penalties that come
with it, and the result value the game applies and logs.

Melee lives in `engine.yags.melee`, missiles in `engine.yags.missile`, automatic fire in
`engine.yags.autofire` and explosions in `engine.yags.explosions`; all return
`AttackResult`s built from `Roll`s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.rolls import Roll, Term
from engine.yags.character import Character
from engine.yags.damage import DamageResult
from engine.yags.equipment import Weapon
from engine.yags.health import Condition
from engine.yags.tables import defence_penalty

STANCES = ("normal", "aggressive", "defensive", "prone", "crouched", "focused", "grappled")

# yags-combat.md, Stance: (attack, defence, damage) modifiers.
STANCE_MODIFIERS = {
    "normal": (0, 0, 0),
    "aggressive": (5, -10, 5),
    "defensive": (-10, 5, 0),
    "prone": (-10, -10, 0),
    "crouched": (0, 0, 0),
    "focused": (0, 0, 0),
    "grappled": (0, 0, 0),
}
# Action speed forced by a stance (aggressive attacks are fast; defensive and prone slow).
STANCE_SPEED = {"aggressive": "fast", "defensive": "slow", "prone": "slow"}
SPEEDS = ("fast", "normal", "slow")
COVER_ACTIONS = (None, "step_out", "cover_to_cover")


@dataclass(frozen=True)
class Fighter:
    """A character at one moment of a round, as the rules see them."""

    character: Character
    condition: Condition = field(default_factory=Condition)
    stance: str = "normal"
    defences: int = 0  # defences declared this round
    defending: bool = False  # one of them covers the attacker in question
    full_dodge: bool = False
    retreat_m: int = 0  # metres given in retreat this round (defensive stance)
    drawing: bool = False  # drawing the weapon this round
    overwhelmed: int = 0  # penalty taken from overwhelming attacks this round (negative)
    weapon: Weapon | None = None  # the weapon in use; the character's own by default
    initiative_zero: bool = False  # shock took initiative to 0: rolls halved, actions slow
    grappling: str | None = None  # grappled stance: the one held or holding (None: not known)
    # Shooting from Cover: "step_out" (firing from full cover) or "cover_to_cover" (moving
    # from one cover to another this round); None otherwise.
    cover_action: str | None = None

    def __post_init__(self) -> None:
        if self.stance not in STANCES:
            raise ValueError(f"unknown stance {self.stance!r}; expected one of {', '.join(STANCES)}")
        if self.cover_action not in COVER_ACTIONS:
            raise ValueError(f"unknown cover action {self.cover_action!r}; expected one of {COVER_ACTIONS}")

    @property
    def dodging_all_round(self) -> bool:
        """A full dodge, or the one that comes with firing from full cover or moving from
        cover to cover (Shooting from Cover)."""
        return self.full_dodge or self.cover_action is not None

    @property
    def arm(self) -> Weapon:
        return self.weapon if self.weapon is not None else self.character.weapon

    @property
    def name(self) -> str:
        return self.character.name

    def injury_terms(self) -> list[Term]:
        """Wound, stun and fatigue penalties, and the penalty for the number of defences."""
        c = self.condition
        return list(_injury_terms_of(c.wounds, c.stuns, c.fatigue, self.character.fatigue_track,
                                     self.defences, self.overwhelmed))

    def strength_terms(self, weapon: Weapon | None = None) -> list[Term]:
        """Strength requirement: a weapon used two handed adds 50% (round up) to strength;
        one point short -5 to attack and defence, two points -15 (more: unusable)."""
        w = weapon or self.arm
        short = strength_shortfall(self.character, w)
        if short == 1:
            return [Term("strength short", -5)]
        if short == 2:
            return [Term("strength short", -15)]
        return []


@lru_cache(maxsize=1024, typed=True)  # every attack planned asks, twice
def _injury_terms_of(wounds: int, stuns: int, fatigue: int, track: int, defences: int,
                     overwhelmed: int) -> tuple[Term, ...]:
    """`_injury_terms` of a condition with these wounds, stuns and fatigue (its penalties,
    the fatigue's on a track of `track` levels), remembered by the plain numbers."""
    c = Condition(stuns=stuns, wounds=wounds, fatigue=fatigue)
    return _injury_terms(c.wound_penalty, c.stun_penalty, c.fatigue_penalty(track), defences, overwhelmed)


@lru_cache(maxsize=1024, typed=True)  # Terms are immutable; every attack planned asks
def _injury_terms(wounds: int, stuns: int, fatigue: int, defences: int, overwhelmed: int) -> tuple[Term, ...]:
    terms = []
    if wounds:
        terms.append(Term("wounds", wounds))
    if stuns:
        terms.append(Term("stuns", stuns))
    if fatigue:
        terms.append(Term("fatigue", fatigue))
    dp = defence_penalty(defences)
    if dp:
        terms.append(Term(f"{defences} defences", dp))
    if overwhelmed:
        terms.append(Term("overwhelmed", overwhelmed))
    return tuple(terms)


def effective_strength(character: Character, weapon: Weapon) -> int:
    strength = character.attributes["strength"]
    if weapon.two_handed:
        strength += -(-strength // 2)
    return strength


def strength_shortfall(character: Character, weapon: Weapon) -> int:
    return max(0, weapon.strength - effective_strength(character, weapon))


def can_wield(character: Character, weapon: Weapon) -> bool:
    """More than two points short of a melee weapon's strength: it cannot be used."""
    return weapon.is_missile or strength_shortfall(character, weapon) <= 2


def can_carry(character: Character, weapon: Weapon) -> bool:
    """Character Strength: "If you can't carry the weapon, then you can't use it at all."
    yags-core.md, Encumbrance: beyond ten times the square of strength (greatly burdened) a
    character is over encumbered and "cannot move"; a weapon whose own load is beyond that
    is one the character cannot carry (rules-notes)."""
    return weapon.load <= CARRY_LIMIT_MULTIPLE * character.attributes["strength"] ** 2


CARRY_LIMIT_MULTIPLE = 10  # yags-core.md, Encumbrance: Greatly (x10), the last level that moves


@dataclass(frozen=True)
class AttackResult:
    """One attack resolved: the rolls with their terms, whether it hit, and what it did."""

    attacker: str
    target: str
    attack_roll: Roll | None
    defence_roll: Roll | None
    hit: bool
    level: int  # degree of success of the attack against its target (0 on a miss)
    damage: DamageResult | None = None
    wound_multiplier: int = 1  # triple auto doubles wounds
    stun_divisor: int = 1  # explosions beyond three radii
    fumble_outcome: str | None = None  # "fatigue", "drop_weapon", "weapon_breaks", "jam", "random_target"
    defence_fumble_outcome: str | None = None
    counter_strike: bool = False  # the target earns a counter strike against the attacker
    effects: tuple[str, ...] = ()  # "prone", "grappled", "disarmed", "overwhelmed:-10", "fatigue", ...
    notes: tuple[str, ...] = ()
    automatic: bool = False  # an automatic hit (area fire) or automatic strike
    # the target is at initiative 0: its health checks right after the hit are halved too
    # (Shock and Pain: "all rolls are halved"); its soak roll already was
    target_halved: bool = False

    def describe(self) -> str:
        lines = []
        if self.attack_roll is not None:
            lines.append(self.attack_roll.describe())
        if self.defence_roll is not None:
            lines.append(self.defence_roll.describe())
        verdict = "hit" if self.hit else "miss"
        if self.automatic and self.hit:
            verdict = "automatic hit"
        lines.append(f"{self.attacker} -> {self.target}: {verdict}")
        if self.damage is not None:
            lines.append(self.damage.describe())
        lines.extend(self.notes)
        return "\n".join(lines)
