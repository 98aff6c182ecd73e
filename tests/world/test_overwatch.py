"""Overwatch on the grid (yags-combat.md, Action Types: Overwatch; Waiting beyond a round), and the
declaration fixes that came with it: a changed declaration starts from the posture the round
began in, `check` refuses what `declare` refuses, and health events carry the state as numbers.
Every test names the section it pins and uses the text's numbers (a 45 degree arc, a Perception
x Tactics check at 10, a halved attack roll, no defence); dice are scripted where it matters."""

from __future__ import annotations

import pytest
from gridfactory import make_grid
from worldplay import ok, play, refused, unit

from engine.yags.health import Condition
from game.flow import driver
from game.saves import action_from_dict, action_to_dict
from game.world import geometry as geo
from game.world.actions import Attack, FirstAid, Hold, Move, Overwatch, Reload, Stand
from game.world.components import Initiative
from game.world.events import CheckNote

# Per 3 x Tactics 2 = 6: the overwatch check at 10 needs a 4 or better.
WATCHER = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3, "wil": 3},
    "skills": {"Rifles": 5, "Athletics": 3, "Tactics": 2},
    "weapon": "ak_47",
    "magazines": 2,
}
RIFLEMAN = {**WATCHER, "skills": {"Rifles": 5, "Athletics": 3}}
SWORDSMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3, "wil": 3},
    "skills": {"Melee": 5, "Athletics": 3, "Tactics": 2},
    "weapon": "broad_sword",
}
OPEN = ["." * 24 for _ in range(16)]
# The back door (Overwatch, Example): Eve's house, its door at (5, 4); Bob outside.
HOUSE = ["############",
         "#..........#",
         "#..........#",
         "#..........#",
         "#####.######",
         *["............"] * 9]



def set_initiative(m, uid, value):
    """Initiative is rolled when the match begins; the tests set it (no fumbles)."""
    m.write(uid, Initiative, value=value, lost_first_round=False)






def lines(m, since=0):
    return [f"{e.kind}: {e.text}" for e in m.log.since(since)]


def stages(m, since=0):
    return [(e.data.stage, e.actor, e.target) for e in m.log.since(since) if e.kind == "overwatch"]


# --- the area and the declaration ---------------------------------------------------------------


def test_a_shooting_overwatch_covers_a_45_degree_arc_in_sight_and_range(new_match):
    """Overwatch: "If you are declaring to shoot, then you can cover a 45 degree area": 22.5
    degrees either side of the line to the aim, as far as the weapon's long range, where the
    watcher can see. A melee overwatch: "the target area must be in reach of you at the start
    of the round" (a broad sword: the eight tiles around)."""
    rows = [*["." * 24] * 6, "." * 12 + "#" + "." * 11, *["." * 24] * 9]
    m = new_match(make_grid(rows), {"blue": [unit(WATCHER, "Bob", 2, 6), unit(SWORDSMAN, "Sam", 2, 12)],
                                    "red": [unit(RIFLEMAN, "Eve", 20, 1)]})
    aim = (12, 6)  # due east, at the wall
    assert m.overwatch.covers(0, aim, (10, 6))  # on the line
    assert m.overwatch.covers(0, aim, (10, 9))  # 20.6 degrees off the line: inside
    assert not m.overwatch.covers(0, aim, (10, 10))  # 26.6 degrees off: outside
    assert m.overwatch.covers(0, aim, (11, 6)) and not m.overwatch.covers(0, aim, (20, 6))  # the wall
    assert m.overwatch.covers(0, aim, (20, 7))
    long_m = m.rules.weapon_facts(m.view(0).combatant).long_m
    area = m.overwatch.area(0, aim)
    assert (10, 9) in area and (10, 10) not in area and (20, 6) not in area and (2, 6) not in area
    assert all(m.overwatch.covers(0, aim, t) for t in area)
    assert all(geo.distance_m(m.grid, (2, 6), t) <= long_m for t in area)
    near = m.overwatch.area(1, None)
    assert near == {(x, y) for x in (1, 2, 3) for y in (11, 12, 13)} - {(2, 12)}
    assert m.overwatch.covers(1, None, (3, 13)) and not m.overwatch.covers(1, None, (4, 12))


