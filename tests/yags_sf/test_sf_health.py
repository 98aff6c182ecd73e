"""Wounds, survival rolls, fatigue, knockdown, first aid and automatic death (Yags SF 0.30a:
Damage; Critically Injured Characters; Fatally Injured Characters; Beyond Fatal; Automatic
Death; Fatigue in Combat; Knockdown; Recovery from Wounds).

The rifleman template has health 10 and stamina 2: survival rolls are 20 + 2d10!."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import ScriptedDice, seeded
from engine.yags_sf import health
from engine.yags_sf.character import Condition
from engine.yags_sf.ruleset import YagsSFRuleset

R = YagsSFRuleset()
F = R.make_combatant({"name": "Smith", "role": "rifleman"})


def hit(cond, levels, faces=(), **kw):
    dice = ScriptedDice(faces)
    out = health.take_hit(dice, F, cond, levels, **kw)
    assert not dice.faces, "every scripted face is used"
    return out


def test_wounds_add_up():
    # Damage: "two light wounds become a single serious wound"
    out = hit(hit(Condition(), 2).condition, 2)
    assert out.condition.wounds == 4 and out.condition.status == "ok" and out.rolls == ()
    assert out.condition.wound_penalty == -7


def test_stunned_gains_one_fatigue():
    out = hit(Condition(), 0)
    assert out.condition.fatigue == 1 and out.condition.wounds == 0
    assert hit(Condition(), None).condition == Condition()


@pytest.mark.parametrize("faces, status", [((3, 3), "unconscious"), ((1, 2), "unconscious"), ((5, 5), "ok"), ((10, 1, 1), "ok")])
def test_critical_roll(faces, status):
    # "health x stamina roll of 20+ to remain conscious. This roll has a fumble chance of 7"
    out = hit(Condition(wounds=4), 1, faces)
    assert out.condition.wounds == 5 and out.condition.status == status
    assert out.rolls[0].target == 20


@pytest.mark.parametrize("faces, status", [
    ((6, 5), "ok"),            # 31: 30 or more, conscious
    ((5, 4), "unconscious"),   # 29: "20+, but less than 30 ... alive, but unconscious"
    ((2, 3), "dead"),          # 5: a fumble (7) "means instant death"
])
def test_fatal_roll(faces, status):
    out = hit(Condition(wounds=3), 3, faces)
    assert out.condition.wounds == 6 and out.condition.status == status
    assert len(out.rolls) == 1 and out.condition.fresh_fatal


def test_fatal_from_below_critical_rolls_only_once():
    # "does not roll for both being critically and fatally wounded, only for being fatally"
    out = hit(Condition(wounds=2), 4, (6, 5))
    assert [r.label for r in out.rolls] == ["fatal wound roll"]


def test_beyond_fatal_adds_two_to_the_fumble_chance():
    # at fatal and wounded again: "+2 per wound level beyond fatal": 9; 8 on the dice fumbles
    out = hit(Condition(wounds=6), 1, (4, 4))
    assert out.condition.status == "dead" and out.rolls[0].fumble
    assert out.condition.wounds == 6  # "still considered to be at a wound level of fatal"
    out = hit(Condition(wounds=6), 1, (5, 5))
    assert out.condition.status == "ok"


def test_fatal_in_one_blow_fumbles_on_fifteen():
    # "6 or more body categories of damage ... the base fumble chance becomes 15"
    assert hit(Condition(), 6, (9, 5)).condition.status == "dead"  # 14: would be 34
    assert hit(Condition(), 6, (9, 7)).condition.status == "ok"  # 16
    # 31 and more: 7 levels, one beyond fatal: 17
    assert hit(Condition(), 7, (9, 8)).condition.status == "dead"
    assert hit(Condition(), 7, (9, 9)).condition.status == "ok"


def test_no_roll_at_the_end_of_the_round_of_the_fatal_wound_then_one_a_round():
    cond = hit(Condition(wounds=3), 3, (6, 5)).condition
    out = health.end_of_round(ScriptedDice([]), F, cond)
    assert out.rolls == () and not out.condition.fresh_fatal
    # exerting: "a chance of death or unconsciousness"
    assert health.end_of_round(ScriptedDice([5, 4]), F, out.condition).condition.status == "unconscious"
    assert health.end_of_round(ScriptedDice([1, 2]), F, out.condition).condition.status == "dead"
    assert health.end_of_round(ScriptedDice([6, 5]), F, out.condition).condition.status == "ok"
    # lying still: "failure (including a fumble) only ever results in unconsciousness"
    still = health.end_of_round(ScriptedDice([1, 2]), F, out.condition, exerted=False)
    assert still.condition.status == "unconscious"


def test_unconscious_and_fatal_rolls_each_minute_until_tended():
    cond = Condition(wounds=6, status="unconscious")
    for _ in range(11):
        out = health.end_of_round(ScriptedDice([]), F, cond)
        assert out.rolls == ()
        cond = out.condition
    # the twelfth round (a minute): 20+ with "a fumble chance at a more normal 4"
    assert health.end_of_round(ScriptedDice([2, 2]), F, cond).condition.status == "dead"
    assert health.end_of_round(ScriptedDice([2, 3]), F, cond).condition.status == "unconscious"
    tended = cond.with_(tended=True)
    assert health.end_of_round(ScriptedDice([]), F, tended).condition.status == "unconscious"


def test_fatigue_roll_every_third_round():
    cond = Condition()
    for _ in range(2):
        cond = health.end_of_round(ScriptedDice([]), F, cond).condition
    out = health.end_of_round(ScriptedDice([1, 1]), F, cond)  # a fumble fails
    assert out.rolls[0].target == 10 and out.condition.fatigue == 1
    cond = out.condition
    for _ in range(2):
        cond = health.end_of_round(ScriptedDice([]), F, cond).condition
    out = health.end_of_round(ScriptedDice([5, 5]), F, cond)
    assert out.rolls[0].target == 15 and out.condition.fatigue == 1  # 20 + 10 = 30 >= 15


def test_rest_sets_the_next_fatigue_roll_back_to_ten():
    cond = Condition(rounds=5, fatigue_rolls=3)
    out = health.end_of_round(ScriptedDice([5, 5]), F, cond, rested=True)
    assert out.rolls[0].target == 10
    assert out.condition.fatigue_rolls == 1 and not out.condition.rested


def test_fatigue_roll_carries_the_penalties():
    # "Penalties for encumbrance, wounds and fatigue affect the roll"
    cond = Condition(rounds=2, wounds=4, fatigue=3)
    out = health.end_of_round(ScriptedDice([5, 5]), F, cond)
    assert out.rolls[0].total == 20 - 7 - 4 + 10


def test_knockdown_stuns_and_downs():
    out = hit(Condition(), None, knocked=True)
    assert out.condition.prone and out.condition.fatigue == 1
    out = hit(Condition(), 0, knocked=True)  # the same stun: one level
    assert out.condition.fatigue == 1
    out = hit(Condition(), 2, knocked=True)
    assert out.condition.fatigue == 1 and out.condition.wounds == 2


def test_subduing_causes_fatigue_and_six_knocks_out():
    out = hit(Condition(fatigue=2), 3, subduing=True)
    assert out.condition.fatigue == 5 and out.condition.wounds == 0 and out.condition.status == "ok"
    out = hit(out.condition, 1, subduing=True)
    assert out.condition.status == "unconscious"


def test_killing_blow():
    # "if you cause at least two full body categories of damage ... you decapitate"
    assert hit(Condition(), 2, killing_blow=True).condition.status == "dead"
    assert hit(Condition(), 1, killing_blow=True).condition.wounds == 1
    # combined with subduing: "knock out the target rather than kill them"
    assert hit(Condition(), 2, killing_blow=True, subduing=True).condition.status == "unconscious"


def test_first_aid():
    # "It takes one minute": intelligence 10 x first aid 1 + 2d10! against 20 for fatal
    patient = Condition(wounds=6, status="unconscious")
    out = health.first_aid(ScriptedDice([5, 5]), F, Condition(), patient)
    assert out.condition.tended and out.rolls[0].target == 20
    out = health.first_aid(ScriptedDice([4, 5]), F, Condition(), patient)
    assert not out.condition.tended
    with pytest.raises(ValueError):
        health.first_aid(ScriptedDice([]), F, Condition(), Condition())


def test_automatic_death_needs_a_helpless_victim():
    out = health.automatic_death(F, Condition(wounds=5, status="unconscious"), "Jones")
    assert out.condition.status == "dead"
    with pytest.raises(ValueError):
        health.automatic_death(F, Condition(), "Jones")


_HITS = st.lists(st.tuples(st.sampled_from([None, 0, 1, 2, 3, 4, 5, 6, 7]), st.booleans(), st.booleans(),
                           st.booleans()), max_size=12)


@settings(max_examples=80, deadline=None)
@given(hits=_HITS, seed=st.integers(0, 10**6))
def test_hits_never_heal(hits, seed):
    """Wounds and fatigue only go up; the dead stay dead; the wound level never passes fatal."""
    dice, cond = seeded(seed), Condition()
    for levels, knocked, subduing, killing in hits:
        out = health.take_hit(dice, F, cond, levels, knocked=knocked, subduing=subduing, killing_blow=killing)
        new = out.condition
        assert new.wounds >= cond.wounds and new.fatigue >= cond.fatigue
        assert new.wounds <= 6 and new.fatigue <= 6
        if cond.status == "dead":
            assert new == cond
        if cond.status == "unconscious":
            assert new.status in ("unconscious", "dead")
        cond = health.end_of_round(dice, F, new).condition
