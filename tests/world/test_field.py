"""The walking-distance field worked out at once (game/world/geometry/field.py): tcod orders
the tiles, NumPy adds the floats band by band; it must give the Python search's very floats
(a tie between two tiles must break the same way), or leave the work to it."""

from __future__ import annotations

import math
import random

from gridfactory import make_grid, python_search, random_rows
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.world import geometry as geo
from game.world.geometry.field import field


@settings(max_examples=150)
@given(st.integers(0, 10**6), st.integers(1, 6), st.booleans())
def test_costs_to_at_once_gives_the_python_searchs_very_floats(seed, goals, diagonal):
    """The whole field worked out at once (tcod and NumPy, geometry/field.py) is the Python
    search's, float for float (not approximately: a tie between two tiles must break the same
    way), on random maps with rough ground, water and walls, diagonals or not."""
    rng = random.Random(seed)
    grid = make_grid(random_rows(rng.randint(1, 40), rng.randint(1, 40), seed, walls=rng.choice((0.0, 0.1, 0.3))),
                     metres_per_tile=rng.choice((1.0, 2.0, 1.5)))
    tiles = [(x, y) for y in range(grid.height) for x in range(grid.width) if grid.walkable(x, y)]
    assume(tiles)
    chosen = rng.sample(tiles, min(goals, len(tiles)))
    with python_search():
        expected = geo.CostsTo(grid, chosen, diagonal=diagonal).whole()
    assert geo.CostsTo(grid, chosen, diagonal=diagonal).whole() == expected


def test_costs_to_at_once_on_a_large_map_is_the_python_searchs():
    """The same on a 150 x 150 map with 10% walls, from eight goals: many bands, far tiles."""
    from gridfactory import random_grid

    grid = random_grid(150, 150, seed=11, walls=0.1)
    rng = random.Random(5)
    tiles = [(x, y) for y in range(150) for x in range(150) if grid.walkable(x, y)]
    chosen = rng.sample(tiles, 8)
    with python_search():
        expected = geo.CostsTo(grid, chosen).whole()
    assert geo.CostsTo(grid, chosen).whole() == expected
    assert len(expected) > 15000
    prep = geo._prepared(grid)
    goals = sorted((y + 1) * prep.pw + x + 1 for x, y in chosen)
    assert field(prep, goals, True) is not None  # worked out at once, not by the Python search