def test_what_an_overwatch_declaration_needs(new_match):
    """A shot's overwatch needs a tile to aim the arc at (not its own) and a weapon that can
    fire; a melee one covers its reach and takes no aim; a missile attack is made in the normal
    stance (Missile Attacks); the grappled attack no one else (Grappled)."""
    m = new_match(make_grid(OPEN), {"blue": [unit(WATCHER, "Bob", 2, 5), unit(SWORDSMAN, "Sam", 2, 9)],
                                    "red": [unit(RIFLEMAN, "Eve", 20, 5)]})
    for uid in (0, 1, 2):
        set_initiative(m, uid, 10 + uid)
    driver(m).start_round()
    refused(m.check(0, Overwatch()), "aim the overwatch at a tile: it covers a 45 degree arc")
    refused(m.check(0, Overwatch((2, 5))), "another tile than your own")
    refused(m.check(0, Overwatch((40, 5))), "off the map")
    refused(m.check(0, Overwatch((9, 5)), "aggressive"), "normal stance")
    ok(m.check(0, Overwatch((9, 5)), "crouched"))
    refused(m.check(1, Overwatch((5, 9))), "no aim")
    ok(m.check(1, Overwatch(), "aggressive"))
    m.view(0).ammo.jammed = True
    refused(m.check(0, Overwatch((9, 5))), "jammed: clear it")
    m.view(0).ammo.jammed, m.view(0).ammo.loaded = False, 0
    refused(m.check(0, Overwatch((9, 5))), "empty: reload")
    m.engagement.grapple(2, 1)
    refused(m.check(1, Overwatch()), "can attack no one else")


# --- Bob and Eve (Overwatch, Example) -----------------------------------------------------------


def test_bob_covers_the_back_door_and_eve_running_out_is_shot_first(new_match):
    """Overwatch, Example: "Corporal Bob has been tasked with covering the back door ... He has a
    low initiative, so each round he declares that he's going to shoot anyone coming out the
    door. ... Eve ... has a better initiative than Bob ... runs out the backdoor ... As Eve opens
    the door, Bob will get his shot since his fast action goes first."

    Eve's way out is a move (she sees nobody from inside to declare a shot at). At the step where
    she comes into Bob's sight in the doorway, inside his 45 degree arc, the overwatch triggers:
    Per 3 x Tactics 2 + d20 (12) = 18 against 10, then a snapshot with the attack roll halved at
    a target that does not defend (Eve declared a defence)."""
    m = new_match(make_grid(HOUSE), {"blue": [unit(WATCHER, "Bob", 5, 10)],
                                     "red": [unit(RIFLEMAN, "Eve", 2, 3)]})
    set_initiative(m, 0, 8)
    set_initiative(m, 1, 20)
    out = Move(((3, 3), (4, 3), (5, 3), (5, 4), (5, 5), (6, 6)), "run")
    assert not m.sight.can_see(0, 1)
    start = play(m, {0: Overwatch((5, 4)), 1: out}, {1: {"defences": 1}}, faces=[12, 20, 10, 10])
    assert stages(m, start) == [("triggered", 0, 1), ("fire", 0, 1)]
    trig = next(e for e in m.log.since(start) if e.kind == "overwatch")
    assert trig.data.at == (5, 3) and trig.data.how == "steps" and trig.phase == "move"
    check = next(e for e in m.log.since(start) if e.kind == "roll" and isinstance(e.data, CheckNote) and e.data.check == "overwatch")
    assert check.text == "overwatch check: Per 3 x Tactics 2 + d20 (12) = 18 vs 10: success"
    attack = [e.text for e in m.log.since(start) if e.kind == "attack" and e.actor == 0]
    assert attack[0].startswith("attack: (") and ") / 2 = " in attack[0]  # halved
    assert not any(t.startswith("dodge") for t in attack)  # unaware: no defence
    assert any("snap shot" in t for t in attack) and any("Eve is unaware of the attack" in t for t in attack)
    assert m.view(0).ammo.loaded == m.view(0).ammo.capacity - 1


