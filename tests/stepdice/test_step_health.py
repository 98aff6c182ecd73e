"""step-dice-combat.md, Basic Attack / Damage: life points, unconsciousness checks, bleeding
and the half-life penalty, death checks, fit for the worms; the special attacks' tests."""

from engine.dice import ScriptedDice
from engine.stepdice.character import Condition, attribute_steps, bleeding, dying, fit_for_the_worms
from engine.stepdice.health import (
    STUNNED_ROUNDS,
    end_of_round,
    hit_effect,
    ko_difficulty,
    take_damage,
)
from engine.stepdice.round import ROUNDS_PER_MINUTE


def test_life_points_are_vitality_plus_willpower(make):
    """Reading: life points are the Vitality and Willpower dice's sides added."""
    assert make("rifleman").life_points == 6 + 6


def test_an_average_check_at_life_points_then_four_harder_each_turn(make):
    """ "If total damage from both stun and wounds equals your life points then an average
    Vitality + Willpower check must be made or fall unconscious. Each turn after the check must
    be made at +4 difficulty." Average is 7 (reading)."""
    c = make("rifleman")
    out = take_damage(ScriptedDice([4, 3]), c, Condition(), 8, 4)
    assert out.condition.status == "ok" and out.rolls[0].target == 7 and out.rolls[0].total == 7
    again = take_damage(ScriptedDice([]), c, out.condition, 1, 0)  # no second check this round
    assert again.rolls == ()
    same = end_of_round(ScriptedDice([]), c, again.condition)  # checked this round already
    assert same.rolls == ()
    nxt = end_of_round(ScriptedDice([6, 5]), c, same.condition)
    assert nxt.rolls[0].target == 11 and nxt.condition.status == "ok"
    last = end_of_round(ScriptedDice([6, 6]), c, nxt.condition)
    assert last.rolls[0].target == 15 and last.condition.status == "unconscious"
    assert [ko_difficulty(n) for n in range(4)] == [7, 11, 15, 19]


def test_below_life_points_no_check(make):
    out = take_damage(ScriptedDice([]), make("rifleman"), Condition(), 6, 5)
    assert out.rolls == () and out.condition.status == "ok"


def test_half_life_bleeds_and_steps_attributes_down(make):
    """ "When you wounds equal half your total life points the you start bleeding and you
    start suffering a -2 step penalty on all attributes." """
    c = make("rifleman")
    assert not bleeding(c, Condition(wounds=5))
    out = take_damage(ScriptedDice([]), c, Condition(), 0, 6)
    assert bleeding(c, out.condition) and attribute_steps(c, out.condition) == -2
    assert any("bleeding" in e for e in out.events)


def test_bleeding_is_a_wound_each_minute(make):
    """Reading: bleeding loses a wound each minute (20 rounds of 3 seconds)."""
    c = make("rifleman")
    cond = Condition(wounds=6)
    for _ in range(ROUNDS_PER_MINUTE - 1):
        cond = end_of_round(ScriptedDice([]), c, cond).condition
    assert cond.wounds == 6
    out = end_of_round(ScriptedDice([]), c, cond)
    assert out.condition.wounds == 7 and "bleeds: +1 wound" in out.events[0]


def test_dying_makes_an_endurance_check_each_minute(make):
    """ "When your wound damage equals or exceeds your life points you must make an enduarnce
    check every minute or else be dead." Endurance is Vitality + Willpower, average (reading);
    the half-life penalty does not step it (reading, issue 28): d6 + d6, 2 + 2 fails."""
    c = make("rifleman")
    cond = Condition(wounds=12, stun=0, ko_checks=5, status="unconscious")
    assert dying(c, cond)
    dice = ScriptedDice([])
    for _ in range(ROUNDS_PER_MINUTE - 1):
        cond = end_of_round(dice, c, cond).condition
    assert cond.status == "unconscious"
    out = end_of_round(ScriptedDice([2, 2]), c, cond)
    assert out.rolls[-1].label.endswith("endurance check (death)") and out.rolls[-1].target == 7
    assert out.condition.status == "dead"


