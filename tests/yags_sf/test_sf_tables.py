"""Yags SF 0.30a tables (rules/yags-sf-combat-0.30a.md): range difficulties, range
categories, the wound chart, Very High Strengths, Encumbrance, Strength, Knockdown, survival
fumbles, Fatigue in Combat, first aid."""

import pytest

from engine.yags_sf import band_modifiers, base_soak, range_difficulty, wound_levels, wound_penalty
from engine.yags_sf.tables import (
    encumbrance_penalty,
    fatigue_difficulty,
    fatigue_due,
    first_aid_difficulty,
    knocked_down,
    strength_penalty,
    survival_fumble,
    weapon_band,
)


@pytest.mark.parametrize("metres, difficulty", [
    # issue 15: the first row whose range is at least the distance
    (1, 10), (2, 10), (3, 15), (30, 25), (500, 60),
    # Range Difficulties, each row at its range and just past it
    (5, 15), (5.5, 20), (25, 20), (26, 25), (50, 25), (100, 30), (101, 40), (200, 40),
    (300, 50), (301, 60), (0, 10),
    # "each x 2 to range: further +10": beyond 500 m, each doubling or part of one
    (750, 70), (1000, 70), (1001, 80), (2000, 80), (2001, 90), (8000, 100),
])
def test_range_difficulty(metres, difficulty):
    assert range_difficulty(metres) == difficulty


def test_range_difficulty_refuses_negative_distance():
    with pytest.raises(ValueError):
        range_difficulty(-1)


def test_band_modifiers_ranged_combat():
    # "At short range, attacks are unmodified. At medium range, there is a further +5 to the
    # attack difficulty, and damage is reduced by 5. At long range, +15 ... reduced by 10."
    assert band_modifiers("short") == (0, 0)
    assert band_modifiers("medium") == (5, 5)
    assert band_modifiers("long") == (15, 10)
    with pytest.raises(ValueError, match="range category"):
        band_modifiers("extreme")


def test_weapon_band_by_the_firearms_table():
    # Assault rifle: S 100, M 400, L 1000
    assert weapon_band(100, 100, 400, 1000) == "short"
    assert weapon_band(101, 100, 400, 1000) == "medium"
    assert weapon_band(1000, 100, 400, 1000) == "long"
    assert weapon_band(1001, 100, 400, 1000) is None


@pytest.mark.parametrize("damage, levels", [
    (-1, None), (-20, None), (0, 0), (1, 1), (5, 1), (6, 2), (10, 2), (11, 3), (15, 3),
    (16, 4), (20, 4), (21, 5), (25, 5), (26, 6), (30, 6), (31, 7), (60, 7),
])
def test_wound_levels_on_the_chart(damage, levels):
    assert wound_levels(damage) == levels


@pytest.mark.parametrize("levels, penalty", [(0, 0), (1, 0), (2, -2), (3, -4), (4, -7), (5, -10), (6, -15), (7, -15)])
def test_wound_penalty_column(levels, penalty):
    # Beyond Fatal: "They are still considered to be at a wound level of fatal"
    assert wound_penalty(levels) == penalty


def test_wound_penalty_refuses_negative_levels():
    with pytest.raises(ValueError):
        wound_penalty(-1)


@pytest.mark.parametrize("strength, soak", [(3, 3), (10, 10), (25, 25), (29, 25), (30, 26), (34, 26), (35, 27)])
def test_very_high_strengths(strength, soak):
    # "a strength of 25 to 29 gives a soak of 25, 30 to 34 gives a soak of 26 and so on"
    assert base_soak(strength) == soak


def test_encumbrance_every_two_kilogrammes_over_strength():
    assert encumbrance_penalty(10, 10) == 0
    assert encumbrance_penalty(11.9, 10) == 0
    assert encumbrance_penalty(12, 10) == -1
    assert encumbrance_penalty(15, 10) == -2
    assert encumbrance_penalty(3, 10) == 0


def test_strength_minimum_and_two_handed_weapons():
    # Strength: "for every point below the required minimum, there is a -2 penalty"
    assert strength_penalty(14, 14) == 0
    assert strength_penalty(12, 14) == -4
    # "If a two-handed melee weapon is being used in two hands, then add 50% again": a great
    # sword (Str 24) in the hands of strength 16 counts 24; of 15 counts 22.5: one full point short
    assert strength_penalty(16, 24, two_handed=True) == 0
    assert strength_penalty(15, 24, two_handed=True) == -2


def test_knockdown_threshold():
    # "greater than (2 x strength) + agility": strength 10, agility 10 -> over 30
    assert not knocked_down(30, 10, 10)
    assert knocked_down(31, 10, 10)


def test_survival_fumble_chances():
    # Critically Injured: "a fumble chance of 7"; Beyond Fatal: "+2 per wound level beyond
    # fatal"; "6 or more body categories" in one blow: "15, rather than 7"
    assert survival_fumble(2, 5) == 7
    assert survival_fumble(3, 6) == 7
    assert survival_fumble(1, 7) == 9
    assert survival_fumble(3, 9) == 13
    assert survival_fumble(6, 6) == 15
    assert survival_fumble(7, 7) == 17


def test_fatigue_in_combat_schedule():
    # "At the end of the third round of combat, and at the end of every three rounds after"
    assert [r for r in range(1, 13) if fatigue_due(r)] == [3, 6, 9, 12]
    # "against a difficulty of 10 ... Every fatigue roll after the first is at a cumulative +5"
    assert [fatigue_difficulty(n) for n in range(4)] == [10, 15, 20, 25]


def test_first_aid_difficulty_table():
    assert [first_aid_difficulty(n) for n in range(1, 8)] == [5, 10, 15, 15, 20, 20, 20]
    with pytest.raises(ValueError):
        first_aid_difficulty(0)
