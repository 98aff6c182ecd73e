"""Issue 12, the rules half, on the grid: what the world must set or refuse for rules the core
already had - an exhausted unit rests, someone wrestling with a target, firing at a crowd, a
foe closed within a long weapon's reach, initiative 0 at the end of the round. Each test names
the yags-combat.md section and uses its numbers; dice are scripted where an outcome matters."""

from __future__ import annotations

import pytest
from gridfactory import make_grid
from worldplay import (
    BRAWLER,
    OPEN,
    RIFLEMAN,
    SWORDSMAN,
    ok,
    play,
    refused,
    set_state,
    spy,
    texts,
    unit,
)

from engine.dice import ScriptedDice
from engine.yags.health import Condition
from game.flow import driver
from game.world.actions import Attack, FullDodge, Hold, Move, Stand

# --- Fatigue: "If a character becomes Exhausted then they must immediately rest" -----------------


def test_an_exhausted_unit_must_rest_it_may_only_hold(new_match):
    """Fatigue: Exhausted at the end of the fatigue track (health 3 + 3 = 6 levels) "must
    immediately rest": on the grid a hold where it stands - no attack, move, dodge for cover,
    retreat or standing up; it may still declare defences, crouch or lie down."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "W", 5, 5)], "red": [unit(SWORDSMAN, "R", 6, 5)]})
    set_state(m, 0, Condition(fatigue=5))
    ok(m.check(0, Attack(1, "melee")))
    set_state(m, 0, Condition(fatigue=6))
    assert m.rules.must_rest(m.view(0).combatant, m.view(0).state)
    driver(m).start_round()
    refused(m.check(0, Attack(1, "melee")), "exhausted and must rest")
    refused(m.check(0, Move(((5, 5), (4, 5)), "free")), "must rest")
    refused(m.check(0, FullDodge()), "must rest")
    refused(m.check(0, Stand()), "must rest")
    refused(m.check(0, Hold(), "defensive", retreat_m=2), "no retreat")
    ok(m.check(0, Hold(), defences=1))
    ok(m.check(0, Hold(), "prone"))


def test_a_unit_exhausted_during_the_round_loses_the_rest_of_it(new_match):
    """Fatigue: "must immediately rest". W (fatigue 5 of 6) fumbles its defence against R's
    fast aggressive blow (equal skills: W's own choice, a point of fatigue: Fumbling a
    defence) and is Exhausted at once: its own attack, still to come, is lost (and would be
    any move); the next round it may only hold."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "W", 5, 5)], "red": [unit(SWORDSMAN, "R", 6, 5)]})
    set_state(m, 0, Condition(fatigue=5))
    start = play(m, {0: Attack(1, "melee"), 1: Attack(0, "melee")}, {1: {"stance": "aggressive"}},
                 faces=[2, 1, 10, 10])
    got = texts(m, start)
    assert "W fumbles a defence: +1 fatigue" in got
    assert "W is exhausted and must rest; it loses the rest of its round" in got
    assert "W is exhausted and rests: its action is lost" in got
    assert not [t for t in texts(m, start, "attack") if t.startswith("W -> R")]
    driver(m).start_round()
    refused(m.check(0, Attack(1, "melee")), "must rest")


# --- Firing into melee: "If someone is wrestling with the intended target" ------------------------


def grapple_match(new_match):
    """W (Agi 4, Str 4, Brawl 5, bare hands) next to R (a rifleman); F, W's friend, 6 tiles off."""
    return new_match(make_grid(OPEN), {"blue": [unit(BRAWLER, "W", 5, 5), unit(RIFLEMAN, "F", 5, 11)],
                                       "red": [unit(RIFLEMAN, "R", 6, 5)]})


