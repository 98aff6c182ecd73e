"""Automatic fire (yags-combat.md, Firearms and Automatic Fire: Bursts at a single target;
Bursts at an area; Bullet Shyness; Burst fire; Full auto; Suppressive fire; Blind fire;
Three Round Burst; Shotguns).

A burst is one attack of (normally) 10 bullets whose effective size halves with each tenth
of the weapon's short range; bursts double the effective distance. Every burst, triple
burst and area-fire roll is an `AttackPlan` built by `engine.yags.missile.missile_plan`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.dice import Dice
from engine.frozen import maker
from engine.outcome import Impossible
from engine.rolls import Roll, Term
from engine.yags.attack import AttackResult, Fighter
from engine.yags.character import Character
from engine.yags.checks import ability_term, roll_check
from engine.yags.missile import (
    MissileAttack,
    attack_result,
    cone_pattern,
    missile_plan,
    shot_facts,
    target_cover_bonus,
)
from engine.yags.missile_facts import term
from engine.yags.multishot import recoil_penalty
from engine.yags.plan import AttackPlan, roll_plan
from engine.yags.tables import (
    area_burst,
    burst_attack_bonus,
    burst_damage_bonus,
    cover_auto_hit_face,
    effective_burst,
    failure_level,
    half_up,
)

TRIPLE_BULLETS = 3
BLIND_FIRE_COVER = "full"  # Blind fire: the firer counts as completely in cover
SHYNESS_DIFFICULTY = 20
SHYNESS_PER_BURST = 10
SHYNESS_SHOCK = 5


def burst_recoil(attack: MissileAttack, burst_index: int) -> Term:
    """Burst fire: each subsequent burst suffers double the recoil, cumulatively: burst k
    is at 2 x (k - 1) x recoil (recoil -5: 2nd -10, 3rd -20; rules-notes)."""
    if burst_index < 1:
        raise ValueError(f"burst index starts at 1, not {burst_index}")
    return term("recoil", 2 * (burst_index - 1) * recoil_penalty(attack))


def _needs(attack: MissileAttack, prop: str, what: str) -> Impossible | None:
    w = attack.arm
    return None if w.has(prop) else Impossible(f"{w.name} cannot fire {what}")


# --- bursts at a single target ---------------------------------------------------------------


def plan_burst(attack: MissileAttack, burst_index: int = 1, bullets: int | None = None) -> AttackPlan | Impossible:
    """Bursts at a single target: +1 attack per effective bullet (at most +10), distance
    doubled (a careful shot offsets it); good success +1 damage per two bullets, excellent
    +1 per bullet (at most +10). No effective bullets: all miss."""
    no = _needs(attack, "automatic", "bursts")
    if no:
        return no
    w = attack.arm
    n = w.burst if bullets is None else bullets
    if n <= 0:
        return Impossible(f"{w.name} is empty")
    eff = effective_burst(n, attack.distance_m, w.short)
    if eff == 0:
        return Impossible(f"{attack.target.name} is too far for a burst: all bullets miss")
    burst, level_bonus = _burst_terms(eff)
    terms = [burst, burst_recoil(attack, burst_index)]
    return missile_plan(attack, label=f"burst {burst_index}", extra_terms=terms,
                        extra_conditions=("burst",), level_bonus=level_bonus)


@lru_cache(maxsize=256)
def _burst_terms(effective: int) -> tuple[Term, tuple[tuple[int, Term], ...]]:
    """A burst's attack term and its damage by degree at `effective` bullets (remembered)."""
    bonus = burst_attack_bonus(effective)
    return (Term("burst", bonus, f"burst {effective} bullets +{bonus}"),
            ((2, Term("burst", burst_damage_bonus(effective, 2))), (3, Term("burst", burst_damage_bonus(effective, 3)))))


def plan_bursts(attack: MissileAttack, bursts: int, loaded: int | None = None) -> list[AttackPlan | Impossible]:
    """Burst fire: `bursts` bursts at one target, each smaller once the magazine runs low."""
    w = attack.arm
    left = w.burst * bursts if loaded is None else loaded
    plans: list[AttackPlan | Impossible] = []
    for k in range(1, bursts + 1):
        n = min(w.burst, left)
        if n <= 0:
            break
        left -= n
        plans.append(plan_burst(attack, k, n))
    return plans


def plan_triple(attack: MissileAttack, burst_index: int = 1) -> AttackPlan | Impossible:
    """Three Round Burst / Triple Auto: a normal attack (distance not doubled) whose wounds
    are doubled; subsequent triple bursts take the burst recoil."""
    no = _needs(attack, "tripleauto", "three round bursts")
    if no:
        return no
    return missile_plan(attack, label=f"triple burst {burst_index}",
                        extra_terms=[burst_recoil(attack, burst_index)], wound_multiplier=2)


# --- bursts at an area -----------------------------------------------------------------------


@dataclass(frozen=True)
class AreaShot:
    """One target's roll in an area burst, with the table's numbers at its distance."""

    target: str
    plan: AttackPlan | Impossible
    effective: int  # effective bullets at this target's distance
    max_targets: int


AreaTarget = tuple[Fighter, float, str | None]  # fighter, distance in metres, cover
_make_attack = maker(MissileAttack)  # built for every area burst previewed (engine/frozen.py)
_make_shot = maker(AreaShot)


