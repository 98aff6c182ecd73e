"""`targets_in_arcs` (several aims from one origin, each point's bearing worked out once) is
`targets_in_arc` aim by aim: the same points, in the same order (issue 20: the AI's area fire
weighs three aims over the same crowd)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.world import geometry as geo

tiles = st.tuples(st.integers(-12, 12), st.integers(-12, 12))


@settings(max_examples=300)
@given(tiles, st.lists(tiles, min_size=1, max_size=4), st.lists(tiles, max_size=40),
       st.sampled_from((0.0, 30.0, 45.0, 60.0, 90.0, 180.0, 360.0)), st.integers(0, 20))
def test_arcs_at_once_are_each_arc(origin, aims, points, arc, reach):
    """Any origin, aims, crowd (repeats, the origin itself, points on the arc's edge), arc and
    range: aim by aim the same list, or the same refusal of an aim on the origin."""
    try:
        want = [geo.targets_in_arc(origin, a, points, arc, reach) for a in aims]
    except ValueError:
        with pytest.raises(ValueError):
            geo.targets_in_arcs(origin, aims, points, arc, reach)
        return
    assert geo.targets_in_arcs(origin, aims, iter(points), arc, reach) == want


def test_an_arc_edge_and_ties_by_distance():
    """Points exactly on a 90 degree arc's edge are inside; ties by distance go to the one
    nearer the line of aim, as `targets_in_arc` orders them."""
    points = [(3, 3), (3, -3), (4, 0), (0, 4), (3, 1), (-3, 0)]
    got = geo.targets_in_arcs((0, 0), [(1, 0), (0, 1)], points, 90.0, 10)
    assert got == [geo.targets_in_arc((0, 0), (1, 0), points, 90.0, 10),
                   geo.targets_in_arc((0, 0), (0, 1), points, 90.0, 10)]
    assert got[0] == [(3, 1), (4, 0), (3, 3), (3, -3)]
