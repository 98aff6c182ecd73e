"""Grid geometry: movement costs and budgets, symmetric sight, cover near the target, arcs,
confined spaces. Grids are drawn as ASCII (see gridfactory for the legend)."""

from __future__ import annotations

import math
import random

import pytest
from gridfactory import make_grid, python_search, random_rows
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.world import geometry as geo

R2 = math.sqrt(2)


def open_grid(size: int) -> list[str]:
    return ["." * size] * size


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


@st.composite
def small_grids(draw):
    w = draw(st.integers(2, 9))
    h = draw(st.integers(2, 9))
    cells = draw(st.lists(st.sampled_from("...##H~hsS+B"), min_size=w * h, max_size=w * h))
    rows = ["".join(cells[y * w : (y + 1) * w]) for y in range(h)]
    return make_grid(rows)


@st.composite
def grid_and_tiles(draw, n=2):
    grid = draw(small_grids())
    tiles = [
        (draw(st.integers(0, grid.width - 1)), draw(st.integers(0, grid.height - 1)))
        for _ in range(n)
    ]
    return grid, tiles


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


# --- searches agree with each other -----------------------------------------------------------


@settings(max_examples=150)
@given(grid_and_tiles(n=1), st.floats(0, 10))
def test_paths_cost_what_reachable_says(case, budget):
    grid, (start,) = case
    costs = geo.reachable(grid, start, budget)
    assert costs[start] == 0.0
    for tile, cost in costs.items():
        assert cost <= budget + 1e-9
        path = geo.path_to(grid, start, tile, budget_m=budget)
        assert path is not None
        assert geo.check_path(grid, path) is None
        assert geo.path_cost_m(grid, path) == pytest.approx(cost)
    for y in range(grid.height):
        for x in range(grid.width):
            if (x, y) not in costs:
                assert geo.path_to(grid, start, (x, y), budget_m=budget) is None


def reference_cover(grid, shooter, target):
    """cover_between written out the slow way, from its docstring."""
    if shooter == target:
        return None
    codes = {None: 0, "soft50": 1, "soft90": 2, "hard50": 3, "hard90": 4}
    best = codes[grid.cover(*target)]
    if geo.chebyshev(shooter, target) > 1:
        line = geo.line_tiles(shooter, target)

        def near(t):
            return geo.chebyshev(t, target) <= 1 and geo.chebyshev(t, shooter) > 1

        for t in line[1:-1]:
            if near(t) and not grid.blocks_sight(*t):
                best = max(best, codes[grid.cover(*t)])
        for p, q in zip(line, line[1:], strict=False):
            if p[0] != q[0] and p[1] != q[1]:
                for g in ((q[0], p[1]), (p[0], q[1])):
                    if near(g):
                        best = max(best, 3 if grid.blocks_sight(*g) else codes[grid.cover(*g)])
    return {v: k for k, v in codes.items()}[best]


@settings(max_examples=300)
@given(grid_and_tiles())
def test_cover_between_matches_its_definition(case):
    grid, (shooter, target) = case
    assert geo.cover_between(grid, shooter, target) == reference_cover(grid, shooter, target)


@settings(max_examples=100)
@given(
    grid_and_tiles(n=1),
    st.floats(0, 8),
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=3),
)
def test_full_cover_is_hidden_and_nearest(case, radius, threats):
    grid, (pos,) = case
    threats = [t for t in threats if grid.in_bounds(*t)]
    costs = geo.reachable(grid, pos, radius)

    def hidden(tile):
        return all(
            t != tile
            and (
                not geo.line_of_sight(grid, t, tile) or geo.cover_between(grid, t, tile) == "hard90"
            )
            for t in threats
        )

    found = geo.full_cover_within(grid, pos, radius, threats)
    candidates = [t for t in costs if hidden(t)]
    if not candidates:
        assert found is None
    else:
        assert found in candidates
        assert costs[found] == pytest.approx(min(costs[t] for t in candidates))


