"""How a battle with objectives ends (issue 30), under every ruleset with fog of war off and
on: hold for N rounds, reach with a count, exit (a unit that leaves counts, and is neither
down nor standing), protect (the unit falls: its side loses), both sides at once (a draw),
time (the map's at_time), elimination still ending a battle."""

from __future__ import annotations

import pytest
from objectiveplay import OPEN, Walker, field, play_out, squads, zone

from engine.rulesets import NAMES, make_ruleset

CASES = [(r, f) for r in NAMES for f in (False, True)]
IDS = [f"{r}-fog-{'on' if f else 'off'}" for r, f in CASES]
BLUE_SIDE = {"Ann": (1, 1), "Bob": (1, 3)}
RED_SIDE = {"Cy": (11, 1), "Dee": (11, 3)}


@pytest.fixture(params=CASES, ids=IDS)
def rules_fog(request):
    return request.param


def match(new_match, rules_fog, grid, blue=BLUE_SIDE, red=RED_SIDE, seed=1):
    ruleset, fog = rules_fog
    return new_match(grid, squads(blue, red), seed=seed, ruleset=make_ruleset(ruleset), fog=fog)


def test_hold_for_n_rounds_wins_by_objective(new_match, rules_fog):
    hill = zone("Hill", "hold", "blue", [(2, 2), (3, 2)], rounds=3)
    m = match(new_match, rules_fog, field([hill]))
    r = play_out(m, Walker("blue", {"Ann": (2, 2)}), Walker("red"))
    assert (r.winner, r.by, r.objectives) == ("blue", "objective", ("Hill",))
    assert r.rounds == 3  # one round to walk in (and hold it at its end), two more
    assert r.survivors == {"blue": 2, "red": 2} and r.casualties == {"blue": 0, "red": 0}
    assert any(e.kind == "victory" and "blue wins by objective 'Hill'" in e.text for e in m.log.since(0))


def test_a_hold_broken_by_an_enemy_in_the_zone_starts_again(new_match, rules_fog):
    hill = zone("Hill", "hold", "blue", [(5, 2), (6, 2), (7, 2)], rounds=2)
    grid = field([hill], rows=OPEN, max_rounds=3)
    # blue stands in the zone from the start; red walks in during round 1: no hold that round
    m = match(new_match, rules_fog, grid, blue={"Ann": (5, 2), "Bob": (0, 0)}, red={"Cy": (9, 2), "Dee": (12, 4)})
    r = play_out(m, Walker("blue"), Walker("red", {"Cy": (7, 2)}))
    assert (r.winner, r.by, r.rounds) == ("draw", "time", 3)  # nobody shoots: both hold or walk
    assert m.objectives.streak[0] == 0 and m.objectives.status(0, None).text == "hold: 0 of 2 rounds"


def test_reach_with_a_count(new_match, rules_fog):
    gate = zone("Gate", "reach", "red", [(8, 1), (8, 2), (8, 3)], count=2)
    m = match(new_match, rules_fog, field([gate]))
    r = play_out(m, Walker("blue"), Walker("red", {"Cy": (8, 1), "Dee": (8, 3)}))
    assert (r.winner, r.by, r.objectives, r.rounds) == ("red", "objective", ("Gate",), 1)


def test_units_that_step_into_an_exit_leave_and_count(new_match, rules_fog):
    out = zone("Road out", "exit", "blue", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)], count=2)
    m = match(new_match, rules_fog, field([out]))
    r = play_out(m, Walker("blue", {"Ann": (0, 1), "Bob": (0, 3)}), Walker("red"))
    assert (r.winner, r.by, r.objectives, r.rounds) == ("blue", "objective", ("Road out",), 1)
    assert r.exited == {"blue": 2, "red": 0}
    assert r.survivors == {"blue": 0, "red": 2} and r.casualties == {"blue": 0, "red": 0}
    assert m.units("blue") == [] and all(m.view(uid).out for uid in m.exited("blue"))


def test_a_side_with_none_standing_and_some_exited_is_not_eliminated(new_match, rules_fog):
    west = zone("West", "exit", "blue", [(0, 1)], count=2)
    east = zone("East", "exit", "blue", [(0, 3)], count=2)
    m = match(new_match, rules_fog, field([west, east], at_time="red", max_rounds=3))
    r = play_out(m, Walker("blue", {"Ann": (0, 1), "Bob": (0, 3)}), Walker("red"))
    assert (r.winner, r.by, r.rounds) == ("red", "time", 3)  # each exit saw 1 of 2 leave
    assert r.exited == {"blue": 2, "red": 0} and r.survivors["blue"] == 0
    assert m.objectives.status(0, "blue").text == "exit: 1 of 2 left"


def test_an_escort_exit_needs_its_unit(new_match, rules_fog):
    out = zone("Evac", "exit", "blue", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)], count=1, unit="Bob")
    m = match(new_match, rules_fog, field([out]))
    m2 = match(new_match, rules_fog, field([out], max_rounds=2))
    r = play_out(m2, Walker("blue", {"Ann": (0, 1)}), Walker("red"))
    assert (r.winner, r.by) == ("draw", "time") and r.exited == {"blue": 1, "red": 0}
    r = play_out(m, Walker("blue", {"Bob": (0, 3)}), Walker("red"))
    assert (r.winner, r.by, r.objectives) == ("blue", "objective", ("Evac",))


