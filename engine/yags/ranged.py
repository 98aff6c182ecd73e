"""From the game's ruleset-neutral attack requests to Yags missile, burst and area attacks.

The grid says where things are (`Situation`); this module says what Yags makes of it:
threat bands from distances, environment multipliers from movement, and which plan to
build for each fire mode.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from engine.dice import Dice
from engine.frozen import maker
from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Participant, Situation
from engine.yags.attack import AttackResult, Fighter
from engine.yags.autofire import plan_area_burst, plan_bursts, plan_triple, resolve_area_burst
from engine.yags.missile import MissileAttack, attack_result, plan_missile
from engine.yags.missile_rules import STANCE_COVER, threat_band_for
from engine.yags.multishot import plan_multiple_shots
from engine.yags.plan import AttackPlan, roll_damage_plan, roll_plan
from engine.yags.tables import COVER_BONUS


class YagsRuleset(Protocol):
    """What this module asks of the Yags ruleset (engine/yags/ruleset.py, which calls it): a
    participant as a fighter facing a named opponent."""

    def fighter(self, p: Participant, opponent: str) -> Fighter: ...

_make_attack = maker(MissileAttack)  # built for every attack previewed (engine/frozen.py)

# Moving targets (Other Modifiers): lateral movement slower than running x2, running x3.
TARGET_MOVING = {"free": "target_moving", "run": "target_moving_fast", "sprint": "target_moving_fast"}


def conditions_for(s: Situation) -> tuple[str, ...]:
    """Environment multipliers from what the firer and the target do this round. Normal
    movement leaves time to stop and shoot; running while firing is "firer is moving"."""
    out = list(s.environment)
    if s.lateral and s.target_moved in TARGET_MOVING:
        out.append(TARGET_MOVING[s.target_moved])
    if s.attacker_moved in ("run", "sprint"):
        out.append("firer_moving")
    return tuple(out)


def target_cover(s: Situation) -> str | None:
    """The grid's cover of the target with its posture on the grid (Shooting from Cover:
    crouched counts as 50%, prone as 90% soft cover; cover does not stack): the better of the
    two by the bonus each gives, the grid's on a tie. The grid sends the two apart
    (`target_cover`, `target_stance`) because other rulesets give a posture its own rule."""
    cover, posture = s.target_cover, STANCE_COVER.get(s.target_stance)
    if posture is not None and COVER_BONUS.get(posture, 0) > COVER_BONUS.get(cover, 0):
        return posture
    return cover


def crowd_size(request: AttackRequest) -> int:
    """Firing at a crowd (`options["crowd"]`): the target and the others the game names as
    the group (`request.others`); 1 when not firing at a crowd."""
    return 1 + len(request.others) if request.options.get("crowd") else 1


def missile_attack(rules: YagsRuleset, request: AttackRequest, target: Any = None,
                   situation: Situation | None = None) -> MissileAttack:
    a = rules.fighter(request.attacker, (target or request.target).name)
    t = rules.fighter(target or request.target, request.attacker.name)
    s = situation or request.situation
    t_weapon = t.arm
    band = threat_band_for(s.distance_m, s.target_combat_move_m,
                           grappling=(a.stance == "grappled"),
                           target_in_melee_with_attacker=s.in_melee_with_attacker,
                           target_melee_reach=t_weapon.reach if t_weapon.kind == "melee" else None)
    return _make_attack(
        attacker=a, target=t, distance_m=s.distance_m, shot=str(request.options.get("shot", "normal")),
        conditions=conditions_for(s), cover=target_cover(s), threat_band=band,
        in_melee_with_attacker=s.in_melee_with_attacker, melee_crowd=s.target_melee_crowd,
        wrestling=s.target_wrestling,
        overwatch=bool(request.options.get("overwatch", False)),
        unaware=bool(request.options.get("unaware", False)),
        crowd_targets=crowd_size(request),
    )


# The last attack built by `plans_for`, with what it was built from: the AI previews each fire
# mode at a target with one request's participants and situation (Match.previews).
_last: tuple[Any, ...] = ()


def _attack_for(rules: YagsRuleset, request: AttackRequest) -> MissileAttack:
    """missile_attack(rules, request), the same value again when only the mode or options that
    it does not read changed since the last request (the same participants and situation,
    by identity: frozen values, kept alive here)."""
    global _last
    opts = request.options
    key = (str(opts.get("shot", "normal")), bool(opts.get("overwatch", False)), bool(opts.get("unaware", False)),
           crowd_size(request))
    last = _last
    if (last and last[0] is rules and last[1] is request.attacker and last[2] is request.target
            and last[3] is request.situation and last[4] == key):
        return last[5]
    atk = missile_attack(rules, request)
    _last = (rules, request.attacker, request.target, request.situation, key, atk)
    return atk


def plans_for(rules: YagsRuleset, request: AttackRequest) -> list[AttackPlan | Impossible]:
    """The plans of one declared attack: one per shot or burst."""
    atk = _attack_for(rules, request)
    mode = request.mode
    opts = request.options
    if mode == "shot":
        shots = int(opts.get("shots", 1))
        if shots <= 1:
            return [plan_missile(atk)]
        plans = plan_multiple_shots(atk, shots)
        return [plans] if isinstance(plans, Impossible) else list(plans)
    if mode == "burst":
        return list(plan_bursts(atk, int(opts.get("bursts", 1)), opts.get("rounds")))
    if mode == "triple":
        return [plan_triple(atk, i + 1) for i in range(int(opts.get("bursts", 1)))]
    return [Impossible(f"unknown fire mode {mode!r}")]


def plan_request(rules: YagsRuleset, request: AttackRequest) -> AttackPlan | Impossible:
    """The first shot's plan: what the preview shows."""
    if request.mode in ("area", "suppress"):
        a = rules.fighter(request.attacker, request.target.name)
        t = rules.fighter(request.target, request.attacker.name)
        rounds = int(request.options.get("rounds", a.arm.burst))
        shots = plan_area_burst(a, [(t, request.situation.distance_m, target_cover(request.situation))], rounds,
                                suppressive=(request.mode == "suppress"), conditions=conditions_for(request.situation))
        return shots[0].plan
    return plans_for(rules, request)[0]