@settings(max_examples=100)
@given(st.integers(0, 10**6), st.booleans())
def test_distances_from_a_tile_at_once_are_reachables_very_floats(seed, diagonal):
    """The field walked out from a tile (the landmarks' tables) is `reachable` with no limit,
    float for float."""
    rng = random.Random(seed)
    grid = make_grid(random_rows(rng.randint(1, 40), rng.randint(1, 40), seed, walls=rng.choice((0.0, 0.1, 0.3))),
                     metres_per_tile=rng.choice((1.0, 2.0, 1.5)))
    tiles = [(x, y) for y in range(grid.height) for x in range(grid.width) if grid.walkable(x, y)]
    assume(tiles)
    start = rng.choice(tiles)
    prep = geo._prepared(grid)
    got = field(prep, [(start[1] + 1) * prep.pw + start[0] + 1], diagonal, forward=True)
    if got is None:  # left to the Python search only when no step can be made on the map
        assert prep.fields[(diagonal, True)].r_min == 0
        return
    as_dict = {(i % prep.pw - 1, i // prep.pw - 1): d for i, d in enumerate(got[0]) if d < math.inf}
    assert as_dict == geo.reachable(grid, start, math.inf, diagonal=diagonal)


def uniform_rows(rng: random.Random, width: int, height: int, walls: float, ground: str = ".") -> list[str]:
    """A random picture on ground of one cost: walls ('#', '~', 'H') among `ground` tiles and
    cover that costs the same to walk ('h', 's' on open ground)."""
    other = "hs" if ground == "." else ground
    return ["".join(rng.choice("#~H") if rng.random() < walls else rng.choice(ground * 8 + other)
                    for _ in range(width)) for _ in range(height)]


@settings(max_examples=150)
@given(st.integers(0, 10**6), st.integers(1, 6), st.booleans())
def test_costs_to_at_once_on_ground_of_one_cost_gives_the_python_searchs_very_floats(seed, goals, diagonal):
    """On ground of one cost (open or all rough) the field at once takes the shared graph and
    adds each step once to the least neighbour (geometry/field.py): still the Python search's
    floats, float for float."""
    rng = random.Random(seed)
    ground = rng.choice((".", ".", "+"))
    grid = make_grid(uniform_rows(rng, rng.randint(1, 40), rng.randint(1, 40), rng.choice((0.0, 0.1, 0.3)), ground),
                     metres_per_tile=rng.choice((1.0, 2.0, 1.5, 0.7)))
    tiles = [(x, y) for y in range(grid.height) for x in range(grid.width) if grid.walkable(x, y)]
    assume(tiles)
    chosen = rng.sample(tiles, min(goals, len(tiles)))
    with python_search():
        expected = geo.CostsTo(grid, chosen, diagonal=diagonal).whole()
    assert geo.CostsTo(grid, chosen, diagonal=diagonal).whole() == expected
    assert geo._prepared(grid).fields[(diagonal, False)].shared


def test_ground_of_many_costs_keeps_each_directions_steps_and_one_cost_shares_them():
    """Walking back to the goals, the tile stepped onto pays: on ground of many costs each
    direction keeps its own steps; on ground of one cost, and walking out from the goals, the
    steps are shared. Both give the Python search's floats on a 120 x 120 map."""
    from gridfactory import random_grid

    rough = random_grid(120, 120, seed=4, walls=0.1)
    plain = make_grid(uniform_rows(random.Random(4), 120, 120, 0.1))
    for grid, shared in ((rough, False), (plain, True)):
        rng = random.Random(6)
        tiles = [(x, y) for y in range(120) for x in range(120) if grid.walkable(x, y)]
        chosen = rng.sample(tiles, 8)
        with python_search():
            expected = geo.CostsTo(grid, chosen).whole()
        assert geo.CostsTo(grid, chosen).whole() == expected
        assert len(expected) > 10000
        prep = geo._prepared(grid)
        assert prep.fields[(True, False)].shared is shared
        assert field(prep, sorted((y + 1) * prep.pw + x + 1 for x, y in chosen), True) is not None
        start = chosen[0]
        got = field(prep, [(start[1] + 1) * prep.pw + start[0] + 1], True, forward=True)
        assert got is not None and prep.fields[(True, True)].shared
        as_dict = {(i % prep.pw - 1, i // prep.pw - 1): d for i, d in enumerate(got[0]) if d < math.inf}
        assert as_dict == geo.reachable(grid, start, math.inf)


def test_a_remembered_field_is_the_field_worked_out_afresh_and_the_memo_stays_bounded(monkeypatch):
    """`remembered` (CostsTo's way in) gives what `field` works out afresh, the first time and
    from the memo after, as copies a caller may change; the memo keeps as many fields as
    FIELD_MEMO_TILES padded tiles hold, forgetting the least recently asked first, and
    `forget_answers` empties it."""
    from game.world.geometry import field as fld

    rng = random.Random(3)
    grid = make_grid(random_rows(30, 20, 3, walls=0.1))
    prep = geo._prepared(grid)
    tiles = [(y + 1) * prep.pw + x + 1 for y in range(20) for x in range(30) if grid.walkable(x, y)]
    sets = [sorted(rng.sample(tiles, rng.randint(1, 6))) for _ in range(5)]
    monkeypatch.setattr(fld, "FIELD_MEMO_TILES", 3 * len(prep.walk))
    memo = fld._tables(prep, True, False).memo
    for goals in sets[:3]:
        assert fld.remembered(prep, goals, True) == field(prep, goals, True)
    first = fld.remembered(prep, sets[0], True)  # from the memo: now the most recently asked
    assert first == field(prep, sets[0], True) and first is not None
    first[0][sets[0][0]] = 5.0  # a caller's copy
    first[1][0] = 1
    assert fld.remembered(prep, sets[0], True) == field(prep, sets[0], True)
    for goals in sets[3:]:
        assert fld.remembered(prep, goals, True) == field(prep, goals, True)
    assert list(memo) == [tuple(sets[0]), tuple(sets[3]), tuple(sets[4])]
    with python_search():
        expected = geo.CostsTo(grid, [(i % prep.pw - 1, i // prep.pw - 1) for i in sets[4]]).whole()
    assert geo.CostsTo(grid, [(i % prep.pw - 1, i // prep.pw - 1) for i in sets[4]]).whole() == expected
    geo.forget_answers(grid)
    assert not memo
