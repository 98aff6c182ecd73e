"""The rules texts' tables (engine.yags), each test naming its section and using the text's
own numbers and worked examples."""

from fractions import Fraction

import pytest

from engine.yags import (
    apply_damage,
    area_burst,
    charge_strength,
    defence_penalty,
    distance_penalty,
    effective_burst,
    explosion_band,
    fatal_check_target,
    first_aid_difficulty,
    injury_penalty,
    range_band,
    shift_damage_kind,
    size_shift,
    success_level,
    wounds_inflicted,
)
from engine.yags.tables import (
    burst_attack_bonus,
    burst_damage_bonus,
    cover_auto_hit_face,
    cover_bonus,
    failure_level,
    max_defences,
    missile_size_modifier,
    round_half_away,
)


def test_core_degree_of_success():
    """yags-core.md, Degree of Success: meet the target = success; +10 good, +20 excellent,
    +30 superb, +40 fantastic, +50 amazing."""
    assert success_level(19, 20) == 0
    assert success_level(20, 20) == 1
    assert success_level(29, 20) == 1
    assert success_level(30, 20) == 2
    assert success_level(40, 20) == 3
    assert success_level(50, 20) == 4
    assert success_level(60, 20) == 5
    assert success_level(70, 20) == 6
    assert success_level(200, 20) == 6


def test_core_standards_fractions_round_half_away():
    """yags-core.md, Standards: nearest, halves away from zero."""
    assert round_half_away(Fraction(5, 2)) == 3
    assert round_half_away(Fraction(-5, 2)) == -3
    assert round_half_away(Fraction(7, 3)) == 2


def test_inflicting_damage_levels():
    """yags-combat.md, Inflicting Damage: one wound if damage >= soak, one more per 5 points
    above; Large explosions example: 113 vs 21 is 92 over, 19 levels."""
    assert wounds_inflicted(20, 21) == 0
    assert wounds_inflicted(21, 21) == 1
    assert wounds_inflicted(25, 21) == 1
    assert wounds_inflicted(26, 21) == 2
    assert wounds_inflicted(113, 21) == 19


def test_wound_table_penalties():
    """Inflicting Damage, wound table: minor 0, light -5, medium -10, heavy -15, critical
    -25, fatal -40 (and the stun table is the same)."""
    assert [injury_penalty(n) for n in range(8)] == [0, 0, -5, -10, -15, -25, -40, -40]
    with pytest.raises(ValueError):
        injury_penalty(-1)


def test_wounds_add_up_example():
    """Inflicting Damage: two wounds (light, -5) plus two wounds make four (heavy, -15)."""
    assert apply_damage(0, 2, 2, "wounds") == (0, 4)
    assert injury_penalty(4) == -15


def test_stun_damage_worked_example():
    """Stun Damage example: punched for 2 (light), again for 2 (one extra: 3, moderate),
    a third for 1 (less than half: nothing), a fourth for 5 (replaces: 5, critical)."""
    s, w = apply_damage(0, 0, 2, "stuns")
    assert (s, w) == (2, 0) and injury_penalty(s) == -5
    s, w = apply_damage(s, w, 2, "stuns")
    assert (s, w) == (3, 0) and injury_penalty(s) == -10
    s, w = apply_damage(s, w, 1, "stuns")
    assert (s, w) == (3, 0)
    s, w = apply_damage(s, w, 5, "stuns")
    assert (s, w) == (5, 0) and injury_penalty(s) == -25


def test_stuns_and_wounds_penalties_add():
    """Stun Damage: 3 stuns (-10) and two wounds (-5) are -15 in total."""
    assert injury_penalty(3) + injury_penalty(2) == -15


def test_mixed_damage_example():
    """Mixed Damage: four stuns and one level of mixed is five stuns; odd levels on stuns."""
    assert apply_damage(4, 0, 1, "mixed") == (5, 0)
    assert apply_damage(0, 0, 3, "mixed") == (2, 1)
    assert apply_damage(0, 0, 4, "mixed") == (2, 2)


def test_ineffective_damage_halves_stuns():
    """General Terminology, Ineffective: as stuns, the number halved (round down)."""
    assert apply_damage(0, 0, 5, "ineffective") == (2, 0)
    assert apply_damage(0, 0, 1, "ineffective") == (0, 0)


def test_large_explosions_wrap_onto_wounds():
    """Large explosions example (rules/README.md): 19 levels of mixed at 20 m are 10 stuns and
    9 wounds, the 4 stuns past beaten wrap: 6 stuns, 13 wounds. 19 stuns at 30 m: 13 wounds."""
    assert apply_damage(0, 0, 19, "mixed") == (6, 13)
    assert apply_damage(0, 0, 19, "stuns") == (6, 13)
    assert apply_damage(0, 0, 19, "wounds") == (0, 19)


