"""The exact preview of an attack plan (engine/yags/plan.py): its dice enumerated, attack
d20 x defence d20 = 400 cases, then damage d20 x soak d20 = 400 for each degree of success,
so the preview a player sees and the roll the game makes come from the same numbers.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from engine.frozen import maker
from engine.rolls import Term
from engine.yags.plan import AttackPlan, CheckPlan, DamagePlan, _judge
from engine.yags.tables import apply_damage, half_up, wounds_inflicted


@dataclass(frozen=True)
class Preview:
    """Exact chances for an attack as declared."""

    p_hit: Fraction
    p_level: dict[int, Fraction]  # degree of success of a hit -> chance
    p_damage_levels: dict[int, Fraction]  # levels inflicted (0 = hit but soaked) -> chance, misses excluded
    p_outcome: dict[tuple[int, int], Fraction]  # the target's (stuns, wounds) after the attack -> chance
    kind: str | None
    p_attack_fumble: Fraction = Fraction(0)
    difficulty: int | None = None  # the target when the defender rolls no better than the base
    terms: tuple[Term, ...] = ()
    target_terms: tuple[Term, ...] = ()

    def chance(self, x: Fraction) -> float:
        return float(x)


@lru_cache(maxsize=4096)
def _damage_counts(damage_base: int, soak_base: int, damage_halved: bool = False,
                   soak_halved: bool = False) -> tuple[tuple[int, int], ...]:
    """(levels, cases of 400) for a damage roll against a soak roll (either halved at
    initiative 0); cached, as the AI asks again and again."""
    counts: dict[int, int] = defaultdict(int)
    for d in range(1, 21):
        dmg = half_up(damage_base + d) if damage_halved else damage_base + d
        for s in range(1, 21):
            soak = half_up(soak_base + s) if soak_halved else soak_base + s
            counts[wounds_inflicted(dmg, soak)] += 1
    return tuple(sorted(counts.items()))


def _plan_damage_counts(dp: DamagePlan, level: int) -> tuple[tuple[int, int], ...]:
    """Without halving only the difference of the bases matters (a better cache key)."""
    if dp.damage_halved or dp.soak_halved:
        return _damage_counts(dp.damage_base(level), dp.soak_base, dp.damage_halved, dp.soak_halved)
    return _damage_counts(dp.damage_base(level) - dp.soak_base, 0)


def _damage_distribution(dp: DamagePlan, level: int) -> dict[int, Fraction]:
    return {k: Fraction(v, 400) for k, v in _plan_damage_counts(dp, level)}


def _after(stuns: int, wounds: int, levels: int, dp: DamagePlan) -> tuple[int, int]:
    if dp.kind is None or levels == 0:
        return stuns, wounds
    if dp.kind == "stuns" and dp.stun_divisor > 1:
        return apply_damage(stuns, wounds, levels // dp.stun_divisor, "stuns")
    if dp.wound_multiplier != 1 and dp.kind in ("wounds", "mixed"):
        stun_part = (levels + 1) // 2 if dp.kind == "mixed" else 0
        s, w = stuns + stun_part, wounds + (levels - stun_part) * dp.wound_multiplier
        if s > 6:
            w += s - 6
            s = 6
        return s, w
    return apply_damage(stuns, wounds, levels, dp.kind)


@lru_cache(maxsize=8192)
def _level_cases(a_totals: tuple[int, ...], a_fumbles: tuple[bool, ...], targets: tuple[int, ...],
                 auto_hit_face: int | None, min_level: int, twenty_attack: bool = False,
                 twenty_defence: bool = False, beaten: int = 0) -> tuple[tuple[int, int], ...]:
    """(degree, cases) of the hits among the 20 attack faces x the defence faces (each
    defence face given as the target it sets, in face order when there is a defence roll);
    a natural 20 wins the contest for the higher skill (`twenty_attack`: the attack's 20 meets
    `beaten`, the target without the defence; `twenty_defence`: the defence's 20 makes the
    attack miss). Cached, as the AI previews the same numbers again and again."""
    counts: dict[int, int] = defaultdict(int)
    for a in range(20):
        a_die, a_total, a_fumble = a + 1, a_totals[a], a_fumbles[a]
        auto = auto_hit_face is not None and a_die >= auto_hit_face
        for d, target in enumerate(targets, start=1):
            if twenty_attack and a_die == 20 and d != 20:
                target = beaten
            elif twenty_defence and d == 20 and a_die != 20 and not auto:
                continue
            hit, level, _ = _judge(a_die, a_total, a_fumble, target, auto_hit_face, min_level)
            if hit:
                counts[level] += 1
    return tuple(sorted(counts.items()))


_make_preview = maker(Preview)  # built for every attack previewed (engine/frozen.py)
_PREVIEWS: dict[tuple, Preview] = {}
_CHANCES: dict[tuple, tuple] = {}  # `_chances` by `_numbers`: the same whatever the target's stuns and wounds
PREVIEWS_KEPT = 4096  # previews (and chances) remembered before the memo starts afresh


def _total(terms: tuple[Term, ...]) -> int:
    """The sum of the terms' values (a plain loop: quicker than sum() of a generator)."""
    total = 0
    for t in terms:
        total += t.value
    return total


