"""Fighters and attacks for the Mythras tests."""

from engine.mythras.attack import AttackContext, attack_roll, defence_roll, exchange, plan_attack
from engine.mythras.catalogue import default_catalogue
from engine.mythras.character import build_character
from engine.mythras.health import fresh_state
from engine.mythras.outcome import apply_to_target, resolve_hit

AVERAGE = {"STR": 11, "CON": 11, "SIZ": 13, "DEX": 11, "INT": 13, "POW": 11, "CHA": 10}


def fighter(name="F", weapon="broadsword", second=None, armour=(), points=None, ch=None, traits=(),
            groups=("sword", "axe", "club", "spear", "shield", "dagger", "rifle", "pistol", "smg", "shotgun", "mg",
                    "unarmed", "grenade", "flail", "whip", "bow", "thrown")):
    cat = default_catalogue()
    return build_character(
        name, ch or AVERAGE, points or {}, style="Test", style_groups=frozenset(groups), traits=frozenset(traits),
        weapon=cat.weapon(weapon), second_weapon=cat.weapon(second) if second else None,
        armour=tuple(cat.armour_piece(a) for a in armour))


def context(attacker, defender, **kw):
    return AttackContext(attacker, kw.pop("attacker_state", fresh_state(attacker)), defender,
                         kw.pop("defender_state", fresh_state(defender)), **kw)


def run(dice, plan, reaction="none", chosen=(), apply=True):
    """One whole attack with the given reaction and effects; (exchange, outcome, health)."""
    a = attack_roll(dice, plan)
    d = defence_roll(dice, plan, reaction)
    ex = exchange(plan, a, reaction, d)
    out = resolve_hit(dice, plan, ex, chosen)
    health = apply_to_target(dice, plan.ctx.defender, plan.ctx.defender_state, out) if apply else None
    return ex, out, health


__all__ = ["AVERAGE", "context", "fighter", "plan_attack", "run"]
