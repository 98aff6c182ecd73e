"""The Mythras Imperative tables, checked against the SRD's own numbers and examples
(the Mythras Imperative SRD, the section named in each test)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.mythras import (
    damage_modifier,
    differential,
    grade_skill,
    hit_location,
    initiative_bonus,
    location_hit_points,
    opposed_skills,
    parry_deflects,
    success_level,
    wound_level,
)
from engine.mythras.tables import (
    critical_range,
    damage_modifier_for_step,
    damage_modifier_step,
    fatigue_move,
    harder,
    hardest,
    healing_rate,
    impale_penalty,
    knockback_m,
    luck_points,
)


def test_rounding_example_critical_of_63_is_7():
    """0002 Rounding of Numbers and Results: "1/10th of 63% is 6.3; this is rounded up to 7"."""
    assert critical_range(63) == 7
    assert success_level(7, 63) == "critical"
    assert success_level(8, 63) == "success"


def test_success_and_failure_bounds():
    """0003 How Skills Work: equal or under succeeds; 01-05 always succeed; 96-00 always fail."""
    assert success_level(40, 40) == "success"
    assert success_level(41, 40) == "failure"
    assert success_level(5, 0) == "success"
    assert success_level(6, 0) == "failure"
    assert success_level(96, 150) == "failure"
    assert success_level(95, 150) == "success"


def test_criticals_and_fumbles():
    """0003 Criticals and Fumbles: a tenth of the skill rounded up; the doubled 33% (66%)
    criticals on 07 or less; fumbles on 99 or 00, only 00 for skills over 100%."""
    assert success_level(7, 66) == "critical"
    assert success_level(8, 66) == "success"
    assert success_level(99, 50) == "fumble"
    assert success_level(100, 50) == "fumble"
    assert success_level(99, 100) == "fumble"
    assert success_level(99, 101) == "failure"
    assert success_level(100, 101) == "fumble"
    assert success_level(1, 5) == "critical"
    assert success_level(1, 0) == "success"  # no critical range at 0%


def test_rolls_outside_d100_are_refused():
    with pytest.raises(ValueError):
        success_level(0, 50)
    with pytest.raises(ValueError):
        success_level(101, 50)


def test_difficulty_grades_default_method():
    """0003 Difficulty Grade Table (default method), fractions rounded up; the 33% -> 66%
    example of Criticals and Fumbles."""
    assert grade_skill(33, "very_easy") == 66
    assert grade_skill(33, "easy") == 50  # 49.5 up
    assert grade_skill(33, "standard") == 33
    assert grade_skill(50, "hard") == 34  # 33.3 up (rules-notes)
    assert grade_skill(33, "formidable") == 17  # 16.5 up
    assert grade_skill(33, "herculean") == 7  # 6.6 up
    with pytest.raises(ValueError):
        grade_skill(50, "automatic")


def test_hardest_grade_takes_precedence():
    """0003: "the hardest Difficulty Grade takes precedence"; 0005: "use the most severe"."""
    assert hardest("hard", "formidable", "easy") == "formidable"
    assert hardest() == "standard"
    assert harder("hard") == "formidable"
    assert harder("formidable", -1) == "hard"
    assert harder("herculean", 5) == "hopeless"


DIFFERENTIAL_TABLE = {
    # 0003 Differential Roll Results: (protagonist, antagonist) -> (winner, levels)
    ("critical", "critical"): (None, 0), ("critical", "success"): ("protagonist", 1),
    ("critical", "failure"): ("protagonist", 2), ("critical", "fumble"): ("protagonist", 3),
    ("success", "critical"): ("antagonist", 1), ("success", "success"): (None, 0),
    ("success", "failure"): ("protagonist", 1), ("success", "fumble"): ("protagonist", 2),
    ("failure", "critical"): ("antagonist", 2), ("failure", "success"): ("antagonist", 1),
    ("failure", "failure"): (None, 0), ("failure", "fumble"): (None, 0),
    ("fumble", "critical"): ("antagonist", 3), ("fumble", "success"): ("antagonist", 2),
    ("fumble", "failure"): (None, 0), ("fumble", "fumble"): (None, 0),
}


@pytest.mark.parametrize(("cell", "expected"), sorted(DIFFERENTIAL_TABLE.items()))
def test_differential_roll_results_table(cell, expected):
    """0003 Differential Roll Results, every cell."""
    assert differential(*cell) == expected


def test_opposed_skills_over_100():
    """0003 Opposed Skills Over 100%: the highest subtracts his excess over 100 from every
    skill in the contest, his own included."""
    assert opposed_skills(120, 80) == (100, 60)
    assert opposed_skills(80, 120) == (60, 100)
    assert opposed_skills(100, 40) == (100, 40)
    assert opposed_skills(150, 30) == (100, 0)  # never below 0 (rules-notes)


def test_humanoid_hit_locations():
    """0004 Humanoid Hit Locations: 1-3, 4-6, 7-9, 10-12, 13-15, 16-18, 19-20."""
    expected = (["right_leg"] * 3 + ["left_leg"] * 3 + ["abdomen"] * 3 + ["chest"] * 3
                + ["right_arm"] * 3 + ["left_arm"] * 3 + ["head"] * 2)
    assert [hit_location(d) for d in range(1, 21)] == expected


@pytest.mark.parametrize(("total", "head", "chest", "abdomen", "arm", "leg"), [
    (5, 1, 3, 2, 1, 1), (6, 2, 4, 3, 1, 2), (15, 3, 5, 4, 2, 3), (20, 4, 6, 5, 3, 4),
    (24, 5, 7, 6, 4, 5), (30, 6, 8, 7, 5, 6), (35, 7, 9, 8, 6, 7), (40, 8, 10, 9, 7, 8),
    (45, 9, 11, 10, 8, 9), (50, 10, 12, 11, 9, 10),
])
def test_hit_points_per_location(total, head, chest, abdomen, arm, leg):
    """0002 Hit Points per Location: CON+SIZ columns of 5, +1 each 5 beyond 40."""
    hp = location_hit_points(total)
    assert hp == {"head": head, "chest": chest, "abdomen": abdomen, "right_arm": arm,
                  "left_arm": arm, "right_leg": leg, "left_leg": leg}


@pytest.mark.parametrize(("total", "dm"), [
    (5, "-1d8"), (6, "-1d6"), (10, "-1d6"), (11, "-1d4"), (16, "-1d2"), (20, "-1d2"),
    (21, "+0"), (25, "+0"), (26, "+1d2"), (31, "+1d4"), (36, "+1d6"), (41, "+1d8"),
    (46, "+1d10"), (50, "+1d10"), (51, "+1d12"), (60, "+1d12"), (61, "+2d6"), (71, "+1d8+1d6"),
    (81, "+2d8"), (91, "+1d10+1d8"), (101, "+2d10"), (111, "+2d10+1d2"), (120, "+2d10+1d2"),
])
def test_damage_modifier_table(total, dm):
    """0002 Damage Modifier Table, every row."""
    assert damage_modifier(total) == dm


def test_damage_modifier_continues_the_progression():
    """0002: "Each 10 points: Continue Progression" (rules-notes: +1d2, +1d4, +1d6, +1d8 on
    the d10s, then another d10)."""
    assert [damage_modifier(t) for t in (121, 131, 141, 151, 161)] == [
        "+2d10+1d4", "+2d10+1d6", "+2d10+1d8", "+3d10", "+3d10+1d2"]
    assert damage_modifier(0) == "-1d8"


def test_charging_raises_damage_modifier_a_step():
    """0005 Charging: the Damage Modifier one step up (-1d2 becomes +0)."""
    assert damage_modifier_for_step(damage_modifier_step(18) + 1) == "+0"
    assert damage_modifier_for_step(damage_modifier_step(25) + 1) == "+1d2"


def test_parry_example_great_axe():
    """0005 Damage Reduction example: a great axe (Huge) parried by a kite shield (Huge): all;
    by a Longsword (Large): half; by a shortsword (Medium): none."""
    assert parry_deflects("H", "H") == 1.0
    assert parry_deflects("H", "L") == 0.5
    assert parry_deflects("H", "M") == 0.0
    assert parry_deflects("S", "E") == 1.0


def test_wound_levels():
    """0004 Damage and Wound Levels; Healing from Injury's example: -3 is a Serious Wound."""
    assert wound_level(5, 1) == "minor"
    assert wound_level(5, 0) == "serious"
    assert wound_level(5, -3) == "serious"
    assert wound_level(5, -4) == "serious"
    assert wound_level(5, -5) == "major"


