"""Melee (Yags SF 0.30a: The Combat Round; Melee Combat; Damage; Brawling; Strength;
Special Attacks). Rifleman: Dex 10, Agi 10, Str 10, clubs 1, soak 10 + light body armour 4.
Swordsman: Str 14, Dex 11, Agi 11, swords 4, sword (+9 +12 +8 +12) and small shield (+4),
soak 14 + heavy leather (full) 9."""

from dataclasses import replace

import pytest

from engine.dice import ScriptedDice
from engine.outcome import Impossible
from engine.rolls import Term
from engine.yags_sf.character import Condition
from engine.yags_sf.dice import roll_2d10
from engine.yags_sf.melee import Side, is_defending, plan_melee, resolve_melee
from engine.yags_sf.plan import AttackPlan, DefencePlan, resolve_attack
from engine.yags_sf.round import declare
from engine.yags_sf.ruleset import YagsSFRuleset

R = YagsSFRuleset()
RIFLEMAN = R.make_combatant({"name": "Rifleman", "role": "rifleman"})
SWORDSMAN = R.make_combatant({"name": "Swordsman", "role": "swordsman"})


def side(f, **decl):
    return Side(f, Condition(), declare(f, Condition(), **decl) if decl else None)


def values(terms):
    return {t.name: t.value for t in terms}


def test_attack_against_a_rolled_defence():
    plan = plan_melee(side(SWORDSMAN), side(RIFLEMAN), defending=True)
    # attack: Dex 11 x Swords 4 + sword +12; defence: the rifle parries as a club (size M):
    # Dex 10 x Clubs 1 + club +5 (Weapon Statistics, Defence)
    assert plan.base == 56 and plan.defence.base == 15 and plan.fumble == 3
    result = resolve_melee(ScriptedDice([5, 5, 3, 4, 2, 3]), plan, side(SWORDSMAN), side(RIFLEMAN))
    assert result.attack_roll.total == 66 and result.defence_roll.total == 22 and result.hit
    # Damage: strength 14 + sword 12 + 2d10! (5) = 31 - soak 14 = 17: serious; 31 > 2 x 10 + 10
    d = result.damage
    assert (d.roll.total, d.soak, d.modified, d.levels, d.knocked) == (31, 14, 17, 4, True)


def _plan(attack: int, defence: int) -> AttackPlan:
    return AttackPlan("a", "b", "attack", (Term("ability", attack),), defence=DefencePlan((Term("ability", defence),)))


def test_the_floor_of_fifteen():
    # "This base of 15 is also a minimum defence value for any character, however bad"
    low = roll_2d10(ScriptedDice([2, 2]))  # defence 0 + 4 = 4: counts 15
    assert resolve_attack(_plan(5, 0), roll_2d10(ScriptedDice([5, 5])), low).hit  # 15
    assert not resolve_attack(_plan(4, 0), roll_2d10(ScriptedDice([5, 5])), low).hit  # 14
    # equal or exceeds
    assert resolve_attack(_plan(20, 20), roll_2d10(ScriptedDice([4, 4])), roll_2d10(ScriptedDice([4, 4]))).hit


def test_a_fumbled_defence_counts_as_no_defence():
    out = resolve_attack(_plan(10, 60), roll_2d10(ScriptedDice([3, 3])), roll_2d10(ScriptedDice([1, 1])))
    assert out.defence.fumble and out.hit  # 16 against the floor of 15


def test_no_defence_base_fifteen():
    # Melee Combat: "If a target is not defending ... a base difficulty of 15"
    plan = plan_melee(side(SWORDSMAN), side(RIFLEMAN), defending=False)
    assert plan.defence is None and plan.difficulty == 15


def test_the_defence_goes_to_one_attacker():
    t = side(RIFLEMAN, defend_against="Someone else")
    assert not is_defending(t, "Swordsman") and is_defending(t, "Someone else")
    assert is_defending(side(RIFLEMAN, action="attack"), "Swordsman")  # still free
    assert not is_defending(side(RIFLEMAN, action="rest"), "Swordsman")


@pytest.mark.parametrize("special, attack, defence", [
    ("aggressive", 5, -10),  # "-10 penalty to your defence, ... +5 bonus to attack"
    ("defensive", -10, 5),  # "+5 bonus to your defence, ... -10 penalty to your attack"
])
def test_aggressive_and_defensive(special, attack, defence):
    a = side(SWORDSMAN, special=special)
    plan = plan_melee(a, side(SWORDSMAN, special=special), defending=True)
    assert values(plan.terms)[special] == attack
    assert values(plan.defence.terms)[special] == defence


def test_killing_blow_and_weapon_smash_penalties():
    assert values(plan_melee(side(SWORDSMAN, special="killing_blow"), side(RIFLEMAN), defending=True).terms)["killing blow"] == -15
    plan = plan_melee(side(SWORDSMAN, special="weapon_smash"), side(RIFLEMAN), defending=True)
    assert values(plan.terms)["weapon smash"] == -5 and plan.effect == "smash"


def test_subduing_halves_the_damage_bonus_and_causes_fatigue():
    plan = plan_melee(side(SWORDSMAN, subduing=True), side(RIFLEMAN), defending=True)
    assert plan.damage.subduing and plan.damage.base == 14 + 6


