"""Grid geometry: distance, movement costs and budgets, paths, symmetric sight (cover, arcs,
confined spaces and the searches: the test_geometry_*.py beside it). Grids are drawn as ASCII
(see gridfactory for the legend)."""

from __future__ import annotations

import math

import pytest
from geomcases import grid_and_tiles, open_grid
from gridfactory import make_grid
from hypothesis import given, settings
from hypothesis import strategies as st

from game.world import geometry as geo

R2 = math.sqrt(2)


# --- distance and neighbours ------------------------------------------------------------------


def test_distance_is_euclidean_between_centres_in_metres():
    grid = make_grid(open_grid(8), metres_per_tile=2.0)
    assert geo.distance_m(grid, (0, 0), (3, 4)) == pytest.approx(10.0)
    assert geo.distance_m(grid, (5, 5), (5, 5)) == 0.0
    assert geo.chebyshev((0, 0), (3, 4)) == 4


def test_neighbours8_stay_on_the_map():
    grid = make_grid(open_grid(3))
    assert len(geo.neighbours8(grid, (1, 1))) == 8
    assert sorted(geo.neighbours8(grid, (0, 0))) == [(0, 1), (1, 0), (1, 1)]


# --- movement ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("budget", "straight", "diagonal"),
    [(6, 6, 4), (12, 12, 8), (26, 26, 18)],  # free move, run, sprint of an average person
)
def test_budget_cut_offs_for_free_move_run_and_sprint(budget, straight, diagonal):
    size = 2 * budget + 3
    c = size // 2
    costs = geo.reachable(make_grid(open_grid(size)), (c, c), budget)
    assert costs[(c, c)] == 0.0
    assert costs[(c + straight, c)] == pytest.approx(straight)
    assert (c + straight + 1, c) not in costs
    assert costs[(c - diagonal, c - diagonal)] == pytest.approx(diagonal * R2)
    assert (c - diagonal - 1, c - diagonal - 1) not in costs
    assert max(costs.values()) <= budget + 1e-9


def test_knight_move_costs_one_diagonal_and_one_straight_step():
    costs = geo.reachable(make_grid(open_grid(5)), (0, 0), 10)
    assert costs[(1, 2)] == pytest.approx(1 + R2)
    assert costs[(4, 4)] == pytest.approx(4 * R2)


def test_rough_ground_costs_double_and_is_avoided_when_cheaper():
    corridor = make_grid(["#####", "..+..", "#####"])
    assert (2, 1) in geo.reachable(corridor, (0, 1), 3)
    assert geo.reachable(corridor, (0, 1), 3)[(2, 1)] == pytest.approx(3.0)
    assert (3, 1) not in geo.reachable(corridor, (0, 1), 3.9)
    assert geo.reachable(corridor, (0, 1), 4)[(3, 1)] == pytest.approx(4.0)
    # a diagonal step onto rough costs 2 x sqrt(2)
    field = make_grid(["...", ".+.", "..."])
    assert geo.path_cost_m(field, [(0, 0), (1, 1)]) == pytest.approx(2 * R2)
    # rough ground at (0, 1): two diagonal steps round it (2.83 m) beat crossing it (3 m)
    detour = make_grid(["...", "+..", "..."])
    path = geo.path_to(detour, (0, 0), (0, 2))
    assert path == [(0, 0), (1, 1), (0, 2)]
    assert geo.path_cost_m(detour, path) == pytest.approx(2 * R2)
    assert geo.path_cost_m(detour, [(0, 0), (0, 1), (0, 2)]) == pytest.approx(3.0)
    assert geo.reachable(detour, (0, 0), 5)[(0, 1)] == pytest.approx(2.0)


WALL = [
    "...#....",
    "...#....",
    "...#....",
    "...#....",
    "........",
]


def test_path_goes_round_a_wall_through_the_gap():
    grid = make_grid(WALL)
    path = geo.path_to(grid, (1, 2), (5, 2))
    assert path is not None and path[0] == (1, 2) and path[-1] == (5, 2)
    assert (3, 4) in path
    assert geo.check_path(grid, path) is None
    # the two corners at (3, 3) cannot be cut: 4 straight steps and 2 diagonal ones
    assert geo.path_cost_m(grid, path) == pytest.approx(4 + 2 * R2)
    assert geo.reachable(grid, (1, 2), 20)[(5, 2)] == pytest.approx(4 + 2 * R2)
    assert geo.path_to(grid, (1, 2), (5, 2), budget_m=6.5) is None


def test_no_corner_cutting_past_walls_water_or_low_walls():
    for blocker in "#~H":
        grid = make_grid([f".{blocker}.", "..."])
        assert geo.path_cost_m(grid, [(0, 0), (1, 1)]) == math.inf
        assert "corner" in (geo.check_path(grid, [(0, 0), (1, 1)]) or "")
        assert geo.reachable(grid, (0, 0), 5)[(1, 1)] == pytest.approx(2.0)
    sealed = make_grid([".#", "#."])
    assert geo.reachable(sealed, (0, 0), 10) == {(0, 0): 0.0}
    assert geo.path_to(sealed, (0, 0), (1, 1)) is None


def test_without_diagonals_moves_are_manhattan():
    costs = geo.reachable(make_grid(open_grid(7)), (3, 3), 4, diagonal=False)
    assert costs[(5, 5)] == pytest.approx(4.0)
    assert (6, 5) not in costs


