"""d100 checks, opposed rolls and resistance rolls (0003 How Skills Work; Opposed Rolls;
Opposed Skills Over 100%)."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import ScriptedDice
from engine.mythras.checks import (
    judge,
    level_chances,
    opposed_winner,
    resist,
    resist_chance,
    roll_skill,
)


def test_roll_describes_skill_grade_and_level():
    r = roll_skill(ScriptedDice([23]), "A attacks", "Combat Style", 65, "hard")
    assert r.target == 44 and r.outcome == "success"
    assert r.describe() == "A attacks: d100 (23) vs Combat Style 65 hard = 44: success"
    assert judge("x", "Evade", 40, "standard", 100).describe().startswith("x: d100 (00)")


def test_automatic_and_hopeless_need_no_roll():
    """0003 Difficulty Grade Table: Automatic "No need to roll"; Hopeless "No attempt"."""
    assert roll_skill(ScriptedDice([]), "x", "S", 10, "automatic").succeeded
    assert not roll_skill(ScriptedDice([]), "x", "S", 90, "hopeless").succeeded


def test_opposed_same_level_higher_roll_wins():
    """0003 Opposed Rolls: the same level: "the highest dice roll still within the success
    range" wins; both failing: no winner."""
    a, b = judge("a", "S", 60, "standard", 50), judge("b", "S", 60, "standard", 40)
    assert opposed_winner(a, b) == "a"
    assert opposed_winner(judge("a", "S", 60, "standard", 80), judge("b", "S", 60, "standard", 90)) is None
    assert opposed_winner(judge("a", "S", 60, "standard", 3), b) == "a"  # a critical beats a success


def test_resistance_must_win_and_ties_leave_the_effect():
    """0004 Serious Wound: "an Opposed Roll of his Endurance versus the successful attack
    roll": the resister must win (rules-notes: equal faces leave the attack standing)."""
    attack = judge("attack", "S", 70, "standard", 40)
    assert resist(ScriptedDice([50]), "e", "Endurance", 60, attack)[0]
    assert not resist(ScriptedDice([30]), "e", "Endurance", 60, attack)[0]
    assert not resist(ScriptedDice([40]), "e", "Endurance", 60, attack)[0]
    assert not resist(ScriptedDice([70]), "e", "Endurance", 60, attack)[0]
    assert not resist(ScriptedDice([]), "e", "Endurance", 60, attack, forced_failure=True)[0]


def test_resistance_over_100_rejudges_the_attack():
    """0003 Opposed Skills Over 100%: Endurance 130 against an attack of 60 rolled 50: 100
    against 30, and the attack's 50 is now a failure: any success resists."""
    attack = judge("attack", "S", 60, "standard", 50)
    ok, roll = resist(ScriptedDice([20]), "e", "Endurance", 130, attack)
    assert ok and roll.target == 100


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 150), st.integers(1, 100), st.integers(0, 150))
def test_resist_chance_is_exact(skill, face, against_skill):
    attack = judge("attack", "S", against_skill, "standard", face)
    wins = sum(resist(ScriptedDice([f]), "e", "E", skill, attack)[0] for f in range(1, 101))
    assert resist_chance(skill, face, against_skill) == Fraction(wins, 100)


def test_level_chances_sum_to_one():
    for skill in (0, 5, 50, 100, 101, 250):
        for grade in ("very_easy", "hard", "herculean", "automatic"):
            assert sum(level_chances(skill, grade).values()) == 1
