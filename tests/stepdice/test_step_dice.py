"""step-dice-combat.md: the die steps, the range and cover table, basic damage and the action
penalty, with the sheet's own numbers."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import ScriptedDice
from engine.stepdice import action_steps, basic_damage, cover_difficulty, range_steps, step_die
from engine.stepdice.steps import DIE_STEPS, Part, Pool, check, check_chance


def test_die_steps_run_d2_to_d12():
    """Initiative and Actions: dice d2 .. d12, a step each."""
    assert DIE_STEPS == (2, 4, 6, 8, 10, 12)
    assert step_die(8, -1) == 6
    assert step_die(8, -3) == 2
    assert step_die(4, 3) == 10
    assert step_die(6, 0) == 6


def test_a_step_below_d2_loses_the_action():
    """ "If the reductions take a skill below a d2 they lose that action." """
    assert step_die(2, -1) is None
    assert step_die(8, -4) is None  # a d8 skill at long range (-4)
    pool = Pool("shot", (Part("Agility", 8), Part("Guns", 8, -4)))
    assert pool.lost
    assert "below d2" in pool.lost_reason()


def test_a_step_above_d12_is_lost():
    """Reading (rules-notes): the sheet has no die above d12; the die stays d12."""
    assert step_die(12, 1) == 12
    assert step_die(10, 3) == 12


def test_step_die_refuses_a_die_not_on_the_ladder():
    with pytest.raises(ValueError, match="not a step die"):
        step_die(20, 0)


def test_range_steps_are_the_sheets():
    """Range and cover: "Point Blank +1 Step, Short None, Medium -2 Step, Long -4 Step"."""
    assert [range_steps(b) for b in ("point_blank", "short", "medium", "long")] == [1, 0, -2, -4]
    with pytest.raises(ValueError, match="range band"):
        range_steps("extreme")


def test_cover_difficulty_is_the_sheets():
    """Range and cover: "Light Cover +4, Medium Cover +8, Heavy Cover +12, Total Cover +18"."""
    assert [cover_difficulty(k) for k in ("light", "medium", "heavy", "total")] == [4, 8, 12, 18]
    assert cover_difficulty(None) == 0
    with pytest.raises(ValueError, match="cover"):
        cover_difficulty("smoke")


def test_basic_damage_is_attack_minus_defence_halved():
    """Basic Attack / Damage: "Attack - Defense = Basic Damage (divide half between stun and
    wounds)"; an odd point goes to wounds; "greater than or equal to the defense" hits."""
    assert basic_damage(14, 8) == (3, 3)
    assert basic_damage(13, 8) == (2, 3)
    assert basic_damage(8, 8) == (0, 0)  # a hit with no basic damage
    assert basic_damage(7, 8) is None  # a miss


def test_action_steps_one_step_for_each_further_action():
    """ "Each person gets to do one thing in a round for free ... a one step penalty for each
    additional action." """
    assert action_steps(1) == 0
    assert action_steps(2) == -1
    assert action_steps(3) == -2
    assert action_steps(0) == 0
    with pytest.raises(ValueError):
        action_steps(-1)


@given(st.sampled_from(DIE_STEPS), st.integers(-8, 8), st.integers(0, 8))
def test_more_steps_never_make_a_smaller_die(die, steps, more):
    lo, hi = step_die(die, steps), step_die(die, steps + more)
    if lo is not None:
        assert hi is not None and hi >= lo


@given(st.integers(0, 60), st.integers(0, 60))
def test_basic_damage_adds_up_and_favours_wounds(attack, defence):
    out = basic_damage(attack, defence)
    if attack < defence:
        assert out is None
    else:
        stun, wounds = out
        assert stun + wounds == attack - defence and 0 <= wounds - stun <= 1


def test_pool_distribution_is_exact():
    """Agility d8 + Guns d6: 48 cases, a total of 9 six ways."""
    dist = Pool("x", (Part("Agility", 8), Part("Guns", 6))).distribution()
    assert sum(dist.values()) == 1
    assert dist[9] == Fraction(6, 48)
    assert min(dist) == 2 and max(dist) == 14


def test_a_roll_names_its_dice_and_steps():
    roll = Pool("shot", (Part("Agility", 8), Part("Guns", 8, -1))).roll(ScriptedDice([5, 4]), target=9)
    assert roll.total == 9 and roll.success
    assert "Agility d8 (5)" in roll.describe() and "Guns d8 -1 = d6 (4)" in roll.describe()


def test_a_check_drops_dice_below_d2():
    """A check is not an action: the dice stepped below d2 add nothing (rules-notes)."""
    roll = check(ScriptedDice([3]), "check", (Part("Vitality", 2, -1), Part("Willpower", 4)), 7)
    assert roll.total == 3 and not roll.success
    assert check_chance((Part("Vitality", 2, -1), Part("Willpower", 4)), 7) == 0
