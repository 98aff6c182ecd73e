"""The AI plays for the map's objectives (issue 30): it takes and holds its zones, walks to
an exit, contests the enemy's zone, keeps a protected unit back, and still fights; on a map
without objectives it has no duty (it decides as before)."""

from __future__ import annotations

from gridfactory import make_grid
from objectiveplay import OPEN, WALLED, field, squads, zone

from game.ai import make_controller
from game.flow import Flow
from game.world import geometry as geo


def ai_match(new_match, grid, blue, red, seed=3, fog=False):
    return new_match(grid, squads(blue, red), seed=seed, fog=fog)


def play(m, rounds, blue="normal", red="normal"):
    flow = Flow(m, {"blue": make_controller(blue, 1, "blue"), "red": make_controller(red, 2, "red")})
    for _ in range(rounds):
        if m.over:
            break
        flow.play_round()
    return m


def test_the_ai_takes_and_holds_its_zone_and_wins_by_it(new_match):
    for fog in (False, True):
        hill = zone("Hill", "hold", "blue", [(4, 0), (4, 1), (4, 2), (4, 3), (4, 4)], rounds=2)
        m = ai_match(new_match, field([hill]), {"Ann": (0, 0), "Bob": (0, 4)}, {"Cy": (12, 0), "Dee": (12, 4)},
                     fog=fog)
        r = play(m, 12).result()
        assert (r.winner, r.by, r.objectives) == ("blue", "objective", ("Hill",)), fog


def test_the_ai_walks_its_units_out_by_an_exit(new_match):
    out = zone("Out", "exit", "red", [(7, y) for y in range(5)], count=2)
    m = ai_match(new_match, field([out]), {"Ann": (0, 0), "Bob": (0, 4)}, {"Cy": (12, 0), "Dee": (12, 4)})
    r = play(m, 12).result()
    assert (r.winner, r.by, r.exited) == ("red", "objective", {"blue": 0, "red": 2})


def test_the_ai_contests_a_zone_the_enemy_must_hold(new_match):
    # the zone lies on blue's side of a wall with a gap; red has no objective of its own, and
    # sees nobody to shoot at
    gap = ["......#......", "......#......", ".............", "......#......", "......#......"]
    hill = zone("Hill", "hold", "blue", [(3, 1), (3, 2), (3, 3)], rounds=3)
    m = ai_match(new_match, field([hill], rows=gap), {"Ann": (0, 0)}, {"Cy": (12, 0)})
    to_zone = geo.CostsTo(m.grid, hill.tiles)
    red = m.units("red")[0].uid
    before = to_zone.get(m.view(red).pos)
    play(m, 1)
    assert to_zone.get(m.view(red).pos) < before  # red went toward blue's zone


def test_a_protected_unit_stays_back_and_the_rest_still_fight(new_match):
    vip = zone("VIP", "protect", "blue", [(0, 2)], unit="Vip")
    m = ai_match(new_match, field([vip], rows=OPEN, max_rounds=60), {"Vip": (0, 2), "Ann": (1, 1), "Bob": (1, 3)},
                 {"Cy": (12, 1), "Dee": (12, 3)})
    uid = next(v.uid for v in m.units("blue") if v.name == "Vip")
    play(m, 2)
    assert m.view(uid).pos == (0, 2) or m.view(uid).out  # it held its ground
    play(m, 60)
    assert m.over and any(e.kind == "attack" for e in m.log.since(0))  # they fought it out


def test_no_objectives_no_duty(new_match):
    m = ai_match(new_match, make_grid(WALLED), {"Ann": (0, 0)}, {"Cy": (12, 0)})
    ai = make_controller("normal", 1, "blue")
    assert ai.duty(m, m.units("blue")[0]) is None