def test_zero_levels_change_nothing():
    for kind in ("wounds", "stuns", "mixed", "ineffective"):
        assert apply_damage(3, 2, 0, kind) == (3, 2)
    with pytest.raises(ValueError):
        apply_damage(0, 0, 1, "fire")


def test_fatal_check_target_example():
    """Inflicting Damage: heavily wounded (4) taking 3 more checks at 25 (fatal, +1 extra)."""
    assert fatal_check_target(4 + 3) == 25
    assert fatal_check_target(6) == 20
    assert fatal_check_target(10) == 40
    assert fatal_check_target(5) is None


def test_first_aid_difficulty_examples():
    """Healing and First aid: moderate wounds and light stuns: 10 + (10 + 5)/2 = 18; beaten
    and fatally wounded: 50. Stuns have base 0."""
    assert first_aid_difficulty(stun_levels=2, wound_levels=3) == 18
    assert first_aid_difficulty(stun_levels=6, wound_levels=6) == 50
    assert first_aid_difficulty(stun_levels=2, wound_levels=3, base=0) == 8


def test_defence_penalty_table():
    """Declaring Defences: 1: 0, 2: -10, 3: -20, 4: -40, 5: -60, 6: -80."""
    assert [defence_penalty(n) for n in range(1, 7)] == [0, -10, -20, -40, -60, -80]
    assert defence_penalty(0) == 0
    assert defence_penalty(7) == -100


def test_maximum_defences():
    """Declaring Defences: the average of agility and perception rounded up (3 typically);
    Stance, Defensive: one more."""
    assert max_defences(3, 3) == 3
    assert max_defences(3, 4) == 4
    assert max_defences(3, 4, defensive=True) == 5


def test_distance_increment_bow_example():
    """Distance Increment: a bow with 10 m increment: no modifier to and including 10 m, +5 up
    to 20 m, +10 up to 30 m."""
    assert distance_penalty(10, 10) == 0
    assert distance_penalty(10.5, 10) == 5
    assert distance_penalty(20, 10) == 5
    assert distance_penalty(21, 10) == 10
    assert distance_penalty(30, 10) == 10


def test_distance_multipliers_example():
    """Other Modifiers: snapshot (x2) at a moving target (x2) while running (x2) is x8;
    careful shots halve, aimed shots third."""
    assert distance_penalty(10, 10, 8) == 35
    assert distance_penalty(20, 10, Fraction(1, 2)) == 0
    assert distance_penalty(60, 10, Fraction(1, 3)) == 5


def test_range_bands():
    """Range Band: short, medium, long; nothing beyond long."""
    assert range_band(550, 550, 800, 2400) == "short"
    assert range_band(551, 550, 800, 2400) == "medium"
    assert range_band(2400, 550, 800, 2400) == "long"
    assert range_band(2401, 550, 800, 2400) is None


def test_effective_burst_example():
    """Firearms and Automatic Fire: short range 400 m: 10 bullets out to 40 m, 5 to 80, 2 to
    120, 1 to 160; beyond, all miss."""
    assert effective_burst(10, 40, 400) == 10
    assert effective_burst(10, 80, 400) == 5
    assert effective_burst(10, 120, 400) == 2
    assert effective_burst(10, 160, 400) == 1
    assert effective_burst(10, 161, 400) == 0


def test_area_burst_table():
    """Bursts at an area table: rounds -> fumble, max targets, auto hit."""
    assert area_burst(1) == (18, 1, None)
    assert area_burst(2) == (18, 1, None)
    assert area_burst(4) == (15, 2, None)
    assert area_burst(5) == (12, 3, 20)
    assert area_burst(10) == (9, 3, 19)
    assert area_burst(17) == (9, 3, 19)
    assert area_burst(18) == (6, 4, 18)
    assert area_burst(30) == (3, 4, 17)
    assert area_burst(38) == (1, 5, 16)
    with pytest.raises(ValueError):
        area_burst(0)


def test_burst_single_target_bonuses():
    """Bursts at a single target: attack bonus = bullets, max +10; good +1 per two bullets,
    excellent +1 per bullet, never above +10."""
    assert burst_attack_bonus(5) == 5
    assert burst_attack_bonus(30) == 10
    assert burst_damage_bonus(10, 1) == 0
    assert burst_damage_bonus(10, 2) == 5
    assert burst_damage_bonus(10, 3) == 10
    assert burst_damage_bonus(30, 2) == 10


