"""An attack as a plan of named terms before any die is rolled, and its resolution.

Every attack (melee, a shot, a burst, a blast) becomes an `AttackPlan`: the attack's terms
and fumble chance; what it must reach (a rolled defence with its floor of 15, or a fixed
difficulty); and a `DamagePlan` (damage terms, soak terms, the burst multiplier, knockdown).
`roll_plan` rolls it in stages (attack and defence, then damage) and `engine.yags_sf.preview`
computes the same plan's chances exactly, so what the player sees and what the dice do come
from the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.yags_sf.dice import FUMBLE, OpenRoll, check, roll_2d10
from engine.yags_sf.tables import MELEE_BASE_DIFFICULTY, wound_levels

BURST_DOUBLE = 4  # Full Auto: "between four and six rounds in the burst, any damage done is doubled"
BURST_TRIPLE = 7  # "If there are seven or more rounds, the damage is tripled."


@dataclass(frozen=True)
class DefencePlan:
    """A rolled melee defence: terms + 2d10!, never counting below the floor."""

    terms: tuple[Term, ...]
    fumble: int = FUMBLE
    floor: int = MELEE_BASE_DIFFICULTY

    @property
    def base(self) -> int:
        return sum(t.value for t in self.terms)


@dataclass(frozen=True)
class DamagePlan:
    """Damage terms + 2d10! less soak, onto the wound chart."""

    terms: tuple[Term, ...]
    soak_terms: tuple[Term, ...]
    multiplier: int = 1  # full auto: x2 for 4-6 rounds, x3 for 7 or more
    burst_rounds: int = 0  # full auto: +1 per round when no body level is caused
    knockdown_over: int | None = None  # (2 x strength) + agility of the target
    subduing: bool = False  # short term fatigue instead of body levels
    killing_blow: bool = False

    @property
    def base(self) -> int:
        return sum(t.value for t in self.terms)

    @property
    def soak(self) -> int:
        return sum(t.value for t in self.soak_terms)

    def modified(self, dice_total: int) -> int:
        """The damage that gets through, after the burst's multiplier or its +1 a round."""
        mod = self.base + dice_total - self.soak
        if self.burst_rounds:
            if mod >= 1:
                return mod * self.multiplier
            return mod + self.burst_rounds  # "damage caused because of this is not multiplied"
        return mod

    def outcome(self, dice_total: int) -> tuple[int | None, bool]:
        """(wound chart levels, knocked down) for a damage dice total."""
        knocked = self.knockdown_over is not None and self.base + dice_total > self.knockdown_over
        return wound_levels(self.modified(dice_total)), knocked

    def saturates_at(self) -> int:
        """A dice total from which the outcome no longer changes (beyond fatal, knocked)."""
        top = 31 + self.soak - self.base + max(0, self.burst_rounds)
        if self.knockdown_over is not None:
            top = max(top, self.knockdown_over - self.base + 1)
        return max(top, 2)


@dataclass(frozen=True)
class AttackPlan:
    attacker: str
    target: str
    label: str
    terms: tuple[Term, ...]
    fumble: int = FUMBLE
    difficulty_terms: tuple[Term, ...] = ()  # a fixed difficulty (range, band, cover; base 15)
    defence: DefencePlan | None = None  # a rolled defence instead
    damage: DamagePlan | None = None
    effect: str = "damage"  # damage, disarm, smash
    rounds: int = 0  # ammunition this attack fires
    initiative_offset: int = 0  # multiple shots: each 10 initiative later
    notes: tuple[str, ...] = ()

    @property
    def base(self) -> int:
        return sum(t.value for t in self.terms)

    @property
    def difficulty(self) -> int:
        if self.defence is not None:
            return self.defence.floor
        return sum(t.value for t in self.difficulty_terms)


@dataclass(frozen=True)
class DamageRoll:
    """A damage roll against soak and what it did on the chart."""

    roll: Roll
    soak: int
    modified: int
    levels: int | None
    knocked: bool
    subduing: bool
    killing_blow: bool
    notes: tuple[str, ...] = ()

    def describe(self) -> str:
        got = "no effect" if self.levels is None else ("stunned" if self.levels == 0 else
                                                       f"{self.levels} level{'s' * (self.levels > 1)}")
        through = self.roll.total - self.soak
        shown = f"{through}" if through == self.modified else f"{through} -> {self.modified}"
        text = f"{self.roll.describe()} - soak {self.soak} = {shown}: {got}"
        if self.knocked:
            text += ", knocked down"
        return text + ("".join(f" [{n}]" for n in self.notes))


@dataclass(frozen=True)
class AttackRoll:
    """The attack against its defence or difficulty: the first stage of an attack."""

    attack: Roll
    defence: Roll | None
    hit: bool


