"""`reachable` (game/world/geometry/paths.py) is Dijkstra's search as its docstring states it,
float for float and tile for tile in the order it settles them, with figures in the way: its
fast form (each tile's steps out worked out once, blocked tiles marked in the distances) must
give what the plain search gives."""

from __future__ import annotations

import heapq
import math
import random

from gridfactory import make_grid, random_rows
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.world import geometry as geo

SQRT2 = math.sqrt(2.0)


def plain_reachable(grid, start, budget_m, blocked=frozenset(), pass_through=frozenset(), diagonal=True):
    """Dijkstra as the docstring says it: entering a tile costs its move cost x metres a tile
    (x sqrt(2) diagonally), no corner cut past an unwalkable tile, `blocked` tiles not entered
    unless in `pass_through`, those crossed but not stopped on; settled by cost, then row,
    then column."""
    w, h, mpt = grid.width, grid.height, grid.metres_per_tile

    def open_(x, y):
        return 0 <= x < w and 0 <= y < h and grid.walkable(x, y)

    limit = budget_m + 1e-9
    best = {start: 0.0}
    heap = [(0.0, start[1], start[0])]
    out = {}
    while heap:
        cost, y, x = heapq.heappop(heap)
        if cost > best[(x, y)] or (x, y) in out:
            continue
        out[(x, y)] = cost
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx, dy) == (0, 0) or not open_(nx, ny):
                    continue
                if (nx, ny) in blocked and (nx, ny) not in pass_through:
                    continue
                if dx and dy and not (diagonal and open_(x + dx, y) and open_(x, y + dy)):
                    continue
                step = grid.move_cost(nx, ny) * mpt
                c = cost + (step * SQRT2 if dx and dy else step)
                if c <= limit and c < best.get((nx, ny), math.inf):
                    best[(nx, ny)] = c
                    heapq.heappush(heap, (c, ny, nx))
    return {t: c for t, c in out.items() if t == start or (t not in blocked and t not in pass_through)}


@settings(max_examples=200)
@given(st.integers(0, 10**6), st.booleans())
def test_reachable_is_the_plain_search(seed, diagonal):
    """On random maps with rough ground, water and walls, figures standing about (some of
    them friends to pass through, some off the map), the start among them or not, and any
    budget: the same tiles, the same floats, in the same order; asked again (the steps out
    listed, then read from the list) the same again."""
    rng = random.Random(seed)
    grid = make_grid(random_rows(rng.randint(1, 30), rng.randint(1, 30), seed, walls=rng.choice((0.0, 0.1, 0.3))),
                     metres_per_tile=rng.choice((1.0, 2.0, 1.5)))
    tiles = [(x, y) for y in range(grid.height) for x in range(grid.width)]
    open_tiles = [t for t in tiles if grid.walkable(*t)]
    assume(open_tiles)
    start = rng.choice(open_tiles if rng.random() < 0.9 else tiles)
    figures = set(rng.sample(tiles, rng.randint(0, min(20, len(tiles))))) | {(-1, 0), (grid.width, 3)}
    if rng.random() < 0.3:
        figures.add(start)
    friends = {t for t in figures if rng.random() < 0.5}
    if rng.random() < 0.2:
        friends.add(rng.choice(tiles))  # a friend not among the blockers: crossed, not stopped on
    budget = rng.choice((0.0, 1.0, 2.5, 6.0, 12.0, 27.0, math.inf))
    want = plain_reachable(grid, start, budget, figures, friends, diagonal)
    for _ in range(4):  # a tile's steps looked at in place (twice), then listed, then read from the list
        got = geo.reachable(grid, start, budget, blocked=figures, pass_through=friends, diagonal=diagonal)
        assert got == want
        assert list(got) == list(want)


