"""The chosen Special Effects resolved (0005, Special Effect Descriptions): each effect's
resistance roll against the winner's original roll, and what it changes on whom."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.dice import Dice
from engine.mythras.attack import AttackPlan, Exchange
from engine.mythras.character import Character
from engine.mythras.checks import D100Roll, resist
from engine.mythras.dicexpr import parse, roll_expr
from engine.mythras.tables import LEGS, SIZES, halved, harder, hardest
from engine.rolls import Roll


@dataclass
class Collected:
    """What an exchange's resolution gathers: rolls, changes to each side, world effects
    and log lines."""

    rolls: list[Roll] = field(default_factory=list)
    target: list[tuple[str, Any]] = field(default_factory=list)
    attacker: list[tuple[str, Any]] = field(default_factory=list)
    world: list[tuple[str, Any]] = field(default_factory=list)
    events: list[str] = field(default_factory=list)


def _resist(dice: Dice, who: Character, skill_key: str, skill_name: str, against: D100Roll, forced: bool,
            grade: str = "standard", label: str = "", state: Any = None) -> tuple[bool, D100Roll]:
    """A resistance roll with the grade every roll of the resister suffers (`state`'s
    fatigue, blinding, a weapon in a wound: 0003 Modifying Skills, 0004 Fatigue), the
    hardest of that and the effect's own."""
    return resist(dice, f"{who.name}: {skill_name} {label}".strip(), skill_name, who.skill(skill_key), against,
                  _with_state(grade, state), forced_failure=forced)


def _with_state(grade: str, state: Any) -> str:
    return hardest(grade, state.skill_grade()) if state is not None else grade


def _size_grade(winner_size: str | None, loser_size: str | None) -> str:
    """Disarm: each step the disarmer's weapon is larger, one grade harder for the other."""
    gap = SIZES.index(winner_size or "S") - SIZES.index(loser_size or "S")
    return harder("standard", gap)


