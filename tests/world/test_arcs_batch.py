"""`targets_in_arcs` (several aims from one origin, each point's bearing worked out once;
`targets_in_arc` is one aim of it) is, aim by aim, the plain reading: the points in range,
`in_arc`, nearest first then nearest the line of aim (`_off_bearing`), then given order (issue
20: the AI's area fire weighs three aims over the same crowd)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.world import geometry as geo
from game.world.geometry.arcs import _off_bearing, in_arc
from game.world.geometry.basics import _EPS

tiles = st.tuples(st.integers(-12, 12), st.integers(-12, 12))


def _plain(origin, aim, points, arc, reach):
    """The arc's points one by one with `in_arc` (which refuses an aim on the origin)."""
    ox, oy = origin
    near = [p for p in points if (p[0] - ox) ** 2 + (p[1] - oy) ** 2 <= reach * reach + _EPS]
    found = [((p[0] - ox) ** 2 + (p[1] - oy) ** 2, _off_bearing(origin, aim, p), p)
             for p in near if in_arc(origin, aim, p, arc)]
    found.sort(key=lambda f: (f[0], f[1]))
    return [p for _, _, p in found]


@settings(max_examples=300)
@given(tiles, st.lists(tiles, min_size=1, max_size=4), st.lists(tiles, max_size=40),
       st.sampled_from((0.0, 30.0, 45.0, 60.0, 90.0, 180.0, 360.0)), st.integers(0, 20))
def test_arcs_at_once_are_each_arc(origin, aims, points, arc, reach):
    """Any origin, aims, crowd (repeats, the origin itself, points on the arc's edge), arc and
    range: aim by aim the same list, or the same refusal of an aim on the origin."""
    try:
        want = [_plain(origin, a, points, arc, reach) for a in aims]
    except ValueError:
        with pytest.raises(ValueError):
            geo.targets_in_arcs(origin, aims, points, arc, reach)
        return
    assert geo.targets_in_arcs(origin, aims, iter(points), arc, reach) == want
    assert [geo.targets_in_arc(origin, a, points, arc, reach) for a in aims] == want


def test_an_arc_edge_and_ties_by_distance():
    """Points exactly on a 90 degree arc's edge are inside; ties by distance go to the one
    nearer the line of aim, as `targets_in_arc` orders them."""
    points = [(3, 3), (3, -3), (4, 0), (0, 4), (3, 1), (-3, 0)]
    got = geo.targets_in_arcs((0, 0), [(1, 0), (0, 1)], points, 90.0, 10)
    assert got == [geo.targets_in_arc((0, 0), (1, 0), points, 90.0, 10),
                   geo.targets_in_arc((0, 0), (0, 1), points, 90.0, 10)]
    assert got[0] == [(3, 1), (4, 0), (3, 3), (3, -3)]