def test_the_world_says_when_someone_wrestles_with_the_target(new_match):
    """Firing into melee: "If someone is wrestling with the intended target, add +5 to +15 to
    the fumble chance": once W holds R (a won grapple), F's shot at R has the wrestling figure
    (+5 at short range) instead of counting W among those in close combat (+3): fumbles on 1
    to 6. W, the one wrestling, is not firing into a melee of its own; before the hold, F's
    shot counts W as one more in close combat (1 + 3)."""
    m = grapple_match(new_match)
    before = m.range.situation(1, 2)
    assert (before.target_wrestling, before.target_melee_crowd) == (False, 1)
    assert m.preview(1, 2, "shot").p_attack_fumble == pytest.approx(4 / 20)
    play(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"})}, {2: {"defences": 0}}, faces=[15, 15, 2])
    assert m.engagement.grappled_with(2) == 0
    s = m.range.situation(1, 2)
    assert (s.target_wrestling, s.target_melee_crowd) == (True, 0)
    assert m.preview(1, 2, "shot").p_attack_fumble == pytest.approx(6 / 20)
    assert not m.range.situation(0, 2).target_wrestling


def test_a_fumble_at_a_wrestling_target_goes_astray_into_the_tangle(new_match):
    """Firing into melee: "A fumble in this situation means that a random target is hit",
    equal chances: F fumbles (a 4, within 1 + 5) at R, held by W; d2 picks W, F's friend, and
    the shot is rolled at W."""
    m = grapple_match(new_match)
    play(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"})}, {2: {"defences": 0}}, faces=[15, 15, 2])
    for uid in driver(m).start_round():
        ok(m.declare(uid, Attack(2, "shot") if uid == 1 else Hold(), **({} if uid == 1 else {"defences": 0})))
    m.dice = ScriptedDice([4, 2, 3])
    start = len(m.log)
    driver(m).resolve_round()
    assert m.dice.faces == []
    assert "F's fumbled shot goes astray into the melee: at W (d2: 2)" in texts(m, start, "info")


# --- Firing at a crowd -----------------------------------------------------------------------------


def crowd_match(new_match):
    """S far to the west of T, with U and V (T's friends) next to T; 4 m tiles: 100 m."""
    return new_match(make_grid(OPEN, metres_per_tile=4),
                     {"blue": [unit(RIFLEMAN, "S", 2, 5)],
                      "red": [unit(RIFLEMAN, "T", 27, 5), unit(RIFLEMAN, "U", 27, 6), unit(RIFLEMAN, "V", 28, 4)]})


def test_firing_at_a_crowd_is_a_choice_that_lowers_the_distance_modifier(new_match):
    """Firing at a crowd: "you can reduce the distance modifier by 5 for each doubling of the
    number of targets ... If you hit, then you hit a random target." The `crowd` option of a
    shot: T with U and V beside it is a group of 3 (one doubling): at 100 m the AK-47's +15
    becomes +10. A lone figure is no crowd; a shotgun's cone already spreads."""
    m = crowd_match(new_match)
    assert [w.name for w in m.range.crowd(0, 1)] == ["U", "V"]
    plain = m.preview(0, 1, "shot")
    crowd = m.preview(0, 1, "shot", {"crowd": True})
    assert [(t.name, t.value) for t in plain.target_terms] == [("distance", 15)]
    assert [(t.name, t.value) for t in crowd.target_terms] == [("distance", 10)]
    assert crowd.p_hit > plain.p_hit
    ok(m.check(0, Attack(1, "shot", {"crowd": True})))
    shotgun = new_match(make_grid(OPEN), {"blue": [unit({**RIFLEMAN, "weapon": "spas_12"}, "G", 2, 7)],
                                          "red": [unit(RIFLEMAN, "T", 8, 5), unit(RIFLEMAN, "U", 8, 6)]})
    refused(shotgun.check(0, Attack(1, "shot", {"crowd": True})), "cone")
    loner = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "S", 2, 5)], "red": [unit(RIFLEMAN, "T", 20, 5)]})
    refused(loner.check(0, Attack(1, "shot", {"crowd": True})), "no crowd")


def test_a_hit_on_a_crowd_strikes_a_random_figure_of_it(new_match):
    """Firing at a crowd: "If you hit, then you hit a random target": the shot is rolled at T
    (42 against 15 + 10: good), then d3 (3) picks V, and the damage is rolled against V (28 +
    10 against soak 12 + 10: 4 wounds)."""
    m = crowd_match(new_match)
    start = play(m, {0: Attack(1, "shot", {"crowd": True})}, {1: {"defences": 0}, 2: {"defences": 0}, 3: {"defences": 0}},
                 faces=[15, 3, 10, 10])
    assert "firing at a crowd: d3 (3) strikes V" in texts(m, start, "attack")
    assert (m.view(3).state.wounds, m.view(1).state.wounds) == (4, 0)


# --- Reach: a foe closed within a long weapon's reach ----------------------------------------------


def test_a_spear_against_a_foe_on_the_next_tile_is_minus_five(new_match):
    """Reach: a weapon "being used against a foe that has closed to within the weapon's
    reach" is -5 per excess level: the spear (reach 3) strikes two tiles away; against R on
    the next tile it is -5, against R two tiles off nothing (tiles_apart)."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**SWORDSMAN, "weapon": "spear"}, "P", 5, 5)],
                                    "red": [unit(SWORDSMAN, "R", 6, 5), unit(SWORDSMAN, "Q", 7, 7)]})
    near = {t.name: t.value for t in m.preview(0, 1, "melee").terms}
    far = {t.name: t.value for t in m.preview(0, 2, "melee").terms}
    assert near.get("foe within reach") == -5 and "foe within reach" not in far
    assert m.range.situation(0, 1).tiles_apart == 1 and m.range.situation(0, 2).tiles_apart == 2


# --- Shock and Pain on the grid ---------------------------------------------------------------------


def test_the_end_of_the_round_hears_initiative_zero(new_match, monkeypatch):
    """Shock and Pain: at initiative 0 "all rolls are halved" - the health and bullet shyness
    checks at the end of the round too, so the world passes each unit's declaration (which
    says whether it is at 0) to the end-of-round bookkeeping."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "S", 2, 5)], "red": [unit(RIFLEMAN, "T", 20, 5)]})
    set_state(m, 0, Condition(shock=200))
    assert m.view(0).initiative == 0
    calls = spy(monkeypatch, m, "end_of_round")
    play(m, {})
    zero = {args[1].name: kw["declaration"].initiative_zero for args, kw in calls}
    assert zero == {"S": True, "T": False}