def test_ambush_halves_soak_and_kills():
    a = side(SWORDSMAN, special="ambush")
    assert not a.decl.can_defend  # "You can not also defend in the same round"
    assert isinstance(plan_melee(a, side(RIFLEMAN), defending=True), Impossible)
    plan = plan_melee(a, side(RIFLEMAN), defending=True, unaware=True)
    assert plan.defence is None and plan.difficulty == 15
    assert plan.damage.soak == 7 and plan.damage.killing_blow
    assert "ambush" not in values(plan.terms)  # "no bonus to either your initiative or attack"


def test_disarm_sizes_and_contest():
    knife = R.make_combatant({"name": "Knife", "role": "swordsman", "weapon": "knife"})
    staff = R.make_combatant({"name": "Staff", "role": "swordsman", "weapon": "quarterstaff"})
    # "cannot be performed if the attacker's weapon is two size categories smaller"
    assert isinstance(plan_melee(side(knife, special="disarm"), side(staff), defending=True), Impossible)
    plan = plan_melee(side(SWORDSMAN, special="disarm"), side(staff), defending=True)
    assert plan.effect == "disarm"
    # hit (the defence fumbled), then opposed Dex x skill: 44 + 8 against Dex 11 x Clubs 2 + 7
    dice = ScriptedDice([9, 9, 1, 2, 4, 4, 3, 4])
    result = resolve_melee(dice, plan, side(SWORDSMAN, special="disarm"), side(staff))
    assert result.hit and result.damage is None and result.effects == ("disarmed",)
    # the weapon falls: the driver takes it away (the world drops it; `disarmed_spec`: the fist)
    applied = R.apply(ScriptedDice([]), staff, Condition(), result)
    assert applied.state == Condition()
    bare = R.make_combatant(R.disarmed_spec({"name": "Staff", "role": "swordsman", "weapon": "quarterstaff"}))
    assert bare.weapon.id == "fist" and R.weapon_facts(bare).name == "Fist/kick"
    assert isinstance(plan_melee(side(SWORDSMAN, special="disarm"), Side(bare, Condition()), defending=True), Impossible)
    disarmed = Condition(disarmed=True)  # the duel's own bookkeeping
    assert staff.wielded(disarmed).id == "fist"


def test_weapon_smash_opposed_damage():
    plan = plan_melee(side(SWORDSMAN, special="weapon_smash"), side(RIFLEMAN), defending=True)
    # hit; damage rolls: 14 + 12 + 9 = 35 against the rifle as a club: 10 + 8 + 10 = 28
    dice = ScriptedDice([9, 9, 1, 2, 4, 5, 5, 5])
    result = resolve_melee(dice, plan, side(SWORDSMAN, special="weapon_smash"), side(RIFLEMAN))
    # "a brute force disarm manoeuvre": the weapon is lost as to a disarm (rules-notes)
    assert [r.total for r in result.contest] == [35, 28] and result.effects == ("disarmed",)


def test_brawling_fists_subdue_and_small_weapons_halve_bonuses():
    brawler = R.make_combatant({"name": "B", "role": "rifleman", "weapon": "fist"})
    plan = plan_melee(side(brawler), side(RIFLEMAN), defending=False)
    # "Initiative, attack and defence are based on the character's agility x skill"
    assert plan.terms[0].shown == "Agi 10 x Brawling 2" and plan.damage.subduing
    # a dagger with Brawling (2) beats Knives (1): half its bonuses, full damage
    dagger = R.make_combatant({"name": "D", "role": "rifleman", "weapon": "dagger"})
    plan = plan_melee(side(dagger), side(RIFLEMAN), defending=False)
    assert values(plan.terms)["weapon"] == 3 and plan.damage.base == 10 + 5 and not plan.damage.subduing


def test_unfamiliar_weapon_raises_the_fumble_chance():
    # the rifleman has no Swords but Knives 1: the bladed family, +1 fumble (rules-notes)
    man = R.make_combatant({"name": "M", "role": "rifleman", "weapon": "sword"})
    plan = plan_melee(side(man), side(RIFLEMAN), defending=False)
    assert plan.terms[0].shown == "Dex 10 x Knives 1" and plan.fumble == 4
    # no skill of the family: skill 0, +2 ("or even five")
    novice = replace(man, skills={"rifles": 3})
    plan = plan_melee(side(novice), side(RIFLEMAN), defending=False)
    assert plan.terms[0].value == 0 and plan.fumble == 5


def test_strength_below_the_minimum():
    weak = R.make_combatant({"name": "W", "role": "rifleman", "weapon": "great_sword"})
    plan = plan_melee(side(weak), side(RIFLEMAN), defending=False)
    # Str 10 x 1.5 = 15 for a two-handed weapon against 24: 9 points short, -2 each
    assert values(plan.terms)["strength"] == -18
    assert values(plan.damage.terms)["strength shortfall"] == -18


def test_feint_then_bonus_next_round():
    plan = plan_melee(Side(SWORDSMAN, Condition(feinted=True)), side(RIFLEMAN), defending=True)
    assert values(plan.terms)["feint"] == 5


def test_a_firearm_does_not_strike_and_the_prone_do_not_attack():
    assert isinstance(plan_melee(side(RIFLEMAN), side(SWORDSMAN), defending=True), Impossible)
    assert isinstance(plan_melee(Side(SWORDSMAN, Condition(prone=True)), side(RIFLEMAN), defending=True), Impossible)
