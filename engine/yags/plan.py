"""An attack as a plan of named terms, before any die is rolled.

Every attack (melee, missile, burst, throw) is first built as an `AttackPlan`; `roll_plan`
rolls it and `preview_plan` enumerates its dice exactly (attack d20 x defence d20 = 400
cases, then damage d20 x soak d20 = 400 for each degree of success), so the preview a
player sees and the roll the game makes come from the same numbers.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from engine.dice import Dice
from engine.frozen import maker
from engine.rolls import Roll, Term
from engine.yags.checks import UNSKILLED_FUMBLE, resolve
from engine.yags.damage import DamageResult
from engine.yags.tables import apply_damage, half_up, success_level, wounds_inflicted


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


# --- the exact preview ---------------------------------------------------------------------


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
PREVIEWS_KEPT = 4096  # previews remembered before the memo starts afresh


def _numbers(plan: AttackPlan, stuns: int, wounds: int) -> tuple:
    """Every number `_preview_plan` reads from `plan` (and the target's `stuns`, `wounds`):
    plans alike in these have the same chances, whoever the names and whatever the notes."""
    a, d, dp = plan.attack, plan.defence, plan.damage
    contest = d is not None and plan.attack_skill is not None and plan.defence_skill is not None
    return (a.base, a.unskilled, a.halve, a.fumble_chance,
            None if d is None else (d.base, d.unskilled, d.halve, d.fumble_chance, plan.defence_fumble_fails),
            plan.base_difficulty, sum(t.value for t in plan.target_terms),
            contest and plan.attack_skill > plan.defence_skill,  # type: ignore[operator]
            contest and plan.defence_skill > plan.attack_skill,  # type: ignore[operator]
            plan.auto_hit_face, plan.min_level,
            None if dp is None else (sum(t.value for t in dp.damage_terms),
                                     tuple((k, t.value) for k, t in dp.level_bonus), dp.soak_base,
                                     dp.damage_halved, dp.soak_halved, dp.kind, dp.stun_divisor, dp.wound_multiplier),
            stuns, wounds)


def preview_plan(plan: AttackPlan, stuns: int = 0, wounds: int = 0) -> Preview:
    """Enumerate the dice: the chance to hit, of each degree, of each number of levels and of
    each resulting (stuns, wounds) of the target starting from (`stuns`, `wounds`).
    Remembered by the plan's numbers (`_numbers`: the AI previews attacks alike in them again
    and again, eight times in ten), with the plan's own terms."""
    key = _numbers(plan, stuns, wounds)
    hit = _PREVIEWS.get(key)
    if hit is None:
        if len(_PREVIEWS) >= PREVIEWS_KEPT:
            _PREVIEWS.clear()
        hit = _PREVIEWS[key] = _preview_plan(plan, stuns, wounds)
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
    attack = plan.attack
    a_totals, a_fumbles = _faces(attack.base, attack.unskilled, attack.halve, attack.fumble_chance)
    floor = plan.base_difficulty
    beyond = sum(t.value for t in plan.target_terms)  # `target_for`, its sum once
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
    outcome_cases: dict[tuple[int, int], int] = defaultdict(int)
    hits = sum(level_cases.values())
    outcome_cases[(stuns, wounds)] += (cases - hits) * 400
    if plan.damage is not None:
        dp = plan.damage
        for level, n in level_cases.items():
            for levels, q in _plan_damage_counts(dp, level):
                damage_cases[levels] += n * q
        # Each number of levels leads to one outcome: added up by levels first (the outcomes
        # come in the same order, first met first, and the sums are whole numbers).
        for levels, n in damage_cases.items():
            outcome_cases[_after(stuns, wounds, levels, dp)] += n
    else:
        outcome_cases[(stuns, wounds)] += hits * 400
    whole = cases * 400
    p_level = {k: _fraction(v, cases) for k, v in level_cases.items()}
    p_hit = _fraction(hits, cases)
    p_damage = {k: _fraction(v, whole) for k, v in damage_cases.items()}
    p_outcome = {k: _fraction(v, whole) for k, v in outcome_cases.items()}
    p_fumble = _fraction(fumbles, 20)
    difficulty = floor + beyond
    return Preview(p_hit, p_level, p_damage, p_outcome,
                   plan.damage.kind if plan.damage else None, p_fumble, difficulty,
                   plan.attack.terms, plan.target_terms)


