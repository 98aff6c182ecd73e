"""Grid geometry: the searches agree with each other and with their definitions (paths cost
what reachable says, cover as defined, full cover hidden and nearest, landmark paths
cheapest, walking-distance fields)."""

from __future__ import annotations

import math
import random

import pytest
from geomcases import grid_and_tiles
from gridfactory import make_grid, python_search, random_rows
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.world import geometry as geo

R2 = math.sqrt(2)


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
