"""What results and declarations do on the grid beyond damage (the rules core offers them, the
world carries them out): what the end of the round hears, first aid, grapples, and saving the
new actions. Fumbles, disarms and overwhelming attacks: test_fumbles_on_grid.py; bolt-action
volleys, the missile stance, cover actions and reloading: test_shooting_on_grid.py. Every test
names the yags-combat.md section it pins and uses the text's numbers; dice are scripted
(ScriptedDice) where an outcome matters."""

from __future__ import annotations

import pytest
from gridfactory import make_grid
from worldplay import BRAWLER, MEDIC, OPEN, RIFLEMAN, SWORDSMAN, ok, play, refused, spy, texts, unit

from engine.yags.health import Condition
from game.flow import driver
from game.saves import action_from_dict, action_to_dict
from game.world.actions import (
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Move,
    PickUp,
)
from game.world.components import Position

# --- what the end of the round hears (Sprinting; Movement) -------------------------------------


def test_end_of_round_hears_how_each_unit_moved(new_match, monkeypatch):
    """yags-core.md, Sprinting (a point of fatigue a round) needs to know how a unit moved: the
    world passes each unit's movement (a sprint, a run, a melee charge past half Move, a full
    dodge's dive, standing still) to the end-of-round bookkeeping."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "S", 0, 0), unit(RIFLEMAN, "R", 0, 4),
                                             unit(SWORDSMAN, "C", 0, 8), unit(RIFLEMAN, "H", 0, 11)],
                                    "red": [unit(RIFLEMAN, "E", 10, 8)]})
    calls = spy(monkeypatch, m, "end_of_round")
    play(m, {0: Move(tuple((x, 0) for x in range(21)), "sprint"), 1: Move(tuple((x, 4) for x in range(13)), "run"),
             2: Attack(4, "melee")})
    moved = {args[1].name: kw["moved"] for args, kw in calls}
    assert moved == {"S": "sprint", "R": "run", "C": "run", "H": "none", "E": "none"}
    assert m.view(0).state.fatigue == 1 and m.view(1).state.fatigue == 0


# --- first aid (Healing and First aid: First aid; Fatal Wounds) ---------------------------------


def test_first_aid_takes_a_minute_and_uses_the_texts_difficulty(new_match):
    """First aid: "Tending a wound takes one minute" (12 rounds of 5 s) of doing nothing else,
    then an Intelligence x First aid check at 10 + half the wound and stun penalties: moderate
    (-10) wounds and light (-5) stuns make 10 + (10 + 5) / 2 = 18. A good success also heals a
    wound (rules-notes)."""
    m = new_match(make_grid(OPEN), {"blue": [unit(MEDIC, "Medic", 5, 5), unit(RIFLEMAN, "Hurt", 6, 5)],
                                    "red": [unit(RIFLEMAN, "Far", 29, 11)]})
    m.health.set_state(1, Condition(wounds=3, stuns=2))
    assert m.rules.first_aid_rounds() == 12
    ok(m.check(0, FirstAid(1)))
    for n in range(11):
        start = play(m, {0: FirstAid(1)})
        assert m.work.tending(0).rounds_left == 11 - n
        assert not any("first aid" in t for t in texts(m, start, "roll"))
    assert m.declared(0).ruleset_decl.stance == "focused"  # doing nothing else: no defences
    start = play(m, {0: FirstAid(1)}, faces=[18])  # Int 4 x First aid 5 + 18 = 38 vs 18: good
    rolls = texts(m, start, "roll")
    assert len(rolls) == 1 and "vs 18" in rolls[0] and "= 38" in rolls[0]
    assert m.work.tending(0) is None
    assert (m.view(1).state.wounds, m.view(1).state.stabilised) == (2, True)
    assert any("heals one wound" in t for t in texts(m, start, "status"))


def test_stabilised_fatal_wounds_stop_the_health_checks(new_match):
    """Fatal Wounds: unconscious, the fatally wounded check health at 20 every minute or die;
    first aid's success stabilises the wounds and the checks stop (rules-notes). The same
    patient untended dies at the first minute's check (a scripted 1)."""
    def match():
        m = new_match(make_grid(OPEN), {"blue": [unit(MEDIC, "Medic", 5, 5), unit(RIFLEMAN, "Down", 5, 6)],
                                        "red": [unit(RIFLEMAN, "Far", 29, 11)]})
        m.health.set_state(1, Condition(wounds=6, status="unconscious"))
        return m

    tended, untended = match(), match()
    for _ in range(11):
        play(tended, {0: FirstAid(1)})
        play(untended, {})
    # Fatal wounds alone: 10 + 40 / 2 = 30; 20 + 12 = 32 succeeds.
    start = play(tended, {0: FirstAid(1)}, faces=[12])
    assert "vs 30" in texts(tended, start, "roll")[0]
    assert tended.view(1).state.stabilised and tended.view(1).state.status == "unconscious"
    play(untended, {}, faces=[1])  # the minute's check at 20: a fumble dies
    assert untended.view(1).state.status == "dead"
    for _ in range(12):  # another minute: no check for the stabilised (no dice at all)
        play(tended, {}, faces=[])
    assert tended.view(1).state.status == "unconscious"


