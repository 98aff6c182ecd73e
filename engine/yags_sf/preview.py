"""Exact previews of Yags SF attacks: every chance a `Fraction`, from the closed forms of
2d10! in engine.yags_sf.dice (no sampling, no truncation).

A series (multiple shots, bursts) is previewed attack by attack and combined exactly: the
chance of at least one hit, the law of the total levels, and of the target's wounds and
fatigue afterwards (before any survival roll those call for).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from engine.rolls import Term
from engine.yags_sf.dice import distribution, p_at_least, p_at_most, p_beats, p_difference_at_least
from engine.yags_sf.plan import AttackPlan, DamagePlan
from engine.yags_sf.tables import BEYOND_FATAL, FATAL

_NEVER = -10**9  # a floor no roll is below: opposed rolls with no minimum
KNOCKOUT = 6


@dataclass(frozen=True)
class Preview:
    """Exact chances for an attack (or a series of them) as declared."""

    p_hit: Fraction
    p_attack_fumble: Fraction
    p_levels: dict[int | None, Fraction]  # chart result of a hit (None: soaked) -> chance; misses excluded
    p_damage_levels: dict[int, Fraction]  # levels caused (none or stunned: 0) -> chance; misses excluded
    p_knockdown: Fraction
    p_outcome: dict[tuple[int, int], Fraction]  # the target's (wounds, fatigue) afterwards -> chance
    kind: str  # wounds, fatigue, disarm, smash
    difficulty: int | None = None  # the fixed difficulty, or the defence's floor
    terms: tuple[Term, ...] = ()
    target_terms: tuple[Term, ...] = ()
    p_kill: Fraction = Fraction(0)  # killing blow: the hit does 2 levels or more
    p_effect: Fraction = Fraction(0)  # disarm, smash: the weapon is lost
    attacks: tuple[Preview, ...] = field(default=())
    before: tuple[int, int] = (0, 0)  # the target's (wounds, fatigue) the chances start from

    def chance(self, x: Fraction) -> float:
        return float(x)


def hit_chance(plan: AttackPlan) -> Fraction:
    """P(the attack hits): a roll against a rolled defence or a fixed difficulty."""
    a = plan.base
    if plan.defence is not None:
        d = plan.defence
        return p_beats(a, plan.fumble, d.base, d.fumble, d.floor)
    return p_at_least(max(plan.difficulty - a, plan.fumble + 1))


@lru_cache(maxsize=4096)
def _damage_law(dp: DamagePlan) -> tuple[tuple[tuple[int | None, bool], Fraction], ...]:
    return tuple(distribution(dp.outcome, dp.saturates_at()).items())


def damage_law(dp: DamagePlan) -> dict[tuple[int | None, bool], Fraction]:
    """(chart levels, knocked down) -> chance, for one damage roll."""
    return dict(_damage_law(dp))


def after_hit(wounds: int, fatigue: int, levels: int | None, knocked: bool, dp: DamagePlan) -> tuple[int, int]:
    """(wounds, fatigue) after a hit, as engine.yags_sf.health.take_hit counts them."""
    if knocked:
        fatigue += 1
    if levels is None:
        pass
    elif levels == 0:
        fatigue += 0 if knocked else 1
    elif dp.subduing:
        fatigue += levels
    else:
        wounds += levels
    return min(wounds, FATAL), min(fatigue, KNOCKOUT)


def preview_plan(plan: AttackPlan, wounds: int = 0, fatigue: int = 0) -> Preview:
    """The exact chances of one planned attack against a target at (`wounds`, `fatigue`)."""
    p_hit = hit_chance(plan)
    fumble = p_at_most(plan.fumble)
    if plan.effect != "damage" or plan.damage is None:
        return Preview(p_hit, fumble, {}, {}, Fraction(0), {(wounds, fatigue): Fraction(1)}, plan.effect,
                       plan.difficulty, plan.terms, plan.difficulty_terms, before=(wounds, fatigue))
    return preview_damage(plan.damage, p_hit, fumble, wounds, fatigue, plan.difficulty, plan.terms,
                          plan.difficulty_terms)


def preview_damage(dp: DamagePlan, p_hit: Fraction = Fraction(1), p_fumble: Fraction = Fraction(0),
                   wounds: int = 0, fatigue: int = 0, difficulty: int | None = None,
                   terms: tuple[Term, ...] = (), target_terms: tuple[Term, ...] = ()) -> Preview:
    """The chances of a damage roll that lands with chance `p_hit` (1: a blast)."""
    p_levels: dict[int | None, Fraction] = {}
    p_damage: dict[int, Fraction] = {}
    outcome: dict[tuple[int, int], Fraction] = {(wounds, fatigue): 1 - p_hit}
    knock = Fraction(0)
    kill = Fraction(0)
    for (levels, knocked), p in damage_law(dp).items():
        q = p * p_hit
        p_levels[levels] = p_levels.get(levels, Fraction(0)) + q
        caused = levels or 0
        p_damage[caused] = p_damage.get(caused, Fraction(0)) + q
        if knocked:
            knock += q
        if dp.killing_blow and caused >= 2:
            kill += q
        key = after_hit(wounds, fatigue, levels, knocked, dp)
        outcome[key] = outcome.get(key, Fraction(0)) + q
    kind = "fatigue" if dp.subduing else "wounds"
    return Preview(p_hit, p_fumble, p_levels, p_damage, knock, outcome, kind, difficulty, terms,
                   target_terms, kill, before=(wounds, fatigue))


def preview_series(plans: Sequence[AttackPlan], wounds: int = 0, fatigue: int = 0) -> Preview:
    """Several attacks at one target (multiple shots, bursts): each previewed alone, then
    combined exactly as independent rolls."""
    if len(plans) == 1:
        return preview_plan(plans[0], wounds, fatigue)
    singles = tuple(preview_plan(p) for p in plans)
    miss_all = Fraction(1)
    for s in singles:
        miss_all *= 1 - s.p_hit
    total: dict[int, Fraction] = {0: Fraction(1)}
    state: dict[tuple[int, int], Fraction] = {(wounds, fatigue): Fraction(1)}
    knock_none = Fraction(1)
    kill_none = Fraction(1)
    for plan, s in zip(plans, singles, strict=True):
        dp = plan.damage
        law: dict[tuple[int | None, bool], Fraction] = {(None, False): 1 - s.p_hit}
        if dp is not None:
            for key, p in damage_law(dp).items():
                law[key] = law.get(key, Fraction(0)) + p * s.p_hit
        nxt: dict[int, Fraction] = {}
        for t, pt in total.items():
            for (levels, _), p in law.items():
                k = min(t + (levels or 0), BEYOND_FATAL * len(plans))
                nxt[k] = nxt.get(k, Fraction(0)) + pt * p
        total = nxt
        new_state: dict[tuple[int, int], Fraction] = {}
        for (w, f), ps in state.items():
            for (levels, knocked), p in law.items():
                after = after_hit(w, f, levels, knocked, dp) if dp is not None else (w, f)
                new_state[after] = new_state.get(after, Fraction(0)) + ps * p
        state = new_state
        knock_none *= 1 - s.p_knockdown
        kill_none *= 1 - s.p_kill
    p_damage = dict(total)
    p_damage[0] = p_damage.get(0, Fraction(0)) - miss_all  # misses excluded, as for one attack
    first = singles[0]
    return Preview(1 - miss_all, first.p_attack_fumble, {}, p_damage, 1 - knock_none, state, first.kind,
                   first.difficulty, first.terms, first.target_terms, 1 - kill_none, Fraction(0), singles,
                   before=(wounds, fatigue))


def opposed_chance(a: int, fa: int, d: int, fd: int) -> Fraction:
    """Disarm: P(attacker's roll >= defender's; a fumble loses, the attacker's first)."""
    return p_beats(a, fa, d, fd, _NEVER)


def smash_chance(a: int, d: int) -> Fraction:
    """Weapon Smash: P(attacker's damage roll > defender's)."""
    return p_difference_at_least(d - a + 1)
