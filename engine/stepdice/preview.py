"""Exact previews: every face of the attack dice against every face of the defence dice and
of the weapon's damage die, enumerated (never sampled).

A preview gives the chance to hit, of each number of hits (a burst has three rolls against
one defence roll), of each (stun, wounds) dealt and of the target's state after, and the
chances of what the state brings: bleeding (half life), falling unconscious (the check is
enumerated too), dying (wounds at life points) and fit for the worms.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from fractions import Fraction

from engine.stepdice.attack import (
    AttackPlan,
    DefenceOption,
    block_damage,
    choose_defence,
    damage_of,
    defence_options,
)
from engine.stepdice.character import (
    Character,
    Condition,
    attribute_steps,
    bleeding,
    dying,
    fit_for_the_worms,
)
from engine.stepdice.health import ko_chance, vitality_willpower
from engine.stepdice.steps import AVERAGE, HARD, Part, Pool, check_chance

Outcome = tuple[int, int, int]  # (hits, stun, wounds)


@dataclass(frozen=True)
class StepPreview:
    """Exact chances of one attack (or one victim's share of an area attack)."""

    p_hit: Fraction
    p_hits: dict[int, Fraction]
    p_damage: dict[tuple[int, int], Fraction]  # (stun, wounds) dealt -> chance, misses as (0, 0)
    p_outcome: dict[tuple[int, int], Fraction]  # the target's (stun, wounds) after
    p_bleeding: Fraction = Fraction(0)  # wounds at half life after (whatever before)
    p_unconscious: Fraction = Fraction(0)  # falls unconscious from this attack
    p_dying: Fraction = Fraction(0)  # wounds at life points after
    p_dead: Fraction = Fraction(0)  # fit for the worms
    p_effect: Fraction = Fraction(0)  # the special attack's test fails (or the hold is gained)
    defence: str = "innate"
    attack_pool: Pool | None = None
    defence_pool: Pool | None = None
    difficulty_extra: int = 0  # cover
    notes: tuple[str, ...] = field(default=())

    def chance(self, x: Fraction) -> float:
        return float(x)

    @property
    def total(self) -> Fraction:
        """The chances of all outcomes: always 1."""
        return sum(self.p_outcome.values(), Fraction(0))


def _per_roll(plan: AttackPlan, threshold: int, option: DefenceOption,
              defence_total: int) -> dict[Outcome, Fraction]:
    """One attack roll against a fixed difficulty: (hits, stun, wounds) -> chance."""
    out: dict[Outcome, Fraction] = defaultdict(Fraction)
    faces = range(1, plan.damage_die + 1) if plan.deals_damage else (0,)
    per_face = Fraction(1, len(faces))
    for attack, p in plan.pool.distribution().items():
        if attack >= threshold:
            for face in faces:
                h = damage_of(plan, attack, threshold, face)
                out[(1, h.stun, h.wounds)] += p * per_face
        elif option.unarmed_block and plan.deals_damage and defence_total > attack:
            for face in faces:
                s, w = block_damage(plan, face)
                out[(0, s, w)] += p * per_face
        else:
            out[(0, 0, 0)] += p
    return out


def _convolve(a: dict[Outcome, Fraction], b: dict[Outcome, Fraction]) -> dict[Outcome, Fraction]:
    out: dict[Outcome, Fraction] = defaultdict(Fraction)
    for (h1, s1, w1), p1 in a.items():
        for (h2, s2, w2), p2 in b.items():
            out[(h1 + h2, s1 + s2, w1 + w2)] += p1 * p2
    return out


def attack_outcomes(plan: AttackPlan, option: DefenceOption) -> dict[Outcome, Fraction]:
    """(hits, stun, wounds) dealt -> exact chance, over the defence roll and every attack
    roll. An unarmed block's weapon damage counts only when no roll hit (one block)."""
    total: dict[Outcome, Fraction] = defaultdict(Fraction)
    for d, pd in option.pool.distribution().items():
        threshold = d + plan.cover_difficulty
        one = _per_roll(plan, threshold, option, d)
        dist = one
        for _ in range(plan.rolls - 1):
            dist = _convolve(dist, one)
        for key, p in dist.items():
            total[key] += pd * p
    return dict(total)


def outcome_preview(character: Character, cond: Condition, dealt: dict[Outcome, Fraction], *,
                    defence: str = "innate", effect_check=None, notes: tuple[str, ...] = ()) -> StepPreview:  # noqa: ANN001
    """Chances of the target's state after `dealt`: thresholds and the unconsciousness
    check enumerated (its dice under the condition after the damage). `effect_check`, when
    given, is (condition after) -> chance the hit's own check fails, counted on hits."""
    p_hits: dict[int, Fraction] = defaultdict(Fraction)
    p_damage: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    p_outcome: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    p_bleed = p_ko = p_dying = p_dead = p_effect = Fraction(0)
    lp = character.life_points
    for (hits, s, w), p in dealt.items():
        p_hits[hits] += p
        p_damage[(s, w)] += p
        after = replace(cond, stun=cond.stun + s, wounds=cond.wounds + w)
        p_outcome[(after.stun, after.wounds)] += p
        if cond.status == "dead":
            continue
        if fit_for_the_worms(character, after):
            p_dead += p
            p_dying += p
            p_bleed += p
            continue
        if bleeding(character, after):
            p_bleed += p
        if dying(character, after):
            p_dying += p
        if (s or w) and cond.status == "ok" and after.damage >= lp and cond.ko_checks == 0:
            p_ko += p * ko_chance(character, after)
        if hits and effect_check is not None and after.status != "dead":
            p_effect += p * effect_check(after)
    p_hit = sum((p for h, p in p_hits.items() if h), Fraction(0))
    return StepPreview(p_hit, dict(p_hits), dict(p_damage), dict(p_outcome), p_bleed, p_ko, p_dying, p_dead,
                       p_effect, defence, notes=notes)


def preview_attack(plan: AttackPlan, defence: str = "innate") -> StepPreview:
    """The exact preview of `plan` answered with `defence`."""
    option = choose_defence(plan, defence)
    dealt = attack_outcomes(plan, option)
    t = plan.target
    effect_check = None
    if plan.special == "disarm":
        def effect_check(after: Condition) -> Fraction:
            steps = attribute_steps(t.character, after)
            return 1 - check_chance((Part("Agility", t.character.attribute("agility"), steps),
                                     Part("Willpower", t.character.attribute("willpower"), steps)), HARD)
    elif plan.special:
        def effect_check(after: Condition) -> Fraction:
            return 1 - check_chance(vitality_willpower(t.character, after), AVERAGE)
    pv = outcome_preview(t.character, t.condition, dealt, defence=defence, effect_check=effect_check,
                         notes=plan.pool.notes)
    return replace(pv, attack_pool=plan.pool, defence_pool=option.pool, difficulty_extra=plan.cover_difficulty)


def defence_chances(plan: AttackPlan) -> dict[str, Fraction]:
    """Each defence the target may choose -> the exact chance the attack hits at least once."""
    return {o.kind: preview_attack(plan, o.kind).p_hit for o in defence_options(plan)}
