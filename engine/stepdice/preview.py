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
from functools import lru_cache

from engine.stepdice.attack import AttackPlan, DefenceOption, choose_defence, defence_options
from engine.stepdice.character import (
    Character,
    Condition,
    attribute_steps,
    bleeding,
    dying,
    fit_for_the_worms,
)
from engine.stepdice.health import ko_chance, vitality_willpower
from engine.stepdice.steps import AVERAGE, HARD, Part, Pool, check_chance, sum_counts
from engine.stepdice.tables import armour_stops, hit_damage, split_damage

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
    life_points: int = 0  # the target's (the AI's worth of harm)
    before: tuple[int, int] = (0, 0)  # the target's (stun, wounds) before

    def chance(self, x: Fraction) -> float:
        return float(x)

    @property
    def total(self) -> Fraction:
        """The chances of all outcomes: always 1."""
        return sum(self.p_outcome.values(), Fraction(0))


def _counts(pool: Pool) -> tuple[tuple[tuple[int, int], ...], int]:
    """((total, ways), ...) and all cases of a pool's dice."""
    rows = sum_counts(pool.sides())
    cases = rows[0][2] if rows else 1
    return tuple((t + pool.flat, n) for t, n, _ in rows), cases


@lru_cache(maxsize=8192)
def _per_roll(sides: tuple[int, ...], flat: int, threshold: int, die: int, damage_type: str, all_stun: bool,
              deals: bool, protection: int, block_at: int | None) -> tuple[tuple[Outcome, int], ...]:
    """One attack roll against `threshold`: ((hits, stun, wounds), ways) over the attack
    dice and the damage die (all cases: the dice's product times the die). `block_at`: an
    unarmed block's roll, whose success still takes the weapon's damage."""
    out: dict[Outcome, int] = defaultdict(int)
    faces = range(1, die + 1) if deals else (0,)
    for total, n, _ in sum_counts(sides):
        attack = total + flat
        if attack >= threshold:
            for face in faces:
                if deals:
                    stun, wounds, _stopped = hit_damage(attack, threshold, face, damage_type, all_stun=all_stun,
                                                        protection=protection)
                else:
                    stun = wounds = 0
                out[(1, stun, wounds)] += n
        elif block_at is not None and deals and block_at > attack:
            for face in faces:
                ws, ww = split_damage(face, damage_type)
                out[(0, ws, armour_stops(ww, protection)[0])] += n
        else:
            out[(0, 0, 0)] += n * len(faces)
    return tuple(out.items())


@lru_cache(maxsize=4096)
def _rolls(key: tuple, rolls: int) -> tuple[tuple[Outcome, int], ...]:
    """`rolls` independent attack rolls of `_per_roll(*key)`, their outcomes added."""
    one = _per_roll(*key)
    dist: dict[Outcome, int] = dict(one)
    for _ in range(rolls - 1):
        nxt: dict[Outcome, int] = defaultdict(int)
        for (h1, s1, w1), n1 in dist.items():
            for (h2, s2, w2), n2 in one:
                nxt[(h1 + h2, s1 + s2, w1 + w2)] += n1 * n2
        dist = nxt
    return tuple(dist.items())


def attack_outcomes(plan: AttackPlan, option: DefenceOption) -> dict[Outcome, Fraction]:
    """(hits, stun, wounds) dealt -> exact chance, over the defence roll and every attack
    roll. An unarmed block's weapon damage counts only when no roll hit (one block)."""
    a_sides = plan.pool.sides()
    a_cases = 1
    for x in a_sides:
        a_cases *= x
    per_den = a_cases * (plan.damage_die if plan.deals_damage else 1)
    d_rows, d_cases = _counts(option.pool)
    total: dict[Outcome, int] = defaultdict(int)
    for d, d_ways in d_rows:
        key = (a_sides, plan.pool.flat, d + plan.cover_difficulty, plan.damage_die, plan.damage_type,
               plan.all_stun, plan.deals_damage, plan.protection, d if option.unarmed_block else None)
        for outcome, n in _rolls(key, plan.rolls):
            total[outcome] += d_ways * n
    den = d_cases * per_den ** plan.rolls
    return {k: Fraction(n, den) for k, n in total.items()}


def hit_chance(plan: AttackPlan, option: DefenceOption) -> Fraction:
    """The exact chance at least one of the attack's rolls hits (cheaper than a preview)."""
    attack = plan.pool.distribution()
    p = Fraction(0)
    for d, pd in option.pool.distribution().items():
        q = sum((pa for a, pa in attack.items() if a >= d + plan.cover_difficulty), Fraction(0))
        p += pd * (1 - (1 - q) ** plan.rolls)
    return p


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
                       p_effect, defence, notes=notes, life_points=lp, before=(cond.stun, cond.wounds))


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
