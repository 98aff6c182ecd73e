"""Each rule of issue 3's battle world, on small grids drawn in the tests (gridfactory's
legend): the round, its end and victory. Every test names the yags-combat.md section it pins
and uses the text's numbers. The other rules: test_rules_movement_on_grid.py,
test_rules_reach_on_grid.py, test_rules_sight_on_grid.py, test_rules_fire_on_grid.py,
test_rules_explosions_on_grid.py."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import OPEN, declare_all, events, unit
from worldplay import VESTED_RIFLEMAN as RIFLEMAN  # these tests' riflemen wear kevlar vests

from engine.yags.health import Condition
from game.flow import driver
from game.world.actions import Attack, Move

# --- the round (The Combat Round; Declaring Actions; Performing Actions; End of Round) -------


def test_each_declaration_is_public_as_soon_as_it_is_made(new_match):
    """Declaring Actions: "All declared actions are public": a later declarer sees it."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1), unit(RIFLEMAN, "B", 1, 3)],
                                    "red": [unit(RIFLEMAN, "C", 20, 1)]}, seed=6)
    first, second, _ = driver(m).start_round()
    start = m.view(first).pos
    path = (start, (start[0], start[1] + 1))
    assert not hasattr(m.declare(first, Move(path, "free")), "reason")
    assert m.declaring() == second
    assert m.declared(first).action == Move(path, "free")  # what the next declarer can read
    last = m.log.events[-1]
    assert (last.kind, last.actor, last.phase) == ("declare", first, "declare")
    assert m.declared(second) is None


def test_actions_of_one_speed_go_in_decreasing_initiative(new_match):
    """The Combat Round 3: normal actions in decreasing initiative."""
    shooters = [unit(RIFLEMAN, f"S{i}", 1, 1 + 2 * i) for i in range(3)]
    m = new_match(make_grid(OPEN), {"blue": shooters,
                                    "red": [unit({**RIFLEMAN, "armour": ["ceramic_plate_carrier"]}, "T", 12, 3)]},
                  seed=9)
    inits = {uid: m.view(uid).initiative for uid in (0, 1, 2)}
    assert len(set(inits.values())) == 3
    declare_all(m, {uid: Attack(3, "shot") for uid in (0, 1, 2)})
    start = len(m.log)
    driver(m).resolve_round()
    acted = []
    for e in m.log.since(start):
        if e.actor in inits and e.kind in ("attack", "info") and e.actor not in acted:
            assert e.phase == "normal"
            acted.append(e.actor)
    assert acted == sorted(inits, key=lambda u: -inits[u])


def test_end_of_round_health_check_for_the_beaten(new_match):
    """End of Round: rolls to remain conscious; Stuns: a beaten fighter checks at the end of
    every round while conscious."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    m.health.set_state(0, Condition(stuns=6))
    declare_all(m, {})
    start = len(m.log)
    driver(m).resolve_round()
    checks = [e for e in events(m, "roll", since=start) if e.target == 0 or e.actor == 0]
    assert checks and all(e.phase == "end" for e in checks)
    assert "20" in checks[0].text  # the check is at 20


# --- victory ---------------------------------------------------------------------------------


def test_a_side_with_nobody_able_to_fight_loses_unconscious_included(new_match):
    """Victory: unconscious fighters cannot fight."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0)],
                                    "red": [unit(RIFLEMAN, "B", 29, 11), unit(RIFLEMAN, "C", 29, 9)]})
    m.health.set_state(1, Condition(status="unconscious"))
    declare_all(m, {})
    driver(m).resolve_round()
    assert not m.over
    m.health.set_state(2, Condition(status="unconscious"))
    declare_all(m, {})
    driver(m).resolve_round()
    assert m.over and m.winner == "blue"