def _numbers(plan: AttackPlan) -> tuple:
    """Every number `_chances` and `_outcomes` read from `plan`: plans alike in these have
    the same chances, whoever the names and whatever the notes."""
    a, d, dp = plan.attack, plan.defence, plan.damage
    contest = d is not None and plan.attack_skill is not None and plan.defence_skill is not None
    return (_total(a.terms), a.unskilled, a.halve, a.fumble_chance,
            None if d is None else (_total(d.terms), d.unskilled, d.halve, d.fumble_chance, plan.defence_fumble_fails),
            plan.base_difficulty, _total(plan.target_terms),
            contest and plan.attack_skill > plan.defence_skill,  # type: ignore[operator]
            contest and plan.defence_skill > plan.attack_skill,  # type: ignore[operator]
            plan.auto_hit_face, plan.min_level,
            None if dp is None else (_total(dp.damage_terms),
                                     tuple([(k, t.value) for k, t in dp.level_bonus]) if dp.level_bonus else (),
                                     _total(dp.soak_terms),
                                     dp.damage_halved, dp.soak_halved, dp.kind, dp.stun_divisor, dp.wound_multiplier))


def preview_plan(plan: AttackPlan, stuns: int = 0, wounds: int = 0) -> Preview:
    """Enumerate the dice: the chance to hit, of each degree, of each number of levels and of
    each resulting (stuns, wounds) of the target starting from (`stuns`, `wounds`).
    Remembered by the plan's numbers (`_numbers`: the AI previews attacks alike in them again
    and again, eight times in ten) and the target's stuns and wounds, with the plan's own
    terms; the chances before the outcomes by the numbers alone (`_CHANCES`)."""
    numbers = _numbers(plan)
    key = (numbers, stuns, wounds)
    hit = _PREVIEWS.get(key)
    if hit is None:
        if len(_PREVIEWS) >= PREVIEWS_KEPT:
            _PREVIEWS.clear()
        chances = _CHANCES.get(numbers)
        if chances is None:
            if len(_CHANCES) >= PREVIEWS_KEPT:
                _CHANCES.clear()
            chances = _CHANCES[numbers] = _chances(plan)
        hit = _PREVIEWS[key] = _outcomes(plan, chances, stuns, wounds)
        return hit
    return _make_preview(p_hit=hit.p_hit, p_level=hit.p_level, p_damage_levels=hit.p_damage_levels,
                         p_outcome=hit.p_outcome, kind=hit.kind, p_attack_fumble=hit.p_attack_fumble,
                         difficulty=hit.difficulty, terms=plan.attack.terms, target_terms=plan.target_terms)


@lru_cache(maxsize=65536)
def _fraction(n: int, d: int) -> Fraction:
    """`Fraction(n, d)`, remembered: the previews' chances are a few hundred such values over
    and over (a Fraction is immutable, so one may be shared)."""
    return Fraction(n, d)


