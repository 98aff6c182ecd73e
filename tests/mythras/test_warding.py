"""Ward Location and Passive Blocking (0005): the warding weapon blocks the warded location
passively, and it is the one weapon that cannot also parry actively."""

from dataclasses import replace

import pytest

from engine.mythras.health import fresh_state
from engine.mythras.preview import preview
from engine.mythras.ruleset import MythrasRuleset
from engine.ruleset import Intent
from tests.mythras.helpers import context, fighter, plan_attack


def test_a_warding_shield_is_not_the_active_parry():
    """0005 Passive Blocking: "at the cost of being unable to actively Parry with it ...
    Nothing prevents a dual weapon, or weapon and shield combatant from using his other
    weapon to actively parry." The sword parries while the shield wards."""
    a = fighter("A", "broadsword")
    d = fighter("D", "broadsword", second="viking_shield")
    assert d.parry_weapon.name == d.second_weapon.name  # the larger parries when nothing is warded
    assert d.active_parry(True).name == d.weapon.name and d.warding_weapon.name == d.second_weapon.name
    st = replace(fresh_state(d), warded=frozenset({"chest"}))
    plan = plan_attack(context(a, d, defender_state=st))
    assert "parry" in plan.reactions
    warded, free = preview(plan, "parry"), preview(plan_attack(context(a, d)), "parry")
    assert warded.p_parried == free.p_parried  # the same parry roll, with the sword's size now


def test_warding_with_the_weapon_in_hand_blocks_the_location():
    """0005 Ward Location: "Any blow which lands on that location has its damage
    automatically downgraded as per normal for a parrying weapon of its Size": a lone sword
    warding the chest takes damage off a blow that lands there."""
    a = fighter("A", "broadsword")
    d = fighter("D", "broadsword")
    assert d.warding_weapon is d.weapon
    free = preview(plan_attack(context(a, d)), "none")
    st = replace(fresh_state(d), warded=frozenset({"chest"}))
    warded = preview(plan_attack(context(a, d, defender_state=st)), "none")
    assert sum(warded.p_wound.get(k, 0) for k in ("serious", "major")) < \
        sum(free.p_wound.get(k, 0) for k in ("serious", "major"))


def test_the_ward_ends_when_its_weapon_attacks():
    """0005 Ward Location: "The cover continues until the dedicated weapon is used to attack
    or actively Parry": a Turn that attacks with the warding weapon cannot keep the ward."""
    rules = MythrasRuleset()
    d = rules.make_combatant({"role": "swordsman", "name": "D"})
    st = rules.fresh_state(d)
    with pytest.raises(ValueError, match="Ward Location"):
        rules.declare(d, st, warded=("chest",), intent=Intent("attack", "melee"))
    assert rules.declare(d, st, warded=("chest",), intent=Intent("move")).warded == ("chest",)
