"""Missile combat (yags-combat.md, Missile Combat: Snap shots; Careful shots; Drawing a weapon;
Rate of Fire; Reloading Weapons; Reach and Close Combat; Impaired; Crippled; Missile Weapon
Properties; Size of Target; Range Bands and Distance; Other Modifiers; Scopes; Character
Strength; Missile Attacks; Missile fumbles; Defending against missile attacks; Full Dodge;
Firing into melee; Firing at a crowd; Shooting from Cover; Aimed shot; Multiple shots; Two
guns; Shotguns).

attack = dexterity x skill + weapon attack + d20, against the greater of the target's dodge
(agility x Athletics, halved against firearms) and 15 + size, plus distance and cover.
Every attack is an `AttackPlan`; `roll_plan` rolls it, `preview_plan` gives its exact odds.
This module plans one attack (the attack and its facts, `MissileAttack` and `ShotFacts`,
are values in `missile_attack.py`); the parts of the plan (the
attacker's terms, the target's dodge and cover, a shotgun's cone) are in `missile_parts.py`,
the rules before any attack (bands, distance, ranges, loading) in `missile_rules.py`, several
shots a round in `multishot.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from engine.dice import Dice
from engine.frozen import maker
from engine.outcome import Impossible
from engine.rolls import Term
from engine.yags.attack import AttackResult
from engine.yags.missile_attack import MissileAttack, ShotFacts
from engine.yags.missile_facts import distance_shown, distance_term, multiplier, pairing, term
from engine.yags.missile_parts import (
    attack_terms_of,
    cone_pattern,
    missile_defence,
    target_cover_bonus,
)
from engine.yags.missile_rules import (
    IMPROVISED_INCREMENT_M,
    MELEE_CROWD_FUMBLE,
    SHOT_SPEED,
    WRESTLING_FUMBLE,
    close_quarters,
    is_thrown,
    missile_strength_shortfall,
    scope_bonus,
    weapon_ranges,
)
from engine.yags.plan import AttackPlan, CheckPlan, DamagePlan, PlanResult, roll_plan
from engine.yags.tables import (
    RANGE_BAND_FUMBLE,
    cover_auto_hit_face,
    crowd_distance_penalty,
    range_band,
)

# The values a missile attack's preview builds, built quicker (engine/frozen.py).
_make_facts = maker(ShotFacts)
_make_check = maker(CheckPlan)
_make_damage = maker(DamagePlan)
_make_plan = maker(AttackPlan)


# The last answers of `shot_facts`, with their questions: a burst's recoil asks again what the
# shot before it asked of the same attack (the AI previews a shot and a burst of one
# MissileAttack); a burst asks with the extra condition "burst", which changes only the
# multiplier of the facts without it.
_last_facts: tuple = ()  # (attack, shot, facts without extra conditions)
_last_extra: tuple = ()  # (attack, shot, extra conditions, facts)


def shot_facts(attack: MissileAttack, shot: str | None = None,
               extra_conditions: Sequence[str] = ()) -> ShotFacts | Impossible:
    """Range band, close quarters, forced snapshots and the action speed of an attack (the
    last answer given again for the same attack, a frozen value, and the same arguments;
    with extra conditions, the facts without them with the multiplier they give)."""
    global _last_facts, _last_extra
    last = _last_facts
    if last and last[0] is attack and last[1] == shot:
        facts = last[2]
    else:
        facts = _shot_facts(attack, shot, ())
        _last_facts = (attack, shot, facts)
    if not extra_conditions or isinstance(facts, Impossible):
        return facts
    extra = tuple(extra_conditions)
    last = _last_extra
    if last and last[0] is attack and last[1] == shot and last[2] == extra:
        return last[3]
    w = facts.weapon
    mult = _shot_multiplier(attack, facts.shot, extra)
    facts = _make_facts(weapon=w, band=facts.band, quarters=facts.quarters, shot=facts.shot, speed=facts.speed,
                        strength_short=facts.strength_short, multiplier=mult)
    _last_extra = (attack, shot, extra, facts)
    return facts


def _shot_facts(attack: MissileAttack, shot: str | None, extra_conditions: Sequence[str]) -> ShotFacts | Impossible:
    w, a = attack.arm, attack.attacker
    if not w.is_missile:
        return Impossible(f"{w.name} is not a missile weapon")
    shot = shot or attack.shot
    if attack.overwatch:
        shot = "snap"  # Overwatch: "If it is a shooting action, then it is a snapshot"
    if shot not in SHOT_SPEED:
        raise ValueError(f"unknown shot {shot!r}; expected one of {', '.join(SHOT_SPEED)}")
    band = range_band(attack.distance_m, *weapon_ranges(w, a.character.attributes["strength"]))
    if band is None:
        return Impossible(f"{attack.target.name} is beyond the long range of {w.name}")
    quarters = close_quarters(w.reach, attack.threat_band)
    two_hands = attack.two_hands and not (attack.two_guns or attack.off_hand)
    short = missile_strength_shortfall(a.character, w, two_hands) > 0
    lo_zero = attack.just_loaded and w.capacity == 0 and w.reload == 0
    from_cover = a.cover_action is not None  # Shooting from Cover: a snapshot at slow initiative
    if a.drawing or short or lo_zero or from_cover:
        shot = "snap"
    slow = (SHOT_SPEED[shot] == "slow" or quarters == "crippled" or a.drawing or short
            or attack.just_loaded or a.initiative_zero or from_cover)
    speed = "slow" if slow else SHOT_SPEED[shot]
    if attack.overwatch:
        speed = "fast"  # Overwatch: "Your action, if it fires, is always fast"
    if attack.target.cover_action == "step_out" and shot != "snap":
        # Firing from full cover: "attacks against you always count as snapshots" (the
        # distance; the attacker's speed stays as declared).
        shot = "snap"
    mult = _shot_multiplier(attack, shot, extra_conditions)
    return _make_facts(weapon=w, band=band, quarters=quarters, shot=shot, speed=speed, strength_short=short,
                       multiplier=mult)


def _shot_multiplier(attack: MissileAttack, shot: str, extra_conditions: Sequence[str]) -> Fraction:
    """The environment multiplier of `shot`: the attack's conditions, the extra ones, and two
    guns (or the off hand)."""
    conditions = [*attack.conditions, *extra_conditions]
    if attack.two_guns or attack.off_hand:
        conditions.append("two_guns")
    w = attack.arm
    return multiplier(shot, conditions, w.is_firearm, w.has("laser"))


def missile_speed(attack: MissileAttack) -> str:
    """Initiative: snap fast, careful and aimed slow; crippled, drawing, too weak or just
    loaded: slow; otherwise normal."""
    facts = shot_facts(attack)
    return "normal" if isinstance(facts, Impossible) else facts.speed


def missile_plan(attack: MissileAttack, *, label: str = "attack", shot: str | None = None,
                 extra_terms: Sequence[Term] = (), extra_conditions: Sequence[str] = (),
                 level_bonus: tuple[tuple[int, Term], ...] = (),
                 wound_multiplier: int = 1, fumble_chance: int | None = None,
                 fumble_outcome: str | None = None, auto_hit_face: int | None = None,
                 attribute_score: int | None = None) -> AttackPlan | Impossible:
    """The plan every missile attack is built from; bursts, area fire and multiple shots add
    their terms, conditions, fumble chance and auto-hit face here."""
    a, t = attack.attacker, attack.target
    if a.condition.out_of_fight:
        return Impossible(f"{a.name} is {a.condition.status}")
    if t.condition.status == "dead":
        return Impossible(f"{t.name} is already dead")
    if attack.cover == "full":
        return Impossible(f"{t.name} is behind full cover")
    facts = shot_facts(attack, shot, extra_conditions)
    if isinstance(facts, Impossible):
        return facts
    w = facts.weapon
    pair = pairing(a.character, w, t.character)  # the figures fixed for these three
    if not pair.carry:
        return Impossible(f"{a.name} cannot carry {facts.weapon.name} ({facts.weapon.load:g} kg), "
                          "so cannot use it at all")
    if t.full_dodge and t.cover_action is None and facts.speed == "slow":
        return Impossible(f"{t.name} made a full dodge: full cover against slow attacks")
    mult = f", distance x{facts.multiplier}" if facts.multiplier != 1 else ""
    notes = [f"{facts.shot} shot at {facts.band} range, {facts.speed}{mult}"]
    keep = facts.band == "short" and facts.quarters is None
    if w.attack and not keep:
        notes.append(f"attack bonus lost ({facts.quarters or facts.band + ' range'})")
    if facts.strength_short:
        notes.append(f"strength below {w.strength}: snapshot, slow, recoil doubled")
    scope = scope_bonus(w, facts.shot) if attack.use_scope else 0
    terms = attack_terms_of(attack, w, keep, scope, attribute_score)
    for x in extra_terms:
        if x.value:
            terms.append(x)
    skill = pair.skill
    if fumble_chance is None:
        fumble_chance = 1 if is_thrown(w) else RANGE_BAND_FUMBLE[facts.band]
        fumble_chance += MELEE_CROWD_FUMBLE * attack.melee_crowd
        fumble_chance += WRESTLING_FUMBLE[facts.band] if attack.wrestling else 0
    if fumble_outcome is None:
        into_melee = attack.melee_crowd > 0 or attack.wrestling
        fumble_outcome = "random_target" if into_melee else ("jam" if w.has("unreliable") else "miss")
    halve = facts.quarters == "crippled" or a.initiative_zero or attack.overwatch
    if facts.quarters == "crippled":
        notes.append("crippled weapon: attack halved")
    if attack.overwatch:
        notes.append("overwatch: attack roll halved")
    if attack.unaware:
        notes.append(f"{t.name} is unaware of the attack: no defence")
    if attack.wrestling:
        notes.append(f"someone wrestles with {t.name}: fumble +{WRESTLING_FUMBLE[facts.band]} at {facts.band} range")
    check = _make_check(label=label, terms=tuple(terms), fumble_chance=fumble_chance, unskilled=(skill == 0),
                        halve=halve)
    target_terms: list[Term] = []
    dp, eff = distance_term(attack.distance_m, w.increment or IMPROVISED_INCREMENT_M, facts.multiplier)
    if attack.crowd_targets > 1:
        dp = crowd_distance_penalty(dp, attack.crowd_targets)
        notes.append(f"firing at a crowd of {attack.crowd_targets}: a hit strikes a random one")
    if dp:
        target_terms.append(distance_shown(dp, eff))
    cb = target_cover_bonus(attack, facts.speed)
    if cb:
        target_terms.append(term("cover", cb))
    cone_damage, _, cone_face = cone_pattern(w, attack.distance_m)
    if auto_hit_face is None and cone_face is not None:
        auto_hit_face = cover_auto_hit_face(cone_face, cb)
    damage = _make_damage(damage_terms=pair.damage_terms(facts.band, cone_damage), soak_terms=pair.soak,
                          kind=pair.kind, level_bonus=level_bonus, wound_multiplier=wound_multiplier,
                          notes=pair.armour.notes, damage_halved=a.initiative_zero,
                          soak_halved=t.initiative_zero)
    return _make_plan(
        attacker=a.name, target=t.name, attack=check, defence=missile_defence(attack, facts),
        base_difficulty=pair.base_difficulty,
        target_terms=tuple(target_terms), damage=damage, auto_hit_face=auto_hit_face,
        attack_fumble_outcome=fumble_outcome, notes=tuple(notes),
        attack_skill=skill, defence_skill=pair.defence_skill,
    )


def plan_missile(attack: MissileAttack) -> AttackPlan | Impossible:
    """One missile attack (a single shot or throw)."""
    return missile_plan(attack)


def attack_result(plan: AttackPlan, r: PlanResult, notes: Sequence[str] = (),
                  effects: Sequence[str] = ()) -> AttackResult:
    """Wrap a rolled plan (wound multiplier and stun divisor carried over)."""
    dp = plan.damage
    return AttackResult(
        attacker=plan.attacker, target=plan.target, attack_roll=r.attack_roll,
        defence_roll=r.defence_roll, hit=r.hit, level=r.level, damage=r.damage,
        wound_multiplier=dp.wound_multiplier if dp else 1, stun_divisor=dp.stun_divisor if dp else 1,
        fumble_outcome=r.attack_fumble, defence_fumble_outcome=r.defence_fumble,
        effects=tuple(effects), notes=(*plan.notes, *notes), automatic=r.automatic,
        target_halved=bool(dp and dp.soak_halved),
    )


def resolve_missile(dice: Dice, attack: MissileAttack) -> AttackResult | Impossible:
    """Roll one missile attack (Missile Attacks)."""
    plan = plan_missile(attack)
    if isinstance(plan, Impossible):
        return plan
    r = roll_plan(dice, plan)
    crowd = ("random_target",) if r.hit and attack.crowd_targets > 1 else ()
    return attack_result(plan, r, effects=crowd)