def resolve_request(rules: YagsRuleset, dice: Dice, request: AttackRequest) -> list[AttackResult | Impossible]:
    if request.mode in ("area", "suppress"):
        a = rules.fighter(request.attacker, request.target.name)
        targets = [(rules.fighter(request.target, request.attacker.name), request.situation.distance_m,
                    target_cover(request.situation))]
        for p, s in request.others:
            targets.append((rules.fighter(p, request.attacker.name), s.distance_m, target_cover(s)))
        rounds = int(request.options.get("rounds", a.arm.burst))
        return list(resolve_area_burst(dice, a, targets, rounds, suppressive=(request.mode == "suppress"),
                                       conditions=conditions_for(request.situation)))
    if request.options.get("crowd") and request.others:
        return resolve_crowd(rules, dice, request)
    if request.mode == "shot" and request.others and rules.fighter(request.attacker, "").arm.cone:
        from engine.yags.autofire import resolve_shotgun

        attacks = [missile_attack(rules, request)]
        attacks += [missile_attack(rules, request, p, s) for p, s in request.others]
        return list(resolve_shotgun(dice, attacks))
    results: list[AttackResult | Impossible] = []
    for plan in plans_for(rules, request):
        if isinstance(plan, Impossible):
            results.append(plan)
            break
        r = roll_plan(dice, plan)
        results.append(attack_result(plan, r))
    return results


def resolve_crowd(rules: YagsRuleset, dice: Dice, request: AttackRequest) -> list[AttackResult | Impossible]:
    """Firing at a crowd: "you can reduce the distance modifier by 5 for each doubling of the
    number of targets ... If you hit, then you hit a random target." Each shot or burst is
    rolled at the declared target (its dodge and cover); a hit strikes a figure of the group
    picked by one d(n), equal chances (as Firing into melee suggests), and its damage is
    rolled against that figure (its armour, soak and range band; rules-notes)."""
    group = [(request.target, request.situation), *request.others]
    results: list[AttackResult | Impossible] = []
    for plan in plans_for(rules, request):
        if isinstance(plan, Impossible):
            results.append(plan)
            break
        r = roll_plan(dice, replace(plan, damage=None))
        if not r.hit or plan.damage is None:
            results.append(attack_result(plan, r))
            continue
        face = dice.roll(len(group))
        victim, where = group[face - 1]
        notes = (f"firing at a crowd: d{len(group)} ({face}) strikes {victim.name}",)
        struck = plan if face == 1 else _crowd_plan(rules, request, plan, victim, where)
        if isinstance(struck, Impossible):
            results.append(attack_result(plan, r, notes=(*notes, struck.reason)))
            continue
        damage = roll_damage_plan(dice, struck.damage, r.level) if struck.damage is not None else None
        hit = attack_result(struck, replace(r, damage=damage), notes=notes)
        results.append(replace(hit, target=victim.name))
    return results


def _crowd_plan(rules: YagsRuleset, request: AttackRequest, plan: AttackPlan, victim: Any,
                where: Situation) -> AttackPlan | Impossible:
    """The same shot's plan at another figure of the crowd (for its damage and soak): the
    plan of that shot index (`plan.attack.label`) built at the figure."""
    alone = replace(request, target=victim, situation=where, others=())
    for other in plans_for(rules, alone):
        if isinstance(other, Impossible) or other.attack.label == plan.attack.label:
            return other
    return Impossible(f"{victim.name} cannot be struck")