def test_an_enemy_acting_inside_the_arc_triggers_it_before_its_slow_action(new_match):
    """Overwatch: "covering an area ready to shoot at or strike the first target that presents
    itself"; "Her shooting action will count as slow ... Bob will get his shot since his fast
    action goes first. If Eve is still alive, then she can try shooting back." Eve stands in
    the arc and takes a careful (slow) shot at Carl: Bob's overwatch goes off before it, though
    Eve's initiative is higher; the check fails here (d20 3: 9 against 10) and the action is
    wasted; Eve's shot follows."""
    m = new_match(make_grid(OPEN), {"blue": [unit(WATCHER, "Bob", 2, 5), unit(RIFLEMAN, "Carl", 2, 12)],
                                    "red": [unit(RIFLEMAN, "Eve", 12, 5)]})
    for uid, value in ((0, 8), (1, 9), (2, 20)):
        set_initiative(m, uid, value)
    start = play(m, {0: Overwatch((10, 5)), 2: Attack(1, "shot", {"shot": "careful"})},
                 {1: {"defences": 0}}, faces=[3, 1])  # Eve's shot: a 1, a miss
    log = lines(m, start)
    i = log.index(next(s for s in log if s.startswith("overwatch: Bob's overwatch is triggered")))
    assert "Eve acts in its overwatch at (12, 5)" in log[i]
    assert log[i + 1] == "roll: overwatch check: Per 3 x Tactics 2 + d20 (3) = 9 vs 10: failure"
    assert log[i + 2] == "overwatch: Bob fails the overwatch check: the action is wasted"
    assert log[i + 3].startswith("attack: ") and m.log.since(start)[i + 3].actor == 2  # Eve's shot after
    assert stages(m, start) == [("triggered", 0, 2), ("wasted", 0, 2)]


def test_a_fast_enemy_with_the_higher_initiative_acts_first_unless_the_overwatch_was_kept(new_match):
    """Initiative decides between two fast actions; Waiting beyond a round: "If you declare an
    overwatch, and nothing triggers it that round, then you may choose to keep the overwatch
    ... you may add your Perception x Tactics as a straight bonus (no roll) to your initiative
    for that action, in order to act first." Eve (initiative 14) snaps (fast) at Carl from
    inside Bob's arc: in round 1 her shot comes first and Bob's right after; Bob (initiative 10)
    keeps an overwatch from round 1 in a second match: 10 + 6 = 16 beats 14, he fires first."""
    def setup():
        m = new_match(make_grid(OPEN), {"blue": [unit(WATCHER, "Bob", 2, 5), unit(RIFLEMAN, "Carl", 2, 12)],
                                        "red": [unit(RIFLEMAN, "Eve", 12, 5), unit(RIFLEMAN, "Dan", 12, 12)]})
        for uid, value in ((0, 10), (1, 9), (2, 14), (3, 5)):
            set_initiative(m, uid, value)
        return m

    m = setup()
    start = play(m, {0: Overwatch((10, 5)), 2: Attack(1, "shot", {"shot": "snap"})}, {1: {"defences": 0}})
    who = [(e.kind, e.actor) for e in m.log.since(start) if e.kind in ("attack", "overwatch")]
    assert who.index(("attack", 2)) < who.index(("overwatch", 0))

    m = setup()
    play(m, {0: Overwatch((10, 5))})  # nothing presents itself: the action is wasted
    assert m.overwatch.watch(0) is not None and not m.overwatch.watch(0).triggered
    start = play(m, {0: Overwatch((10, 5)), 2: Attack(1, "shot", {"shot": "snap"})}, {1: {"defences": 0}})
    kept = next(e for e in m.log.since(0) if e.kind == "overwatch" and e.data.stage == "kept")
    assert kept.round == 2 and kept.data.bonus == 6
    who = [(e.kind, e.actor) for e in m.log.since(start) if e.kind in ("attack", "overwatch")]
    assert who.index(("overwatch", 0)) < who.index(("attack", 2))


