"""Many lines of sight at once (game/world/geometry/sight_batch.py): the NumPy walk must give
`line_of_sight`'s answer for every pair, corners, walls, hedges and the map's edges included,
and the answers it remembers are the ones `line_of_sight` would have worked out."""

from __future__ import annotations

import random

from gridfactory import make_grid, random_rows
from hypothesis import given, settings
from hypothesis import strategies as st

from game.world import geometry as geo
from game.world.geometry.prepared import _prepared
from game.world.geometry.sight import _line_clear
from game.world.geometry.sight_batch import BATCH_MIN, lines_clear, remember_sight


def _pairs(rng: random.Random, w: int, h: int, n: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [((rng.randrange(w), rng.randrange(h)), (rng.randrange(w), rng.randrange(h))) for _ in range(n)]


@settings(max_examples=120)
@given(st.integers(0, 10**6), st.sampled_from((0.05, 0.2, 0.45)))
def test_lines_clear_is_line_of_sight_for_every_pair(seed, walls):
    rng = random.Random(seed)
    grid = make_grid(random_rows(rng.randint(1, 30), rng.randint(1, 30), seed, walls=walls))
    pairs = _pairs(rng, grid.width, grid.height, 150)
    pairs += [(a, a) for a, _ in pairs[:5]]  # a tile sees itself
    expected = [a == b or _line_clear(grid, a, b) for a, b in pairs]
    assert lines_clear(grid, pairs) == expected
    assert expected == [geo.line_of_sight(grid, a, b) for a, b in pairs]


def test_remember_sight_fills_the_memo_with_line_of_sights_answers():
    grid = make_grid(random_rows(60, 50, 4, walls=0.25))
    rng = random.Random(9)
    pairs = _pairs(rng, 60, 50, 3 * BATCH_MIN)
    remember_sight(grid, pairs)
    memo = _prepared(grid).sight_memo
    assert all(q in memo for q in pairs)
    assert [memo[q] for q in pairs] == [a == b or _line_clear(grid, a, b) for a, b in pairs]
    assert any(memo[q] for q in pairs) and not all(memo[q] for q in pairs)


def test_remember_sight_leaves_a_few_lines_to_line_of_sight():
    grid = make_grid(random_rows(20, 20, 2, walls=0.2))
    remember_sight(grid, _pairs(random.Random(1), 20, 20, BATCH_MIN // 4))
    assert not _prepared(grid).sight_memo


def test_lines_of_sight_are_each_line_of_sight_in_both_topologies():
    """`Topology.lines_of_sight` (the square grid's worked out together and remembered; fog of
    war's from its fields of view) answers each pair as `line_of_sight` does, pairs asked
    twice and a tile asked of itself included."""
    from game.world.fog import FogGrid
    from game.world.topology import SquareGrid

    grid = make_grid(random_rows(40, 30, 6, walls=0.25))
    pairs = _pairs(random.Random(3), 40, 30, 3 * BATCH_MIN)
    pairs += pairs[:10] + [(a, a) for a, _ in pairs[:3]]
    for topology in (SquareGrid(grid), FogGrid(grid)):
        want = [topology.line_of_sight(a, b) for a, b in pairs]
        assert topology.lines_of_sight(pairs) == want
        assert topology.lines_of_sight(pairs[:5]) == want[:5]  # a few: one by one
        assert any(want) and not all(want)