@pytest.mark.parametrize("diagonal", [True, False])
def test_long_paths_with_landmarks_are_cheapest(diagonal):
    """On a map big enough for landmarks (and searches long enough to use them), path_to
    still finds the cheapest path: its cost is what Dijkstra (`reachable`) gives, with
    figures blocking tiles and friends passed through, and with diagonals off."""
    size = 70
    assert size * size >= geo.LANDMARK_MIN_TILES
    rows = random_rows(size, size, seed=11, walls=0.2)
    rows = ["".join("+" if ch == "." and (x * 7 + y * 3) % 11 == 0 else ch for x, ch in enumerate(r))
            for y, r in enumerate(rows)]  # rough ground makes entering costs differ
    grid = make_grid(rows)
    rng = random.Random(5)
    open_tiles = [(x, y) for y in range(size) for x in range(size) if grid.walkable(x, y)]
    checked = 0
    for _ in range(12):
        start = rng.choice(open_tiles)
        blocked = set(rng.sample(open_tiles, 60)) - {start}
        friends = set(rng.sample(sorted(blocked), 20))
        costs = geo.reachable(grid, start, math.inf, blocked=blocked, pass_through=friends, diagonal=diagonal)
        far = [t for t in costs if geo.chebyshev(start, t) >= geo.LANDMARK_MIN_SPAN]
        for goal in rng.sample(far, min(5, len(far))):
            path = geo.path_to(grid, start, goal, blocked=blocked, pass_through=friends, diagonal=diagonal)
            assert path is not None and path[0] == start and path[-1] == goal
            assert geo.check_path(grid, path) is None
            assert not (set(path[1:]) & (blocked - friends))
            assert geo.path_cost_m(grid, path) == pytest.approx(costs[goal])
            checked += 1
    assert checked >= 40
    assert geo._prepared(grid).landmarks  # the landmark tables were built and used


def test_costs_to_counts_entering_the_goal_not_leaving_the_start():
    """Walking from a tile onto rough ground (move cost 2) costs 2 m; walking off it, 1 m."""
    grid = make_grid([".+."])
    assert geo.costs_to(grid, [(1, 0)]) == {(1, 0): 0.0, (0, 0): 2.0, (2, 0): 2.0}
    assert geo.costs_to(grid, [(0, 0)])[(2, 0)] == 3.0  # enter the rough tile, then the goal
    assert geo.costs_to(grid, [(0, 0)])[(1, 0)] == 1.0


@settings(max_examples=200)
@given(grid_and_tiles(n=3))
def test_costs_to_is_reachable_backwards(case):
    """costs_to(goals)[t] is the cheapest walk from t to the nearest goal: the minimum over
    the goals of what reachable(t) gives for each (entering costs make it directional)."""
    grid, (a, b, t) = case
    assume(all(grid.walkable(*p) for p in (a, b, t)))
    field = geo.costs_to(grid, [a, b])
    from_t = geo.reachable(grid, t, math.inf)
    expected = min((from_t[g] for g in (a, b) if g in from_t), default=None)
    if expected is None:
        assert t not in field
    else:
        assert field[t] == pytest.approx(expected)
    assert field[a] == 0.0 and field[b] == 0.0


@settings(max_examples=100)
@given(grid_and_tiles(n=2), st.randoms(use_true_random=False))
def test_costs_to_asked_tile_by_tile_in_any_order_is_the_whole_field(case, rnd):
    """CostsTo settles only as far as a query needs, and goes on from there: asking for the
    tiles one by one, in any order, gives the whole field's values; a tile no goal can be
    walked to (a wall, or cut off) gives the default."""
    grid, goals = case
    whole = geo.costs_to(grid, goals)
    with python_search():
        lazy = geo.CostsTo(grid, goals)  # the Python search, tile by tile
    tiles = [(x, y) for y in range(grid.height) for x in range(grid.width)]
    rnd.shuffle(tiles)
    for t in tiles:
        assert lazy.get(t, -1.0) == whole.get(t, -1.0)
        assert (t in lazy) == (t in whole)
    assert lazy.get((-1, 0)) is None and lazy.get((grid.width, 0), 7.0) == 7.0

