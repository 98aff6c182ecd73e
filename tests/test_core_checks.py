"""yags-core.md: task resolution, skills, fumbles, contests, movement and encumbrance."""

import random

import pytest

from engine.dice import Dice, ScriptedDice, seeded
from engine.rolls import Term
from engine.yags.character import Character
from engine.yags.checks import ability_term, contest_winner, resolve, roll_check
from engine.yags.equipment import Weapon


def test_ability_is_attribute_times_skill_or_times_four():
    """Task Resolution: ability = attribute x skill, or attribute x 4 for a pure attribute."""
    assert ability_term("dexterity", 4, "Rifles", 5).value == 20
    assert ability_term("dexterity", 4, "Rifles", 5).describe(first=True) == "Dex 4 x Rifles 5"
    assert ability_term("health", 3, None, None).value == 12


def test_check_meets_target_and_log_line():
    """Task Resolution: equal or exceed the target to succeed; the log shows every term."""
    terms = [ability_term("dexterity", 4, "Rifles", 5), Term("attack", 9)]
    roll = roll_check(ScriptedDice([13]), "attack", terms, 25,
                      target_terms=[Term("defence", 15, "defence 15"), Term("distance", 10)])
    assert roll.total == 42
    assert roll.level == 2  # 17 over: good
    assert roll.describe() == (
        "attack: Dex 4 x Rifles 5 + attack +9 + d20 (13) = 42 vs defence 15 + distance +10 = 25: good"
    )


def test_natural_one_fumbles_even_when_total_beats_target():
    """A roll of 1: automatic failure (fumble)."""
    roll = resolve("attack", [Term("ability", 40)], 1, 20)
    assert roll.fumble and roll.level == 0 and not roll.success


def test_raised_fumble_chance():
    """A roll of 1: in some situations 1-3 might fumble."""
    assert resolve("x", [Term("a", 40)], 3, 20, fumble_chance=3).fumble
    assert not resolve("x", [Term("a", 40)], 4, 20, fumble_chance=3).fumble


def test_unskilled_halves_the_die_and_fumbles_on_two():
    """Standard skills: no score -> the roll (a straight d20) is halved, 1 or 2 fumbles."""
    roll = resolve("x", [ability_term("dexterity", 3, "Pistols", 0)], 15, 5, unskilled=True)
    assert roll.total == 8  # 15 / 2 = 7.5, halves round up
    assert roll.level == 1
    assert resolve("x", [ability_term("dexterity", 3, "Pistols", 0)], 2, 1, unskilled=True).fumble


def test_contest_higher_total_and_ties_to_higher_skill():
    """Task Resolution: the highest wins; a tie goes to the higher skill."""
    a = resolve("a", [Term("ability", 12)], 10)
    b = resolve("b", [Term("ability", 15)], 7)
    assert a.total == b.total == 22
    assert contest_winner(a, 4, b, 5) == 1
    assert contest_winner(a, 5, b, 4) == 0
    c = resolve("c", [Term("ability", 15)], 8)
    assert contest_winner(a, 9, c, 1) == 1


def test_contest_natural_twenty_with_higher_skill_wins():
    """A roll of 20: in a contest, a natural 20 with the higher skill score wins outright."""
    a = resolve("a", [Term("ability", 6)], 20)  # 26
    b = resolve("b", [Term("ability", 30)], 10)  # 40
    assert contest_winner(a, 3, b, 2) == 0
    assert contest_winner(a, 2, b, 3) == 1


def test_seeded_dice_reproduce():
    a = [seeded(7).d20() for _ in range(1)]
    b = [seeded(7).d20() for _ in range(1)]
    assert a == b
    with pytest.raises(TypeError):
        Dice(random)  # the module, not an instance: refused


def test_move_and_movement_modes():
    """Movement: Move = size + strength + agility + 1 (12 for an average adult); combat move
    half (6 m), running full Move (12 m), sprinting 2 x Move + Athletics (26 m with
    Athletics 2); the Olympic athlete: agility 8, strength 4 -> Move 18, Athletics 15 -> 51."""
    average = Character("avg")
    assert average.move == 12
    assert average.combat_move == 6
    assert average.run_distance == 12
    assert average.sprint_distance() == 26
    athlete = Character("oly", {"agility": 8, "strength": 4}, {"Athletics": 15})
    assert athlete.move == 18
    assert athlete.sprint_distance() == 51


def test_talents_default_to_two():
    """Talents: everyone has 2 in the eight talents; other skills default to zero."""
    c = Character("x")
    assert c.skill("Brawl") == 2 and c.skill("Athletics") == 2 and c.skill("Throw") == 2
    assert c.skill("Rifles") == 0


def test_encumbrance_levels():
    """Encumbrance: up to strength squared unencumbered; x2 light (-1 agi); x3 moderate (-1
    agi, -1 dex); x6 heavy (-2 agi, -1 dex); x10 great (-2/-2, no running); beyond: cannot
    move."""
    def carrying(kg):
        return Character("c", {"strength": 3, "agility": 3, "dexterity": 3}, gear_load=kg)

    assert carrying(9).encumbrance == 0
    assert carrying(10).encumbrance == 1 and carrying(10).attribute("agility") == 2
    assert carrying(27).encumbrance == 2 and carrying(27).attribute("dexterity") == 2
    assert carrying(54).encumbrance == 3 and carrying(54).attribute("agility") == 1
    great = carrying(90)
    assert great.encumbrance == 4 and great.attribute("dexterity") == 1
    assert great.run_distance == great.combat_move
    over = carrying(91)
    assert over.encumbrance == 5 and over.move == 0 and over.attribute("agility") == 0


def test_restrictive_armour_lowers_agility():
    from engine.yags.equipment import Armour, ArmourPiece

    plate = ArmourPiece("plate", "Plate", 10, 0, frozenset({"torso"}), frozenset({"heavy"}), restrictive=1)
    c = Character("k", {"agility": 3}, armour=Armour((plate,)))
    assert c.attribute("agility") == 2


def test_weapon_load_counts():
    rifle = Weapon(id="r", name="Rifle", kind="missile", skill="Rifles", load=4)
    assert Character("s", weapon=rifle, gear_load=1).load == 5


def test_random_seed_is_match_local():
    """No global random state: a Dice holds its own Random."""
    state = random.getstate()
    seeded(1).d20()
    assert random.getstate() == state