def test_only_the_first_enemy_triggers_it_not_a_holding_one_nor_a_friend(new_match):
    """"the first target that presents itself": an enemy that only holds in the arc does not
    present itself, and a friend walking through it does not trigger it (round 1); once
    triggered (fired or wasted) the overwatch is spent for the round: Eve (initiative 14)
    walks in before Dan (13), and Dan walks in untouched (round 2)."""
    m = new_match(make_grid(OPEN), {"blue": [unit(WATCHER, "Bob", 2, 5), unit(RIFLEMAN, "Carl", 8, 6)],
                                    "red": [unit(RIFLEMAN, "Eve", 16, 1), unit(RIFLEMAN, "Dan", 16, 9),
                                            unit(RIFLEMAN, "Hal", 12, 5)]})
    for uid, value in ((0, 10), (1, 9), (2, 14), (3, 13), (4, 12)):
        set_initiative(m, uid, value)
    assert m.overwatch.covers(0, (12, 5), (12, 5)) and m.overwatch.covers(0, (12, 5), (10, 6))
    start = play(m, {0: Overwatch((12, 5)), 1: Move(((9, 6), (10, 6)), "free")}, faces=[])
    assert stages(m, start) == [] and m.view(1).pos == (10, 6)
    plan = {0: Overwatch((12, 5)), 2: Move(((15, 2), (14, 3), (13, 4)), "run"),
            3: Move(((15, 8), (14, 7), (13, 6)), "run")}
    start = play(m, plan, faces=[2])  # the check: Per 3 x Tactics 2 + 2 = 8 against 10, a failure
    assert stages(m, start) == [("kept", 0, None), ("triggered", 0, 2), ("wasted", 0, 2)]
    assert m.view(2).pos == (13, 4) and m.view(3).pos == (13, 6)


def test_nothing_triggers_it_the_action_is_wasted_and_carry_on_keeps_it(new_match):
    """"If no target presents itself, then your action is wasted"; Waiting beyond a round: the
    overwatch may be kept. A unit nobody declares for keeps it (`carry_on`, what End turn
    declares); declaring it at another aim, or anything else, starts afresh."""
    m = new_match(make_grid(OPEN), {"blue": [unit(WATCHER, "Bob", 2, 5)],
                                    "red": [unit(RIFLEMAN, "Eve", 20, 12)]})
    set_initiative(m, 0, 10)
    set_initiative(m, 1, 12)
    start = play(m, {0: Overwatch((10, 5))})
    assert stages(m, start) == [] and not any(e.actor == 0 and e.kind == "attack" for e in m.log.since(start))
    driver(m).start_round()
    assert m.work.carry_on(0) == Overwatch((10, 5)) and m.overwatch.keeps(0, (10, 5))
    assert not m.overwatch.keeps(0, (10, 6))
    ok(m.declare(0, m.work.carry_on(0)))
    m.declare(1, Hold())
    driver(m).resolve_round()
    assert m.overwatch.watch(0).since == 1 and m.overwatch.watch(0).round == 2
    driver(m).start_round()
    m.declare(0, Overwatch((10, 6)))  # another aim: a new overwatch
    m.declare(1, Hold())
    driver(m).resolve_round()
    assert m.overwatch.watch(0).since == 3
    driver(m).start_round()
    ok(m.declare(0, Hold()))
    m.declare(1, Hold())
    driver(m).resolve_round()
    assert m.overwatch.watch(0) is None