def test_initiative_is_the_average_of_dex_and_int():
    """0002 Initiative: the average of DEX and INT (fractions round up)."""
    assert initiative_bonus(13, 12) == 13
    assert initiative_bonus(10, 10) == 10


def test_healing_rate_and_luck_tables():
    """0002 Healing Rate Table and Luck Points Table."""
    assert [healing_rate(c) for c in (6, 7, 12, 13, 18, 19, 24, 25)] == [1, 2, 2, 3, 3, 4, 4, 5]
    assert [luck_points(p) for p in (3, 9, 15, 21)] == [1, 2, 3, 4]


def test_knockback():
    """0005 Knockback: damage over SIZ thrusts one metre per five points (or fraction); Brace
    counts SIZ 50% bigger (0005 Brace)."""
    assert knockback_m(13, 13) == 0
    assert knockback_m(14, 13) == 1
    assert knockback_m(18, 13) == 1
    assert knockback_m(19, 13) == 2
    assert knockback_m(19, 13, braced=True) == 0  # 20 to beat


def test_impale_effects_table():
    """0005 Impale Effects Table."""
    assert impale_penalty(10, "S") == "formidable"
    assert impale_penalty(10, "M") == "herculean"
    assert impale_penalty(10, "L") == "incapacitated"
    assert impale_penalty(15, "S") == "hard"
    assert impale_penalty(25, "S") is None
    assert impale_penalty(25, "M") == "hard"
    assert impale_penalty(35, "E") == "herculean"
    assert impale_penalty(45, "L") is None
    assert impale_penalty(45, "E") == "formidable"


def test_fatigue_movement():
    """0004 Fatigue Levels: tired -1 m, wearied -2 m, exhausted halved, incapacitated immobile."""
    assert [fatigue_move(level, 6) for level in range(7)] == [6, 6, 5, 4, 3, 3, 0]


@given(st.integers(1, 100), st.integers(0, 300))
def test_success_level_is_monotone_in_skill(roll, skill):
    """A higher skill never makes the same roll worse."""
    order = ["fumble", "failure", "success", "critical"]
    assert order.index(success_level(roll, skill + 1)) >= order.index(success_level(roll, skill)) or (
        success_level(roll, skill) == "fumble" and roll == 99)


@given(st.integers(0, 300), st.sampled_from(["very_easy", "easy", "standard", "hard", "formidable", "herculean"]))
def test_harder_grades_never_raise_a_skill(skill, grade):
    order = ["very_easy", "easy", "standard", "hard", "formidable", "herculean"]
    i = order.index(grade)
    if i + 1 < len(order):
        assert grade_skill(skill, order[i + 1]) <= grade_skill(skill, grade)
