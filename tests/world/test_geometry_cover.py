"""Grid geometry: cover near the target and full cover, arcs, confined spaces. Grids are
drawn as ASCII (see gridfactory for the legend)."""

from __future__ import annotations

import math

import pytest
from geomcases import open_grid
from gridfactory import make_grid

from game.world import geometry as geo

R2 = math.sqrt(2)


# --- cover ------------------------------------------------------------------------------------


def test_cover_counts_near_the_target_not_far_from_it():
    near = make_grid([".....s."])
    assert geo.cover_between(near, (0, 0), (6, 0)) == "soft50"
    middle = make_grid(["...s..."])
    assert geo.cover_between(middle, (0, 0), (6, 0)) is None
    beside_shooter = make_grid([".s....."])
    assert geo.cover_between(beside_shooter, (0, 0), (6, 0)) is None
    # the same hedge protects the shooter when the other one fires back
    assert geo.cover_between(beside_shooter, (6, 0), (0, 0)) == "soft50"


def test_cover_off_the_line_does_not_count():
    grid = make_grid([".....h.", "......."])
    assert geo.cover_between(grid, (0, 1), (6, 1)) is None
    assert geo.cover_between(grid, (0, 0), (6, 0)) == "hard50"


def test_best_cover_is_taken_without_stacking():
    assert geo.cover_between(make_grid(["....Sh"]), (0, 0), (5, 0)) == "hard50"
    assert geo.cover_between(make_grid(["....hs"]), (0, 0), (5, 0)) == "hard50"
    assert geo.cover_between(make_grid(["....Hh"]), (0, 0), (5, 0)) == "hard90"
    assert geo.cover_between(make_grid(["....ss"]), (0, 0), (5, 0)) == "soft50"


def test_adjacent_shooter_sees_only_cover_on_the_target_tile():
    assert geo.cover_between(make_grid([".h"]), (0, 0), (1, 0)) == "hard50"
    assert geo.cover_between(make_grid(["h."]), (0, 0), (1, 0)) is None
    # two tiles apart: the tile between is next to the shooter, so not cover
    assert geo.cover_between(make_grid([".H."]), (0, 0), (2, 0)) is None
    assert geo.cover_between(make_grid([".H."]), (0, 0), (0, 0)) is None


def test_a_wall_near_the_target_is_no_sight_not_cover():
    grid = make_grid(["....#."])
    assert not geo.line_of_sight(grid, (0, 0), (5, 0))
    assert geo.cover_between(grid, (0, 0), (5, 0)) is None


def test_a_wall_corner_beside_a_diagonal_line_gives_half_hard_cover():
    grid = make_grid(["....", "....", "....", "..#."])
    assert geo.line_of_sight(grid, (0, 0), (3, 3))
    assert geo.cover_between(grid, (0, 0), (3, 3)) == "hard50"
    assert geo.cover_between(grid, (3, 3), (0, 0)) is None  # far from (0, 0)


def test_full_cover_is_the_nearest_tile_hidden_from_every_threat():
    grid = make_grid(
        [
            "..........",
            "..........",
            "....#.....",
            "..........",
        ]
    )
    threat = (0, 2)
    # (8, 1) is in the wall's shadow (the line from (0, 2) crosses (4, 2)), one diagonal
    # step from (7, 0); (7, 1) is not: that line only grazes the wall's corner
    tile = geo.full_cover_within(grid, (7, 0), 3, [threat])
    assert tile == (8, 1)
    assert not geo.line_of_sight(grid, threat, tile)
    assert geo.line_of_sight(grid, threat, (7, 1))
    assert geo.full_cover_within(grid, (7, 0), 1.2, [threat]) is None
    # already hidden: stay put
    assert geo.full_cover_within(grid, (6, 2), 3, [threat]) == (6, 2)
    # a threat from the other side too: nothing hides from both
    assert geo.full_cover_within(grid, (7, 0), 6, [threat, (9, 2)]) is None
    assert geo.full_cover_within(grid, (7, 0), 6, []) == (7, 0)


def test_full_cover_behind_a_low_hard90_wall_counts():
    grid = make_grid(["......", "....H.", "......"])
    threat = (0, 1)
    assert geo.line_of_sight(grid, threat, (5, 1))
    assert geo.cover_between(grid, threat, (5, 1)) == "hard90"
    assert geo.full_cover_within(grid, (5, 0), 2, [threat]) == (5, 1)