def resolve_effects(dice: Dice, plan: AttackPlan, ex: Exchange, picked: list[str], param: dict[str, str | None],
                    first_hit: Any, wounded: bool, c: Collected) -> None:
    """Resolve the winner's picks (Force Failure fails every resistance of the exchange)."""
    rolls, tchg, achg, world, events = c.rolls, c.target, c.attacker, c.world, c.events
    ctx, a, d = plan.ctx, plan.ctx.attacker, plan.ctx.defender
    ast, dst = ctx.attacker_state, ctx.defender_state
    forced = "force_failure" in picked
    attack = ex.attack
    if ex.winner == "attacker":
        if "bleed" in picked and wounded:
            ok, r = _resist(dice, d, "endurance", "Endurance", attack, forced, label="against Bleed", state=dst)
            rolls.append(r)
            if not ok:
                tchg.append(("bleeding", True))
                events.append(f"{d.name} bleeds profusely")
        if "stun_location" in picked and wounded:
            ok, r = _resist(dice, d, "endurance", "Endurance", attack, forced, label="against Stun Location", state=dst)
            rolls.append(r)
            if not ok:
                tchg.append(("stunned", (first_hit.location, first_hit.damage)))
                events.append(f"{d.name}'s {first_hit.location.replace('_', ' ')} is stunned for {first_hit.damage} Turns")
        if "drop_foe" in picked and wounded:
            ok, r = _resist(dice, d, "endurance", "Endurance", attack, forced, label="against Drop Foe", state=dst)
            rolls.append(r)
            if not ok:
                tchg.append(("dropped", True))
                events.append(f"{d.name} succumbs to shock and pain")
        if "pin_down" in picked:
            grade = harder("standard", picked.count("pin_down") - 1)
            ok, r = _resist(dice, d, "willpower", "Willpower", attack, forced, grade, "against Pin Down", dst)
            rolls.append(r)
            if not ok:
                tchg.append(("pinned", True))
                events.append(f"{d.name} is pinned down")
        if "trip_opponent" in picked and (not plan.weapon.firearm or (first_hit and first_hit.location in LEGS)):
            key = "brawn" if d.skill("brawn") >= d.skill("evade") else "evade"
            ok, r = _resist(dice, d, key, key.title(), attack, forced, label="against Trip", state=dst)
            rolls.append(r)
            if not ok:
                tchg.append(("prone", True))
                events.append(f"{d.name} is tripped")
        if "disarm_opponent" in picked:
            pw = d.active_parry(bool(ctx.defender_state.warded)) if ex.reaction == "parry" else d.weapon
            dkey, dval, _ = d.weapon_skill(pw)
            grade = _size_grade(plan.weapon.size, pw.parry_size)
            ok, r = resist(dice, f"{d.name}: {d.skill_label(dkey)} against Disarm", d.skill_label(dkey), dval,
                           attack, _with_state(grade, dst), forced_failure=forced)
            rolls.append(r)
            if not ok:
                metres = _fling(dice, a, rolls)
                tchg.append(("disarmed", True))
                world.append(("disarmed", (d.name, metres)))
                events.append(f"{d.name} is disarmed: the weapon lands {metres} m away")
        if "entangle" in picked and first_hit is not None:
            tchg.append(("entangled", first_hit.location))
        if "grip" in picked:
            tchg.append(("gripped_by", a.name))
        if "duck_back" in picked:
            world.append(("duck_back", a.name))
        if "rapid_reload" in picked:
            achg.append(("rapid_reload", picked.count("rapid_reload")))
        if "overpenetration" in picked and first_hit is not None and first_hit.damage > 0:
            world.append(("overpenetration", (param.get("overpenetration") or ctx.behind[0], halved(first_hit.rolled))))
    elif ex.winner == "defender":
        defence = ex.defence
        if "arise" in picked:
            tchg.append(("prone", False))
        if "slip_free" in picked:
            tchg.append(("slip_free", True))
        if "withdraw" in picked:
            world.append(("withdraw", d.name))
        if "weapon_malfunction" in picked:
            achg.append(("weapon_state", "malfunction"))
            events.append(f"{a.name}'s {plan.weapon.name} malfunctions")
        if "select_target" in picked:
            world.append(("select_target", param.get("select_target") or ctx.bystanders[0]))
        if "blind_opponent" in picked and defence is not None:
            # "The attacker must make an Opposed Roll of his Evade skill (or Weapon skill if
            # using a shield)": the attacker's shield, not the defender's (rules-notes)
            if a.shield is not None:
                key, value, grade = a.weapon_skill(a.shield)
                name = a.skill_label(key)
                ok, r = resist(dice, f"{a.name}: {name} against Blind Opponent", name, value, defence,
                               _with_state(grade, ast), forced_failure=forced)
            else:
                ok, r = _resist(dice, a, "evade", "Evade", defence, forced, label="against Blind Opponent", state=ast)
            rolls.append(r)
            if not ok:
                turns = roll_expr(dice, "1d3", f"{a.name}: blinded (Turns)")
                rolls.append(turns)
                achg.append(("blinded", (turns.total, "hard")))
                events.append(f"{a.name} is blinded for {turns.total} Turns")
        if "trip_opponent" in picked and defence is not None:
            key = "brawn" if a.skill("brawn") >= a.skill("evade") else "evade"
            ok, r = _resist(dice, a, key, key.title(), defence, forced, label="against Trip", state=ast)
            rolls.append(r)
            if not ok:
                achg.append(("prone", True))
        if "disarm_opponent" in picked and defence is not None:
            akey, aval, _ = a.weapon_skill(plan.weapon)
            grade = _size_grade(d.active_parry(bool(ctx.defender_state.warded)).parry_size, plan.weapon.size)
            ok, r = resist(dice, f"{a.name}: {a.skill_label(akey)} against Disarm", a.skill_label(akey), aval,
                           defence, _with_state(grade, ast), forced_failure=forced)
            rolls.append(r)
            if not ok:
                metres = _fling(dice, d, rolls)
                achg.append(("disarmed", True))
                world.append(("disarmed", (a.name, metres)))
        if "damage_weapon" in picked:
            dmg = roll_expr(dice, d.active_parry(bool(ctx.defender_state.warded)).damage, f"{d.name}: damage to {a.name}'s {plan.weapon.name}")
            rolls.append(dmg)
            achg.append(("weapon_damage", max(0, dmg.total - (plan.weapon.ap or 0))))
        if "entangle" in picked:
            achg.append(("entangled", "right_arm"))
    if "scar_foe" in picked:
        events.append(f"{d.name if ex.winner == 'attacker' else a.name} is scarred for life")


def _fling(dice: Dice, by: Character, rolls: list[Roll]) -> int:
    """A disarmed weapon flies "a distance equal to the roll of the disarmer's Damage
    Modifier in metres"; none (or a negative one): it drops at the feet."""
    dm = by.damage_modifier
    if dm.startswith("-") or dm == "+0":
        return 0
    r = roll_expr(dice, parse(dm), f"{by.name}: disarm distance (m)")
    rolls.append(r)
    return max(0, r.total)