@lru_cache(maxsize=4096)
def _faces(base: int, unskilled: bool, halve: bool, fumble_chance: int) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """A check's total and whether it fumbles for each face 1-20 (`CheckPlan.total` and
    `CheckPlan.fumbles`, by the plain values they depend on)."""
    check = CheckPlan("", (Term("", base),), fumble_chance, unskilled=unskilled, halve=halve)
    faces = range(1, 21)
    return tuple(check.total(a) for a in faces), tuple(check.fumbles(a) for a in faces)


def _preview_plan(plan: AttackPlan, stuns: int = 0, wounds: int = 0) -> Preview:
    """`preview_plan` worked out afresh (no memo)."""
    return _outcomes(plan, _chances(plan), stuns, wounds)


def _chances(plan: AttackPlan) -> tuple:
    """What a preview holds before the target's stuns and wounds count: the chance to hit,
    of each degree, of each number of levels (and the cases behind them), of a fumble."""
    attack = plan.attack
    a_totals, a_fumbles = _faces(attack.base, attack.unskilled, attack.halve, attack.fumble_chance)
    floor = plan.base_difficulty
    beyond = _total(plan.target_terms)  # `target_for`, its sum once
    if plan.defence is None:
        targets: tuple[int, ...] = (floor + beyond,)
    else:
        d = plan.defence
        d_totals, d_fumbles = _faces(d.base, d.unskilled, d.halve, d.fumble_chance)
        fails = plan.defence_fumble_fails
        targets = tuple((floor if fumbled and fails else max(total, floor)) + beyond
                        for total, fumbled in zip(d_totals, d_fumbles, strict=True))
    cases = 20 * len(targets)
    contest = plan.defence is not None and plan.attack_skill is not None and plan.defence_skill is not None
    twenty_a = contest and plan.attack_skill > plan.defence_skill  # type: ignore[operator]
    twenty_d = contest and plan.defence_skill > plan.attack_skill  # type: ignore[operator]
    level_cases = dict(_level_cases(a_totals, a_fumbles, targets, plan.auto_hit_face, plan.min_level,
                                    twenty_a, twenty_d, floor + beyond))
    fumbles = sum(a_fumbles)
    # Whole numbers over cases x 400 until the end: exact, and cheaper than Fractions.
    damage_cases: dict[int, int] = defaultdict(int)
    hits = sum(level_cases.values())
    if plan.damage is not None:
        dp = plan.damage
        for level, n in level_cases.items():
            for levels, q in _plan_damage_counts(dp, level):
                damage_cases[levels] += n * q
    whole = cases * 400
    p_level = {k: _fraction(v, cases) for k, v in level_cases.items()}
    p_damage = {k: _fraction(v, whole) for k, v in damage_cases.items()}
    return (_fraction(hits, cases), p_level, p_damage, damage_cases, (cases - hits) * 400, hits * 400, whole,
            _fraction(fumbles, 20), floor + beyond)


def _outcomes(plan: AttackPlan, chances: tuple, stuns: int, wounds: int) -> Preview:
    """The preview from its `chances` (`_chances` of the plan or of one alike in its numbers)
    and the target's `stuns` and `wounds`: each resulting (stuns, wounds), with the plan's
    own terms."""
    p_hit, p_level, p_damage, damage_cases, misses, hit_cases, whole, p_fumble, difficulty = chances
    outcome_cases: dict[tuple[int, int], int] = defaultdict(int)
    outcome_cases[(stuns, wounds)] += misses
    dp = plan.damage
    if dp is not None:
        # Each number of levels leads to one outcome: added up by levels first (the outcomes
        # come in the same order, first met first, and the sums are whole numbers).
        for levels, n in damage_cases.items():
            outcome_cases[_after(stuns, wounds, levels, dp)] += n
    else:
        outcome_cases[(stuns, wounds)] += hit_cases
    p_outcome = {k: _fraction(v, whole) for k, v in outcome_cases.items()}
    return _make_preview(p_hit=p_hit, p_level=p_level, p_damage_levels=p_damage, p_outcome=p_outcome,
                         kind=dp.kind if dp else None, p_attack_fumble=p_fumble, difficulty=difficulty,
                         terms=plan.attack.terms, target_terms=plan.target_terms)