def test_both_sides_winning_in_one_round_is_a_draw(new_match, rules_fog):
    mine = zone("Blue post", "reach", "blue", [(2, 2)])
    theirs = zone("Red post", "reach", "red", [(10, 2)])
    m = match(new_match, rules_fog, field([mine, theirs]))
    r = play_out(m, Walker("blue", {"Ann": (2, 2)}), Walker("red", {"Cy": (10, 2)}))
    assert (r.winner, r.by, r.objectives, r.rounds) == ("draw", "objective", ("Blue post", "Red post"), 1)


def test_objectives_all_needs_every_one(new_match, rules_fog):
    a = zone("A", "reach", "blue", [(2, 1)])
    b = zone("B", "reach", "blue", [(2, 3)])
    m = match(new_match, rules_fog, field([a, b], every=True, max_rounds=2))
    r = play_out(m, Walker("blue", {"Ann": (2, 1)}), Walker("red"))
    assert (r.winner, r.by) == ("draw", "time")
    m = match(new_match, rules_fog, field([a, b], every=True))
    r = play_out(m, Walker("blue", {"Ann": (2, 1), "Bob": (2, 3)}), Walker("red"))
    assert (r.winner, r.by, r.objectives) == ("blue", "objective", ("A", "B"))


@pytest.mark.parametrize("at_time", ["draw", "blue", "red"])
def test_time_gives_the_at_time_result(new_match, rules_fog, at_time):
    hill = zone("Hill", "hold", "blue", [(2, 2)], rounds=5)
    m = match(new_match, rules_fog, field([hill], at_time=at_time, max_rounds=2))
    r = play_out(m, Walker("blue"), Walker("red"))
    assert (r.winner, r.by, r.rounds, r.objectives) == (at_time, "time", 2, ())


def test_a_protected_unit_that_falls_loses_the_battle(new_match, rules_fog):
    # the VIP stands in the open beside two red riflemen; a blue rifleman waits behind the wall
    vip = zone("Keep the VIP alive", "protect", "blue", [(8, 2)], unit="Vip")
    m = match(new_match, rules_fog, field([vip], max_rounds=200),
              blue={"Ann": (0, 0), "Vip": (9, 2)}, red={"Cy": (10, 1), "Dee": (10, 3)})
    r = play_out(m, Walker("blue"), Walker("red", fight=True))
    assert (r.winner, r.by, r.objectives) == ("red", "objective", ("Keep the VIP alive",))
    assert r.casualties["blue"] == 1 and r.survivors["blue"] == 1


def test_elimination_still_ends_a_battle(new_match, rules_fog):
    hill = zone("Hill", "hold", "blue", [(0, 0)], rounds=50)
    m = match(new_match, rules_fog, field([hill], rows=OPEN, max_rounds=200),
              blue={"Ann": (5, 2)}, red={"Cy": (7, 2), "Dee": (7, 3)})
    r = play_out(m, Walker("blue", fight=True), Walker("red", fight=True))
    assert r.by == "elimination" and r.winner in ("blue", "red")
    assert r.survivors[r.winner] > 0 and r.survivors["red" if r.winner == "blue" else "blue"] == 0


def test_under_fog_a_side_knows_an_enemy_zone_only_as_far_as_it_sees(new_match):
    post = zone("Red post", "hold", "red", [(10, 2)], rounds=3)
    # behind the wall: blue sees nothing of red's zone
    m = new_match(field([post]), squads(BLUE_SIDE, {"Cy": (10, 2), "Dee": (11, 3)}), seed=1,
                  ruleset=make_ruleset("yags"), fog=True)
    play_out_rounds(m, 1)
    assert m.objectives.status(0, "blue").text == "held: unknown"
    assert m.objectives.status(0, "red").text == "hold: 1 of 3 rounds"  # its own side knows
    assert m.objectives.status(0, None).text == "hold: 1 of 3 rounds"
    # in the open, blue sees the zone and who stands in it
    m = new_match(field([post], rows=OPEN), squads({"Ann": (8, 2)}, {"Cy": (10, 2)}), seed=1,
                  ruleset=make_ruleset("yags"), fog=True)
    play_out_rounds(m, 1)
    assert m.objectives.status(0, "blue").text == "hold: 1 of 3 rounds"


def play_out_rounds(m, n):
    from game.flow import Flow

    flow = Flow(m, {"blue": Walker("blue"), "red": Walker("red")})
    for _ in range(n):
        flow.play_round()


def test_a_unit_that_left_has_no_more_end_of_round_checks(new_match, rules_fog):
    west = zone("West", "exit", "blue", [(0, 1)], count=2)
    m = match(new_match, rules_fog, field([west], max_rounds=4))
    play_out(m, Walker("blue", {"Ann": (0, 1)}), Walker("red"))
    (ann,) = m.exited("blue")
    left = next(e.round for e in m.log.since(0) if e.actor == ann and "leaves the map" in e.text)
    assert not [e for e in m.log.since(0) if e.actor == ann and e.round > left]