def plan_area_burst(attacker: Fighter, targets_nearest_first: Sequence[AreaTarget | MissileAttack],
                    bullets: int, suppressive: bool = False, *, burst_index: int = 1,
                    shot: str = "normal", conditions: Sequence[str] = (),
                    blind: bool = False, blind_fighting: bool = False) -> list[AreaShot]:
    """Bursts at an area (30 degrees; Suppressive fire: 60 degrees, effective bullets halved,
    round down; Blind fire: suppressive with an attribute of 0, or 1 with blind fighting).
    Per target: the table's fumble chance, maximum targets and auto-hit face at its effective
    bullets, the auto-hit face raised by one per +10 of cover. Friends in the arc are just
    more targets in the list."""
    shots: list[AreaShot] = []
    suppressive = suppressive or blind
    attribute = (1 if blind_fighting else 0) if blind else None
    for item in targets_nearest_first:
        if isinstance(item, MissileAttack):
            atk = item
        else:
            fighter, distance, cover = item
            atk = _make_attack(attacker=attacker, target=fighter, distance_m=distance, shot=shot,
                               conditions=tuple(conditions), cover=cover)
        eff = effective_burst(bullets, atk.distance_m, atk.arm.short)
        if suppressive:
            eff //= 2
        if eff == 0:
            shots.append(AreaShot(atk.target.name, Impossible("out of the burst's reach: all bullets miss"), 0, 0))
            continue
        fumble, max_targets, auto = area_burst(eff)
        facts = shot_facts(atk)
        speed = "normal" if isinstance(facts, Impossible) else facts.speed
        face = cover_auto_hit_face(auto, target_cover_bonus(atk, speed))
        plan = missile_plan(atk, label=f"area burst {burst_index}", extra_terms=[burst_recoil(atk, burst_index)],
                            extra_conditions=("burst",), fumble_chance=fumble, fumble_outcome="miss",
                            auto_hit_face=face, attribute_score=attribute)
        shots.append(_make_shot(target=atk.target.name, plan=plan, effective=eff, max_targets=max_targets))
    return shots


def resolve_area_burst(dice: Dice, attacker: Fighter, targets_nearest_first: Sequence[AreaTarget | MissileAttack],
                       bullets: int, suppressive: bool = False, *, burst_index: int = 1,
                       shot: str = "normal", conditions: Sequence[str] = (), blind: bool = False,
                       blind_fighting: bool = False) -> list[AttackResult]:
    """Roll against each target nearest first; a hit is one bullet's damage. Automatic hits
    do not count toward the maximum; stop at the maximum (at the next target's effective
    bullets) or when the targets run out. Targets that cannot be hit are passed over."""
    results: list[AttackResult] = []
    counted = 0
    shots = plan_area_burst(attacker, targets_nearest_first, bullets, suppressive, burst_index=burst_index,
                            shot=shot, conditions=conditions, blind=blind, blind_fighting=blind_fighting)
    extra = ("blind fire: the firer counts as in full cover",) if blind else ()
    for s in shots:
        if isinstance(s.plan, Impossible):
            continue
        if counted >= s.max_targets:
            break
        r = roll_plan(dice, s.plan)
        results.append(attack_result(s.plan, r, notes=(f"area burst: {s.effective} effective bullets", *extra)))
        if r.hit and not r.automatic:
            counted += 1
    return results


# --- bullet shyness --------------------------------------------------------------------------


def bullet_shyness(dice: Dice, character: Character, bursts: int, in_cover_90: bool = False,
                   halve: bool = False) -> tuple[Roll, int]:
    """Bullet Shyness: Will x 4 + d20 against 20, +10 per burst beyond the first, halved in
    90% cover or better. Failure: 5 shock, +5 per further level failed by. `halve`: the
    roll is halved (the fighter is at initiative 0: Shock and Pain)."""
    if bursts < 1:
        raise ValueError(f"bullet shyness needs at least one burst, not {bursts}")
    target = SHYNESS_DIFFICULTY + SHYNESS_PER_BURST * (bursts - 1)
    notes = [f"{bursts} burst{'s' if bursts > 1 else ''}"]
    if in_cover_90:
        target = half_up(target)
        notes.append("90% cover: difficulty halved")
    terms = [ability_term("will", character.attributes["will"], None, None)]
    roll = roll_check(dice, "bullet shyness (Will)", terms, target, notes=notes, halve=halve)
    if roll.success:
        return roll, 0
    levels = max(1, failure_level(roll.total, target))
    return roll, SHYNESS_SHOCK * levels


# --- shotguns --------------------------------------------------------------------------------


def plan_shotgun(attack: MissileAttack) -> AttackPlan | Impossible:
    """Shotguns (Co-X): -5 damage per full cone increment and an automatic hit chance that
    grows with it (missile_parts.cone_pattern); otherwise a normal shot."""
    if attack.arm.cone <= 0:
        return Impossible(f"{attack.arm.name} has no cone")
    return missile_plan(attack, label="shotgun")


def resolve_shotgun(dice: Dice, attacks_nearest_first: Sequence[MissileAttack]) -> list[AttackResult]:
    """A shotgun blast at the first attack's target and at others in the cone: one more
    target may be hit per cone increment (at each target's distance); automatic hits do not
    count, as for area bursts (rules-notes)."""
    results: list[AttackResult] = []
    counted = 0
    for atk in attacks_nearest_first:
        plan = plan_shotgun(atk)
        if isinstance(plan, Impossible):
            continue
        if counted >= cone_pattern(atk.arm, atk.distance_m)[1]:
            break
        r = roll_plan(dice, plan)
        results.append(attack_result(plan, r))
        if r.hit and not r.automatic:
            counted += 1
    return results