@dataclass(frozen=True)
class AttackResult:
    """One attack resolved, with its rolls and what it did."""

    attacker: str
    target: str
    attack_roll: Roll | None
    defence_roll: Roll | None
    hit: bool
    damage: DamageRoll | None = None
    effect: str = "damage"
    contest: tuple[Roll, ...] = ()  # disarm and weapon smash: the opposed rolls
    effects: tuple[str, ...] = ()  # disarmed (a disarm or a weapon smash won), prone (knocked down)
    rounds: int = 0
    initiative_offset: int = 0
    notes: tuple[str, ...] = field(default=())

    @property
    def fumble_outcome(self) -> str | None:
        """What a fumble did besides missing: nothing (Fumbling names no consequence; rules-notes)."""
        return None

    @property
    def counter_strike(self) -> bool:
        """The loser of initiative strikes back with his own declared attack (The Combat
        Round), not with a strike a result earns."""
        return False

    def describe(self) -> str:
        lines = [r.describe() for r in (self.attack_roll, self.defence_roll) if r is not None]
        lines.append(f"{self.attacker} -> {self.target}: {'hit' if self.hit else 'miss'}")
        if self.damage is not None:
            lines.append(self.damage.describe())
        lines.extend(r.describe() for r in self.contest)
        if "disarmed" in self.effects:  # a knockdown shows on the damage line
            lines.append(f"{self.target} loses his weapon")
        lines.extend(self.notes)
        return "\n".join(lines)


def resolve_attack(plan: AttackPlan, attack: OpenRoll, defence: OpenRoll | None) -> AttackRoll:
    """Judge the attack for given dice: a fumble misses; a fumbled defence counts as no
    defence (the floor of 15; rules-notes)."""
    d_roll = None
    if plan.defence is not None:
        assert defence is not None
        d_roll = check("defence", plan.defence.terms, defence, fumble_chance=plan.defence.fumble)
        floor = plan.defence.floor
        if d_roll.fumble:
            target, shown = floor, f"base {floor} (defence fumbled)"
        elif d_roll.total < floor:
            target, shown = floor, f"base {floor} (defence {d_roll.total})"
        else:
            target, shown = d_roll.total, f"defence {d_roll.total}"
        target_terms: tuple[Term, ...] = (Term("defence", target, shown),)
    else:
        target = plan.difficulty
        target_terms = plan.difficulty_terms
    a_roll = check(plan.label, plan.terms, attack, target, target_terms, plan.fumble, plan.notes)
    return AttackRoll(a_roll, d_roll, a_roll.success)


def roll_attack(dice: Dice, plan: AttackPlan) -> AttackRoll:
    """Stage one: the attack roll and, in melee, the defender's roll."""
    attack = roll_2d10(dice)
    defence = roll_2d10(dice) if plan.defence is not None else None
    return resolve_attack(plan, attack, defence)


def resolve_damage(dp: DamagePlan, dice_roll: OpenRoll) -> DamageRoll:
    roll = check("damage", dp.terms, dice_roll, fumble_chance=0)
    levels, knocked = dp.outcome(dice_roll.total)
    modified = dp.modified(dice_roll.total)
    notes: list[str] = []
    if dp.burst_rounds:
        raw = roll.total - dp.soak
        notes.append(f"x{dp.multiplier}" if raw >= 1 and dp.multiplier > 1 else
                     (f"+{dp.burst_rounds} for the rounds" if raw < 1 else "burst"))
    if dp.subduing:
        notes.append("subduing: fatigue")
    return DamageRoll(roll, dp.soak, modified, levels, knocked, dp.subduing, dp.killing_blow, tuple(notes))


def roll_damage(dice: Dice, dp: DamagePlan) -> DamageRoll:
    """Stage two, on a hit: damage + 2d10! less soak."""
    return resolve_damage(dp, roll_2d10(dice))


def roll_plan(dice: Dice, plan: AttackPlan) -> AttackResult:
    """Both stages for a damaging attack (disarm and smash go on in engine.yags_sf.melee)."""
    stage = roll_attack(dice, plan)
    damage = None
    if stage.hit and plan.damage is not None and plan.effect == "damage":
        damage = roll_damage(dice, plan.damage)
    return AttackResult(plan.attacker, plan.target, stage.attack, stage.defence, stage.hit, damage,
                        plan.effect, rounds=plan.rounds, initiative_offset=plan.initiative_offset,
                        notes=plan.notes)


def burst_multiplier(rounds: int) -> int:
    """Full Auto: x2 for four to six rounds, x3 for seven or more."""
    if rounds >= BURST_TRIPLE:
        return 3
    if rounds >= BURST_DOUBLE:
        return 2
    return 1


