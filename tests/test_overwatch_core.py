"""The rules core's part of an overwatch (yags-combat.md, Action Types: Overwatch; Waiting beyond
a round): the attack options `overwatch` ("always fast ... a snapshot ... your attack roll is
halved") and `unaware` ("the target will be unaware of your attack and therefore unable to
defend"), the Perception x Tactics check at difficulty 10, and a kept overwatch's straight
Perception x Tactics bonus to initiative. The grid's part is tests/world/test_overwatch.py."""

from dataclasses import replace
from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.ruleset import AttackRequest, Participant, Situation
from engine.yags.health import Condition
from engine.yags.ruleset import YagsRuleset
from engine.yags.tables import half_up

SHOOTER = {"attributes": {"str": 3, "agi": 3, "dex": 4, "per": 3}, "skills": {"Rifles": 5, "Tactics": 2,
                                                                              "Athletics": 3},
           "weapon": "m16_a1"}
FENCER = {"attributes": {"str": 3, "agi": 3, "dex": 4, "per": 3}, "skills": {"Melee": 5, "Tactics": 2},
          "weapon": "broad_sword"}


@pytest.fixture(scope="module")
def rules():
    return YagsRuleset()


def _p(rules, spec, name, state=None, **decl):
    c = rules.make_combatant({**spec, "name": name})
    st = state or rules.fresh_state(c)
    return Participant(name, c, st, rules.declare(c, st, **decl))


OVERWATCH = {"overwatch": True, "unaware": True}


def test_an_overwatch_shot_is_a_fast_snapshot_halved_and_undefended(rules):
    """Overwatch: "Your action, if it fires, is always fast. If it is a shooting action, then it
    is a snapshot. In either case, your attack roll is halved ... the target will be unaware of
    your attack and therefore unable to defend." Bob declared a defence against Ann; against
    the overwatch shot he makes no dodge, and the snapshot doubles the distance (Snap shots)."""
    ann = _p(rules, SHOOTER, "Ann", stance="prone")  # prone slows every other action
    bob = _p(rules, SHOOTER, "Bob", defences=1)
    bob = replace(bob, declaration=rules.note_attacked(bob.declaration, "Ann"))
    where = Situation(distance_m=60)
    plain = AttackRequest(ann, bob, "shot", {}, where)
    watch = AttackRequest(ann, bob, "shot", OVERWATCH, where)
    assert rules.action_speed(plain) == "slow" and rules.action_speed(watch) == "fast"

    normal = rules.resolve(ScriptedDice([14, 10, 5, 5]), plain)[0]
    assert normal.defence_roll is not None and not normal.attack_roll.halved
    r = rules.resolve(ScriptedDice([14, 10, 5]), watch)[0]  # attack, damage, soak: no dodge die
    assert r.defence_roll is None
    assert r.attack_roll.halved
    assert r.attack_roll.total == half_up(sum(t.value for t in r.attack_roll.terms) + 14)
    assert any("snap shot" in n for n in r.notes) and any("unaware" in n for n in r.notes)
    dist = {t.name: t.value for t in r.attack_roll.target_terms}["distance"]
    plain_dist = {t.name: t.value for t in normal.attack_roll.target_terms}["distance"]
    assert dist > plain_dist  # 120 m effective against 60 m
    # the preview says the same: the halved attack against the base difficulty only
    p = rules.preview(watch)
    assert p.difficulty == 15 + dist + sum(t.value for t in p.target_terms if t.name == "cover")


def test_an_overwatch_strike_is_halved_undefended_and_earns_no_counter_strike(rules):
    """Overwatch with a melee weapon: the same halved roll against a target that cannot
    defend; the target, unaware, makes no counter strike either (Counter Strikes answer an
    attack the target saw coming)."""
    ann = _p(rules, FENCER, "Ann", defences=0)
    bob = _p(rules, FENCER, "Bob", defences=1)
    bob = replace(bob, declaration=rules.note_attacked(bob.declaration, "Ann"))
    plain = rules.resolve(ScriptedDice([12, 10, 10, 5]), AttackRequest(ann, bob, "melee", {}))[0]
    assert plain.defence_roll is not None and plain.counter_strike
    req = AttackRequest(ann, bob, "melee", {**OVERWATCH, "kind": "overwatch strike"})
    assert rules.action_speed(req) == "fast"
    r = rules.resolve(ScriptedDice([12, 10, 5]), req)[0]
    assert r.defence_roll is None and r.attack_roll.halved and not r.counter_strike
    assert r.attack_roll.total == half_up(sum(t.value for t in r.attack_roll.terms) + 12)


def test_the_overwatch_check_is_perception_by_tactics_at_ten(rules):
    """ "When the trigger occurs, a Perception x Tactics must be made at a difficulty of 10, or
    the overwatch fails": Per 3 x Tactics 2 = 6 needs a 4 on the d20 (17 faces in 20)."""
    ann = _p(rules, SHOOTER, "Ann")
    assert rules.overwatch_arc() == 45
    assert rules.overwatch_check_chance(ann) == Fraction(17, 20)
    ok = rules.overwatch_check(ScriptedDice([4]), ann)
    assert ok.target == 10 and ok.total == 10 and ok.success
    assert "Per 3 x Tactics 2" in ok.describe()
    assert not rules.overwatch_check(ScriptedDice([3]), ann).success


def test_the_overwatch_check_unskilled_and_hurt(rules):
    """Tactics as a standard skill with no score (yags-core.md, Standard skills): "the roll (just
    a straight d20) is halved" - Per 3 x 0 + d20/2 reaches 10 only on 19 or 20; light wounds
    (-5, "a small penalty to all actions") make Per 3 x Tactics 2 need a 9."""
    raw = _p(rules, {**SHOOTER, "skills": {"Rifles": 5}}, "Raw")
    assert rules.overwatch_check_chance(raw) == Fraction(2, 20)
    assert rules.overwatch_check(ScriptedDice([19]), raw).success
    assert not rules.overwatch_check(ScriptedDice([18]), raw).success
    hurt = _p(rules, SHOOTER, "Hurt", state=Condition(wounds=2))
    assert rules.overwatch_check_chance(hurt) == Fraction(12, 20)


def test_a_kept_overwatch_adds_perception_by_tactics_to_initiative(rules):
    """Waiting beyond a round: "you may add your Perception x Tactics as a straight bonus (no
    roll) to your initiative for that action ... This isn't an advantage for untrained
    people"."""
    assert rules.overwatch_initiative(_p(rules, SHOOTER, "Ann")) == 3 * 2
    assert rules.overwatch_initiative(_p(rules, {**SHOOTER, "skills": {"Rifles": 5}}, "Raw")) == 0
