"""The round (Yags SF 0.30a: The Combat Round; Initiative; Special Attacks; Multiple Shots):
declarations first, initiative after them, the order of actions, what carries over."""

import pytest

from engine.dice import ScriptedDice
from engine.yags_sf.character import Condition
from engine.yags_sf.round import (
    Declaration,
    Initiative,
    action_order,
    carry_over,
    declare,
    duel_order,
    movement_allowance,
    note_attacked,
    roll_initiative,
)
from engine.yags_sf.ruleset import YagsSFRuleset

R = YagsSFRuleset()
RIFLEMAN = R.make_combatant({"name": "Rifleman", "role": "rifleman"})
SWORDSMAN = R.make_combatant({"name": "Swordsman", "role": "swordsman"})


def ini(fighter, faces, cond=None, **decl):
    c = cond or Condition()
    return roll_initiative(ScriptedDice(faces), fighter, c, declare(fighter, c, **decl))


def test_initiative_agility_times_skill_plus_weapon_plus_dice():
    # "agility x weapon skill, plus the initiative modifiers of their weapons, plus 2d10!"
    i = ini(RIFLEMAN, [5, 5])
    assert i.value == 10 * 3 + 9 + 10 and not i.lost
    assert "Agi 10 x Rifles 3" in i.roll.describe()
    assert ini(SWORDSMAN, [5, 5]).value == 11 * 4 + 9 + 10


@pytest.mark.parametrize("fighter, special, change", [
    (SWORDSMAN, "aggressive", 5), (SWORDSMAN, "defensive", -10), (RIFLEMAN, "single_shot", -10),
])
def test_special_attacks_change_initiative(fighter, special, change):
    assert ini(fighter, [5, 5], special=special).value - ini(fighter, [5, 5]).value == change


@pytest.mark.parametrize("special", ["disarm", "killing_blow", "weapon_smash"])
def test_initiative_automatically_lost(special):
    assert ini(SWORDSMAN, [5, 5], special=special).lost


def test_fumbled_initiative_is_lost_and_wounds_lower_it():
    assert ini(RIFLEMAN, [1, 2]).lost
    assert ini(RIFLEMAN, [5, 5], Condition(wounds=3)).value == 49 - 4
    assert ini(SWORDSMAN, [5, 5], Condition(feinted=True)).value == 63 + 5  # Feint


def test_automatic_kill_acts_last():
    i = ini(RIFLEMAN, [5, 5], action="kill")
    assert i.last
    assert not Declaration(action="kill").can_defend


def test_action_order():
    entries = [("a", Initiative(40, None), 10), ("b", Initiative(60, None, lost=True), 10),
               ("c", Initiative(30, None), 10), ("d", Initiative(80, None, last=True), 10),
               ("e", Initiative(40, None), 12)]
    assert action_order(entries) == ["e", "a", "c", "b", "d"]
    # the winner attacks first, "then the loser of initiative attacks back"
    assert duel_order("x", Initiative(20, None), 10, "y", Initiative(25, None), 10) == ("y", "x")


def test_declaration_checks():
    with pytest.raises(ValueError, match="unknown action"):
        declare(RIFLEMAN, Condition(), action="dance")
    with pytest.raises(ValueError, match="replaces a normal attack"):
        declare(RIFLEMAN, Condition(), action="aim", special="single_shot")
    with pytest.raises(ValueError, match="unknown special"):
        declare(RIFLEMAN, Condition(), special="feint")  # feint is an action (no attack)
    with pytest.raises(ValueError, match="melee weapon"):
        declare(RIFLEMAN, Condition(), special="aggressive")
    with pytest.raises(ValueError, match="subduing"):
        declare(RIFLEMAN, Condition(), subduing=True)
    with pytest.raises(ValueError, match="missile"):
        declare(SWORDSMAN, Condition(), action="aim")
    with pytest.raises(ValueError, match="down"):
        declare(RIFLEMAN, Condition(prone=True))
    with pytest.raises(ValueError, match="on his feet"):
        declare(RIFLEMAN, Condition(), action="stand")
    assert declare(RIFLEMAN, Condition(prone=True), action="stand").action == "stand"


def test_one_defence_goes_to_the_first_attacker():
    d = declare(SWORDSMAN, Condition())
    d = note_attacked(d, "A")
    assert d.defends("A")
    d = note_attacked(d, "B")
    assert not d.defends("B") and d.defends("A")
    declared = note_attacked(declare(SWORDSMAN, Condition(), defend_against="B"), "A")
    assert declared.defends("B") and not declared.defends("A")
    resting = note_attacked(declare(SWORDSMAN, Condition(), action="rest"), "A")
    assert not resting.defends("A")


def test_aim_and_feint_carry_one_round():
    c = carry_over(Condition(), Declaration(action="aim"))
    assert c.aimed and not c.feinted
    c = carry_over(c, Declaration())
    assert not c.aimed
    assert carry_over(Condition(), Declaration(action="feint")).feinted


def test_standing_up_takes_the_round_and_ends_the_knockdown():
    """Knockdown: prone "until they regain their feet, which takes an attack action": the
    round declared standing up ends with him on his feet; any other keeps him down."""
    down = Condition(prone=True)
    assert not carry_over(down, declare(RIFLEMAN, down, action="stand")).prone
    assert carry_over(down, Declaration(action="nothing")).prone


def test_movement_reading():
    assert movement_allowance(RIFLEMAN, Condition()) == {"free": 5, "run": 10, "sprint": 20}
    assert movement_allowance(RIFLEMAN, Condition(wounds=4)) == {"free": 1, "run": 3, "sprint": 13}
