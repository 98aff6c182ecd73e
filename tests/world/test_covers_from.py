"""`geo.covers_from` (the cover from each of several shooters to one tile, the memo fetched
once) answers as `cover_between` one pair at a time, on random grids."""

from __future__ import annotations

from gridfactory import random_grid
from hypothesis import given, settings
from hypothesis import strategies as st

from game.world import geometry as geo
from game.world.geometry.cover import _cover_between

tiles = st.tuples(st.integers(0, 13), st.integers(0, 9))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 50), st.lists(tiles, max_size=5), tiles)
def test_covers_from_equals_cover_between_each(seed, shooters, target):
    grid = random_grid(14, 10, seed, walls=0.15)
    got = geo.covers_from(grid, shooters, target)
    assert got == [_cover_between(grid, s, target) for s in shooters]  # worked out afresh
    assert got == [geo.cover_between(grid, s, target) for s in shooters]  # and as remembered
    assert geo.covers_from(grid, shooters, target) == got


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 50), st.lists(tiles, max_size=5), st.lists(tiles, max_size=8))
def test_covers_each_is_covers_from_for_each_target(seed, shooters, targets):
    """`geo.covers_each` (many targets, the memo fetched once) gives `covers_from` for each of
    its targets in order, worked out afresh or as remembered."""
    grid = random_grid(14, 10, seed, walls=0.15)
    geo.forget_answers(grid)
    got = geo.covers_each(grid, shooters, targets)
    assert got == [[_cover_between(grid, s, t) for s in shooters] for t in targets]
    assert got == [geo.covers_from(grid, shooters, t) for t in targets]
    assert geo.covers_each(grid, shooters, targets) == got