def test_first_aid_is_interrupted_by_another_declaration_and_starts_afresh(new_match):
    """Tending takes the healer's rounds doing nothing else: a round spent otherwise stops it,
    and tending again starts the minute afresh. A unit nobody declared for goes on with it."""
    m = new_match(make_grid(OPEN), {"blue": [unit(MEDIC, "Medic", 5, 5), unit(RIFLEMAN, "Hurt", 6, 6)],
                                    "red": [unit(RIFLEMAN, "Far", 29, 11)]})
    m.health.set_state(1, Condition(stuns=3))
    for _ in range(3):
        play(m, {0: FirstAid(1, stuns=True)})
    assert m.work.tending(0).rounds_left == 9
    driver(m).start_round()
    driver(m).resolve_round()  # undeclared: it carries on
    assert m.work.tending(0).rounds_left == 8
    assert m.declared(0).action == FirstAid(1, stuns=True)
    start = play(m, {0: Hold()})
    assert m.work.tending(0) is None and "Medic stops tending Hurt" in texts(m, start)
    play(m, {0: FirstAid(1)})  # the wounds now: another task, a fresh minute
    assert m.work.tending(0).rounds_left == 11


def test_first_aid_needs_a_friend_within_reach_or_oneself(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(MEDIC, "Medic", 5, 5), unit(RIFLEMAN, "Away", 8, 5)],
                                    "red": [unit(RIFLEMAN, "Foe", 6, 6)]})
    refused(m.check(0, FirstAid(1)), "not next to Medic")
    refused(m.check(0, FirstAid(2)), "not on your side")
    ok(m.check(0, FirstAid(0)))  # self-aid: "you suffer your full penalties" (the ruleset's)
    m.health.set_state(1, Condition(wounds=9, status="dead"))
    m.write(1, Position, x=6)
    refused(m.check(0, FirstAid(1)), "is dead")


# --- grapples (Grapple; Grappled) -----------------------------------------------------------------


def grapple_match(new_match):
    """W (Agi 4, Str 4, Brawl 5, bare hands) next to R (a rifleman, no Brawl); F, R's foe, far."""
    return new_match(make_grid(OPEN), {"blue": [unit(BRAWLER, "W", 5, 5), unit(RIFLEMAN, "F", 5, 10)],
                                       "red": [unit(RIFLEMAN, "R", 6, 5)]})


def test_a_won_grapple_holds_both_and_the_held_loses_the_rest_of_its_round(new_match, monkeypatch):
    """Grapple: a good attack (Agi 4 x Brawl 5 + 15 = 35 vs 15: excellent), then Strength x
    Brawl (20 + 15 = 35 against R's unskilled halved 2: a fumble) keeps the hold: "both you and
    the target are considered to be grappled" and "the defender loses the rest of their
    declared actions that round" (R's move). Grappled: R may attack no one but W, may not move
    away, and keeps the grappled stance; the ruleset hears whom each is grappling."""
    m = grapple_match(new_match)
    refused(m.check(2, Hold(), "grappled"), "the grappled stance comes from a grapple")
    refused(m.check(2, Hold(), grappling="W"), "comes from a grapple")
    refused(m.check(2, Attack(0, "shot"), full_dodge=True), "set by the world")
    start = play(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"}), 2: Move(((6, 5), (7, 5), (8, 5)), "free")},
                 {2: {"defences": 0}}, faces=[15, 15, 2])
    assert (m.engagement.grappled_with(0), m.engagement.grappled_with(2), m.engagement.holds(0), m.engagement.holds(2)) == (2, 0, True, False)
    assert m.view(2).pos == (6, 5)  # its move was lost
    assert any("W holds R: both are grappled; R loses the rest of its actions" in t for t in texts(m, start))
    assert (m.declared(2).ruleset_decl.stance, m.declared(2).ruleset_decl.grappling) == ("grappled", "W")
    assert (m.declared(0).ruleset_decl.stance, m.declared(0).ruleset_decl.grappling) == ("grappled", "R")
    calls = spy(monkeypatch, m, "declare")
    queue = driver(m).start_round()
    for uid in queue:
        if uid == 2:
            refused(m.check(2, Move(((6, 5), (7, 5)), "free")), "held by W and cannot move away")
            refused(m.check(2, Attack(1, "shot")), "can attack no one else")
            refused(m.check(2, FullDodge()), "cannot move away")
            refused(m.declare(2, Hold(), stance="aggressive"), "the grappled stance")
            ok(m.check(2, Attack(0, "shot")))
        ok(m.declare(uid, Hold()))
    held = {args[0].name: kw for args, kw in calls}
    assert (held["R"]["stance"], held["R"]["grappling"]) == ("grappled", "W")
    assert (held["W"]["stance"], held["W"]["grappling"]) == ("grappled", "R")


def test_the_holder_lets_go_by_moving_and_a_hold_ends_when_one_falls(new_match):
    """Grappled: the holder may let go (a plain move); the held cannot (escaping a hold is
    not in the game). A hold ends when either is down."""
    m = grapple_match(new_match)
    play(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"})}, {2: {"defences": 0}}, faces=[15, 15, 2])
    refused(m.check(0, Attack(1, "melee")), "can attack no one else")
    refused(m.check(0, FullDodge()), "letting go")
    ok(m.check(0, Move(((5, 5), (4, 5)), "free")))
    for uid in driver(m).start_round():
        ok(m.declare(uid, Move(((5, 5), (4, 5)), "free") if uid == 0 else Hold()))
    assert m.engagement.grappled_with(2) is None and any("W lets go: the hold with R ends" in t for t in texts(m))
    driver(m).resolve_round()
    assert m.view(0).pos == (4, 5)
    m = grapple_match(new_match)
    play(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"})}, {2: {"defences": 0}}, faces=[15, 15, 2])
    m.health.set_state(2, Condition(stuns=6, status="unconscious"))
    assert m.engagement.grappled_with(0) is None and any("R is down: the hold with W ends" in t for t in texts(m))


# --- saves -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [FirstAid(3), FirstAid(0, stuns=True), PickUp()])
def test_new_actions_round_trip_through_a_save(action):
    """Saves replay declarations: first aid and picking up serialise as tagged dicts."""
    data = action_to_dict(action)
    assert data["type"] in ("first_aid", "pick_up")
    assert action_from_dict(data) == action