def test_enemies_block_and_friends_can_be_passed_but_not_stopped_on():
    grid = make_grid(["#####", ".....", "#####"])
    foe = {(2, 1)}
    assert set(geo.reachable(grid, (0, 1), 10, blocked=foe)) == {(0, 1), (1, 1)}
    assert geo.path_to(grid, (0, 1), (4, 1), blocked=foe) is None
    friend = {(2, 1)}
    costs = geo.reachable(grid, (0, 1), 10, blocked=friend, pass_through=friend)
    assert set(costs) == {(0, 1), (1, 1), (3, 1), (4, 1)}
    assert costs[(4, 1)] == pytest.approx(4.0)
    assert geo.path_to(grid, (0, 1), (4, 1), blocked=friend, pass_through=friend) == [
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
    ]
    assert geo.path_to(grid, (0, 1), (2, 1), blocked=friend, pass_through=friend) is None


def test_an_occupied_tile_costs_a_detour_in_the_open():
    grid = make_grid(open_grid(5))
    free = geo.reachable(grid, (0, 2), 10)[(4, 2)]
    around = geo.reachable(grid, (0, 2), 10, blocked={(2, 2)})[(4, 2)]
    assert free == pytest.approx(4.0)
    assert around == pytest.approx(2 + 2 * R2)


def test_move_along_cuts_the_path_at_the_budget():
    grid = make_grid(["." * 12])
    path = [(x, 0) for x in range(12)]
    assert geo.move_along(grid, path, 6) == ((6, 0), pytest.approx(6.0))
    assert geo.move_along(grid, path, 5.9) == ((5, 0), pytest.approx(5.0))
    assert geo.move_along(grid, path, 6, no_stop={(6, 0)}) == ((5, 0), pytest.approx(5.0))
    assert geo.move_along(grid, path, 100) == ((11, 0), pytest.approx(11.0))
    assert geo.move_along(grid, path[:1], 6) == ((0, 0), 0.0)


def test_path_cost_flags_jumps_and_unwalkable_steps():
    grid = make_grid(["..#"])
    assert geo.path_cost_m(grid, [(0, 0), (2, 0)]) == math.inf
    assert geo.path_cost_m(grid, [(1, 0), (2, 0)]) == math.inf
    assert geo.path_cost_m(grid, [(0, 0), (1, 0)]) == 1.0


# --- sight ------------------------------------------------------------------------------------


def test_line_tiles_straight_diagonal_and_shallow():
    assert geo.line_tiles((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert geo.line_tiles((0, 0), (2, 2)) == [(0, 0), (1, 1), (2, 2)]
    assert geo.line_tiles((0, 0), (4, 1)) == [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1)]
    assert geo.line_tiles((1, 1), (1, 1)) == [(1, 1)]


coords = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


@given(coords, coords)
def test_line_tiles_are_the_same_from_both_ends_and_contiguous(a, b):
    forward = geo.line_tiles(a, b)
    assert geo.line_tiles(b, a) == forward[::-1]
    assert forward[0] == a and forward[-1] == b
    assert all(geo.chebyshev(p, q) == 1 for p, q in zip(forward, forward[1:], strict=False))


def test_walls_block_sight_water_and_low_walls_do_not():
    assert not geo.line_of_sight(make_grid([".#."]), (0, 0), (2, 0))
    assert geo.line_of_sight(make_grid([".~."]), (0, 0), (2, 0))
    assert geo.line_of_sight(make_grid([".H."]), (0, 0), (2, 0))
    assert not geo.line_of_sight(make_grid([".B."]), (0, 0), (2, 0))
    # the end tiles never block: a figure in a dense bush can be seen and can see
    assert geo.line_of_sight(make_grid(["B.B"]), (0, 0), (2, 0))


def test_sight_squeezes_past_one_corner_but_not_between_two():
    assert not geo.line_of_sight(make_grid([".#", "#."]), (0, 0), (1, 1))
    assert geo.line_of_sight(make_grid([".#", ".."]), (0, 0), (1, 1))
    assert geo.line_of_sight(make_grid(["..", "#."]), (1, 1), (0, 0))


def test_shallow_line_is_blocked_by_a_wall_it_crosses_only():
    grid = make_grid([".....", "..#.."])
    assert not geo.line_of_sight(grid, (0, 0), (4, 1))  # crosses (2, 1)
    grid = make_grid(["..#..", "....."])
    assert not geo.line_of_sight(grid, (0, 0), (4, 1))  # crosses (2, 0)
    grid = make_grid([".#...", "....."])
    assert not geo.line_of_sight(grid, (0, 0), (4, 1))
    grid = make_grid([".....", ".#..."])
    assert geo.line_of_sight(grid, (0, 0), (4, 1))  # (1, 1) is not on the line


@settings(max_examples=300)
@given(grid_and_tiles())
def test_line_of_sight_is_symmetric(case):
    grid, (a, b) = case
    assert geo.line_of_sight(grid, a, b) == geo.line_of_sight(grid, b, a)


@settings(max_examples=150)
@given(grid_and_tiles(n=1), st.floats(0.5, 12))
def test_visible_from_is_line_of_sight_within_range(case, range_m):
    grid, (origin,) = case
    expected = {
        (x, y)
        for y in range(grid.height)
        for x in range(grid.width)
        if geo.distance_m(grid, origin, (x, y)) <= range_m + 1e-9
        and geo.line_of_sight(grid, origin, (x, y))
    }
    assert geo.visible_from(grid, origin, range_m) == expected


def test_visible_from_hides_what_is_behind_a_wall():
    grid = make_grid([".....", ".....", "..#..", ".....", "....."])
    seen = geo.visible_from(grid, (2, 0), 10)
    assert (2, 2) in seen  # the wall itself is seen
    assert (2, 3) not in seen and (2, 4) not in seen
    assert (0, 4) in seen
    assert (4, 0) not in geo.visible_from(grid, (2, 0), 1.5)