@settings(max_examples=200)
@given(st.integers(0, 10**6), st.booleans())
def test_reachable_remembered_is_the_plain_search_whoever_stands_about(seed, diagonal):
    """`reachable` asked again and again from a few starts with a few budgets, other figures
    about each time (enemies near and far, friends, the start's own tile among them, off the
    map): each answer is the plain search's, tile for tile and float for float, in order,
    whether the grid remembered a search from there or not; with the memo's room small (it
    starts afresh when full) the same."""
    from game.world.geometry import reach

    rng = random.Random(seed)
    grid = make_grid(random_rows(rng.randint(1, 25), rng.randint(1, 25), seed, walls=rng.choice((0.0, 0.1, 0.3))),
                     metres_per_tile=rng.choice((1.0, 2.0, 1.5)))
    geo.forget_answers(grid)
    tiles = [(x, y) for y in range(grid.height) for x in range(grid.width)]
    starts = rng.sample(tiles, min(len(tiles), 3))
    budgets = [rng.choice((0.0, 1.0, 2.5, 6.0, 12.0, 27.0, math.inf)) for _ in range(2)]
    room = reach.WALKS_TILES
    try:
        if rng.random() < 0.3:
            reach.WALKS_TILES = rng.choice((16, 160, 1600))
        for _ in range(12):
            start, budget = rng.choice(starts), rng.choice(budgets)
            figures = set(rng.sample(tiles, rng.randint(0, min(8, len(tiles))))) | {(-1, 0)}
            if rng.random() < 0.2:
                figures.add(start)
            friends = {t for t in figures if rng.random() < 0.6}
            if rng.random() < 0.2:
                friends.add(rng.choice(tiles))
            if rng.random() < 0.3:
                figures, friends = set(), set()
            want = plain_reachable(grid, start, budget, figures, friends, diagonal)
            got = geo.reachable(grid, start, budget, blocked=figures, pass_through=friends, diagonal=diagonal)
            assert list(got.items()) == list(want.items())
            got[start] = -5.0  # the caller's own dict: the remembered search is not changed
        assert geo._prepared(grid).walks.tiles <= max(reach.WALKS_TILES, 0)
    finally:
        reach.WALKS_TILES = room


def test_a_remembered_search_is_not_taken_with_an_enemy_on_its_tiles():
    """A search from a tile with no one about is remembered; asked again with an enemy on a
    tile it reached, the enemy's tile and what lies only past it are left out (the search is
    made again), and with a friend there, that tile is crossed but not stopped on;
    `forget_answers` forgets the searches."""
    grid = make_grid([".....", "####.", "....."], metres_per_tile=1.0)
    geo.forget_answers(grid)
    alone = geo.reachable(grid, (0, 0), 12.0)
    assert (0, 2) in alone and geo._prepared(grid).walks.found
    blocked = geo.reachable(grid, (0, 0), 12.0, blocked={(4, 1)})
    assert blocked == {t: c for t, c in alone.items() if t[1] == 0}
    crossed = geo.reachable(grid, (0, 0), 12.0, blocked={(4, 1)}, pass_through={(4, 1)})
    assert crossed == {t: c for t, c in alone.items() if t != (4, 1)}
    assert list(crossed) == [t for t in alone if t != (4, 1)]
    geo.forget_answers(grid)
    assert not geo._prepared(grid).walks.found and geo._prepared(grid).walks.tiles == 0


@settings(max_examples=200)
@given(st.integers(0, 10**6), st.booleans())
def test_within_a_larger_search_is_the_search_for_the_smaller_budget(seed, diagonal):
    """`geo.within(reachable(B), b)` is `reachable(b)` for any b <= B (a free move out of a
    sprint's search, both out of an unlimited one; budgets of nothing and below nothing, the
    start blocked or a friend's tile): the same tiles, the same floats, in the same order."""
    rng = random.Random(seed)
    grid = make_grid(random_rows(rng.randint(1, 30), rng.randint(1, 30), seed, walls=rng.choice((0.0, 0.1, 0.3))),
                     metres_per_tile=rng.choice((1.0, 2.0, 1.5)))
    tiles = [(x, y) for y in range(grid.height) for x in range(grid.width)]
    start = rng.choice(tiles)
    figures = set(rng.sample(tiles, rng.randint(0, min(20, len(tiles)))))
    if rng.random() < 0.3:
        figures.add(start)
    friends = {t for t in figures if rng.random() < 0.5}
    budgets = sorted(rng.choice((-1.0, 0.0, 1.0, 2.5, 3.0, 6.0, 12.0, 27.0, math.inf)) for _ in range(3))
    wide = geo.reachable(grid, start, budgets[-1], blocked=figures, pass_through=friends, diagonal=diagonal)
    for b in budgets:
        want = geo.reachable(grid, start, b, blocked=figures, pass_through=friends, diagonal=diagonal)
        got = geo.within(wide, b)
        assert got == want
        assert list(got.items()) == list(want.items())