def test_cover_reduces_automatic_hits():
    """Shooting from Cover: every +10 of cover reduces the automatic hit chance by 1."""
    assert cover_auto_hit_face(19, 0) == 19
    assert cover_auto_hit_face(19, 10) == 20
    assert cover_auto_hit_face(19, 20) is None
    assert cover_auto_hit_face(19, 5) == 19


def test_cover_table_does_not_stack():
    """Shooting from Cover: crouched +5, prone +10, soft 50/90 +5/+10, hard 50/90 +10/+20;
    take the best."""
    assert cover_bonus("crouched") == 5
    assert cover_bonus("prone", "soft50") == 10
    assert cover_bonus("hard90", "prone") == 20
    assert cover_bonus(None) == 0


def test_explosion_bands_example():
    """Explosive damage and the Large explosions example (Ex-10): wounds to 10 m, mixed to
    20 m, stuns to 30 m, stuns / 5 to 40 m."""
    assert explosion_band(10, 10) == ("wounds", 1)
    assert explosion_band(20, 10) == ("mixed", 1)
    assert explosion_band(30, 10) == ("stuns", 1)
    assert explosion_band(40, 10) == ("stuns", 5)
    assert explosion_band(50, 10) == ("stuns", 25)
    assert explosion_band(61, 10) == (None, 0)
    assert explosion_band(0, 1) == ("wounds", 1)


def test_tnt_formula():
    """Explosive damage: 10 g TNT +20, each doubling +10; radius damage / 20: Ex-1 at 10 g,
    Ex-2 at 40 g, Ex-3 at 160 g."""
    assert charge_strength(10) == (20, 1.0)
    assert charge_strength(20) == (30, 1.5)
    assert charge_strength(40) == (40, 2.0)
    assert charge_strength(160) == (60, 3.0)


def test_damage_kind_shifts():
    """Size effects on Damage: wounds -> mixed -> stuns -> ineffective; nothing above wounds;
    Fighting Large Animals: shifted down twice, stuns do nothing."""
    assert shift_damage_kind("wounds", -1) == "mixed"
    assert shift_damage_kind("mixed", -1) == "stuns"
    assert shift_damage_kind("stuns", -1) == "ineffective"
    assert shift_damage_kind("stuns", -2) is None
    assert shift_damage_kind("wounds", 1) == "wounds"
    assert shift_damage_kind("stuns", 1) == "mixed"


def test_size_shift():
    """Size effects on Damage: target 10 sizes larger -1, 15 larger -2; the converse +1/+2
    (a size 5 human against a size 15 elephant: -1)."""
    assert size_shift(5, 15) == -1
    assert size_shift(5, 20) == -2
    assert size_shift(5, 14) == 0
    assert size_shift(15, 5) == 1
    assert size_shift(21, 5) == 2


def test_missile_target_size():
    """Size of Target: -3 per size larger than you, +3 per size smaller."""
    assert missile_size_modifier(5, 6) == -3
    assert missile_size_modifier(5, 3) == 6


def test_failure_level():
    assert failure_level(20, 20) == 0
    assert failure_level(19, 20) == 1
    assert failure_level(10, 20) == 1
    assert failure_level(9, 20) == 2


def test_issue_api_names_and_parameters():
    """The tables as code keep the names and parameters tools call them by (issue 2)."""
    import inspect

    import engine.yags as yags

    expected = {
        "success_level": ["total", "target"],
        "wounds_inflicted": ["damage_roll", "soak_roll"],
        "injury_penalty": ["levels"],
        "defence_penalty": ["defences"],
        "apply_damage": ["stuns", "wounds", "levels", "kind"],
        "fatal_check_target": ["wounds"],
        "distance_penalty": ["distance_m", "increment_m", "multiplier"],
        "range_band": ["distance_m", "short_m", "medium_m", "long_m"],
        "effective_burst": ["bullets", "distance_m", "short_m"],
        "area_burst": ["rounds"],
        "explosion_band": ["distance_m", "radius_m"],
        "charge_strength": ["tnt_grams"],
        "first_aid_difficulty": ["stun_levels", "wound_levels"],
        "shift_damage_kind": ["kind", "steps"],
        "size_shift": ["attacker_size", "target_size"],
    }
    for name, params in expected.items():
        fn = getattr(yags, name)
        assert list(inspect.signature(fn).parameters)[:len(params)] == params, name
    assert inspect.signature(yags.distance_penalty).parameters["multiplier"].default == 1
    assert apply_damage(stuns=0, wounds=5, levels=3, kind="wounds") == (0, 8)  # past 6
    assert fatal_check_target(8) == 30