def test_a_melee_overwatch_strikes_the_first_enemy_that_steps_into_reach(new_match):
    """Overwatch with a melee strike: the area is the reach at the start of the round; the charger
    steps into it on its way and is struck there (fast, the attack roll halved, no defence, no
    counter strike), before its own attack."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "Sam", 5, 5)],
                                    "red": [unit(SWORDSMAN, "Rex", 9, 5)]})
    set_initiative(m, 0, 8)
    set_initiative(m, 1, 15)
    start = play(m, {0: Overwatch(), 1: Attack(0, "melee")}, {1: {"defences": 1}}, faces=[10, 20, 10, 10, 1, 10])
    log = lines(m, start)
    assert stages(m, start)[:2] == [("triggered", 0, 1), ("fire", 0, 1)]
    trig = next(e for e in m.log.since(start) if e.kind == "overwatch")
    assert trig.data.at == (6, 5) and trig.data.how == "steps"
    strike = [e.text for e in m.log.since(start) if e.kind == "attack" and e.actor == 0]
    assert ") / 2 = " in strike[0] and not any(t.startswith("defence") for t in strike)
    assert not any("counter strike" in t for t in log)


# --- saves ----------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [Overwatch((3, 4)), Overwatch()])
def test_overwatch_round_trips_as_a_tagged_dict(action):
    assert action_from_dict(action_to_dict(action)) == action


# --- declarations (the fixes that came with it) -----------------------------------------------


def test_a_changed_declaration_starts_from_the_posture_the_round_began_in(new_match):
    """Declaring Actions: a declaration may be changed until the next unit declares. Declaring
    prone set the posture at once (later declarers see it); changing the declaration to crouched
    is not "standing up" (Stance, Prone: standing takes the action), since the unit stood when
    the round began; a unit that began the round prone still needs Stand."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "Ann", 2, 5), unit(RIFLEMAN, "Ben", 2, 8)],
                                    "red": [unit(RIFLEMAN, "Eve", 20, 5)]})
    for uid, value in ((0, 5), (1, 6), (2, 20)):
        set_initiative(m, uid, value)
    driver(m).start_round()
    ok(m.declare(0, Hold(), stance="prone"))
    assert m.view(0).stance == "prone"
    refused(m.check(0, Stand()), "not prone")  # it was standing when the round began
    ok(m.check(0, Hold(), "crouched"))
    ok(m.declare(0, Hold(), stance="crouched"))
    assert m.view(0).stance == "crouched"
    ok(m.declare(0, Attack(2, "shot")))
    assert m.view(0).stance == "normal"
    refused(m.declare(0, Attack(2, "shot", {"shots": 99})), "rounds left")  # refused: the last one stays
    assert m.view(0).stance == "normal" and isinstance(m.declared(0).action, Attack)
    ok(m.declare(0, Hold(), stance="prone"))
    m.declare(1, Hold())
    m.declare(2, Hold())
    driver(m).resolve_round()
    driver(m).start_round()
    refused(m.declare(0, Hold(), stance="crouched"), "prone: standing up takes the action")
    refused(m.check(0, Attack(2, "shot"), "crouched"), "prone: standing up takes the action")
    ok(m.declare(0, Stand()))
    ok(m.declare(0, Hold(), stance="prone"))  # changed back: still prone, as it began
    assert m.view(0).stance == "prone"


def test_check_refuses_what_declare_refuses_in_a_fumbled_first_round(new_match):
    """The Combat Sequence: "If you fumble your initiative roll, then you may not act for the
    first round of combat ... (but cannot attack, or declare defences)": `check` says so as
    `declare` does (the UI greys its buttons from it), and only in round 1."""
    m = new_match(make_grid(OPEN), {"blue": [unit(WATCHER, "Bob", 2, 5)], "red": [unit(RIFLEMAN, "Eve", 20, 5)]})
    set_initiative(m, 1, 20)
    ini = m.component(0, Initiative)
    ini.value, ini.lost_first_round = 5, True
    driver(m).start_round()
    assert m.lost_round(0) and not m.lost_round(1)
    for action in (Attack(1, "shot"), Overwatch((9, 5)), Reload(), FirstAid(0)):
        refused(m.check(0, action), "fumbled initiative: no attacks or defences in the first round")
        assert m.check(0, action) == m.declare(0, action)
    ok(m.check(0, Move(((3, 5),), "free")))
    ok(m.declare(0, Hold()))
    m.declare(1, Hold())
    driver(m).resolve_round()
    driver(m).start_round()
    assert not m.lost_round(0)
    ok(m.check(0, Attack(1, "shot")))


def test_health_events_carry_the_state_after_each_change(new_match):
    """The typed event log (issue 3): damage and status events carry the unit they are about and
    its wounds, stuns and status after the change, so a replay shows each step as it was."""
    m = new_match(make_grid(OPEN), {"blue": [unit(WATCHER, "Bob", 2, 5)], "red": [unit(RIFLEMAN, "Eve", 8, 5)]})
    set_initiative(m, 0, 15)
    set_initiative(m, 1, 5)
    m.health.set_state(1, Condition(wounds=3))
    for _ in range(6):
        start = play(m, {0: Attack(1, "shot")}, {1: {"defences": 0}})
        hits = [e for e in m.log.since(start) if e.kind in ("damage", "status", "down") and e.health is not None]
        if hits:
            break
    assert hits
    last = hits[-1]
    assert last.health.unit == 1
    facts = last.health.facts
    assert (facts.wounds, facts.stuns) == (m.view(1).state.wounds, m.view(1).state.stuns)
    assert facts.status == m.view(1).state.status