@settings(max_examples=100)
@given(st.integers(0, 10**6), st.booleans())
def test_costs_to_get_many_is_get_tile_by_tile(seed, lazy):
    """`CostsTo.get_many` is `get` for each tile in turn (walls, off-map tiles and tiles no
    goal can be walked to giving the default), whether the field was worked out at once or
    is searched as far as asked (`lazy`: the Python search)."""
    from contextlib import nullcontext

    from gridfactory import python_search

    rng = random.Random(seed)
    grid = make_grid(random_rows(rng.randint(1, 30), rng.randint(1, 30), seed, walls=rng.choice((0.0, 0.1, 0.3))),
                     metres_per_tile=rng.choice((1.0, 2.0)))
    tiles = [(x, y) for y in range(-1, grid.height + 1) for x in range(-1, grid.width + 1)]
    open_tiles = [t for t in tiles if grid.in_bounds(*t) and grid.walkable(*t)]
    assume(open_tiles)
    goals = rng.sample(open_tiles, min(len(open_tiles), rng.randint(1, 3)))
    asked = rng.sample(tiles, min(len(tiles), rng.randint(1, 80)))
    with python_search() if lazy else nullcontext():
        one = geo.CostsTo(grid, goals)
        want = [one.get(t, -7.0) for t in asked]
        assert geo.CostsTo(grid, goals).get_many(asked, -7.0) == want


def _slow_check(grid, path):
    for a, b in zip(path, path[1:], strict=False):
        problem = geo.step_problem(grid, tuple(a), tuple(b))
        if problem:
            return problem
    return None


def _slow_cost(grid, path):
    total = 0.0
    for a, b in zip(path, path[1:], strict=False):
        if geo.step_problem(grid, tuple(a), tuple(b)) is not None:
            return math.inf
        step = grid.move_cost(b[0], b[1]) * grid.metres_per_tile
        total += step * SQRT2 if a[0] != b[0] and a[1] != b[1] else step
    return total


@settings(max_examples=300)
@given(st.integers(0, 10**6))
def test_path_checks_and_costs_are_the_step_by_step_ones(seed):
    """`check_path` and `path_cost_m` (legal walks costed from the prepared tables) give what
    looking at each step gives: legal walks on rough ground, jumps, walls, cut corners, tiles
    off the map, paths as lists, single tiles and empty paths, float for float."""
    rng = random.Random(seed)
    grid = make_grid(random_rows(rng.randint(1, 20), rng.randint(1, 20), seed, walls=rng.choice((0.0, 0.1, 0.3))),
                     metres_per_tile=rng.choice((1.0, 2.0, 1.5)))
    x, y = rng.randrange(-1, grid.width + 1), rng.randrange(-1, grid.height + 1)
    path = [(x, y)]
    for _ in range(rng.randint(0, 15)):
        if rng.random() < 0.05:
            x, y = x + rng.choice((-2, 2, 0)), y + rng.choice((-1, 0, 3))  # a jump (or none)
        else:
            x, y = x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1))
        path.append((x, y))
    if rng.random() < 0.3:
        path = [list(t) for t in path]
    try:
        want = (_slow_check(grid, path), _slow_cost(grid, path))
    except IndexError:  # a corner looked at off the map: the step-by-step look refuses it too
        import pytest

        with pytest.raises(IndexError):
            geo.check_path(grid, path)
        return
    assert (geo.check_path(grid, path), geo.path_cost_m(grid, path)) == want


def test_a_walk_costs_its_steps_and_refusals_keep_their_words():
    grid = make_grid(["....", ".#..", "...."], metres_per_tile=2.0)
    walk = [(0, 0), (1, 0), (2, 0), (3, 1), (3, 2)]
    assert geo.check_path(grid, walk) is None
    assert geo.path_cost_m(grid, walk) == 2.0 + 2.0 + 2.0 * SQRT2 + 2.0 == _slow_cost(grid, walk)
    assert geo.check_path(grid, [(0, 0), (1, 1)]) == "(1, 1) cannot be walked"
    assert geo.check_path(grid, [(1, 0), (2, 1)]) == "the step from (1, 0) to (2, 1) cuts a corner"
    assert geo.check_path(grid, [(0, 0), (2, 0)]) == "path jumps from (0, 0) to (2, 0)"
    assert geo.path_cost_m(grid, [(0, 0), (0, 0)]) == math.inf