def test_full_cover_is_the_cheapest_by_path_not_straight_distance():
    grid = make_grid(
        [
            ".....",
            ".###.",
            "..#..",
        ]
    )
    # from (0, 0), threat at (4, 2): (1, 2) is hidden behind (2, 2)...(2, 1); reachable in 2
    tile = geo.full_cover_within(grid, (0, 0), 6, [(4, 2)])
    hidden = [
        t
        for t, c in geo.reachable(grid, (0, 0), 6).items()
        if not geo.line_of_sight(grid, (4, 2), t)
    ]
    costs = geo.reachable(grid, (0, 0), 6)
    assert tile in hidden
    assert costs[tile] == min(costs[t] for t in hidden)


# --- arcs -------------------------------------------------------------------------------------


def test_points_inside_30_and_60_degree_arcs():
    o, aim = (0, 0), (10, 0)
    assert geo.in_arc(o, aim, (10, 2), 30)  # 11.3 degrees off
    assert not geo.in_arc(o, aim, (10, 3), 30)  # 16.7 degrees off
    assert geo.in_arc(o, aim, (10, 3), 60)
    assert geo.in_arc(o, aim, (10, -5), 60)  # 26.6
    assert not geo.in_arc(o, aim, (10, 6), 60)  # 31.0
    assert not geo.in_arc(o, aim, (-5, 0), 60)
    assert geo.in_arc(o, aim, (5, 5), 90)  # the 45 degree edge is inside
    assert not geo.in_arc(o, aim, o, 360)
    # aiming west: the arc wraps round 180 degrees
    assert geo.in_arc(o, (-10, 0), (-10, 1), 30)
    assert geo.in_arc(o, (-10, 0), (-10, -1), 30)
    with pytest.raises(ValueError):
        geo.in_arc(o, o, (1, 1), 30)


def test_targets_in_arc_are_nearest_first_and_within_range():
    points = [(8, 1), (3, 0), (5, -1), (4, 4), (-3, 0), (20, 0)]
    assert geo.targets_in_arc((0, 0), (10, 0), points, 30, 12) == [(3, 0), (5, -1), (8, 1)]
    assert geo.targets_in_arc((0, 0), (10, 0), points, 30, 4) == [(3, 0)]
    assert (4, 4) in geo.targets_in_arc((0, 0), (10, 0), points, 90, 12)


# --- confined spaces --------------------------------------------------------------------------


def test_room_reach_in_corridors_and_the_open():
    narrow = make_grid(["#####", ".....", "#####"])
    assert geo.walls_adjacent(narrow, (2, 1)) == 6
    assert geo.room_reach(narrow, (2, 1)) == 1
    wide = make_grid(["#####", ".....", ".....", "#####"])
    assert geo.walls_adjacent(wide, (2, 1)) == 3
    assert geo.room_reach(wide, (2, 1)) == 2
    field = make_grid(open_grid(5))
    assert geo.room_reach(field, (2, 2)) is None
    assert geo.room_reach(field, (0, 0)) is None  # the map edge is not a wall
    one_wall = make_grid(["...", ".#.", "..."])
    assert geo.room_reach(one_wall, (1, 0)) is None
    dead_end = make_grid(["###", "#.#", "#.#"])
    assert geo.room_reach(dead_end, (1, 1)) == 1


def test_water_counts_as_blocking_for_reach():
    assert geo.walls_adjacent(make_grid(["~~~", "...", "..."]), (1, 1)) == 3


@pytest.mark.parametrize("seed", range(60))
def test_a_bare_ring_gives_the_walks_answer(monkeypatch, seed):
    """`_cover_between` skips the walk round a target whose neighbours hold no cover and block
    no sight (`_bare_ring`): the same answer as walking, on maps of every cover kind, sparse
    and dense, shooters near and far, at the edges too (issue 20: a speed-up only)."""
    import random

    from game.world.geometry import cover as cover_module

    rng = random.Random(seed)
    w, h = rng.randint(1, 25), rng.randint(1, 25)
    density = rng.choice((0.05, 0.2, 0.5))
    rows = ["".join(rng.choice("hsSHB#~+") if rng.random() < density else "." for _ in range(w)) for _ in range(h)]
    grid = make_grid(rows)
    pairs = [((rng.randrange(w), rng.randrange(h)), (rng.randrange(w), rng.randrange(h))) for _ in range(150)]
    fast = [cover_module._cover_between(grid, a, b) for a, b in pairs]
    with monkeypatch.context() as mp:
        mp.setattr(cover_module, "_bare_ring", lambda grid, tile: False)
        assert fast == [cover_module._cover_between(grid, a, b) for a, b in pairs]
