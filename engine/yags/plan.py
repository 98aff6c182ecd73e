"""An attack as a plan of named terms, before any die is rolled.

Every attack (melee, missile, burst, throw) is first built as an `AttackPlan`; `roll_plan`
rolls it and `preview_plan` (engine/yags/preview.py) enumerates its dice exactly (attack
d20 x defence d20 = 400 cases, then damage d20 x soak d20 = 400 for each degree of
success), so the preview a player sees and the roll the game makes come from the same
numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.yags.checks import UNSKILLED_FUMBLE, resolve
from engine.yags.damage import DamageResult
from engine.yags.tables import half_up, success_level, wounds_inflicted


@dataclass(frozen=True)
class CheckPlan:
    label: str
    terms: tuple[Term, ...]
    fumble_chance: int = 1
    unskilled: bool = False
    halve: bool = False
    notes: tuple[str, ...] = ()

    @property
    def base(self) -> int:
        # (A plain sum: read once or twice a plan, cheaper than a cached_property's first read.)
        return sum(t.value for t in self.terms)

    def total(self, die: int) -> int:
        raw = self.base + (half_up(die) if self.unskilled else die)
        return half_up(raw) if self.halve else raw

    def fumbles(self, die: int) -> bool:
        chance = max(self.fumble_chance, UNSKILLED_FUMBLE) if self.unskilled else self.fumble_chance
        return chance > 0 and die <= chance

    def resolve(self, die: int, target: int | None = None, target_terms: tuple[Term, ...] = ()) -> Roll:
        return resolve(self.label, self.terms, die, target, target_terms=target_terms,
                       fumble_chance=self.fumble_chance, unskilled=self.unskilled,
                       halve=self.halve, notes=self.notes)


@dataclass(frozen=True)
class DamagePlan:
    """Damage and soak terms; `level_bonus[k]` adds to the damage roll on a degree-k hit
    (burst damage by degree of success)."""

    damage_terms: tuple[Term, ...]
    soak_terms: tuple[Term, ...]
    kind: str | None
    level_bonus: tuple[tuple[int, Term], ...] = ()
    wound_multiplier: int = 1
    stun_divisor: int = 1
    notes: tuple[str, ...] = ()
    # Shock and Pain: "If your initiative drops to 0 ... all rolls are halved": the attacker's
    # damage roll, the target's soak roll (rules-notes, Initiative 0).
    damage_halved: bool = False
    soak_halved: bool = False

    def extra(self, level: int) -> tuple[Term, ...]:
        best: Term | None = None
        for min_level, term in self.level_bonus:
            if level >= min_level:
                best = term
        return (best,) if best is not None and best.value else ()

    def damage_base(self, level: int) -> int:
        return sum(t.value for t in self.damage_terms) + sum(t.value for t in self.extra(level))

    @property
    def soak_base(self) -> int:
        return sum(t.value for t in self.soak_terms)


@dataclass(frozen=True)
class AttackPlan:
    attacker: str
    target: str
    attack: CheckPlan
    defence: CheckPlan | None  # None: the target does not defend (base difficulty)
    base_difficulty: int = 15
    target_terms: tuple[Term, ...] = ()  # distance, cover: added to the greater of defence and base
    damage: DamagePlan | None = None
    min_level: int = 1  # manoeuvres: below this degree the attack fails completely
    auto_hit_face: int | None = None  # area fire: this natural face or better always hits
    defence_fumble_fails: bool = False  # the attacker chooses the defender's fumble: base only
    attack_fumble_outcome: str = "fatigue"
    defence_fumble_outcome: str = "fatigue"
    effects_on_hit: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    counter_if_undefended: bool = False  # the attacker declared no defence against the target
    impossible: str | None = None  # the attack cannot be made at all (reason)
    # yags-core.md, A roll of 20: in a contest a natural 20 with the higher skill score wins
    # outright (unless the other side rolled 20 too). The skill scores of the attack and of
    # the defence (None: no contest to judge, e.g. no defence roll).
    attack_skill: int | None = None
    defence_skill: int | None = None

    def natural_twenty(self, attack_die: int, defence_die: int | None) -> str | None:
        """Who a natural 20 gives the contest to: "attack" (the defence roll is beaten: the
        base difficulty and the target terms stand), "defence" (the attack misses), or None
        (no such 20, both rolled 20, or equal skills)."""
        if self.defence is None or defence_die is None or self.attack_skill is None or self.defence_skill is None:
            return None
        if attack_die == 20 and defence_die != 20 and self.attack_skill > self.defence_skill:
            return "attack"
        if defence_die == 20 and attack_die != 20 and self.defence_skill > self.attack_skill:
            return "defence"
        return None

    def target_for(self, defence_total: int | None, defence_fumbled: bool) -> int:
        floor = self.base_difficulty
        if defence_total is None or (defence_fumbled and self.defence_fumble_fails):
            core = floor
        else:
            core = max(defence_total, floor)
        return core + sum(t.value for t in self.target_terms)

    def outcome(self, attack_die: int, defence_die: int | None) -> tuple[bool, int, bool]:
        """(hit, degree, automatic) for the given natural faces."""
        d_total = None
        d_fumble = False
        if self.defence is not None and defence_die is not None:
            d_total = self.defence.total(defence_die)
            d_fumble = self.defence.fumbles(defence_die)
        twenty = self.natural_twenty(attack_die, defence_die)
        if twenty == "defence" and not (self.auto_hit_face is not None and attack_die >= self.auto_hit_face):
            return False, 0, False
        if twenty == "attack":
            d_total = None
        return _judge(attack_die, self.attack.total(attack_die), self.attack.fumbles(attack_die),
                      self.target_for(d_total, d_fumble), self.auto_hit_face, self.min_level)


def _judge(attack_die: int, a_total: int, a_fumble: bool, target: int, auto_hit_face: int | None,
           min_level: int) -> tuple[bool, int, bool]:
    """(hit, degree, automatic): an automatic hit on a high enough face (area fire), else a
    fumble misses, else the degree of success, which must reach `min_level` (manoeuvres)."""
    if auto_hit_face is not None and attack_die >= auto_hit_face:
        return True, max(1, success_level(a_total, target)), True
    if a_fumble:
        return False, 0, False
    level = success_level(a_total, target)
    if level < min_level:
        return False, 0, False
    return True, level, False


@dataclass(frozen=True)
class PlanResult:
    attack_roll: Roll
    defence_roll: Roll | None
    hit: bool
    level: int
    automatic: bool
    damage: DamageResult | None
    attack_fumble: str | None
    defence_fumble: str | None


def roll_plan(dice: Dice, plan: AttackPlan) -> PlanResult:
    """Roll the plan: attack, then defence, then (on a hit) damage against soak."""
    a_die = dice.d20()
    d_die = dice.d20() if plan.defence is not None else None
    hit, level, automatic = plan.outcome(a_die, d_die)
    d_roll = None
    d_total = None
    d_fumble = False
    if plan.defence is not None and d_die is not None:
        d_roll = plan.defence.resolve(d_die)
        d_total, d_fumble = d_roll.total, d_roll.fumble
    twenty = plan.natural_twenty(a_die, d_die)
    # A 20 that changes nothing is not noted: the attack's when the defence was below the base
    # difficulty anyway (or fumbled to it), the defence's when the attack missed anyway.
    plain = plan.target_for(d_total, d_fumble)
    if twenty == "attack" and plain == plan.target_for(None, d_fumble):
        twenty = None
    if twenty == "defence" and not _judge(a_die, plan.attack.total(a_die), plan.attack.fumbles(a_die), plain,
                                          plan.auto_hit_face, plan.min_level)[0]:
        twenty = None
    target = plan.target_for(None, d_fumble) if twenty == "attack" else plain
    target_terms: list[Term] = []
    if twenty == "attack":
        target_terms.append(Term("base", plan.base_difficulty,
                                 f"base {plan.base_difficulty} (defence {d_total} beaten by a natural 20)"))
    elif d_total is None or (d_fumble and plan.defence_fumble_fails):
        target_terms.append(Term("base", plan.base_difficulty, f"base {plan.base_difficulty}"))
    elif d_total >= plan.base_difficulty:
        target_terms.append(Term("defence", d_total, f"defence {d_total}"))
    else:
        target_terms.append(Term("base", plan.base_difficulty, f"base {plan.base_difficulty} (defence {d_total})"))
    target_terms.extend(plan.target_terms)
    a_roll = plan.attack.resolve(a_die, target, tuple(target_terms))
    if twenty is not None:
        won = "the attack" if twenty == "attack" else "the defence"
        a_roll = replace(a_roll, notes=(*a_roll.notes, f"a natural 20 with the higher skill: {won} wins the contest"))
    damage = None
    if hit and plan.damage is not None:
        damage = roll_damage_plan(dice, plan.damage, level)
    return PlanResult(
        a_roll, d_roll, hit, level if hit else 0, automatic, damage,
        plan.attack_fumble_outcome if a_roll.fumble and not automatic else None,
        plan.defence_fumble_outcome if d_fumble else None,
    )


def roll_damage_plan(dice: Dice, dp: DamagePlan, level: int) -> DamageResult:
    dmg = resolve("damage", dp.damage_terms + dp.extra(level), dice.d20(), fumble_chance=0,
                  halve=dp.damage_halved)
    soak = resolve("soak", dp.soak_terms, dice.d20(), fumble_chance=0, halve=dp.soak_halved)
    return DamageResult(dmg, soak, wounds_inflicted(dmg.total, soak.total), dp.kind, dp.notes)