def test_the_health_checks_can_be_passed_when_bleeding(make):
    """Basic Attack / Damage: at half life "you start bleeding and you start suffering a -2
    step penalty on all attributes"; the checks the damage calls for (unconsciousness, the
    minute's death check, the special attacks' Endurance tests) roll Vitality + Willpower as
    they are (reading, issue 28): d6 + d6 against average 7 passes 21 times in 36, not d2 + d2
    (never more than 4). The penalty still steps a fighter's own actions and the disarm check."""
    from fractions import Fraction

    from engine.stepdice.health import ko_chance

    c = make("rifleman")  # Vitality d6, Willpower d6: life points 12, half life 6 wounds
    out = take_damage(ScriptedDice([4, 3]), c, Condition(), 6, 6)  # 12 damage, 6 of it wounds
    assert bleeding(c, out.condition) and attribute_steps(c, out.condition) == -2
    roll = out.rolls[0]
    assert "unconsciousness" in roll.label and (roll.total, roll.target) == (7, 7) and roll.success
    assert out.condition.status == "ok"
    assert ko_chance(c, Condition(stun=6, wounds=6)) == 1 - Fraction(21, 36)
    assert ko_chance(c, Condition(stun=6, wounds=6, ko_checks=1)) == 1 - Fraction(3, 36)  # 11: 5+6, 6+5, 6+6
    dying_now = Condition(wounds=12, status="unconscious", ko_checks=3, dying_rounds=ROUNDS_PER_MINUTE - 1)
    death = end_of_round(ScriptedDice([6, 1]), c, dying_now)
    assert death.rolls[-1].label.endswith("endurance check (death)") and death.rolls[-1].total == 7
    assert death.condition.status == "unconscious"
    limb = hit_effect(ScriptedDice([5, 2]), c, Condition(wounds=6), "lamed")
    assert limb.rolls[0].total == 7 and not limb.condition.lamed
    # the disarm check is not a health check: Agility d8 and Willpower d6 step down to d4 and d2
    disarm = hit_effect(ScriptedDice([4, 2]), c, Condition(wounds=6), "disarmed")
    assert "Agility d8 -2 = d4 (4) + Willpower d6 -2 = d2 (2) = 6 vs hard 11" in disarm.rolls[0].describe()


def test_twice_life_points_is_fit_for_the_worms(make):
    """ "If your total wounds equals twice your life points then you are fit for the worms." """
    c = make("rifleman")
    out = take_damage(ScriptedDice([]), c, Condition(wounds=20), 0, 4)
    assert out.condition.status == "dead" and fit_for_the_worms(c, out.condition)
    assert "fit for the worms" in out.events[0]


def test_damage_never_heals(make):
    c = make("rifleman")
    cond = take_damage(ScriptedDice([6, 6]), c, Condition(stun=3, wounds=2), 0, 0).condition
    assert (cond.stun, cond.wounds) == (3, 2)


def test_the_special_attack_tests(make):
    """Limb: "Endurance test to avoid incapacitation"; vital area: "... to avoid stun";
    minuscule target: "... to avoid special injury" (lamed, stunned, both: readings)."""
    c = make("rifleman")
    assert hit_effect(ScriptedDice([4, 3]), c, Condition(), "lamed").condition == Condition()
    assert hit_effect(ScriptedDice([1, 1]), c, Condition(), "lamed").condition.lamed
    stunned = hit_effect(ScriptedDice([1, 1]), c, Condition(), "stunned").condition
    assert stunned.stunned == STUNNED_ROUNDS
    after = end_of_round(ScriptedDice([]), c, stunned).condition
    assert after.stunned == 1
    assert end_of_round(ScriptedDice([]), c, after).condition.stunned == 0
    both = hit_effect(ScriptedDice([1, 1]), c, Condition(), "special_injury").condition
    assert both.lamed and both.stunned


def test_a_disarm_needs_a_hard_agility_willpower_check(make):
    """Disarm: "... must make hard agility+ willpower check or drop the weapon" (hard is 11)."""
    c = make("rifleman")  # Agility d8 + Willpower d6
    keep = hit_effect(ScriptedDice([6, 5]), c, Condition(), "disarmed")
    assert not keep.condition.disarmed and keep.rolls[0].target == 11
    assert hit_effect(ScriptedDice([6, 4]), c, Condition(), "disarmed").condition.disarmed


def test_a_grapple_holds(make):
    held = hit_effect(ScriptedDice([]), make(), Condition(), "held", "Ana").condition
    assert held.held_by == "Ana"
